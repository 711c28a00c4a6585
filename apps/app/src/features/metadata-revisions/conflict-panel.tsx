import type { Metadata } from '@headmark/metadata'
import { Button, metadataFieldLabel } from '@headmark/ui'
import { Time } from '~/lib/dates.tsx'
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
  /** Words for another place than the editor (a change request's drafted page). */
  wording?: { heading: string; note: string; mine: string; keep: string; take: string }
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
  wording,
}: ConflictPanelProps) {
  const differences = metadataDifferences(mine, theirs?.metadata ?? {})
  return (
    <section className="conflict-panel stack" role="alert" aria-labelledby="conflict-heading">
      <h2 id="conflict-heading">
        {wording?.heading ?? 'This page changed while you were editing'}
      </h2>
      <p>
        {theirs ? (
          <>
            {revisionAuthorLabel(theirs)} saved revision {theirs.number} at{' '}
            <Time value={theirs.createdAt} />.
          </>
        ) : (
          'Its saved metadata was removed.'
        )}{' '}
        {wording?.note ??
          'Nothing of yours was saved and nothing is lost: your text is still in the editor below.'}
      </p>
      {differences.length > 0 ? (
        <ul className="diff-list" aria-label="Differences">
          {differences.map((difference) => (
            <li key={difference.path} className="diff-item">
              <p className="diff-path">
                {metadataFieldLabel(difference.path)}{' '}
                <span className="mono muted">{difference.path}</span>
              </p>
              <dl className="diff-pair">
                <div>
                  <dt>{wording?.mine ?? 'Yours (not saved)'}</dt>
                  <dd>{difference.mine ?? <em className="muted">not set</em>}</dd>
                </div>
                <div>
                  <dt>{theirs ? `Revision ${theirs.number}` : 'Saved'}</dt>
                  <dd>{difference.theirs ?? <em className="muted">not set</em>}</dd>
                </div>
              </dl>
            </li>
          ))}
        </ul>
      ) : (
        <p className="muted">Both versions are the same.</p>
      )}
      <div className="actions">
        <Button variant="primary" onClick={onKeepMine} loading={saving}>
          {wording?.keep ?? 'Keep mine and save'}
        </Button>
        <Button onClick={onTakeTheirs} disabled={saving}>
          {wording?.take ?? 'Take theirs'}
        </Button>
      </div>
    </section>
  )
}
