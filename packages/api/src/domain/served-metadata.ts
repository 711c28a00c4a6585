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
