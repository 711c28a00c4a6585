import {
  type BulkApplyRequest,
  BulkEditor,
  type BulkOperation,
  type BulkScope,
  type BulkFieldKey,
  type BulkFilter,
  type BulkRow,
  type BulkSort,
  toast,
  type UseBulkEdits,
} from '@headmark/ui'
import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { useCallback, useLayoutEffect, useMemo, useRef } from 'react'
import { UnsavedChangesGuard } from '~/features/metadata-revisions/unsaved-changes-guard.tsx'
import { SiteNav } from '~/features/sites/site-nav.tsx'
import {
  applyBulkEdits,
  type BulkContext,
  previewBulkOperation,
  runBulkOperationOnServer,
} from './bulk-actions.ts'
import { bulkPagesQuery, bulkWriteKeys, MISSING_FIELDS, OPERATION_FIELDS } from './queries.ts'
import { PagesViewSwitch } from './view-switch.tsx'

interface BulkPageProps {
  organizationSlug: string
  siteHostname: string
  filter: BulkFilter
  onFilterChange: (filter: BulkFilter) => void
  sort: BulkSort
  onSortChange: (sort: BulkSort) => void
  columns: readonly BulkFieldKey[] | undefined
  onColumnsChange: (columns: BulkFieldKey[]) => void
  /** The pending changes, held by the route. */
  edits: UseBulkEdits
}

/**
 * The site's pages in table mode: every page × the chosen fields, loaded 200 at a time as the
 * table scrolls, edited in place or by find & replace and "Set field", reviewed as diffs and
 * applied as one change set.
 */
export function BulkPage({
  organizationSlug,
  siteHostname,
  filter,
  onFilterChange,
  sort,
  onSortChange,
  columns,
  onColumnsChange,
  edits,
}: BulkPageProps) {
  const queryClient = useQueryClient()
  const pages = useInfiniteQuery(bulkPagesQuery(organizationSlug, siteHostname, filter, sort))
  const rows = useMemo<BulkRow[]>(
    () => pages.data?.pages.flatMap((page) => page.items) ?? [],
    [pages.data],
  )
  const total = pages.data?.pages[0]?.total ?? null
  const authors = useMemo(() => {
    const byId = new Map<string, { id: string; name: string }>()
    for (const row of rows) if (row.lastChangedBy) byId.set(row.lastChangedBy.id, row.lastChangedBy)
    return [...byId.values()].sort((a, b) => a.name.localeCompare(b.name))
  }, [rows])

  // The actions read the rows and pending changes of the moment they run.
  const latest = useRef({ rows, edits })
  useLayoutEffect(() => {
    latest.current = { rows, edits }
  })
  const cache = useRef(new Map<string, Set<string>>())
  const contextNow = useCallback((): BulkContext => {
    const { rows: loaded, edits: bulk } = latest.current
    return {
      site: { organizationSlug, siteHostname },
      pending: bulk.edits,
      pathOf: (pageId) =>
        loaded.find((row) => row.id === pageId)?.path ?? bulk.edits.get(pageId)?.path,
      cache: cache.current,
    }
  }, [organizationSlug, siteHostname])
  const preview = useCallback(
    (operation: BulkOperation, scope: BulkScope) =>
      previewBulkOperation(contextNow(), operation, scope),
    [contextNow],
  )
  const run = useCallback(
    (operation: BulkOperation, scope: BulkScope) =>
      runBulkOperationOnServer(contextNow(), operation, scope),
    [contextNow],
  )
  const apply = async (request: BulkApplyRequest) => {
    const result = await applyBulkEdits(contextNow(), request)
    await Promise.all(
      bulkWriteKeys().map((queryKey) => queryClient.invalidateQueries({ queryKey })),
    )
    if (result.changeSetId !== null) {
      const count = result.applied
      toast.success(
        <span>
          {count.toLocaleString('en')} {count === 1 ? 'page' : 'pages'} changed.{' '}
          <Link
            to="/app/organizations/$organizationSlug/sites/$siteHostname/changes/$changeSetId"
            params={{ organizationSlug, siteHostname, changeSetId: result.changeSetId }}
            className="text-link"
          >
            See the change set
          </Link>
        </span>,
      )
    }
    return result
  }

  return (
    <div className="stack-lg bulk-page">
      <div className="page-heading">
        <div>
          <h1>Pages</h1>
          <p className="muted mono">{siteHostname}</p>
        </div>
        <div className="actions">
          <PagesViewSwitch
            organizationSlug={organizationSlug}
            siteHostname={siteHostname}
            current="table"
          />
        </div>
      </div>
      <SiteNav organizationSlug={organizationSlug} siteHostname={siteHostname} />
      <BulkEditor
        rows={rows}
        total={total}
        hasMore={pages.hasNextPage}
        onLoadMore={() => {
          if (!pages.isFetchingNextPage && !pages.isError) void pages.fetchNextPage()
        }}
        loading={pages.isPending || pages.isFetchingNextPage}
        error={pages.error}
        onRetry={() => void pages.refetch()}
        filter={filter}
        onFilterChange={onFilterChange}
        sort={sort}
        onSortChange={onSortChange}
        authors={authors}
        columns={columns}
        onColumnsChange={onColumnsChange}
        edits={edits}
        missingFields={MISSING_FIELDS}
        operationFields={OPERATION_FIELDS}
        onPreviewOperation={preview}
        onRunOperation={run}
        onApply={apply}
      />
      <UnsavedChangesGuard
        dirty={edits.count > 0}
        what={`${edits.count.toLocaleString('en')} ${edits.count === 1 ? 'page' : 'pages'}`}
      />
    </div>
  )
}
