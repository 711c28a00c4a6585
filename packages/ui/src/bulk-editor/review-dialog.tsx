import { useId, useMemo, useState } from 'react'
import { Alert } from '../alert/alert.tsx'
import { Button } from '../button/button.tsx'
import { Dialog, DialogContent } from '../dialog/dialog.tsx'
import { RevisionDiff } from '../revision-diff/revision-diff.tsx'
import type { BulkApplyResult } from './types.ts'
import type { BulkPendingEdit } from './use-bulk-edits.ts'

// Diffs drawn at once; the rest are counted (and still applied).
const SHOWN_DIFFS = 100

export interface ReviewDialogProps {
  open: boolean
  onOpenChange: (open: boolean) => void
  edits: ReadonlyMap<string, BulkPendingEdit>
  applying: boolean
  /** What the last apply returned, or why it failed. */
  outcome: { result?: BulkApplyResult; error?: string } | null
  onApply: (note: string) => void
  onDiscard: () => void
  /** Takes one page out of the pending changes. */
  onDrop: (pageId: string) => void
}

/** The pending changes page by page, as diffs, with a note, Apply and Discard. */
export function ReviewDialog({
  open,
  onOpenChange,
  edits,
  applying,
  outcome,
  onApply,
  onDiscard,
  onDrop,
}: ReviewDialogProps) {
  const noteId = useId()
  const [note, setNote] = useState('')
  const [confirmDiscard, setConfirmDiscard] = useState(false)
  const list = useMemo(
    () => [...edits.values()].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0)),
    [edits],
  )
  const conflicts = list.filter((edit) => edit.conflict).length
  const count = list.length
  return (
    <Dialog open={open} onOpenChange={(next) => !applying && onOpenChange(next)}>
      <DialogContent
        className="hm-bulk-editor__dialog hm-bulk-editor__review"
        title="Review changes"
        description={
          count === 0
            ? 'No pending changes.'
            : `${count.toLocaleString('en')} ${count === 1 ? 'page' : 'pages'} will get a new revision.${conflicts ? ` ${conflicts} changed by someone else since they were loaded.` : ''}`
        }
        footer={
          confirmDiscard ? (
            <>
              <span className="hm-bulk-editor__muted">
                Discard all {count.toLocaleString('en')} pending changes?
              </span>
              <Button variant="ghost" onClick={() => setConfirmDiscard(false)}>
                Keep them
              </Button>
              <Button
                variant="danger"
                onClick={() => {
                  setConfirmDiscard(false)
                  onDiscard()
                }}
              >
                Discard changes
              </Button>
            </>
          ) : (
            <>
              <Button
                variant="ghost"
                disabled={applying || count === 0}
                onClick={() => setConfirmDiscard(true)}
              >
                Discard…
              </Button>
              <Button
                variant="primary"
                loading={applying}
                disabled={count === 0}
                onClick={() => onApply(note.trim())}
              >
                Apply {count.toLocaleString('en')} {count === 1 ? 'change' : 'changes'}
              </Button>
            </>
          )
        }
      >
        {outcome?.error ? (
          <Alert tone="danger" live="assertive" title="The changes were not applied">
            {outcome.error}
          </Alert>
        ) : outcome?.result ? (
          <Alert
            tone={outcome.result.conflicts.length ? 'warning' : 'success'}
            title={`Applied ${outcome.result.applied.toLocaleString('en')} ${outcome.result.applied === 1 ? 'page' : 'pages'}`}
          >
            {outcome.result.conflicts.length ? (
              <>
                {outcome.result.conflicts.length === 1
                  ? 'One page was'
                  : `${outcome.result.conflicts.length} pages were`}{' '}
                changed by someone else and kept pending:{' '}
                {outcome.result.conflicts.map((conflict, index) => (
                  <span key={conflict.pageId}>
                    {index ? ', ' : ''}
                    <code dir="ltr">{conflict.path}</code>
                  </span>
                ))}
              </>
            ) : (
              'Every change was saved.'
            )}
          </Alert>
        ) : null}
        <div className="hm-bulk-editor__field">
          <label htmlFor={noteId}>Note (optional, saved with each revision)</label>
          <input
            id={noteId}
            className="hm-input"
            dir="auto"
            maxLength={500}
            value={note}
            onChange={(event) => setNote(event.target.value)}
          />
        </div>
        <ol className="hm-bulk-editor__diffs">
          {list.slice(0, SHOWN_DIFFS).map((edit) => (
            <li
              key={edit.pageId}
              className="hm-bulk-editor__diff"
              data-conflict={edit.conflict ? true : undefined}
            >
              <div className="hm-bulk-editor__diff-head">
                <h3>
                  <code dir="ltr">{edit.path}</code>
                </h3>
                <Button
                  size="sm"
                  variant="ghost"
                  disabled={applying}
                  onClick={() => onDrop(edit.pageId)}
                >
                  Remove<span className="hm-visually-hidden"> the changes of {edit.path}</span>
                </Button>
              </div>
              {edit.conflict ? (
                <p className="hm-bulk-editor__conflict-message">Conflict: {edit.conflict}</p>
              ) : null}
              <RevisionDiff
                before={edit.before}
                after={edit.after}
                beforeLabel="Now"
                afterLabel="After applying"
              />
            </li>
          ))}
        </ol>
        {count > SHOWN_DIFFS ? (
          <p className="hm-bulk-editor__muted">
            And {(count - SHOWN_DIFFS).toLocaleString('en')} more pages, applied with these.
          </p>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
