import { ORPCError } from '@orpc/server'
import { containsNul, nulError } from '../edge.ts'
import { MailUnavailableError } from '../mailer.ts'

interface InterceptorOptions {
  input: unknown
  path: readonly string[]
  next(): Promise<unknown>
}

/**
 * Refuses input with a NUL character in any string or key before the procedure's middlewares
 * run, so before any query: PostgreSQL can not store NUL in text, and no field needs it. Installed
 * on the HTTP handler and on the in-process client, so it covers every procedure of the router.
 */
export function refuseNulInput({ input, next }: InterceptorOptions): Promise<unknown> {
  if (containsNul(input)) throw nulError()
  return next()
}

/**
 * An e-mail the mail server did not take (an invitation, say) is SERVICE_UNAVAILABLE (503) with
 * the mailer's message, not an internal error: the person can try again later. The mailer has
 * logged the transport's reason.
 */
export async function mapMailFailures({ next }: InterceptorOptions): Promise<unknown> {
  try {
    return await next()
  } catch (error) {
    if (!(error instanceof MailUnavailableError)) throw error
    throw new ORPCError('SERVICE_UNAVAILABLE', { message: error.message, cause: error })
  }
}

export const UNEXPECTED_ERROR_MESSAGE = 'Internal server error'

/**
 * Maps what is not an ORPCError (a database error with its SQL, a bug) to a bare
 * INTERNAL_SERVER_ERROR, as oRPC's HTTP handler does, and reports the original through `report`.
 * The in-process client uses it so that server-rendered pages never carry internals.
 */
export function mapUnexpectedErrors(report: (error: unknown, path: readonly string[]) => void) {
  return async ({ path, next }: InterceptorOptions): Promise<unknown> => {
    try {
      return await next()
    } catch (error) {
      if (error instanceof ORPCError) throw error
      report(error, path)
      throw new ORPCError('INTERNAL_SERVER_ERROR', { message: UNEXPECTED_ERROR_MESSAGE })
    }
  }
}
