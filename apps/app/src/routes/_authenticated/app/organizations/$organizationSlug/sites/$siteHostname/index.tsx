import { createFileRoute } from '@tanstack/react-router'
import { useCallback } from 'react'
import bulkStyles from '~/features/bulk/bulk.css?url'
import { pagesQuery } from '~/features/pages/queries.ts'
import { loadSiteAccess } from '~/features/sites/access.tsx'
import { SiteOverview } from '~/features/sites/site-overview.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/',
)({
  validateSearch: (search: Record<string, unknown>): { search?: string } =>
    typeof search.search === 'string' && search.search !== '' ? { search: search.search } : {},
  beforeLoad: ({ context, params }) => loadSiteAccess(context.queryClient, params.organizationSlug),
  loaderDeps: ({ search }) => ({ search: search.search ?? '' }),
  loader: async ({ context, params, deps }) => {
    await context.queryClient.ensureInfiniteQueryData(
      pagesQuery(params.organizationSlug, params.siteHostname, deps.search),
    )
  },
  // The "List | Table" switch of the pages' heading.
  head: () => ({ links: [{ rel: 'stylesheet', href: bulkStyles }] }),
  component: SiteOverviewPage,
})

function SiteOverviewPage() {
  const params = Route.useParams()
  const { search = '' } = Route.useSearch()
  const { canManageSites } = Route.useRouteContext()
  const navigate = Route.useNavigate()
  const onSearchChange = useCallback(
    (next: string) =>
      void navigate({ search: next ? { search: next } : {}, replace: true, resetScroll: false }),
    [navigate],
  )
  return (
    <SiteOverview
      {...params}
      search={search}
      onSearchChange={onSearchChange}
      canManageSites={canManageSites}
    />
  )
}
