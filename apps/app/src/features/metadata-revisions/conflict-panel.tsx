import type { Metadata } from '@headmark/metadata'
import { Button, Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '@headmark/ui'
import { Time } from '../../lib/dates.tsx'
import { metadataDifferences } from './metadata-diff.ts'
import type { Revision } from './queries.ts'
import { revisionAuthorLabel } from './revision-labels.ts'

interface ConflictPanelProps {
  mine: Metadata
  /** The page's current revision, saved by someone else since this editor loaded (null: none). */
  theirs: Revision | null
  onKeepMine: () => void
  onTakeTheirs: () => void
  saving: boolean
}

/**
 * Shown when a save finds that the page changed since the editor loaded: both versions, field by
 * field, and the choice. The person's own text stays in the editor whatever they choose to read.
 */
export function ConflictPanel({
  mine,
  theirs,
  onKeepMine,
  onTakeTheirs,
  saving,
}: ConflictPanelProps) {
  const differences = metadataDifferences(mine, theirs?.metadata ?? {})
  return (
    <section className="conflict-panel stack" role="alert" aria-labelledby="conflict-heading">
      <h2 id="conflict-heading">This page changed while you were editing</h2>
      <p>
        {theirs ? (
          <>
            {revisionAuthorLabel(theirs)} saved revision {theirs.number} at{' '}
            <Time value={theirs.createdAt} />.
          </>
        ) : (
          'Its saved metadata was removed.'
        )}{' '}
        Nothing of yours was saved and nothing is lost: your text is still in the editor below.
      </p>
      {differences.length > 0 ? (
        <Table scrollLabel="Differences between your version and the saved one">
          <TableHeader>
            <TableRow>
              <TableHead>Field</TableHead>
              <TableHead>Yours (not saved)</TableHead>
              <TableHead>{theirs ? `Revision ${theirs.number}` : 'Saved'}</TableHead>
            </TableRow>
          </TableHeader>
          <TableBody>
            {differences.map((difference) => (
              <TableRow key={difference.path}>
                <TableCell className="mono">{difference.path}</TableCell>
                <TableCell className="diff-cell">
                  {difference.mine ?? <em className="muted">not set</em>}
                </TableCell>
                <TableCell className="diff-cell">
                  {difference.theirs ?? <em className="muted">not set</em>}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : (
        <p className="muted">Both versions are the same.</p>
      )}
      <div className="actions">
        <Button variant="primary" onClick={onKeepMine} loading={saving}>
          Keep mine and save
        </Button>
        <Button onClick={onTakeTheirs} disabled={saving}>
          Take theirs
        </Button>
      </div>
    </section>
  )
}
