import { ReactQueryDevtools } from '@tanstack/react-query-devtools'
import { TanStackRouterDevtools } from '@tanstack/react-router-devtools'

// Both buttons sit bottom-left: the query button in the corner, the router's stacked above it,
// and the footer gets room below its links so that neither button covers them.
const DEVTOOLS_ROOM = `
.app-footer { padding-bottom: 7.5rem; }
`

/** Router and query devtools, opened from two buttons at the bottom left (development only). */
export default function Devtools() {
  return (
    <>
      <style>{DEVTOOLS_ROOM}</style>
      <TanStackRouterDevtools
        position="bottom-left"
        toggleButtonProps={{ style: { bottom: '4.25rem', left: '0.75rem' } }}
      />
      <ReactQueryDevtools buttonPosition="bottom-left" />
    </>
  )
}
