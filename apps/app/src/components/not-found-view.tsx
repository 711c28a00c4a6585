import { EmptyState } from '@headmark/ui'
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
