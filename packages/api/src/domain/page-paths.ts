import { normalizePath } from '@headmark/metadata'

// Page paths as the dashboard accepts them. The stored form is always normalizePath's, the same
// function the public API and the SDK apply, so the path a person sees is the path served.

/**
 * The longest page path Headmark stores, in UTF-8 bytes of its normalised form: far beyond real
 * URLs, and small enough for the path's btree indexes (PostgreSQL refuses entries over ~2.7 kB).
 */
export const PAGE_PATH_MAX_BYTES = 2500

const utf8 = new TextEncoder()

/** The outcome of {@link pagePathFromInput}. */
export type PagePathResult = { ok: true; path: string } | { ok: false; message: string }

/**
 * The page path a person means by what they typed: `pricing`, `/pricing/`, `//pricing#plans` and
 * `https://acme.com/pricing` (on the site's own host) are all `/pricing`. A malformed `%` escape,
 * a URL on another host or a path over {@link PAGE_PATH_MAX_BYTES} bytes is refused with a
 * message.
 *
 * @example
 * pagePathFromInput('/caf%C3%A9/', 'acme.com') // { ok: true, path: '/café' }
 * pagePathFromInput('/%E0%A4%A', 'acme.com')   // { ok: false, message: 'The path has a malformed % escape …' }
 */
export function pagePathFromInput(input: string, siteHostname?: string): PagePathResult {
  let raw = input.trim()
  const url = /^https?:\/\//i.test(raw) && URL.canParse(raw) ? new URL(raw) : null
  if (url) {
    const host = url.hostname.replace(/\.$/, '')
    if (siteHostname !== undefined && host !== siteHostname) {
      return {
        ok: false,
        message: `This address is on ${clip(host)}, not on ${siteHostname}. Enter a path of the site, such as /pricing.`,
      }
    }
    // The raw pathname (still percent-encoded) goes through the one normalisation below.
    raw = url.pathname
  }
  const result = normalizePath(raw)
  if (!result.ok) {
    return {
      ok: false,
      message:
        'The path has a malformed % escape. Write % as %25, or use a complete escape such as %C3%A9.',
    }
  }
  if (
    result.path.length > PAGE_PATH_MAX_BYTES ||
    utf8.encode(result.path).length > PAGE_PATH_MAX_BYTES
  ) {
    return {
      ok: false,
      message: `A page path can be at most ${PAGE_PATH_MAX_BYTES} bytes long (as many Latin letters; accented and non-Latin letters take 2 to 4 bytes each).`,
    }
  }
  return { ok: true, path: result.path }
}

function clip(value: string): string {
  return value.length > 64 ? `${value.slice(0, 64)}…` : value
}
