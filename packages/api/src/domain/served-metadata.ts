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

/**
 * What a path serves: the site's defaults, overlaid field by field by the page's current
 * revision, with the site's title template applied to the title. Nested objects (`openGraph`,
 * `twitter`) merge key by key; lists (`icon`, `customTags`, `openGraph.images`…) are replaced
 * whole by the page's own list, except custom tags, which merge by name (the page wins). `robots`
 * merges directive by directive; the site's structured data comes first, then the page's.
 * `canonical` and `alternates` name one page's own URLs, so only the page's are served.
 * Unset fields are omitted, and `noindex` is present only when true.
 *
 * This is the one definition used by the dashboard's "served" view, the public API and webhooks.
 *
 * @example
 * servedMetadata({ defaults: { title: 'Acme' }, page: { title: 'Pricing' }, titleTemplate: '%s · Acme' })
 * // { title: 'Pricing · Acme' }
 */
export function servedMetadata({
  defaults,
  page,
  titleTemplate,
}: {
  defaults: Metadata | null | undefined
  page: Metadata | null | undefined
  titleTemplate?: string | null
}): Metadata {
  const base = compactMetadata(defaults ?? {})
  const own = compactMetadata(page ?? {})
  const merged: Metadata = { ...base, ...own }
  if (base.openGraph || own.openGraph) merged.openGraph = { ...base.openGraph, ...own.openGraph }
  if (base.twitter || own.twitter) merged.twitter = { ...base.twitter, ...own.twitter }
  if (base.robots || own.robots) merged.robots = { ...base.robots, ...own.robots }
  if (base.jsonLd && own.jsonLd) merged.jsonLd = [...base.jsonLd, ...own.jsonLd]
  if (own.canonical === undefined) delete merged.canonical
  if (own.alternates === undefined) delete merged.alternates
  if (base.customTags || own.customTags) {
    const byName = new Map<string, { name: string; content: string }>()
    for (const tag of [...(base.customTags ?? []), ...(own.customTags ?? [])]) {
      // An editor's draft can hold a tag not named yet (stored metadata never does): it serves nothing.
      if (typeof tag.name === 'string') byName.set(tag.name.toLowerCase(), tag)
    }
    if (byName.size > 0) merged.customTags = [...byName.values()]
    else delete merged.customTags
  }
  // Only the page's own title gets the template: the defaults' title is usually the site name.
  if (own.title !== undefined) merged.title = applyTitleTemplate(own.title, titleTemplate)
  if (merged.noindex !== true) delete merged.noindex
  return merged
}
