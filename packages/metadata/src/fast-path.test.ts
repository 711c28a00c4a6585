// The compiled fast paths against a plain reference implementation of the merge rules,
// written here as simply as possible, on random heads.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import {
  compileHead,
  escapeCss,
  escapeJsonLd,
  type HeadInput,
  type HeadTag,
  mergeHead,
  resolveHead,
  toHeadTags,
} from './head.ts'
import { compileHtmlHead, renderHead } from './html.ts'
import { compileTanStackHead, toTanStackHead } from './tanstack-start.ts'
import { headTags, metadataWithRobots as metadata } from './test-utils/arbitraries.ts'
import type { Metadata } from './types.ts'

const GROUPED = /^(og:image|og:video|og:audio|twitter:image)(:|$)/
const REPEATABLE = ['og:locale:alternate', 'article:tag', 'article:author', 'book:tag']
const LINK_SETS = ['icon', 'shortcut icon', 'apple-touch-icon', 'apple-touch-icon-precomposed']

/** The merge key of a tag and whether it is a set; `null` when nothing identifies it. */
function referenceKey(tag: HeadTag): [string, boolean] | null {
  if (tag.tag === 'title') return ['title', false]
  const attrs = tag.attrs
  const lower = (name: string) => `${attrs[name] ?? ''}`.toLowerCase()
  if (tag.tag === 'meta') {
    if (attrs.charset !== undefined) return ['charset', false]
    if (attrs['http-equiv']) return [`http-equiv ${lower('http-equiv')}`, false]
    const name = lower('name') || lower('property')
    if (!name) return null
    const group = GROUPED.exec(name)
    if (group) return [`meta ${group[1]}`, true]
    return [`meta ${name}`, REPEATABLE.includes(name)]
  }
  if (tag.tag === 'link') {
    const rel = lower('rel')
    if (rel === 'canonical' || rel === 'manifest') return [`link ${rel}`, false]
    if (LINK_SETS.includes(rel)) return [`link ${rel}`, true]
    if (rel === 'alternate' && attrs.hreflang) return [`link alt ${lower('hreflang')}`, false]
    return attrs.href ? [`link ${rel} ${attrs.href}`, false] : null
  }
  return attrs.id ? [`${tag.tag} ${attrs.id}`, false] : null
}

function referenceMerge(...layers: Array<readonly HeadTag[]>): HeadTag[] {
  const slots: Array<{ key: string | null; layer: number; tags: HeadTag[] }> = []
  layers.forEach((layer, index) => {
    for (const tag of layer) {
      const key = referenceKey(tag)
      const slot = key && slots.find((s) => s.key === key[0])
      if (!slot) slots.push({ key: key?.[0] ?? null, layer: index, tags: [tag] })
      else if (slot.layer === index && key[1]) slot.tags.push(tag)
      else Object.assign(slot, { layer: index, tags: [tag] })
    }
  })
  return slots.flatMap((slot) => slot.tags)
}

const REACT: Record<string, string> = {
  charset: 'charSet',
  'http-equiv': 'httpEquiv',
  hreflang: 'hrefLang',
}
function referenceTanStack(tags: readonly HeadTag[]) {
  const lists: Record<string, Array<Record<string, string>>> = {
    meta: [],
    links: [],
    scripts: [],
    styles: [],
  }
  const props = (attrs: Readonly<Record<string, string>>) =>
    Object.fromEntries(Object.entries(attrs).map(([k, v]) => [REACT[k] ?? k, v]))
  for (const tag of tags) {
    if (tag.tag === 'title') lists.meta?.push({ title: tag.children })
    else if (tag.tag === 'meta') lists.meta?.push(props(tag.attrs))
    else if (tag.tag === 'link') lists.links?.push(props(tag.attrs))
    else if (tag.tag === 'script') {
      lists.scripts?.push({ ...props(tag.attrs), children: escapeJsonLd(tag.children) })
    } else lists.styles?.push({ ...props(tag.attrs), children: escapeCss(tag.children) })
  }
  return Object.fromEntries(
    Object.entries(lists).filter(
      ([name, list]) => name === 'meta' || name === 'links' || list.length > 0,
    ),
  )
}

const asTags = (input: HeadInput) => (Array.isArray(input) ? input : toHeadTags(input as Metadata))
const layer = fc.oneof(headTags, metadata)

describe('the fast paths agree with the reference merge on random heads', () => {
  it('mergeHead', () => {
    fc.assert(
      fc.property(headTags, headTags, headTags, (a, b, c) => {
        expect(mergeHead(a, b, c)).toEqual(referenceMerge(a, b, c))
      }),
      { numRuns: 300 },
    )
  })

  it('compileHead and compileTanStackHead, across calls with different metadata', () => {
    fc.assert(
      fc.property(
        layer,
        layer,
        fc.array(metadata, { minLength: 1, maxLength: 3 }),
        (fallback, override, pages) => {
          const head = compileHead({ fallback, override })
          const tanstack = compileTanStackHead({ fallback, override })
          const html = compileHtmlHead({ fallback, override })
          // Each page three times, in turns: what a page made is kept from its second render.
          for (const page of [...pages, ...pages, ...pages]) {
            const expected = referenceMerge(asTags(fallback), toHeadTags(page), asTags(override))
            expect(head(page)).toEqual(expected)
            expect(html(page)).toBe(renderHead(expected))
            // Twice: the second time from the layers compiled on the first.
            expect(resolveHead({ fallback, metadata: page, override })).toEqual(expected)
            expect(resolveHead({ fallback, metadata: page, override })).toEqual(expected)
            expect(tanstack(page)).toEqual(referenceTanStack(expected))
            expect(toTanStackHead(expected)).toEqual(referenceTanStack(expected))
          }
        },
      ),
      { numRuns: 300 },
    )
    // 300 random heads through five paths: seconds on a busy machine, which says nothing of speed.
  }, 30_000)

  it("the compiled heads with the page's own fallback, given per call", () => {
    fc.assert(
      fc.property(
        layer,
        layer,
        fc.array(fc.tuple(metadata, fc.option(layer, { nil: undefined })), {
          minLength: 1,
          maxLength: 3,
        }),
        (fallback, override, pages) => {
          const head = compileHead({ fallback, override })
          const tanstack = compileTanStackHead({ fallback, override })
          const html = compileHtmlHead({ fallback, override })
          for (const [page, own] of [...pages, ...pages, ...pages]) {
            // The page's fallback goes over the compiled fallback and under Headmark's metadata.
            const expected = referenceMerge(
              asTags(fallback),
              own === undefined ? [] : asTags(own),
              toHeadTags(page),
              asTags(override),
            )
            expect(head(page, own)).toEqual(expected)
            expect(tanstack(page, own)).toEqual(referenceTanStack(expected))
            expect(html(page, own)).toBe(renderHead(expected))
          }
        },
      ),
      { numRuns: 300 },
    )
  }, 30_000)
})
