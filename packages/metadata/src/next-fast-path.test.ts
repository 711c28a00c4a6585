// The Next.js adapter's compiled path against plain reference implementations, on random
// heads: Headmark's metadata, head-tag layers and Next `Metadata` layers.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type HeadTag, mergeHead, toHeadTags } from './head.ts'
import { compileNextMetadata, mergeNextMetadata, type NextMetadataInput } from './next.ts'
import { headTags, metadata, nextMetadata } from './test-utils/arbitraries.ts'

/** The adapter's conversion as first written: one pass over the tags, nothing clever. */
function referenceToNext(tags: readonly HeadTag[]) {
  const result: Record<string, unknown> = {}
  const og: Record<string, unknown> = {}
  const twitter: Record<string, unknown> = {}
  const ogImages: Array<Record<string, unknown>> = []
  const twitterImages: Array<Record<string, unknown>> = []
  const other = new Map<string, string[]>()
  const ogFields: Record<string, string> = {
    'og:title': 'title',
    'og:description': 'description',
    'og:site_name': 'siteName',
    'og:type': 'type',
    'og:url': 'url',
    'og:locale': 'locale',
    'og:determiner': 'determiner',
  }
  const twitterFields: Record<string, string> = {
    'twitter:card': 'card',
    'twitter:title': 'title',
    'twitter:description': 'description',
    'twitter:site': 'site',
    'twitter:creator': 'creator',
  }
  const iconKinds: Record<string, string> = {
    icon: 'icon',
    'shortcut icon': 'shortcut',
    'apple-touch-icon': 'apple',
  }
  for (const tag of tags) {
    if (tag.tag === 'title') result.title = tag.children
    else if (tag.tag === 'link') {
      const rel = `${tag.attrs.rel}`.toLowerCase()
      const { href, hreflang, sizes, type } = tag.attrs
      if (href === undefined) continue
      const alternates = (result.alternates ?? {}) as Record<string, unknown>
      if (Object.hasOwn(iconKinds, rel)) {
        const icons = (result.icons ?? {}) as Record<string, unknown[]>
        const kind = iconKinds[rel] as string
        icons[kind] = [
          ...(icons[kind] ?? []),
          { url: href, ...(sizes ? { sizes } : {}), ...(type ? { type } : {}) },
        ]
        result.icons = icons
      } else if (rel === 'canonical') result.alternates = { ...alternates, canonical: href }
      else if (rel === 'alternate' && hreflang) {
        const languages = { ...(alternates.languages as object), [hreflang]: href }
        result.alternates = { ...alternates, languages }
      }
    } else if (tag.tag === 'meta') {
      const key = `${tag.attrs.name ?? tag.attrs.property ?? ''}`.toLowerCase()
      const content = tag.attrs.content
      const last = ogImages.at(-1)
      if (!key || key === 'viewport' || content === undefined) continue
      if (key === 'description' || key === 'robots') result[key] = content
      else if (Object.hasOwn(ogFields, key)) og[ogFields[key] as string] = content
      else if (key === 'og:locale:alternate') {
        og.alternateLocale = [...((og.alternateLocale as string[]) ?? []), content]
      } else if (key === 'og:image' || key === 'og:image:url') ogImages.push({ url: content })
      else if (key === 'og:image:width' && last) last.width = Number(content)
      else if (key === 'og:image:height' && last) last.height = Number(content)
      else if (key === 'og:image:type' && last) last.type = content
      else if (key === 'og:image:alt' && last) last.alt = content
      else if (Object.hasOwn(twitterFields, key)) twitter[twitterFields[key] as string] = content
      else if (key === 'twitter:image') twitterImages.push({ url: content })
      else if (key === 'twitter:image:alt' && twitterImages.length > 0) {
        ;(twitterImages.at(-1) as Record<string, unknown>).alt = content
      } else if (!key.startsWith('og:image') && !key.startsWith('twitter:image')) {
        other.set(key, [...(other.get(key) ?? []), content])
      }
    }
  }
  if (ogImages.length > 0) og.images = ogImages
  if (twitterImages.length > 0) twitter.images = twitterImages
  if (Object.keys(og).length > 0) result.openGraph = og
  if (Object.keys(twitter).length > 0) result.twitter = twitter
  if (other.size > 0) {
    result.other = Object.fromEntries(
      [...other].map(([name, values]) => [name, values.length === 1 ? values[0] : values]),
    )
  }
  return result
}

const isPlain = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value)
const defined = (value: Record<string, unknown>) =>
  Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined))
const over = (lower: unknown, higher: unknown) =>
  isPlain(lower) && isPlain(higher) ? { ...defined(lower), ...defined(higher) } : higher

/** Next `Metadata` layers merged as the README describes them. */
function referenceMergeNext(...layers: Array<Record<string, unknown>>) {
  const out: Record<string, unknown> = {}
  let title: unknown
  let template: unknown
  for (const layer of layers) {
    for (const [field, value] of Object.entries(layer)) {
      if (value === undefined) continue
      if (field === 'title') {
        title = value
        if (isPlain(value) && typeof value.template === 'string') template = value.template
      } else if (field === 'openGraph' || field === 'twitter' || field === 'other') {
        out[field] = over(out[field], value)
      } else if (field === 'icons') {
        const byKind = typeof value === 'string' || Array.isArray(value) ? { icon: value } : value
        out.icons = over(out.icons, byKind)
      } else if (field === 'alternates') {
        const lower = isPlain(out.alternates) ? out.alternates : {}
        const merged = over(lower, value)
        if (isPlain(merged) && isPlain(value)) {
          for (const group of ['languages', 'media', 'types']) {
            if (value[group] !== undefined) merged[group] = over(lower[group], value[group])
          }
        }
        out.alternates = merged
      } else out[field] = value
    }
  }
  if (title !== undefined) {
    out.title =
      template === undefined || title === null
        ? title
        : typeof title === 'string'
          ? { default: title, template }
          : 'template' in (title as object)
            ? title
            : { ...(title as object), template }
  }
  return out
}

const generated = (page: Parameters<typeof toHeadTags>[0]) =>
  referenceToNext(mergeHead([], toHeadTags(page), []))

describe('the Next.js fast path agrees with the reference on random heads', () => {
  it('Headmark metadata alone', () => {
    const pageMetadata = compileNextMetadata({})
    fc.assert(
      fc.property(metadata, (page) => {
        expect(pageMetadata(page)).toEqual(generated(page))
      }),
      { numRuns: 300 },
    )
  })

  it('between head-tag layers', () => {
    fc.assert(
      fc.property(headTags, headTags, metadata, (fallback, override, page) => {
        expect(compileNextMetadata({ fallback, override })(page)).toEqual(
          referenceToNext(mergeHead(fallback, toHeadTags(page), override)),
        )
      }),
      { numRuns: 300 },
    )
  })

  it('keeps a field named __proto__ in a layer’s `other` as a field, not a prototype', () => {
    const override = JSON.parse('{"other":{"__proto__":[]}}') as Record<string, unknown>
    const page = { customTags: [{ name: 'article:tag', content: 'Acme' }] }
    const expected = referenceMergeNext({}, generated(page), override)
    const result = compileNextMetadata({ override: override as NextMetadataInput })(page)
    expect(result).toEqual(expected)
    expect(Object.getPrototypeOf(result.other)).toBe(Object.prototype)
    expect(Object.hasOwn(result.other as object, '__proto__')).toBe(true)
    expect(mergeNextMetadata(undefined, generated(page), override)).toEqual(expected)
  })

  it('between Next Metadata layers, across calls', () => {
    fc.assert(
      fc.property(
        fc.option(nextMetadata, { nil: undefined }),
        fc.option(nextMetadata, { nil: undefined }),
        fc.array(metadata, { minLength: 1, maxLength: 3 }),
        (fallback, override, pages) => {
          const pageMetadata = compileNextMetadata<NextMetadataInput, NextMetadataInput>({
            fallback,
            override,
          })
          for (const page of pages) {
            const expected = referenceMergeNext(fallback ?? {}, generated(page), override ?? {})
            expect(pageMetadata(page)).toEqual(expected)
            expect(mergeNextMetadata(fallback, generated(page), override)).toEqual(expected)
          }
        },
      ),
      { numRuns: 300 },
    )
  })
})
