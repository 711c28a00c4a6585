// `resolveHead` compiles a fallback and override it has seen before, and `toTanStackHead` and
// `renderHead` reuse what it compiled for the list it has just returned. These properties check
// the remembered forms against the plain merge on random sequences of renders: the same layer
// objects again, layers rebuilt for each render with the same contents, layers changed in place
// at their top level (which the README promises are noticed), and returned lists changed before
// they are converted.
import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { type HeadInput, type HeadTag, mergeHead, resolveHead, toHeadTags } from './head.ts'
import { renderHead } from './html.ts'
import { toNextMetadata } from './next.ts'
import { toTanStackHead } from './tanstack-start.ts'
import { headTag, headTags, metadataWithRobots as metadata } from './test-utils/arbitraries.ts'
import type { Metadata } from './types.ts'

/** The plain path: every layer turned into tags and merged, nothing remembered. */
const naive = (fallback: HeadInput, page: Metadata | null, override: HeadInput) =>
  mergeHead(
    Array.isArray(fallback) ? fallback : toHeadTags(fallback as Metadata),
    toHeadTags(page ?? {}),
    Array.isArray(override) ? override : toHeadTags(override as Metadata),
  )

type Layer = HeadTag[] | Metadata
const layer: fc.Arbitrary<Layer> = fc.oneof(headTags, metadata)

/** What happens to a layer before the next render. */
type Change =
  | { kind: 'same' }
  | { kind: 'rebuilt' }
  | { kind: 'push'; tag: HeadTag }
  | { kind: 'replace'; at: number; tag: HeadTag }
  | { kind: 'remove'; at: number }
  | { kind: 'set field'; from: Metadata }
  | { kind: 'delete field'; at: number }
const change: fc.Arbitrary<Change> = fc.oneof(
  fc.constant<Change>({ kind: 'same' }),
  fc.constant<Change>({ kind: 'rebuilt' }),
  headTag.map((tag): Change => ({ kind: 'push', tag })),
  fc.tuple(fc.nat(20), headTag).map(([at, tag]): Change => ({ kind: 'replace', at, tag })),
  fc.nat(20).map((at): Change => ({ kind: 'remove', at })),
  metadata.map((from): Change => ({ kind: 'set field', from })),
  fc.nat(20).map((at): Change => ({ kind: 'delete field', at })),
)

/** Applies a change: in place at the top level, or a new object with the same contents. */
function apply(current: Layer, what: Change): Layer {
  if (what.kind === 'rebuilt') return Array.isArray(current) ? [...current] : { ...current }
  if (Array.isArray(current)) {
    if (what.kind === 'push') current.push(what.tag)
    else if (what.kind === 'replace' && current.length > 0) {
      current[what.at % current.length] = what.tag
    } else if (what.kind === 'remove') current.splice(what.at % (current.length || 1), 1)
    return current
  }
  const fields = Object.keys(current) as Array<keyof Metadata>
  if (what.kind === 'set field') {
    // One top-level field of another page's metadata, assigned over this one's.
    for (const field of Object.keys(what.from) as Array<keyof Metadata>) {
      ;(current as Record<string, unknown>)[field] = what.from[field]
      break
    }
  } else if (what.kind === 'delete field' && fields.length > 0) {
    delete current[fields[what.at % fields.length] as keyof Metadata]
  }
  return current
}

describe('resolveHead remembers compiled layers without serving a stale head', () => {
  it('equals the plain merge across renders with reused, rebuilt and changed layers', () => {
    fc.assert(
      fc.property(
        layer,
        layer,
        fc.array(fc.tuple(change, change, fc.option(metadata, { nil: null })), {
          minLength: 1,
          maxLength: 6,
        }),
        (firstFallback, firstOverride, renders) => {
          let fallback = firstFallback
          let override = firstOverride
          for (const [fallbackChange, overrideChange, page] of renders) {
            fallback = apply(fallback, fallbackChange)
            override = apply(override, overrideChange)
            const expected = naive(fallback, page, override)
            const tags = resolveHead({ fallback, metadata: page, override })
            expect(tags).toEqual(expected)
            // The adapters given the list just returned reuse the compiled layers; given a copy
            // (which they can not recognise) they convert tag by tag.
            expect(toTanStackHead(tags)).toEqual(toTanStackHead([...expected]))
            expect(renderHead(resolveHead({ fallback, metadata: page, override }))).toBe(
              renderHead([...expected]),
            )
            expect(toNextMetadata(resolveHead({ fallback, metadata: page, override }))).toEqual(
              toNextMetadata([...expected]),
            )
          }
        },
      ),
      { numRuns: 200 },
    )
    // Hundreds of renders through four paths: seconds on a busy machine, which says nothing of speed.
  }, 30_000)

  it('converts a returned list changed before it reaches the adapter as it now is', () => {
    fc.assert(
      fc.property(
        layer,
        layer,
        metadata,
        headTag,
        fc.nat(40),
        (fallback, override, page, tag, at) => {
          // Seen once before, so each list below comes from the compiled layers.
          resolveHead({ fallback, metadata: page, override })
          const changes: Array<(tags: HeadTag[]) => unknown> = [
            (tags) => tags.push(tag),
            (tags) => tags.unshift(tag),
            (tags) => tags.splice(at % (tags.length + 1), 1),
            (tags) => tags.length > 0 && (tags[at % tags.length] = tag),
            (tags) => tags.reverse(),
          ]
          for (const changeList of changes) {
            // The list `resolveHead` has just returned, changed before it is converted.
            const tags = resolveHead({ fallback, metadata: page, override })
            changeList(tags)
            const copy = [...tags]
            expect(toTanStackHead(tags)).toEqual(toTanStackHead(copy))
            const again = resolveHead({ fallback, metadata: page, override })
            changeList(again)
            expect(renderHead(again)).toBe(renderHead([...again]))
          }
        },
      ),
      { numRuns: 200 },
    )
  }, 30_000)
})
