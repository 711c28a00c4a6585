import type { Metadata } from '@headmark/metadata'
import { normalizePath } from '@headmark/metadata'
import { normalizeHostname } from './hostnames.ts'
import {
  checkLocaleMapping,
  hreflangCluster,
  type HreflangCluster,
  type LocaleMapping,
  type LocaleUrlStrategy,
} from './hreflang.ts'

export { localeUrl } from './hreflang.ts'
// The locale overlay and the served cluster are part of what a path serves (the editor's first load).
export { localeMetadata, withCluster } from './served-metadata.ts'

// A site's languages as stored on the site (`site.locales`) and edited in its settings, and the
// rules every entry point shares: which locale a request names, which metadata set it reads, and
// the hreflang cluster a page serves. No node:* imports: this module runs in the browser too.

/** At most this many locales per site. */
export const SITE_LOCALES_MAX = 50

/** One locale of a site: its hreflang code and where its pages are. */
export interface SiteLocale {
  code: string
  url: LocaleUrlStrategy
}

/**
 * A site's locales, in the order its settings list them. The default locale's metadata is each
 * page's own; it is also the x-default of every cluster. A locale without its own set on a page
 * inherits the default locale's fields.
 */
export interface SiteLocales {
  defaultLocale: string
  locales: SiteLocale[]
}

/** How a locale's URLs are given in the settings form: the kind and one text. */
export const LOCALE_URL_KINDS = ['path-prefix', 'subdomain', 'domain'] as const
export type LocaleUrlKind = (typeof LOCALE_URL_KINDS)[number]

/** One row of the settings form. */
export interface SiteLocaleRow {
  code: string
  kind: LocaleUrlKind
  value: string
}

// BCP 47 as hreflang uses it: a language, an optional script and an optional region.
const HREFLANG = /^([a-z]{2,3})(-[a-z]{4})?(-(?:[a-z]{2}|\d{3}))?$/i
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const PREFIX_MAX = 100

/**
 * A locale code in its conventional case (`de-at` → `de-AT`, `zh-hant` → `zh-Hant`), or null
 * when it is not language[-Script][-REGION].
 *
 * @example
 * canonicalLocale('PT-br') // 'pt-BR'
 */
export function canonicalLocale(code: string): string | null {
  const match = HREFLANG.exec(code.trim())
  if (!match) return null
  const [, language = '', script, region] = match
  return (
    language.toLowerCase() +
    (script ? `-${script.slice(1, 2).toUpperCase()}${script.slice(2).toLowerCase()}` : '') +
    (region ? region.toUpperCase() : '')
  )
}

/** A problem with one field of the settings form, at its path in the input. */
export interface SiteLocalesIssue {
  path: Array<string | number>
  message: string
}

/**
 * Turns the settings form's rows into the stored {@link SiteLocales} (null: no locales), or the
 * problems with them, each at its field: codes that are not hreflang codes or repeat, prefixes,
 * subdomains and domains that are malformed, two locales with the same URLs, and a default locale
 * that is not one of the rows.
 *
 * @example
 * siteLocalesFromRows('acme.com', [{ code: 'en', kind: 'path-prefix', value: '' }, { code: 'de', kind: 'path-prefix', value: '/de' }], 'en')
 * // { ok: true, locales: { defaultLocale: 'en', locales: [{ code: 'en', url: { kind: 'path-prefix', prefix: '' } }, …] } }
 */
export function siteLocalesFromRows(
  hostname: string,
  rows: readonly SiteLocaleRow[],
  defaultLocale: string,
): { ok: true; locales: SiteLocales | null } | { ok: false; issues: SiteLocalesIssue[] } {
  if (rows.length === 0) return { ok: true, locales: null }
  const issues: SiteLocalesIssue[] = []
  const locales: SiteLocale[] = []
  const seen = new Map<string, number>()
  rows.forEach((row, index) => {
    const code = canonicalLocale(row.code)
    if (code === null) {
      issues.push({
        path: ['locales', index, 'code'],
        message:
          row.code.trim() === ''
            ? 'Enter a language code such as en, de or fr-CA.'
            : 'Use a language code such as en, de or fr-CA (language, then an optional region).',
      })
    } else if (seen.has(code)) {
      issues.push({ path: ['locales', index, 'code'], message: `“${code}” is listed twice.` })
    } else seen.set(code, index)
    const url = urlOf(row, hostname)
    if (typeof url === 'string') {
      issues.push({ path: ['locales', index, 'value'], message: url })
    }
    if (code !== null && typeof url !== 'string') locales.push({ code, url })
  })
  const chosen = canonicalLocale(defaultLocale)
  if (chosen === null || !seen.has(chosen)) {
    issues.push({
      path: ['defaultLocale'],
      message: 'Choose the default locale among the locales listed.',
    })
  }
  if (issues.length === 0 && chosen !== null) {
    const stored: SiteLocales = { defaultLocale: chosen, locales }
    for (const problem of checkLocaleMapping(localeMapping(hostname, stored))) {
      const index = seen.get(problem.locale)
      issues.push({
        path: index === undefined ? ['defaultLocale'] : ['locales', index, 'value'],
        message: problem.message,
      })
    }
    if (issues.length === 0) return { ok: true, locales: stored }
  }
  return { ok: false, issues }
}

/** A row's URL strategy, or what is wrong with its text. */
function urlOf(row: SiteLocaleRow, hostname: string): LocaleUrlStrategy | string {
  const value = row.value.trim()
  switch (row.kind) {
    case 'path-prefix': {
      if (value === '' || value === '/') return { kind: 'path-prefix', prefix: '' }
      const normalized = normalizePath(value)
      if (value.length > PREFIX_MAX || !normalized.ok || /[?#%\s]/.test(value)) {
        return `Enter a path prefix such as /de (letters, digits and dashes, at most ${PREFIX_MAX} characters).`
      }
      return { kind: 'path-prefix', prefix: normalized.path }
    }
    case 'subdomain': {
      const label = value.toLowerCase()
      if (!LABEL.test(label)) {
        return 'Enter a subdomain such as de (letters, digits and dashes), without the site’s hostname.'
      }
      if (`${label}.${hostname}`.length > 253) return 'This subdomain makes the hostname too long.'
      return { kind: 'subdomain', subdomain: label }
    }
    case 'domain': {
      const result = normalizeHostname(value, { production: false })
      if (!result.ok) return result.message
      return { kind: 'domain', hostname: result.hostname }
    }
  }
}

/** The rows the settings form starts from. */
export function siteLocaleRows(locales: SiteLocales | null): SiteLocaleRow[] {
  return (locales?.locales ?? []).map(({ code, url }) => ({
    code,
    kind: url.kind,
    value:
      url.kind === 'path-prefix'
        ? url.prefix
        : url.kind === 'subdomain'
          ? url.subdomain
          : url.hostname,
  }))
}

/** The site's locales as {@link hreflangCluster} reads them; the default locale is x-default. */
export function localeMapping(hostname: string, locales: SiteLocales): LocaleMapping {
  return {
    hostname,
    protocol: hostname === 'localhost' || hostname.endsWith('.localhost') ? 'http' : 'https',
    locales: Object.fromEntries(locales.locales.map(({ code, url }) => [code, url])),
    xDefault: locales.defaultLocale,
  }
}

/** Which metadata set a request reads: null = the page's own (default locale). */
export type LocaleChoice = { ok: true; locale: string | null } | { ok: false; message: string }

/**
 * The locale a request names, checked against the site's locales: `undefined`, `null`, `''` and
 * the default locale read the page's own set (null); another declared locale reads its own set;
 * anything else is refused. A site without locales reads its pages' own sets whatever is asked.
 *
 * @example
 * chooseLocale({ defaultLocale: 'en', locales: [en, de] }, 'DE') // { ok: true, locale: 'de' }
 */
export function chooseLocale(
  locales: SiteLocales | null,
  requested: string | null | undefined,
): LocaleChoice {
  if (locales === null || requested === undefined || requested === null || requested === '') {
    return { ok: true, locale: null }
  }
  const code = canonicalLocale(requested)
  if (code !== null && code === locales.defaultLocale) return { ok: true, locale: null }
  if (code !== null && locales.locales.some((locale) => locale.code === code)) {
    return { ok: true, locale: code }
  }
  const known = locales.locales.map((locale) => locale.code).join(', ')
  return {
    ok: false,
    message: `This site has no locale “${requested.slice(0, 40)}”; its locales are ${known}.`,
  }
}

/** The sets of one page: its own (the default locale's) and each other locale's. */
export interface PageLocaleSets {
  path: string
  own: Metadata | null
  /** Locale code → that locale's own set (only locales that have one). */
  localized: ReadonlyMap<string, Metadata>
}

/**
 * A page's hreflang cluster on a site with locales: the default locale's version exists when
 * the page does; another locale's when it has its own set. Noindex versions and hand-set
 * canonicals come from each version's metadata (robots directives of the locale's merged set).
 */
export function pageCluster(
  hostname: string,
  locales: SiteLocales,
  sets: PageLocaleSets,
  /** What each existing version serves, by locale (for noindex and canonical). */
  served: ReadonlyMap<string, Metadata>,
): HreflangCluster {
  const existing = [locales.defaultLocale, ...sets.localized.keys()]
  const noindex = existing.filter((code) => served.get(code)?.noindex === true)
  const canonical: Record<string, string> = {}
  for (const code of existing) {
    const value = served.get(code)?.canonical
    if (value !== undefined) canonical[code] = value
  }
  return hreflangCluster(localeMapping(hostname, locales), {
    path: sets.path,
    locales: existing,
    noindex,
    canonical,
  })
}
