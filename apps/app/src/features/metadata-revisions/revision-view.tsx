import type { Metadata } from '@headmark/metadata'
import { Button, MetadataEditor, type MetadataEditorTab } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Time } from '~/lib/dates.tsx'
import { revisionQuery } from './queries.ts'
import { revisionAuthorLabel, revisionSourceLabel } from './revision-labels.ts'

interface RevisionViewProps {
  organizationSlug: string
  siteHostname: string
  pagePath: string | null
  metadataRevisionId: string
  isCurrent: boolean
  inherited: Metadata | undefined
  tab: MetadataEditorTab
  onTabChange: (tab: MetadataEditorTab) => void
  hasUnsavedChanges: boolean
  restoring: boolean
  onRestore: () => void
  onCompare: (revision: { id: string; number: number }) => void
}

/** One revision, read-only, with the way back to the editor and "Restore this revision". */
export function RevisionView({
  organizationSlug,
  siteHostname,
  pagePath,
  metadataRevisionId,
  isCurrent,
  inherited,
  tab,
  onTabChange,
  hasUnsavedChanges,
  restoring,
  onRestore,
  onCompare,
}: RevisionViewProps) {
  const { data: revision } = useSuspenseQuery(
    revisionQuery(organizationSlug, siteHostname, pagePath, metadataRevisionId),
  )
  return (
    <div className="stack">
      <div className="revision-banner">
        <div>
          <h2 className="card-heading">
            Revision {revision.number}
            {isCurrent ? ' (current)' : ''}
          </h2>
          <p className="muted small">
            {revisionAuthorLabel(revision)} · <Time value={revision.createdAt} /> ·{' '}
            {revisionSourceLabel(revision)}
          </p>
          {hasUnsavedChanges ? (
            <p className="small">Your unsaved changes are kept in the editor.</p>
          ) : null}
        </div>
        <div className="actions">
          <Button asChild>
            <Link
              to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
              params={{ organizationSlug, siteHostname }}
              search={(prev) => ({
                ...(pagePath === null ? {} : { path: pagePath }),
                ...(prev.locale ? { locale: prev.locale } : {}),
                tab,
              })}
            >
              Back to the editor
            </Link>
          </Button>
          {isCurrent ? null : (
            <Button onClick={() => onCompare(revision)}>Compare with current</Button>
          )}
          {isCurrent ? null : (
            <Button variant="primary" onClick={onRestore} loading={restoring}>
              Restore this revision
            </Button>
          )}
        </div>
      </div>
      <MetadataEditor
        value={revision.metadata}
        onChange={() => {}}
        readOnly
        scope={pagePath === null ? 'defaults' : 'page'}
        {...(inherited ? { inherited } : {})}
        tab={tab}
        onTabChange={onTabChange}
        status={`Read only: revision ${revision.number}`}
      />
    </div>
  )
}
