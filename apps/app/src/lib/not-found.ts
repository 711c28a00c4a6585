import { ORPCError } from '@orpc/client'
import { notFound } from '@tanstack/react-router'

/**
 * Whether the server's answer means the address names nothing: NOT_FOUND, or BAD_REQUEST for a
 * value read from the address that nothing can have (a malformed page path, a slug too long).
 */
export function namesNothing(error: unknown): boolean {
  return error instanceof ORPCError && (error.code === 'NOT_FOUND' || error.code === 'BAD_REQUEST')
}

/** What `orNotFound` hands the not-found view when the server refused a value of the address. */
export interface RefusedAddress {
  /** The server's message, e.g. that the path has a malformed % escape. */
  refused: string
}

/** The server's message for an address no record can have, from a not-found view's `data`. */
export function refusedAddress(data: unknown): string | undefined {
  const refused = (data as Partial<RefusedAddress> | undefined)?.refused
  return typeof refused === 'string' ? refused : undefined
}

/**
 * A loader's reads, where an answer that the address names nothing becomes the router's
 * `notFound()`: the nearest route with a `notFoundComponent` shows its not-found view, and the
 * server answers 404 (never a 500). A value no record can have carries the server's message
 * (`refusedAddress(data)`), for the view to say what is wrong with the address. Any other
 * failure goes on to the error view.
 *
 * @example
 * loader: ({ context, params }) =>
 *   orNotFound(context.queryClient.ensureQueryData(siteQuery(params.organizationSlug, params.siteHostname)))
 */
export async function orNotFound<T>(reads: Promise<T>): Promise<T> {
  try {
    return await reads
  } catch (error) {
    if (!namesNothing(error)) throw error
    const refused = (error as ORPCError<string, unknown>).code === 'BAD_REQUEST'
    throw notFound(refused ? { data: { refused: (error as Error).message } } : undefined)
  }
}

/**
 * A route's `head` for something the address names (`what`: "Site", "Page"): titled `title` once
 * found, "<what> not found" where the route shows its not-found view.
 */
export function titledHead(match: { status: string }, what: string, title: string = what) {
  const text = match.status === 'notFound' ? `${what} not found` : title
  return { meta: [{ title: `${text} — Headmark` }] }
}
