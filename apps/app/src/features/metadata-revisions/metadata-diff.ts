import type { Metadata } from '@headmark/metadata'

/** One field that differs between two versions of a page's metadata. */
export interface MetadataDifference {
  /** Dotted path, e.g. `openGraph.title` or `customTags.1.content`. */
  path: string
  mine: string | undefined
  theirs: string | undefined
}

function flatten(value: unknown, prefix: string, out: Map<string, string>): void {
  if (value === undefined || value === null) return
  if (Array.isArray(value)) {
    value.forEach((item, index) =>
      flatten(item, prefix ? `${prefix}.${index}` : String(index), out),
    )
    return
  }
  if (typeof value === 'object') {
    for (const [key, item] of Object.entries(value)) {
      flatten(item, prefix ? `${prefix}.${key}` : key, out)
    }
    return
  }
  out.set(prefix, String(value))
}

/**
 * The fields where two versions differ, in the order of the first then the second, each as the
 * text shown to a person (numbers and booleans as written).
 *
 * @example
 * metadataDifferences({ title: 'A' }, { title: 'B', noindex: true })
 * // [{ path: 'title', mine: 'A', theirs: 'B' }, { path: 'noindex', mine: undefined, theirs: 'true' }]
 */
export function metadataDifferences(mine: Metadata, theirs: Metadata): MetadataDifference[] {
  const a = new Map<string, string>()
  const b = new Map<string, string>()
  flatten(mine, '', a)
  flatten(theirs, '', b)
  const paths = [...new Set([...a.keys(), ...b.keys()])]
  return paths
    .filter((path) => a.get(path) !== b.get(path))
    .map((path) => ({ path, mine: a.get(path), theirs: b.get(path) }))
}
