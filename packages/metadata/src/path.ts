/**
 * Page paths are the key under which Headmark stores metadata, so the path a user types in the
 * dashboard, the path a customer's server renders and the path the API looks up must normalise
 * to the same string. The rules, applied in this order:
 *
 * 1. The query string and the hash are dropped: everything from the first `?` or `#` on.
 *    Metadata belongs to a page, not to one of its query variants (`/shop?sort=price` and
 *    `/shop` are the same page), and the dashboard has no field for a query string, so keeping
 *    it would make such pages unreachable.
 * 2. The rest is split on `/`; empty segments (a leading `//`, `a//b`, a trailing `/`) and `.`
 *    segments are dropped, `..` removes the previous segment (never above the root).
 * 3. Each segment is percent-decoded on its own, then put in Unicode NFC form, so `/caf%C3%A9`,
 *    `/café` and `/cafe\u0301` are one page. A malformed escape (`%E0%A4%A`, `%zz`) is an error
 *    result, never an exception.
 * 4. Characters that would change the meaning of the path if it were normalised again are
 *    re-encoded with uppercase hex: `%`, `/`, `?`, `#` and control characters. This keeps
 *    `normalizePath` idempotent (the client normalises, the server normalises again) and keeps
 *    `/a%2Fb` (one segment) apart from `/a/b` (two).
 *
 * The result always starts with `/` and never ends with one, except the root `/` itself.
 * @module
 */

/** Why a path could not be normalised. */
export type NormalizePathError = 'malformed-escape' | 'not-a-string'

/** The outcome of {@link normalizePath}: a normalised path, or the reason there is none. */
export type NormalizePathResult =
  { ok: true; path: string } | { ok: false; error: NormalizePathError; input: unknown }

// eslint-disable-next-line no-control-regex -- control characters are what it matches
const REENCODE = /[%/?#\u0000-\u001f\u007f]/g

const encodeChar = (char: string): string =>
  `%${char.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`

/**
 * Normalises a page path the way the Headmark API does before it looks up metadata.
 * Never throws; see the module documentation for the rules.
 *
 * @example
 * normalizePath('//blog/hello/?utm_source=x#top') // { ok: true, path: '/blog/hello' }
 * normalizePath('/caf%C3%A9')                      // { ok: true, path: '/café' }
 * normalizePath('/%E0%A4%A')                       // { ok: false, error: 'malformed-escape', input: '/%E0%A4%A' }
 */
export function normalizePath(input: string): NormalizePathResult {
  if (typeof input !== 'string') return { ok: false, error: 'not-a-string', input }
  const end = input.search(/[?#]/)
  const segments: string[] = []
  for (const raw of (end === -1 ? input : input.slice(0, end)).split('/')) {
    let segment: string
    try {
      segment = decodeURIComponent(raw).normalize('NFC')
    } catch {
      return { ok: false, error: 'malformed-escape', input }
    }
    if (segment === '..') segments.pop()
    else if (segment !== '' && segment !== '.') segments.push(segment.replace(REENCODE, encodeChar))
  }
  return { ok: true, path: `/${segments.join('/')}` }
}
