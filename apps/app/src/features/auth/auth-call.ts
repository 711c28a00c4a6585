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
