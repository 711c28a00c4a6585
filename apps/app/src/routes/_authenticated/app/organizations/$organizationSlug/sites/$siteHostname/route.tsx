import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { isErrorCode } from '~/lib/form-errors.ts'
import { SiteNotFound } from '~/features/sites/site-not-found.tsx'
import { siteQuery } from '~/features/sites/queries.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname',
)({
  loader: async ({ context, params }) => {
    try {
      const site = await context.queryClient.ensureQueryData(
        siteQuery(params.organizationSlug, params.siteHostname),
      )
      return { crumb: site.name }
    } catch (error) {
      // An unknown site, or one of another organization, is said so in place.
      if (isErrorCode(error, 'NOT_FOUND')) throw notFound()
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.crumb} — Headmark` : 'Site — Headmark' }],
  }),
  notFoundComponent: NotFoundHere,
  component: Outlet,
})

function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <SiteNotFound organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
