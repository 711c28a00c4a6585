import type { Metadata } from '@headmark/metadata'

// Mirrors servedMetadata (packages/api/src/domain/served-metadata.ts) for the browser: that
// module pulls in the server's zod schema of the metadata, which the page screen's bundle does
// without. served-draft.test.ts holds the two to the same answers.

const KEEP_EMPTY = new Set(['determiner', 'content'])

function compact(value: unknown): unknown {
  if (Array.isArray(value)) {
    const items = value.map(compact).filter((item) => item !== undefined)
    return items.length > 0 ? items : undefined
  }
  if (value !== null && typeof value === 'object') {
    const out: Record<string, unknown> = {}
    for (const [key, item] of Object.entries(value)) {
      const kept = item === '' && KEEP_EMPTY.has(key) ? item : compact(item)
      if (kept !== undefined) out[key] = kept
    }
    return Object.keys(out).length > 0 ? out : undefined
  }
  return value === '' || value === null ? undefined : value
}

const compactMetadata = (metadata: Metadata): Metadata =>
  (compact(metadata) as Metadata | undefined) ?? {}

/**
 * What a page will serve once its draft is saved: the site's defaults overlaid by the draft,
 * `openGraph` and `twitter` merged key by key, custom tags merged by name, lists replaced whole,
 * and the site's title template (`%s · Acme`) applied to the page's own title.
 *
 * @example
 * servedDraft({ defaults: { title: 'Acme' }, page: { title: 'Pricing' }, titleTemplate: '%s · Acme' })
 * // { title: 'Pricing · Acme' }
 */
export function servedDraft({
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
  delete merged.customTags
  if (base.openGraph || own.openGraph) merged.openGraph = { ...base.openGraph, ...own.openGraph }
  if (base.twitter || own.twitter) merged.twitter = { ...base.twitter, ...own.twitter }
  if (base.customTags || own.customTags) {
    const byName = new Map<string, { name: string; content: string }>()
    for (const tag of [...(base.customTags ?? []), ...(own.customTags ?? [])]) {
      // A draft's new tag has no name yet (saved metadata always has one): it serves nothing.
      if (typeof tag.name !== 'string') continue
      byName.set(tag.name.toLowerCase(), tag)
    }
    if (byName.size > 0) merged.customTags = [...byName.values()]
  }
  if (own.title !== undefined && titleTemplate && titleTemplate.includes('%s')) {
    merged.title = titleTemplate.replaceAll('%s', () => own.title ?? '')
  }
  if (merged.noindex !== true) delete merged.noindex
  return merged
}
