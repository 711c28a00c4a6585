import { normalizePath } from '@headmark/metadata'

// A site's languages and how each maps to URLs, and the hreflang cluster of a page built from
// them: every language version lists every other one and itself, plus an x-default, with the same
// absolute URLs, because all of them come from this one function. What can not be built that way
// (a language whose page does not exist, a canonical outside the cluster, a noindex page) is
// reported instead of being written. No node:* imports: this module runs in the browser too.

/** How one locale's pages are addressed. */
export type LocaleUrlStrategy =
  /** On the site's host under a path prefix: `/de` → `https://acme.com/de/pricing`; `''` is the root. */
  | { kind: 'path-prefix'; prefix: string }
  /** On a subdomain of the site's host: `de` → `https://de.acme.com/pricing`. */
  | { kind: 'subdomain'; subdomain: string }
  /** On a host of its own: `acme.de` → `https://acme.de/pricing`. */
  | { kind: 'domain'; hostname: string }

/** A site's locales, keyed by their hreflang code (`en`, `de`, `fr-CA`, `zh-Hant`). */
export interface LocaleMapping {
  /** The site's hostname, e.g. `acme.com`. */
  hostname: string
  /** `https` unless given; `http` is for development hosts. */
  protocol?: 'https' | 'http'
  locales: Readonly<Record<string, LocaleUrlStrategy>>
  /** The locale whose URL is the `x-default` (the page for every other language). */
  xDefault: string
}

/** One page: its path (the same in every locale unless `paths` says otherwise) and its locales. */
export interface ClusterPage {
  /** The page path without any locale prefix, e.g. `/pricing`. */
  path: string
  /** The locales in which the page exists. */
  locales: Iterable<string>
  /** A locale's own path where it differs (translated slugs), e.g. `{ de: '/preise' }`. */
  paths?: Readonly<Record<string, string>>
  /** The locales whose version of the page is `noindex`: left out of the cluster. */
  noindex?: Iterable<string>
  /** Canonical URLs set by hand, by locale: each must be that locale's own URL in the cluster. */
  canonical?: Readonly<Record<string, string>>
}

/** Something {@link hreflangCluster} could not build, for the editor to show. */
export interface HreflangFinding {
  rule:
    | 'locale-page-missing'
    | 'locale-unknown'
    | 'noindex-in-cluster'
    | 'canonical-outside-cluster'
    | 'x-default-page-missing'
    | 'path-ambiguous'
  severity: 'error' | 'warning' | 'info'
  /** The locale concerned. */
  locale: string
  message: string
}

/** A page's cluster: `{ hreflang → absolute URL }` with `x-default`, and what was left out. */
export interface HreflangCluster {
  alternates: Record<string, string>
  findings: HreflangFinding[]
}

/** The origin (`https://de.acme.com`) and path prefix (`/de` or `''`) of a locale. */
function place(mapping: LocaleMapping, strategy: LocaleUrlStrategy): [string, string] {
  const scheme = `${mapping.protocol ?? 'https'}://`
  switch (strategy.kind) {
    case 'path-prefix':
      return [`${scheme}${mapping.hostname}`, prefixOf(strategy.prefix)]
    case 'subdomain':
      return [`${scheme}${strategy.subdomain}.${mapping.hostname}`, '']
    case 'domain':
      return [`${scheme}${strategy.hostname}`, '']
  }
}

/** A prefix in its stored form: `de/` and `/de/` are `/de`; `/` and `''` are the root. */
const prefixOf = (prefix: string): string => {
  const normalized = normalizePath(prefix)
  return normalized.ok && normalized.path !== '/' ? normalized.path : ''
}

/**
 * The absolute URL of a page in one locale, or `null` when the locale is not in the mapping or
 * the path is malformed.
 *
 * @example
 * localeUrl(mapping, 'de', '/pricing') // 'https://acme.com/de/pricing'
 */
export function localeUrl(mapping: LocaleMapping, locale: string, path: string): string | null {
  const strategy = Object.hasOwn(mapping.locales, locale) ? mapping.locales[locale] : undefined
  const normalized = normalizePath(path)
  if (!strategy || !normalized.ok) return null
  const [origin, prefix] = place(mapping, strategy)
  const tail = normalized.path === '/' && prefix ? '' : normalized.path
  // The normalised path keeps `%`, `?` and `#` inside a segment escaped; a backslash (which URL
  // parsers read as a slash) and spaces (trimmed at the end) are escaped here.
  return new URL(
    `${prefix}${tail}`.replace(/[\\ ]/g, (char) => (char === ' ' ? '%20' : '%5C')),
    origin,
  ).href
}

/**
 * The hreflang cluster of a page: one entry per locale in which the page exists and is
 * indexable, each the same absolute URL {@link localeUrl} gives, plus `x-default` (the
 * mapping's x-default locale, or the first locale of the cluster when that page is missing).
 * Every version of the page gets this same cluster, so it is reciprocal and self-referencing by
 * construction. An empty cluster (no indexable version) has no `x-default` either.
 *
 * @example
 * hreflangCluster(mapping, { path: '/pricing', locales: ['en', 'de'] }).alternates
 * // { en: 'https://acme.com/pricing', de: 'https://acme.com/de/pricing', 'x-default': 'https://acme.com/pricing' }
 */
export function hreflangCluster(mapping: LocaleMapping, page: ClusterPage): HreflangCluster {
  const alternates: Record<string, string> = {}
  const findings: HreflangFinding[] = []
  const add = (
    rule: HreflangFinding['rule'],
    severity: HreflangFinding['severity'],
    locale: string,
    message: string,
  ) => findings.push({ rule, severity, locale, message })
  const exists = new Set(page.locales)
  const noindex = new Set(page.noindex ?? [])
  const pathIn = (locale: string) =>
    page.paths && Object.hasOwn(page.paths, locale) ? `${page.paths[locale]}` : page.path

  for (const locale of exists) {
    if (!Object.hasOwn(mapping.locales, locale)) {
      add('locale-unknown', 'error', locale, `The site has no locale “${locale}”.`)
    }
  }
  for (const locale of Object.keys(mapping.locales)) {
    if (!exists.has(locale)) {
      add('locale-page-missing', 'info', locale, `No “${locale}” version: left out of the cluster.`)
    } else if (noindex.has(locale)) {
      add('noindex-in-cluster', 'warning', locale, `The “${locale}” version is noindex: left out.`)
    } else {
      const path = pathIn(locale)
      const url = localeUrl(mapping, locale, path)
      // A URL that reads back as another locale's page (`/de/x` of the root locale when `/de`
      // is German) would break the cluster of that page: it is left out.
      const back = url === null ? null : localeOfUrl(mapping, url)
      if (url !== null && back?.locale === locale) alternates[locale] = url
      else if (url !== null) {
        add(
          'path-ambiguous',
          'error',
          locale,
          `${url} is the address of a “${back?.locale}” page: left out.`,
        )
      }
    }
  }
  const members = Object.keys(alternates)
  const first = members[0]
  if (first !== undefined) {
    const own = alternates[mapping.xDefault]
    if (own === undefined) {
      add(
        'x-default-page-missing',
        'warning',
        mapping.xDefault,
        `No indexable “${mapping.xDefault}” version: x-default is the “${first}” one.`,
      )
    }
    alternates['x-default'] = own ?? (alternates[first] as string)
  }
  for (const [locale, canonical] of Object.entries(page.canonical ?? {})) {
    if (alternates[locale] !== undefined && !sameUrl(canonical, alternates[locale])) {
      add(
        'canonical-outside-cluster',
        'error',
        locale,
        `The “${locale}” canonical points outside its language versions.`,
      )
    }
  }
  return { alternates, findings }
}

const sameUrl = (a: string, b: string): boolean => {
  try {
    const [x, y] = [new URL(a), new URL(b)]
    const path = (url: URL) => url.pathname.replace(/\/$/, '') || '/'
    return x.origin === y.origin && path(x) === path(y) && x.search === y.search
  } catch {
    return false
  }
}

/**
 * The locale and the locale-free page path of a URL or path on the site (a path is taken as on
 * the site's own host), or `null` when it belongs to none of its locales or is malformed. The
 * longest matching path prefix wins; translated slugs are returned as they are.
 *
 * @example
 * localeOfUrl(mapping, 'https://acme.com/de/pricing/') // { locale: 'de', path: '/pricing' }
 * localeOfUrl(mapping, 'https://fr.acme.com/')         // { locale: 'fr', path: '/' }
 */
export function localeOfUrl(
  mapping: LocaleMapping,
  input: string,
): { locale: string; path: string } | null {
  let url: URL
  try {
    url = new URL(input, `${mapping.protocol ?? 'https'}://${mapping.hostname}`)
  } catch {
    return null
  }
  const normalized = normalizePath(url.pathname)
  if (!normalized.ok) return null
  const host = url.host.toLowerCase()
  let best: { locale: string; path: string; length: number } | null = null
  for (const [locale, strategy] of Object.entries(mapping.locales)) {
    const [origin, prefix] = place(mapping, strategy)
    if (new URL(origin).host.toLowerCase() !== host) continue
    const path = normalized.path
    const inside = prefix === '' || path === prefix || path.startsWith(`${prefix}/`)
    if (inside && (best === null || prefix.length > best.length)) {
      best = { locale, path: path.slice(prefix.length) || '/', length: prefix.length }
    }
  }
  return best && { locale: best.locale, path: best.path }
}

/** A problem with a site's locale mapping, by locale (`''` for the mapping as a whole). */
export interface LocaleMappingProblem {
  locale: string
  message: string
}

// BCP 47 as hreflang uses it: a language, an optional script and an optional region.
const HREFLANG = /^[a-z]{2,3}(-[a-z]{4})?(-([a-z]{2}|\d{3}))?$/i

/**
 * What makes a locale mapping unusable: hreflang codes that are not language[-Script][-REGION]
 * (or are `x-default`, which is reserved), an x-default locale the site does not have, and two
 * locales on the same origin and prefix (their URLs could not be told apart).
 *
 * @example
 * checkLocaleMapping({ hostname: 'acme.com', xDefault: 'en', locales: { en: { kind: 'path-prefix', prefix: '' }, de: { kind: 'path-prefix', prefix: '' } } })
 * // [{ locale: 'de', message: '“de” has the same URLs as “en”.' }]
 */
export function checkLocaleMapping(mapping: LocaleMapping): LocaleMappingProblem[] {
  const problems: LocaleMappingProblem[] = []
  const seen = new Map<string, string>()
  for (const [locale, strategy] of Object.entries(mapping.locales)) {
    if (!HREFLANG.test(locale)) {
      problems.push({ locale, message: `“${locale}” is not a language code such as en or fr-CA.` })
    }
    const [origin, prefix] = place(mapping, strategy)
    const key = `${origin.toLowerCase()}${prefix}`
    const other = seen.get(key)
    if (other !== undefined) {
      problems.push({ locale, message: `“${locale}” has the same URLs as “${other}”.` })
    } else seen.set(key, locale)
  }
  if (!Object.hasOwn(mapping.locales, mapping.xDefault)) {
    problems.push({
      locale: '',
      message: `The x-default “${mapping.xDefault}” is not a locale of the site.`,
    })
  }
  return problems
}
