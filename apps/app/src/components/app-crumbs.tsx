import { Crumbs } from '@headmark/ui'
import { useMatches } from '@tanstack/react-router'
import { renderRouterLink } from '../lib/render-link.tsx'

declare module '@tanstack/react-router' {
  interface StaticDataRouteOption {
    /** The route's label in the crumb trail, when it does not depend on data. */
    crumb?: string
  }
}

/** The crumb trail of the current app route: static labels, or labels a loader returned. */
export function AppCrumbs() {
  const matches = useMatches()
  const items = matches.flatMap((match) => {
    const fromLoader = (match.loaderData as { crumb?: unknown } | undefined)?.crumb
    const label = typeof fromLoader === 'string' ? fromLoader : match.staticData?.crumb
    return label ? [{ label, to: match.pathname }] : []
  })
  if (items.length === 0) return null
  return <Crumbs items={items} renderLink={renderRouterLink} />
}
