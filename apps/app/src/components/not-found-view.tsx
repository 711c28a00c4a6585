import { Alert, Button, EmptyState } from '@headmark/ui'
import { useRouter } from '@tanstack/react-router'
import type { ReactNode } from 'react'

/**
 * A route's not-found view (its `notFoundComponent`): "<what> not found", why, and the way back.
 * The server answers 404 with it (see `orNotFound` in `~/lib/not-found.ts`).
 */
export function NotFoundView({
  what,
  description,
  action,
}: {
  /** What the address named: "Site", "Webhook". */
  what: string
  description: string
  /** Usually a link to the list the thing would be in. */
  action: ReactNode
}) {
  return <EmptyState title={`${what} not found`} description={description} action={action} />
}

/**
 * The not-found view of an address whose value the server refused (a page path with a malformed
 * % escape): what is wrong with it, in place of the content, as a route's error view says it.
 */
export function RefusedAddressView({ message }: { message: string }) {
  const router = useRouter()
  return (
    <Alert
      tone="danger"
      live="assertive"
      headingLevel={1}
      title="This could not be shown"
      action={<Button onClick={() => void router.invalidate()}>Try again</Button>}
    >
      {message}
    </Alert>
  )
}
