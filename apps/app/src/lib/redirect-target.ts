/** Where a visitor lands after signing in when they brought no destination of their own. */
export const DASHBOARD_PATH = '/app'

/** Far more than any page of the app needs (an invitation's address is under 100 characters). */
export const MAX_REDIRECT_LENGTH = 1000

// eslint-disable-next-line no-control-regex -- control characters are what it refuses
const CONTROL_CHARACTER = /[\u0000-\u001f\u007f-\u009f]/
// `/%2F…` or `/%5C…` may be decoded into `//…` or `/\…` by whatever reads the path next.
const ENCODED_SEPARATOR = /%2f|%5c/i
const PROBE_ORIGIN = 'https://headmark.invalid'

/**
 * `value` when it is a path on this site, safe to go to after signing in (the `redirect` of
 * /get-started, better-auth's `callbackURL`); `undefined` for anything else, so that the
 * destination can never send a visitor to another site. It is at least as strict as better-auth's
 * own check of `callbackURL`, so the server accepts whatever passes here. Browser-safe: the
 * route's search validation, which runs on every page, calls it.
 *
 * @example
 * safeRedirect('/app/invitations/abc') // '/app/invitations/abc'
 * safeRedirect('//evil.example') // undefined
 */
export function safeRedirect(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_REDIRECT_LENGTH) return undefined
  if (!value.startsWith('/') || value.startsWith('//')) return undefined
  if (value.includes('\\') || CONTROL_CHARACTER.test(value)) return undefined
  const path = value.split(/[?#]/, 1)[0] ?? ''
  if (ENCODED_SEPARATOR.test(path)) return undefined
  try {
    return new URL(value, PROBE_ORIGIN).origin === PROBE_ORIGIN ? value : undefined
  } catch {
    return undefined
  }
}

/**
 * The page to open after signing in: `value` when it is safe (see `safeRedirect`), otherwise the
 * dashboard.
 *
 * @example
 * redirectTarget('https://evil.example') // '/app'
 */
export function redirectTarget(value: unknown): string {
  return safeRedirect(value) ?? DASHBOARD_PATH
}
