import type { Metadata } from '@headmark/metadata'

/** Validation messages keyed by dotted path: `title`, `openGraph.url`, `customTags.2.name`, … */
export type MetadataErrors = Partial<Record<string, string>>

type Container = Record<string, unknown> | unknown[]

const isEmpty = (value: unknown) =>
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0)

// Only the metadata object itself and its openGraph/twitter/robots groups drop emptied fields; an
// image or a custom tag keeps its fields while being edited (an empty url is an error to show).
const PRUNED_PARENTS = new Set(['', 'openGraph', 'twitter', 'robots'])

function setIn(
  container: Container | undefined,
  [head, ...rest]: string[],
  value: unknown,
  parent: string,
): unknown {
  if (head === undefined) return value
  const here = parent ? `${parent}.${head}` : head
  if (Array.isArray(container)) {
    const copy = [...container]
    copy[Number(head)] = setIn(copy[Number(head)] as Container | undefined, rest, value, here)
    return copy
  }
  const copy: Record<string, unknown> = { ...container }
  const next = setIn(copy[head] as Container | undefined, rest, value, here)
  if (isEmpty(next) && PRUNED_PARENTS.has(parent)) delete copy[head]
  else copy[head] = next
  return copy
}

/**
 * Returns a copy of `metadata` with the value at `path` replaced; empty strings and emptied
 * objects are removed so the result stays in the API's "unset fields are omitted" shape.
 */
export function setMetadataPath(metadata: Metadata, path: string, value: unknown): Metadata {
  return setIn(metadata as Record<string, unknown>, path.split('.'), value, '') as Metadata
}

export function getMetadataPath(metadata: Metadata, path: string): unknown {
  let current: unknown = metadata
  for (const segment of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined
    current = (current as Record<string, unknown>)[segment]
  }
  return current
}

/** Structural equality of two metadata objects (plain JSON data). */
export function sameMetadata(a: unknown, b: unknown): boolean {
  if (Object.is(a, b)) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  const keysA = Object.keys(a).filter((key) => (a as Record<string, unknown>)[key] !== undefined)
  const keysB = Object.keys(b).filter((key) => (b as Record<string, unknown>)[key] !== undefined)
  if (keysA.length !== keysB.length) return false
  return keysA.every((key) =>
    sameMetadata((a as Record<string, unknown>)[key], (b as Record<string, unknown>)[key]),
  )
}
