import { Button, DataTable, Field, Input } from '@headmark/ui'
import { useSuspenseInfiniteQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useEffect, useState } from 'react'
import { rowHeaderColumn } from '~/components/row-action.tsx'
import { Time } from '~/lib/dates.tsx'
import { useDebouncedValue } from '~/lib/use-debounced-value.ts'
import { type PageSummary, pagesQuery } from './queries.ts'

const SEARCH_DELAY_MS = 250

interface PageListProps {
  organizationSlug: string
  siteHostname: string
  /** The search in the URL; the list shows its results. */
  search: string
  onSearchChange: (search: string) => void
}

/** The site's pages by path: search by part of the path, then more, 50 at a time. */
export function PageList({
  organizationSlug,
  siteHostname,
  search,
  onSearchChange,
}: PageListProps) {
  const [typed, setTyped] = useState(search)
  const debounced = useDebouncedValue(typed.trim(), SEARCH_DELAY_MS)
  useEffect(() => {
    if (debounced !== search) onSearchChange(debounced)
  }, [debounced, search, onSearchChange])

  const pages = useSuspenseInfiniteQuery(pagesQuery(organizationSlug, siteHostname, search))
  const items = pages.data.pages.flatMap((page) => page.items)
  const searching = typed.trim() !== search
  const noPagesAtAll = items.length === 0 && !search && !typed

  return (
    <div className="stack">
      {noPagesAtAll ? null : (
        <div role="search" className="page-search">
          <Field label="Search pages" hideLabel>
            <Input
              type="search"
              value={typed}
              placeholder="Search by path, e.g. /blog"
              dir="ltr"
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
          </Field>
        </div>
      )}
      <p className="hm-visually-hidden" role="status">
        {searching ? 'Searching…' : ''}
      </p>
      <DataTable
        label="Page list"
        rows={items}
        busy={searching}
        empty={
          search
            ? {
                title: 'No matching pages',
                description: `No page of this site has “${search}” in its path.`,
              }
            : {
                title: 'No pages yet',
                description:
                  'Add a page by its path to give it metadata of its own. Until then, every path serves the site’s defaults.',
                action: (
                  <Button asChild variant="primary">
                    <Link
                      to="/app/organizations/$organizationSlug/sites/$siteHostname/pages/new"
                      params={{ organizationSlug, siteHostname }}
                    >
                      Create page
                    </Link>
                  </Button>
                ),
              }
        }
        pagination={{
          kind: 'more',
          hasMore: pages.hasNextPage,
          onLoadMore: () => void pages.fetchNextPage(),
          loading: pages.isFetchingNextPage,
          label: 'Show more pages',
        }}
        columns={[
          rowHeaderColumn(
            'path',
            'Path',
            (page: PageSummary) => (
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
                params={{ organizationSlug, siteHostname }}
                search={{ path: page.path }}
                className="strong-link mono"
              >
                {page.path}
              </Link>
            ),
            'path-cell',
          ),
          {
            id: 'last-change',
            header: 'Last change',
            cell: (page) =>
              page.lastChangedAt ? (
                <>
                  <span className="nowrap">
                    <Time value={page.lastChangedAt} />
                  </span>
                  {page.lastChangedBy ? (
                    <span className="muted"> by {page.lastChangedBy.name}</span>
                  ) : null}
                </>
              ) : (
                <span className="muted">No metadata yet</span>
              ),
          },
          {
            id: 'revisions',
            header: 'Revisions',
            align: 'end',
            cell: (page) => page.revisionCount.toLocaleString('en'),
          },
        ]}
      />
    </div>
  )
}
