import { Badge, DataTable } from '@headmark/ui'
import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useMemo } from 'react'
import { SiteNav } from '~/features/sites/site-nav.tsx'
import { Time } from '~/lib/dates.tsx'
import { changeSetCountsLabel, changeSetSourceLabel, changeSetStatus } from './change-set-labels.ts'
import { changeSetsQuery, type ChangeSetSummary } from './queries.ts'

interface ChangeSetListProps {
  organizationSlug: string
  siteHostname: string
}

/**
 * A site's change sets, newest first: bulk edits, imports and undos, each with its pages' count
 * and status. Discarded sets (the drafts operations are built in, and sets given up) are left out.
 */
export function ChangeSetList({ organizationSlug, siteHostname }: ChangeSetListProps) {
  const list = useSuspenseInfiniteQuery(changeSetsQuery(organizationSlug, siteHostname))
  const rows = useMemo(
    () => list.data.pages.flatMap((page) => page.items).filter((set) => set.status !== 'discarded'),
    [list.data],
  )
  const params = { organizationSlug, siteHostname }
  return (
    <div className="stack-lg">
      <div className="page-heading">
        <div>
          <h1>Changes</h1>
          <p className="muted">
            Bulk edits and imports of {siteHostname}, page by page; an applied one can be undone.
          </p>
        </div>
      </div>
      <SiteNav {...params} />
      <DataTable<ChangeSetSummary>
        label="Change sets"
        rows={rows}
        empty={{
          title: 'No changes yet',
          description:
            'Edits applied from the table of pages, and imported files, are listed here.',
        }}
        pagination={{
          kind: 'more',
          hasMore: list.hasNextPage,
          loading: list.isFetchingNextPage,
          onLoadMore: () => void list.fetchNextPage(),
          label: 'Show older changes',
        }}
        columns={[
          {
            id: 'change',
            header: 'Change',
            rowHeader: true,
            cell: (set) => (
              <span className="change-set-name">
                <Link
                  to="/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId"
                  params={{ ...params, changeSetId: set.id }}
                  className="text-link"
                >
                  {changeSetSourceLabel(set.source)}
                </Link>
                {set.note ? (
                  <span className="muted change-set-note" dir="auto">
                    {set.note}
                  </span>
                ) : null}
              </span>
            ),
          },
          {
            id: 'status',
            header: 'Status',
            cell: (set) => {
              const status = changeSetStatus(set)
              return <Badge tone={status.tone}>{status.label}</Badge>
            },
          },
          { id: 'pages', header: 'Pages', cell: (set) => changeSetCountsLabel(set) },
          {
            id: 'author',
            header: 'By',
            cell: (set) => set.author?.name ?? 'A former member',
          },
          {
            id: 'when',
            header: 'When',
            cell: (set) => <Time value={set.appliedAt ?? set.createdAt} />,
          },
        ]}
      />
    </div>
  )
}
