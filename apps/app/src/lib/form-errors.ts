import { ORPCError } from '@orpc/client'
import { classifyError } from './errors.ts'

/** Messages keyed by the dotted path of the input field they concern (`hostname`, `metadata.openGraph.url`). */
export type FieldMessages = Partial<Record<string, string>>

interface Issue {
  path?: unknown[]
  message?: unknown
}

/**
 * The per-field messages of a refused input (oRPC's BAD_REQUEST `data.issues`), first message
 * per field. Anything else gives no field messages: show `errorText(error)` on the form instead.
 *
 * @example
 * fieldMessages(error) // { hostname: 'Enter a hostname such as acme.com.' }
 */
export function fieldMessages(error: unknown): FieldMessages {
  if (!(error instanceof ORPCError)) return {}
  const issues = (error.data as { issues?: unknown } | undefined)?.issues
  if (!Array.isArray(issues)) return {}
  const out: FieldMessages = {}
  for (const issue of issues as Issue[]) {
    if (!Array.isArray(issue.path) || typeof issue.message !== 'string') continue
    const key = issue.path.map(String).join('.')
    out[key] ??= issue.message
  }
  return out
}

/** The message a person should read for a failed call: the server's own, or a generic one. */
export function errorText(error: unknown): string {
  const outcome = classifyError(error)
  return outcome.kind === 'toast' ? outcome.message : ''
}

/** Whether `error` is the server's answer with this code (e.g. `CONFLICT`). */
export function isErrorCode(error: unknown, code: string): error is ORPCError<string, unknown> {
  return error instanceof ORPCError && error.code === code
}

/** better-auth's answer to a refused call: `{ code, message, status }`, a plain object. */
interface AuthError {
  code?: string | undefined
  message?: string | undefined
  status?: number
}

function isAuthError(error: unknown): error is AuthError {
  return (
    typeof error === 'object' &&
    error !== null &&
    !(error instanceof ORPCError) &&
    ('code' in error || 'status' in error)
  )
}

/** better-auth's fallback when it gives no message. */
export const AUTH_FALLBACK_MESSAGE = 'That did not work. Check the form and try again.'

/**
 * Splits a failed form submission into messages for the form's own fields and one for the form:
 * per-field issues go to their field, a code listed in `codeFields` (e.g. CONFLICT → hostname,
 * or better-auth's PASSWORD_TOO_SHORT → password) goes to that field, anything else is shown
 * above the form.
 */
export function formErrors<Field extends string>(
  error: unknown,
  fields: readonly Field[],
  codeFields: Partial<Record<string, Field>> = {},
): Partial<Record<Field | 'form', string>> {
  const out: Partial<Record<Field | 'form', string>> = {}
  const byField = fieldMessages(error)
  for (const field of fields) {
    const message = byField[field]
    if (message) out[field] = message
  }
  if (error instanceof ORPCError || isAuthError(error)) {
    const field = error.code === undefined ? undefined : codeFields[error.code]
    if (field && fields.includes(field) && error.message) out[field] ??= error.message
  }
  if (fields.some((field) => out[field])) return out
  out.form = isAuthError(error) ? error.message || AUTH_FALLBACK_MESSAGE : errorText(error)
  return out
}
