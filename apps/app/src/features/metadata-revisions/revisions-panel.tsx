import { Badge, Button } from '@headmark/ui'
import type { MetadataEditorTab } from '@headmark/ui'
import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { Time } from '~/lib/dates.tsx'
import { revisionsQuery } from './queries.ts'
import { revisionAuthorLabel, revisionSourceLabel } from './revision-labels.ts'

interface RevisionsPanelProps {
  organizationSlug: string
  siteHostname: string
  pagePath: string | null
  /** The locale whose history is listed (absent: the default locale's). */
  locale?: string | undefined
  currentRevisionId: string | null
  /** The revision shown read-only, if any. */
  viewingId: string | undefined
  tab: MetadataEditorTab
  /** Opens the comparison of a revision with the current one. */
  onCompare: (revision: { id: string; number: number }) => void
}

/** The page's revisions, newest first; choosing one opens it read-only. */
export function RevisionsPanel({
  organizationSlug,
  siteHostname,
  pagePath,
  locale,
  currentRevisionId,
  viewingId,
  tab,
  onCompare,
}: RevisionsPanelProps) {
  const revisions = useSuspenseInfiniteQuery(
    revisionsQuery(organizationSlug, siteHostname, pagePath, locale),
  )
  const items = revisions.data.pages.flatMap((page) => page.items)
  return (
    <section aria-labelledby="revisions-heading" className="side-panel stack">
      <h2 id="revisions-heading" className="card-heading">
        Revisions
      </h2>
      {items.length === 0 ? (
        <p className="muted">No revisions yet. The first save creates revision 1.</p>
      ) : (
        <ol className="revision-list">
          {items.map((revision) => (
            <li key={revision.id} className="revision-item">
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
                params={{ organizationSlug, siteHostname }}
                search={{
                  ...(pagePath === null ? {} : { path: pagePath }),
                  ...(locale ? { locale } : {}),
                  metadataRevisionId: revision.id,
                  tab,
                }}
                aria-current={revision.id === viewingId ? 'page' : undefined}
                className="revision-link"
              >
                Revision {revision.number}
              </Link>
              {revision.id === currentRevisionId ? (
                <Badge tone="success">Current</Badge>
              ) : currentRevisionId ? (
                <Button
                  size="sm"
                  variant="ghost"
                  className="revision-compare"
                  aria-label={`Compare revision ${revision.number} with the current revision`}
                  onClick={() => onCompare(revision)}
                >
                  Compare
                </Button>
              ) : null}
              <p className="muted small">
                {revisionAuthorLabel(revision)} · <Time value={revision.createdAt} />
                <br />
                {revision.changeSet ? (
                  <Link
                    to="/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId"
                    params={{ organizationSlug, siteHostname, changeSetId: revision.changeSet.id }}
                    className="text-link"
                  >
                    {revisionSourceLabel(revision)}
                  </Link>
                ) : (
                  revisionSourceLabel(revision)
                )}
              </p>
            </li>
          ))}
        </ol>
      )}
      {revisions.hasNextPage ? (
        <div>
          <Button
            size="sm"
            onClick={() => void revisions.fetchNextPage()}
            loading={revisions.isFetchingNextPage}
          >
            Show older revisions
          </Button>
        </div>
      ) : null}
    </section>
  )
}
