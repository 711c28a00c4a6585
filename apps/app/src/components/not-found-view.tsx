import { EmptyState } from '@headmark/ui'
import { type ReactNode, useReducer } from 'react'
import { CouldNotBeShown } from './in-place-error.tsx'

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
 * Try again shows it again, as the error view's does: the same address gets the same answer.
 */
export function RefusedAddressView({ message }: { message: string }) {
  const [, showAgain] = useReducer((count: number) => count + 1, 0)
  return <CouldNotBeShown message={message} onRetry={showAgain} />
}
