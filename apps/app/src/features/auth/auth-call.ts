import { ORPCError } from '@orpc/client'

/** What the sign-in forms say when better-auth could not be reached at all. */
export const UNREACHABLE_MESSAGE =
  'The server could not be reached. Check your connection and try again.'

/** better-auth's refusal (`{ code, message, status }`) as an error the form hook places. */
export class AuthError extends Error {
  readonly code: string | undefined
  readonly status: number

  constructor({ code, message, status }: { code?: string; message?: string; status: number }) {
    super(message ?? '')
    this.name = 'AuthError'
    this.code = code
    this.status = status
  }
}

/**
 * Calls a better-auth client method, which answers `{ data, error }` rather than throwing:
 * a refusal becomes an {@link AuthError} (its code may name a field), and a call that never
 * reached the server one that says so.
 *
 * @example
 * await authCall(authClient.signIn.magicLink({ email, callbackURL }))
 */
export async function authCall<R extends { error?: unknown }>(call: Promise<R>): Promise<R> {
  let result: R
  try {
    result = await call
  } catch (cause) {
    console.error(cause)
    throw new AuthError({ message: UNREACHABLE_MESSAGE, status: 0 })
  }
  const error = result.error as { code?: string; message?: string; status?: number } | null
  if (error) throw new AuthError({ ...error, status: error.status ?? 400 })
  return result
}

/**
 * The same call for a dialog (`DangerConfirm`) or a `useInlineMutation`: its refusal as the
 * app's error, whose message they show in place (a 401 still signs the person out).
 *
 * @example
 * onConfirm={() => dialogCall(authClient.revokeOtherSessions())}
 */
export async function dialogCall<R extends { error?: unknown }>(call: Promise<R>): Promise<R> {
  try {
    return await authCall(call)
  } catch (error) {
    throw asAppError(error)
  }
}

/** An {@link AuthError} as the app's error (ORPCError), for views that show those. */
export function asAppError(error: unknown): unknown {
  if (!(error instanceof AuthError)) return error
  const status = error.status || 503
  // better-auth's own code (INVALID_PASSWORD…) stays, for a form's `codeFields`.
  const fallback = status >= 500 ? 'INTERNAL_SERVER_ERROR' : 'BAD_REQUEST'
  const code = status === 401 ? 'UNAUTHORIZED' : (error.code ?? fallback)
  return new ORPCError(code, { status, message: error.message })
}
