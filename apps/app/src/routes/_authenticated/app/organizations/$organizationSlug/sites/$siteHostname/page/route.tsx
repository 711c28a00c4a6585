import { createFileRoute, type NotFoundRouteProps, Outlet } from '@tanstack/react-router'
import { RefusedAddressView } from '~/components/not-found-view.tsx'
import { InPlaceError } from '~/components/in-place-error.tsx'
import { PageNotFound } from '~/features/pages/page-not-found.tsx'
import { pageQuery } from '~/features/pages/queries.ts'
import { pathFromSearch } from '~/features/pages/search.ts'
import { orNotFound, refusedAddress, titledHead } from '~/lib/not-found.ts'

/** One page of the site; without `path`, the site's defaults. */
export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/page',
)({
  validateSearch: pathFromSearch,
  loaderDeps: ({ search }) => ({ path: search.path ?? null }),
  // A path the site has no page for, or one no page can have (a malformed escape).
  loader: async ({ context, params, deps }) => {
    const details = await orNotFound(
      context.queryClient.ensureQueryData(
        pageQuery(params.organizationSlug, params.siteHostname, deps.path),
      ),
    )
    const path = details.page.path
    return path === null ? { crumb: 'Site defaults' } : { crumb: path, crumbSearch: { path } }
  },
  head: ({ loaderData, match }) => titledHead(match, 'Page', loaderData?.crumb),
  errorComponent: InPlaceError,
  notFoundComponent: NotFoundHere,
  component: Outlet,
})

function NotFoundHere({ data }: NotFoundRouteProps) {
  const { organizationSlug, siteHostname } = Route.useParams()
  const { path } = Route.useSearch()
  // A path no page can have (a malformed escape): the server says what is wrong with it.
  const refused = refusedAddress(data)
  if (refused) return <RefusedAddressView message={refused} />
  return (
    <PageNotFound organizationSlug={organizationSlug} siteHostname={siteHostname} path={path} />
  )
}
