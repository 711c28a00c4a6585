import type { Metadata } from '@headmark/metadata'

export type FieldChangeKind = 'added' | 'removed' | 'changed'

/** One field that differs between two revisions, with its values as text. */
export interface FieldChange {
  /** Dotted path, as the editor names fields: `openGraph.image.alt`, `customTags.1.content`. */
  path: string
  kind: FieldChangeKind
  before?: string
  after?: string
}

// The editor's order, so a diff reads top to bottom like the form.
const ORDER = [
  'title',
  'description',
  'noindex',
  'openGraph',
  'twitter',
  'icon',
  'appleTouchIcon',
  'customTags',
  'card',
  'type',
  'siteName',
  'locale',
  'localeAlternate',
  'url',
  'determiner',
  'image',
  'images',
  'alt',
  'width',
  'height',
  'mimeType',
  'name',
  'content',
]
const rank = (key: string) => {
  const index = ORDER.indexOf(key)
  return index === -1 ? ORDER.length : index
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null

/** Leaves of a metadata object as text; lists of plain values (locales) are one leaf. */
function flatten(value: unknown, path: string, into: Map<string, string>) {
  if (value === undefined || value === null) return
  if (Array.isArray(value) && value.every((item) => !isRecord(item))) {
    if (value.length > 0) into.set(path, value.join(', '))
    return
  }
  if (isRecord(value)) {
    for (const key of Object.keys(value)) flatten(value[key], path ? `${path}.${key}` : key, into)
    return
  }
  into.set(path, String(value))
}

/**
 * The fields that differ between two revisions, in the order they are first met in `before`
 * then in `after`.
 *
 * @example
 * metadataChanges({ title: 'Old', noindex: true }, { description: 'Added', title: 'New' })
 * // [{ path: 'title', kind: 'changed', before: 'Old', after: 'New' },
 * //  { path: 'noindex', kind: 'removed', before: 'true' },
 * //  { path: 'description', kind: 'added', after: 'Added' }]
 */
export function metadataChanges(before: Metadata, after: Metadata): FieldChange[] {
  const old = new Map<string, string>()
  const next = new Map<string, string>()
  flatten(before, '', old)
  flatten(after, '', next)
  const changes: FieldChange[] = []
  for (const path of new Set([...old.keys(), ...next.keys()])) {
    const was = old.get(path)
    const is = next.get(path)
    if (was === is) continue
    if (was === undefined) changes.push({ path, kind: 'added', after: is })
    else if (is === undefined) changes.push({ path, kind: 'removed', before: was })
    else changes.push({ path, kind: 'changed', before: was, after: is })
  }
  return changes
}

// Names by the editor's order, list entries by their index.
const sortKey = (path: string) =>
  path.split('.').map((segment) => (/^\d+$/.test(segment) ? Number(segment) : rank(segment)))

/**
 * The fields that differ between two revisions, in the editor's order.
 *
 * @example
 * diffMetadata({ title: 'Old' }, { title: 'New', description: 'Added' })
 * // [{ path: 'title', kind: 'changed', before: 'Old', after: 'New' },
 * //  { path: 'description', kind: 'added', after: 'Added' }]
 */
export function diffMetadata(before: Metadata, after: Metadata): FieldChange[] {
  return metadataChanges(before, after).sort((a, b) => {
    const [ka, kb] = [sortKey(a.path), sortKey(b.path)]
    for (let i = 0; i < Math.max(ka.length, kb.length); i += 1) {
      const difference = (ka[i] ?? -1) - (kb[i] ?? -1)
      if (difference) return difference
    }
    return 0
  })
}

export type TextDiffPart = { kind: 'same' | 'added' | 'removed'; text: string }

// Above this many token pairs the longest common subsequence costs too much for a keystroke:
// the values are shown as removed then added.
const MAX_CELLS = 1_000_000

/**
 * A word-level diff of two texts (longest common subsequence over words and spaces).
 *
 * @example
 * diffText('Plans for teams', 'Simple plans for every team')
 */
export function diffText(before: string, after: string): TextDiffPart[] {
  const a = before.split(/(\s+)/).filter(Boolean)
  const b = after.split(/(\s+)/).filter(Boolean)
  if (a.length * b.length > MAX_CELLS) {
    return [
      { kind: 'removed', text: before },
      { kind: 'added', text: after },
    ]
  }
  const width = b.length + 1
  const lengths = new Uint32Array((a.length + 1) * width)
  for (let i = a.length - 1; i >= 0; i -= 1) {
    for (let j = b.length - 1; j >= 0; j -= 1) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0)
    }
  }
  const parts: TextDiffPart[] = []
  const push = (kind: TextDiffPart['kind'], text: string) => {
    const last = parts.at(-1)
    if (last?.kind === kind) last.text += text
    else parts.push({ kind, text })
  }
  let i = 0
  let j = 0
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      push('same', a[i] ?? '')
      i += 1
      j += 1
    } else if ((lengths[(i + 1) * width + j] ?? 0) >= (lengths[i * width + j + 1] ?? 0)) {
      push('removed', a[i] ?? '')
      i += 1
    } else {
      push('added', b[j] ?? '')
      j += 1
    }
  }
  for (; i < a.length; i += 1) push('removed', a[i] ?? '')
  for (; j < b.length; j += 1) push('added', b[j] ?? '')
  return groupChanges(parts)
}

/**
 * Reads as phrases rather than alternating words: inside a run of changes, the spaces the two
 * texts share join both sides, and all that was removed comes before all that was added.
 */
function groupChanges(parts: TextDiffPart[]): TextDiffPart[] {
  const grouped: TextDiffPart[] = []
  let removed = ''
  let added = ''
  const flush = () => {
    if (removed) grouped.push({ kind: 'removed', text: removed })
    if (added) grouped.push({ kind: 'added', text: added })
    removed = ''
    added = ''
  }
  parts.forEach((part, index) => {
    const inRun = removed !== '' || added !== ''
    const next = parts[index + 1]
    if (part.kind === 'removed') removed += part.text
    else if (part.kind === 'added') added += part.text
    else if (inRun && next && next.kind !== 'same' && /^\s+$/.test(part.text)) {
      removed += part.text
      added += part.text
    } else {
      flush()
      grouped.push(part)
    }
  })
  flush()
  return grouped
}
