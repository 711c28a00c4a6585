import type { RevisionSummary } from './queries.ts'

/** How a revision came to be, in a few words; a change set's note follows its kind. */
export function revisionSourceLabel(
  revision: Pick<RevisionSummary, 'source' | 'restoredFrom'> &
    Partial<Pick<RevisionSummary, 'changeSet'>>,
): string {
  const note = revision.changeSet?.note ? `: ${revision.changeSet.note}` : ''
  switch (revision.source) {
    case 'restore':
      return revision.restoredFrom
        ? `Restored from revision ${revision.restoredFrom.number}`
        : 'Restored'
    case 'import':
      return `Imported${note}`
    case 'bulk':
      return `Bulk edit${note}`
    case 'api':
      return 'Saved through the API'
    default:
      return 'Saved in the editor'
  }
}

/** Who wrote a revision: a person's name, or what did it when no person did. */
export function revisionAuthorLabel(revision: Pick<RevisionSummary, 'author' | 'source'>): string {
  if (revision.author) return revision.author.name
  return revision.source === 'api' ? 'An API key' : 'A former member'
}
