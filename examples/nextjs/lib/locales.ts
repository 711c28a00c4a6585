// The site's languages. English lives at the root (/pricing: app/(site)), German and French
// under a path prefix (/de/pricing, /fr/pricing: app/[locale]). Declare the same locales in the
// site's settings in Headmark (`en` without a prefix as the default, `de` with `/de`, `fr` with
// `/fr`): Headmark generates each page's hreflang links from them.

export const DEFAULT_LOCALE = 'en'
/** The locales with a path prefix, each a segment `app/[locale]` prerenders. */
export const PREFIXED_LOCALES = ['de', 'fr'] as const
export type PrefixedLocale = (typeof PREFIXED_LOCALES)[number]

export const isPrefixedLocale = (value: string): value is PrefixedLocale =>
  (PREFIXED_LOCALES as readonly string[]).includes(value)

/** A page's path in a locale, as Headmark's locale mapping builds it: `/de/pricing`, `/de`. */
export const localizedPath = (locale: PrefixedLocale, path: string) =>
  path === '/' ? `/${locale}` : `/${locale}${path}`
