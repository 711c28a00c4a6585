import {
  type BulkFieldKey,
  type BulkFilter,
  type BulkSort,
  isBulkFieldKey,
  useBulkEdits,
} from '@headmark/ui'
import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import { BulkPage } from '~/features/bulk/bulk-page.tsx'
import bulkStyles from '~/features/bulk/bulk.css?url'
import { bulkPagesQuery, MISSING_FIELDS } from '~/features/bulk/queries.ts'
import { siteQuery } from '~/features/sites/queries.ts'
import { loadSiteAccess } from '~/features/sites/access.tsx'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

/** The table's filter, sort and columns, kept in the address so a view can be shared and reloaded. */
interface BulkSearch {
  pathPrefix?: string
  glob?: string
  missing?: BulkFieldKey
  lint?: 'error' | 'warning'
  noindex?: boolean
  changedSince?: string
  authorId?: string
  sort?: 'changed'
  /** The field columns shown, comma-separated; the editor's default when absent. */
  columns?: string
}

const text = (value: unknown, max: number) =>
  typeof value === 'string' && value !== '' && value.length <= max ? value : undefined

export function validateBulkSearch(search: Record<string, unknown>): BulkSearch {
  const missing = typeof search.missing === 'string' ? search.missing : ''
  // Field keys are checked by the table (the editor's field list stays out of the first load).
  const columns =
    typeof search.columns === 'string'
      ? search.columns
          .split(',')
          .filter((key) => /^[A-Za-z.]{1,40}$/.test(key))
          .slice(0, 40)
      : []
  const changedSince = text(search.changedSince, 10)
  const out: BulkSearch = {
    pathPrefix: text(search.pathPrefix, 2048),
    glob: text(search.glob, 512),
    missing: (MISSING_FIELDS as readonly string[]).includes(missing)
      ? (missing as BulkFieldKey)
      : undefined,
    lint: search.lint === 'error' || search.lint === 'warning' ? search.lint : undefined,
    noindex: typeof search.noindex === 'boolean' ? search.noindex : undefined,
    changedSince:
      changedSince && /^\d{4}-\d{2}-\d{2}$/.test(changedSince) ? changedSince : undefined,
    authorId: text(search.authorId, 256),
    sort: search.sort === 'changed' ? 'changed' : undefined,
    columns: columns.length > 0 ? [...new Set(columns)].join(',') : undefined,
  }
  return Object.fromEntries(
    Object.entries(out).filter(([, value]) => value !== undefined),
  ) as BulkSearch
}

const filterOf = ({ sort: _sort, columns: _columns, ...filter }: BulkSearch): BulkFilter => filter
const sortOf = (search: BulkSearch): BulkSort =>
  search.sort === 'changed'
    ? { by: 'changed', direction: 'desc' }
    : { by: 'path', direction: 'asc' }

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/bulk',
)({
  validateSearch: validateBulkSearch,
  beforeLoad: ({ context, params }) => loadSiteAccess(context.queryClient, params.organizationSlug),
  loaderDeps: ({ search }) => ({ filter: filterOf(search), sort: sortOf(search) }),
  loader: async ({ context, params, deps }) => {
    // The site decides whether there is anything here; the table's pages load in its view (a
    // filter the server refuses is said there, with the filters still at hand).
    await orNotFound(
      context.queryClient.ensureQueryData(siteQuery(params.organizationSlug, params.siteHostname)),
    )
    await context.queryClient.prefetchInfiniteQuery(
      bulkPagesQuery(params.organizationSlug, params.siteHostname, deps.filter, deps.sort),
    )
  },
  staticData: { crumb: 'Table' },
  head: ({ match, params }) => ({
    ...titledHead(match, 'Site', `Pages of ${params.siteHostname} as a table`),
    links: [{ rel: 'stylesheet', href: bulkStyles }],
  }),
  component: BulkScreen,
})

function BulkScreen() {
  const params = Route.useParams()
  const search = Route.useSearch()
  const navigate = Route.useNavigate()
  // Held here, above the table, so the pending changes survive the table's reloads.
  const edits = useBulkEdits()
  const update = useCallback(
    (next: (previous: BulkSearch) => BulkSearch) =>
      void navigate({
        search: (previous) => validateBulkSearch({ ...next(previous) }),
        replace: true,
        resetScroll: false,
      }),
    [navigate],
  )
  const columns = search.columns?.split(',').filter((key) => isBulkFieldKey(key))
  return (
    <BulkPage
      {...params}

      filter={filterOf(search)}
      onFilterChange={(filter) =>
        update((previous) => ({ sort: previous.sort, columns: previous.columns, ...filter }))
      }
      sort={sortOf(search)}
      onSortChange={(sort) =>
        update((previous) => ({ ...previous, sort: sort.by === 'changed' ? 'changed' : undefined }))
      }
      columns={columns}
      onColumnsChange={(next) =>
        update((previous) => ({ ...previous, columns: next.length ? next.join(',') : '' }))
      }
      edits={edits}
    />
  )
}
