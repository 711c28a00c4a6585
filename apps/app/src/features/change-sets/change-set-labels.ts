import type { ChangeSetSummary } from './queries.ts'

/** What a change set is, in a few words: "Bulk edit", "Import", "Undo". */
export function changeSetSourceLabel(source: ChangeSetSummary['source']): string {
  switch (source) {
    case 'import':
      return 'Import'
    case 'undo':
      return 'Undo'
    default:
      return 'Bulk edit'
  }
}

/** Where a change set stands, with the tone of its badge. */
export function changeSetStatus(set: Pick<ChangeSetSummary, 'status' | 'undoneById'>): {
  label: string
  tone: 'neutral' | 'accent' | 'success' | 'warning'
} {
  if (set.status === 'pending') return { label: 'Pending', tone: 'accent' }
  if (set.status === 'discarded') return { label: 'Discarded', tone: 'neutral' }
  if (set.undoneById) return { label: 'Undone', tone: 'warning' }
  return { label: 'Applied', tone: 'success' }
}

/** The pages a change set touched, as its list says it: "12 pages · 2 conflicts". */
export function changeSetCountsLabel(
  set: Pick<ChangeSetSummary, 'itemCount' | 'counts' | 'status'>,
): string {
  const pages = `${set.itemCount.toLocaleString('en')} ${set.itemCount === 1 ? 'page' : 'pages'}`
  if (!set.counts) return pages
  const parts = [pages]
  const changed = set.counts.applied + set.counts.created
  if (changed !== set.itemCount) parts.push(`${changed.toLocaleString('en')} changed`)
  if (set.counts.conflicts)
    parts.push(
      `${set.counts.conflicts.toLocaleString('en')} ${set.counts.conflicts === 1 ? 'conflict' : 'conflicts'}`,
    )
  if (set.counts.unchanged) parts.push(`${set.counts.unchanged.toLocaleString('en')} unchanged`)
  return parts.join(' · ')
}
