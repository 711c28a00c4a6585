// The site's languages. English lives at the root (/pricing), German and French under a path
// prefix (/de/pricing, /fr/pricing): declare the same locales in the site's settings in Headmark
// (code `en` with no prefix as the default, `de` with `/de`, `fr` with `/fr`) and Headmark
// generates each page's hreflang links from them.

export const DEFAULT_LOCALE = 'en'
export const LOCALES = ['en', 'de', 'fr'] as const
export type Locale = (typeof LOCALES)[number]

const isLocale = (value: unknown): value is Locale =>
  typeof value === 'string' && (LOCALES as readonly string[]).includes(value)

/**
 * The locale of a route's optional `{-$locale}` segment: none is the default locale; the default
 * locale's own code (`/en/pricing`) and anything else are not pages of this site (null).
 */
export function localeOfParam(param: string | undefined): Locale | null {
  if (param === undefined) return DEFAULT_LOCALE
  return isLocale(param) && param !== DEFAULT_LOCALE ? param : null
}

/** The `{-$locale}` parameter of a locale's URLs: none for the default locale. */
export const localeParam = (locale: Locale): string | undefined =>
  locale === DEFAULT_LOCALE ? undefined : locale

/** A page's path in a locale, as Headmark's locale mapping builds it: `/de/pricing`, `/de`. */
export function localizedPath(locale: Locale, path: string): string {
  if (locale === DEFAULT_LOCALE) return path
  return path === '/' ? `/${locale}` : `/${locale}${path}`
}

/** The server function's input: a locale of the site, or none (the default locale). */
export function metadataLocale(input: unknown): Locale | undefined {
  if (input === undefined || input === null) return undefined
  if (!isLocale(input)) throw new TypeError(`The locale must be one of ${LOCALES.join(', ')}`)
  return input
}
