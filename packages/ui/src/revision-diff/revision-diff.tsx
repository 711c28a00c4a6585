import type { Metadata } from '@headmark/metadata'
import { type ComponentProps, type ReactNode, useMemo, useState } from 'react'
import { cx } from '../lib/cx.ts'
import { metadataFieldLabel } from '../metadata-editor/field-labels.ts'
import { diffMetadata, diffText, type FieldChange, type FieldChangeKind } from './diff.ts'

const KIND_LABELS: Record<FieldChangeKind, string> = {
  added: 'Added',
  removed: 'Removed',
  changed: 'Changed',
}

// Values longer than this are compared word by word rather than shown whole twice.
const LONG_VALUE = 60

export interface RevisionDiffProps extends Omit<ComponentProps<'section'>, 'children'> {
  /** The older revision's metadata. */
  before: Metadata
  /** The newer revision's (or the current draft's) metadata. */
  after: Metadata
  /** Names the two sides, e.g. "Revision of 3 May" and "Current". */
  beforeLabel?: ReactNode
  afterLabel?: ReactNode
}

type Filter = 'all' | FieldChangeKind

function Value({ change }: { change: FieldChange }) {
  const { before = '', after = '' } = change
  if (change.kind === 'changed' && (before.length > LONG_VALUE || after.length > LONG_VALUE)) {
    return (
      <p className="hm-revision-diff__text" dir="auto">
        {diffText(before, after).map((part, index) =>
          part.kind === 'same' ? (
            <span key={index}>{part.text}</span>
          ) : part.kind === 'added' ? (
            <ins key={index}>
              <span className="hm-visually-hidden"> [added: </span>
              {part.text}
              <span className="hm-visually-hidden">] </span>
            </ins>
          ) : (
            <del key={index}>
              <span className="hm-visually-hidden"> [removed: </span>
              {part.text}
              <span className="hm-visually-hidden">] </span>
            </del>
          ),
        )}
      </p>
    )
  }
  return (
    <dl className="hm-revision-diff__values">
      {change.kind !== 'added' ? (
        <div className="hm-revision-diff__value" data-side="before">
          <dt>Before</dt>
          <dd dir="auto">
            <del>{before}</del>
          </dd>
        </div>
      ) : null}
      {change.kind !== 'removed' ? (
        <div className="hm-revision-diff__value" data-side="after">
          <dt>After</dt>
          <dd dir="auto">
            <ins>{after}</ins>
          </dd>
        </div>
      ) : null}
    </dl>
  )
}

/**
 * What changed between two revisions, field by field: added, removed and changed values, long
 * texts as a word diff. A filter narrows the list to one kind of change.
 *
 * @example
 * <RevisionDiff before={revision.metadata} after={draft} beforeLabel="3 May, 14:02" afterLabel="Current" />
 */
export function RevisionDiff({
  before,
  after,
  beforeLabel = 'Revision',
  afterLabel = 'Current',
  className,
  ...props
}: RevisionDiffProps) {
  const changes = useMemo(() => diffMetadata(before, after), [before, after])
  const [filter, setFilter] = useState<Filter>('all')
  const counts = { all: changes.length, added: 0, removed: 0, changed: 0 }
  for (const change of changes) counts[change.kind] += 1
  const shown = filter === 'all' ? changes : changes.filter((change) => change.kind === filter)

  return (
    <section
      className={cx('hm-revision-diff', className)}
      aria-label="Changes between revisions"
      {...props}
    >
      <header className="hm-revision-diff__header">
        <p className="hm-revision-diff__sides">
          <span className="hm-revision-diff__side">{beforeLabel}</span>
          <span aria-hidden="true">→</span>
          <span className="hm-visually-hidden">compared with</span>
          <span className="hm-revision-diff__side">{afterLabel}</span>
        </p>
        {changes.length > 0 ? (
          <div className="hm-revision-diff__filter" role="group" aria-label="Show changes">
            {(['all', 'added', 'removed', 'changed'] as const).map((kind) => (
              <button
                key={kind}
                type="button"
                className="hm-revision-diff__filter-option"
                aria-pressed={filter === kind}
                disabled={kind !== 'all' && counts[kind] === 0}
                onClick={() => setFilter(kind)}
              >
                {kind === 'all' ? 'All' : KIND_LABELS[kind]} {counts[kind]}
              </button>
            ))}
          </div>
        ) : null}
      </header>
      {changes.length === 0 ? (
        <p className="hm-revision-diff__empty">No differences: both have the same metadata.</p>
      ) : (
        <ol className="hm-revision-diff__list">
          {shown.map((change) => (
            <li key={change.path} className="hm-revision-diff__item" data-kind={change.kind}>
              <div className="hm-revision-diff__field">
                <span className="hm-revision-diff__label">{metadataFieldLabel(change.path)}</span>
                <span className="hm-revision-diff__kind">{KIND_LABELS[change.kind]}</span>
              </div>
              <Value change={change} />
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}
