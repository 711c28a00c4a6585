import type { Metadata } from '@headmark/metadata'
import { metadataChanges } from '@headmark/ui'

/** One field that differs between two versions of a page's metadata. */
export interface MetadataDifference {
  /** Dotted path, e.g. `openGraph.title` or `customTags.1.content`. */
  path: string
  mine: string | undefined
  theirs: string | undefined
}

/**
 * The fields where two versions differ, in the order of the first then the second, each as the
 * text shown to a person (numbers and booleans as written): `@headmark/ui`'s revision diff, the
 * one the Compare dialog shows, read as mine against theirs.
 *
 * @example
 * metadataDifferences({ title: 'A' }, { title: 'B', noindex: true })
 * // [{ path: 'title', mine: 'A', theirs: 'B' }, { path: 'noindex', mine: undefined, theirs: 'true' }]
 */
export function metadataDifferences(mine: Metadata, theirs: Metadata): MetadataDifference[] {
  return metadataChanges(mine, theirs).map(({ path, before, after }) => ({
    path,
    mine: before,
    theirs: after,
  }))
}
