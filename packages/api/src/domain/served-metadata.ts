import type { Metadata } from '@headmark/metadata'

// No server imports here: the page screen computes what a draft will serve with these same
// functions, in the browser.

/**
 * Drops what is not set: empty strings, empty arrays and objects, and nulls. Stored revisions are
 * always compact, so "unset" has one representation. `noindex: false` is kept: on a page it
 * overrides a site default of `true` (the served answer then omits `noindex`).
 *
 * @example
 * compactMetadata({ title: '', openGraph: { title: 'Hi', description: '' } }) // { openGraph: { title: 'Hi' } }
 */
export function compactMetadata(metadata: Metadata): Metadata {
  return (compact(metadata) as Metadata | undefined) ?? {}
}

const KEEP_EMPTY = new Set(['determiner', 'content'])
/** Values kept exactly as written: structured data is the customer's JSON, '' and {} included. */
const KEEP_WHOLE = new Set(['jsonLd'])

function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(compact).filter((item) => item !== undefined)
    return items.length > 0 ? items : undefined
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      // A determiner of '' ("none") and a custom tag's empty content are values; other '' are unset.
      const kept =
        item === '' && KEEP_EMPTY.has(key)
          ? item
          : KEEP_WHOLE.has(key) && Array.isArray(item)
            ? item.length > 0
              ? item
              : undefined
            : compact(item)
      if (kept !== undefined) out[key] = kept
    }
    return Object.keys(out).length > 0 ? out : undefined
  }
  return value === '' || value === null ? undefined : value
}

/** The placeholder in a site's title template that stands for the page's own title. */
export const TITLE_PLACEHOLDER = '%s'

/**
 * Applies a site's title template (`%s · Acme`) to a page title: every `%s` becomes the title.
 * A template without `%s` leaves the title unchanged (sites.update refuses such templates).
 *
 * @example
 * applyTitleTemplate('Pricing', '%s · Acme') // 'Pricing · Acme'
 */
export function applyTitleTemplate(title: string, template: string | null | undefined): string {
  if (!template || !template.includes(TITLE_PLACEHOLDER)) return title
  return template.replaceAll(TITLE_PLACEHOLDER, () => title)
}

/** A path rule's layer, as servedMetadata overlays it: its pattern, metadata and title template. */
export interface RuleLayer {
  pattern: string
  metadata: Metadata | null | undefined
  titleTemplate?: string | null
}

/** Where a served value comes from. */
export type Provenance = { kind: 'defaults' } | { kind: 'rule'; pattern: string } | { kind: 'page' }

/** Fields merged key by key, each key a value of its own (`openGraph.title`). */
const NESTED = ['openGraph', 'twitter', 'robots'] as const

/** Overlays `own` on `base` (both compact) with the merge rules of {@link servedMetadata}. */
function overlay(base: Metadata, own: Metadata): Metadata {
  const merged: Metadata = { ...base, ...own }
  if (base.openGraph || own.openGraph) merged.openGraph = { ...base.openGraph, ...own.openGraph }
  if (base.twitter || own.twitter) merged.twitter = { ...base.twitter, ...own.twitter }
  if (base.robots || own.robots) merged.robots = { ...base.robots, ...own.robots }
  if (base.jsonLd && own.jsonLd) merged.jsonLd = [...base.jsonLd, ...own.jsonLd]
  if (base.customTags || own.customTags) {
    const byName = new Map<string, { name: string; content: string }>()
    for (const tag of [...(base.customTags ?? []), ...(own.customTags ?? [])]) {
      // An editor's draft can hold a tag not named yet (stored metadata never does): it serves nothing.
      if (typeof tag.name === 'string') byName.set(tag.name.toLowerCase(), tag)
    }
    if (byName.size > 0) merged.customTags = [...byName.values()]
    else delete merged.customTags
  }
  return merged
}

/** The title template a path uses: the most specific rule's that has one, else the site's. */
export function effectiveTitleTemplate(
  rules: readonly RuleLayer[] | undefined,
  siteTemplate: string | null | undefined,
): string | null {
  for (let i = (rules?.length ?? 0) - 1; i >= 0; i--) {
    const template = rules?.[i]?.titleTemplate
    if (template) return template
  }
  return siteTemplate ?? null
}

/**
 * What a path serves: the site's defaults, overlaid field by field by the path rules that match
 * it (least specific first), then by the page's current revision, with the title template
 * applied to the title. Nested objects (`openGraph`, `twitter`) merge key by key; lists (`icon`,
 * `customTags`, `openGraph.images`…) are replaced whole by a later layer's list, except custom
 * tags, which merge by name (the later layer wins). `robots` merges directive by directive;
 * structured data is appended, defaults first, then each rule's, then the page's. `canonical`
 * and `alternates` name one page's own URLs, so only the page's are served.
 * Unset fields are omitted, and `noindex` is present only when true.
 *
 * The title template is the most specific matching rule's that has one, else the site's. It
 * applies to a title set by a rule or the page; the defaults' title (usually the site name) is
 * served as written.
 *
 * This is the one definition used by the dashboard's "served" view, the public API and webhooks.
 * Which rules match is the server's business (domain/path-rules.ts): callers pass them in.
 *
 * @example
 * servedMetadata({ defaults: { title: 'Acme' }, page: { title: 'Pricing' }, titleTemplate: '%s · Acme' })
 * // { title: 'Pricing · Acme' }
 */
export function servedMetadata({
  defaults,
  rules,
  page,
  titleTemplate,
}: {
  defaults: Metadata | null | undefined
  /** The matching rules, least → most specific. */
  rules?: readonly RuleLayer[] | null
  page: Metadata | null | undefined
  titleTemplate?: string | null
}): Metadata {
  const own = compactMetadata(page ?? {})
  let merged = compactMetadata(defaults ?? {})
  let templatedTitle: string | undefined
  for (const rule of rules ?? []) {
    const layer = compactMetadata(rule.metadata ?? {})
    merged = overlay(merged, layer)
    if (layer.title !== undefined) templatedTitle = layer.title
  }
  merged = overlay(merged, own)
  if (own.title !== undefined) templatedTitle = own.title
  if (own.canonical === undefined) delete merged.canonical
  if (own.alternates === undefined) delete merged.alternates
  // Only a rule's or the page's title gets the template: the defaults' title is usually the site name.
  if (templatedTitle !== undefined) {
    merged.title = applyTitleTemplate(
      templatedTitle,
      effectiveTitleTemplate(rules ?? [], titleTemplate),
    )
  }
  if (merged.noindex !== true) delete merged.noindex
  return merged
}

/**
 * Where each served value comes from, by field key: top-level keys (`title`, `openGraph`) and
 * the keys of nested objects (`openGraph.title`, `robots.nofollow`). A merged object or list is
 * credited to the most specific layer that set part of it. Only keys the path serves are listed.
 *
 * @example
 * servedProvenance({ defaults: { title: 'Acme' }, rules: [{ pattern: '/blog/*', metadata: { description: 'Posts' } }], page: {} })
 * // { title: { kind: 'defaults' }, description: { kind: 'rule', pattern: '/blog/*' } }
 */
export function servedProvenance({
  defaults,
  rules,
  page,
}: {
  defaults: Metadata | null | undefined
  rules?: readonly RuleLayer[] | null
  page: Metadata | null | undefined
}): Record<string, Provenance> {
  const served = servedMetadata({ defaults, rules, page })
  const out: Record<string, Provenance> = {}
  const layers: Array<[Provenance, Metadata]> = [
    [{ kind: 'defaults' }, compactMetadata(defaults ?? {})],
    ...(rules ?? []).map((rule): [Provenance, Metadata] => [
      { kind: 'rule', pattern: rule.pattern },
      compactMetadata(rule.metadata ?? {}),
    ]),
    [{ kind: 'page' }, compactMetadata(page ?? {})],
  ]
  for (const [source, layer] of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (!(key in served)) continue
      if ((key === 'canonical' || key === 'alternates') && source.kind !== 'page') continue
      out[key] = source
      if ((NESTED as readonly string[]).includes(key) && value && typeof value === 'object') {
        const nested = (served as Record<string, Record<string, unknown>>)[key] ?? {}
        for (const inner of Object.keys(value)) {
          if (inner in nested) out[`${key}.${inner}`] = source
        }
      }
    }
  }
  return out
}

/**
 * The page title that `template` turns into `served`, or null when no title does (the served
 * title does not have the template's shape). Without a template, the title itself.
 *
 * @example
 * untemplateTitle('About · Acme', '%s · Acme') // 'About'
 * untemplateTitle('Acme', '%s · Acme') // null
 */
export function untemplateTitle(
  served: string,
  template: string | null | undefined,
): string | null {
  if (!template || !template.includes(TITLE_PLACEHOLDER)) return served
  const parts = template.split(TITLE_PLACEHOLDER)
  const placeholders = parts.length - 1
  const own = served.length - parts.join('').length
  if (own <= 0 || own % placeholders !== 0) return null
  const start = (parts[0] ?? '').length
  const title = served.slice(start, start + own / placeholders)
  return applyTitleTemplate(title, template) === served ? title : null
}

/** Deep equality of JSON values, object keys in any order. */
export function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, i) => sameJson(item, b[i]))
    )
  }
  if (a === null || b === null || typeof a !== 'object' || typeof b !== 'object') return false
  const aKeys = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined)
  const bKeys = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined)
  return (
    aKeys.length === bKeys.length &&
    aKeys.every((key) =>
      sameJson((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
    )
  )
}

/**
 * The least a page must hold for its path to serve `served` (a head read from the live site)
 * under the site's defaults, path rules and title template: the inverse of
 * {@link servedMetadata}. The title loses what the effective template adds (`About · Acme` under
 * `%s · Acme` is stored as `About`); values the defaults or rules already serve are left out, so
 * the page inherits them; structured data the defaults and rules serve first is not repeated;
 * robots flags and `noindex` the layers set and the head does not are stored as `false`.
 *
 * What a page can not take back is kept as served: a title that does not have the template's
 * shape (it gets the template once more), a default the head lacks (a page can not unset a
 * description or a custom tag).
 *
 * @example
 * pageMetadataServing({
 *   served: { title: 'About · Acme', description: 'Acme makes anvils.' },
 *   defaults: { description: 'Acme makes anvils.' },
 *   titleTemplate: '%s · Acme',
 * }) // { title: 'About' }
 */
export function pageMetadataServing({
  served,
  defaults,
  rules,
  titleTemplate,
}: {
  served: Metadata
  defaults: Metadata | null | undefined
  rules?: readonly RuleLayer[] | null
  titleTemplate?: string | null
}): Metadata {
  const target = compactMetadata(served)
  const inherited = servedMetadata({ defaults, rules, page: {}, titleTemplate })
  const page: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(target) as Array<[keyof Metadata, unknown]>) {
    const base = inherited[key]
    if (key === 'title') {
      if (value === base) continue
      const template = effectiveTitleTemplate(rules ?? [], titleTemplate)
      page.title = untemplateTitle(value as string, template) ?? value
    } else if (key === 'openGraph' || key === 'twitter' || key === 'robots') {
      const own: Record<string, unknown> = {}
      for (const [inner, item] of Object.entries(value as Record<string, unknown>)) {
        if (!sameJson(item, (base as Record<string, unknown> | undefined)?.[inner])) {
          own[inner] = item
        }
      }
      if (Object.keys(own).length > 0) page[key] = own
    } else if (key === 'customTags') {
      const byName = new Map(
        (inherited.customTags ?? []).map((tag) => [tag.name.toLowerCase(), tag.content]),
      )
      const own = (value as NonNullable<Metadata['customTags']>).filter(
        (tag) => byName.get(tag.name.toLowerCase()) !== tag.content,
      )
      if (own.length > 0) page.customTags = own
    } else if (key === 'jsonLd') {
      const list = value as NonNullable<Metadata['jsonLd']>
      const before = inherited.jsonLd ?? []
      const prefixed =
        before.length <= list.length && before.every((item, i) => sameJson(item, list[i]))
      const own = prefixed ? list.slice(before.length) : list
      if (own.length > 0) page.jsonLd = own
    } else if (!sameJson(value, base)) {
      page[key] = value
    }
  }
  // What the layers turn on and the head does not: turned off on the page.
  if (inherited.noindex === true && target.noindex !== true) page.noindex = false
  for (const [flag, on] of Object.entries(inherited.robots ?? {})) {
    if (on === true && (target.robots as Record<string, unknown> | undefined)?.[flag] !== true) {
      page.robots = { ...(page.robots as object), [flag]: false }
    }
  }
  return page as Metadata
}

/**
 * One page's metadata in one locale: the default locale's set (the page's own) overlaid field by
 * field by the locale's own set, so a locale without a set, or without a field, inherits the
 * default's. Open Graph, X and robots merge key by key, custom tags by name; structured data is
 * replaced whole by the locale's own; a canonical URL and alternates name one language version,
 * so a locale with a set of its own never inherits them.
 *
 * @example
 * localeMetadata({ title: 'Pricing', description: 'Plans' }, { title: 'Preise' }) // { title: 'Preise', description: 'Plans' }
 */
export function localeMetadata(own: Metadata | null, localized: Metadata | null): Metadata | null {
  if (localized === null) return own
  const base: Metadata = { ...own }
  delete base.canonical
  delete base.alternates
  const merged: Metadata = { ...base, ...localized }
  for (const key of ['openGraph', 'twitter', 'robots'] as const) {
    if (base[key] || localized[key]) {
      ;(merged as Record<string, unknown>)[key] = { ...base[key], ...localized[key] }
    }
  }
  if (base.customTags && localized.customTags) {
    const byName = new Map<string, { name: string; content: string }>()
    for (const tag of [...base.customTags, ...localized.customTags]) {
      byName.set(tag.name.toLowerCase(), tag)
    }
    merged.customTags = [...byName.values()]
  }
  return merged
}

/**
 * What a page serves in one locale of a site with locales: its served metadata with the
 * generated cluster as `alternates` when that locale's version is a member of it (so every
 * served cluster is reciprocal and lists the page itself), and without any `alternates` when it
 * is not (no set of its own, noindex). Hand-written alternates are never served on such a site.
 */
export function withCluster(
  served: Metadata,
  alternates: Readonly<Record<string, string>>,
  /** The locale of the version served: its code, the default locale's for the page's own set. */
  locale: string,
): Metadata {
  const out: Metadata = { ...served }
  if (Object.hasOwn(alternates, locale)) out.alternates = { ...alternates }
  else delete out.alternates
  return out
}
