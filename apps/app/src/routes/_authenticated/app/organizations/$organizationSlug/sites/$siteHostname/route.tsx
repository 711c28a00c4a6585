import { createFileRoute, Outlet } from '@tanstack/react-router'
import { orNotFound, titledHead } from '~/lib/not-found.ts'
import { SiteNotFound } from '~/features/sites/site-not-found.tsx'
import discoveredPathsStyles from '~/features/discovered-paths/discovered-paths.css?url'
import siteApiKeysStyles from '~/features/site-api-keys/site-api-keys.css?url'
import localeStyles from '~/features/sites/locales.css?url'
import { siteQuery } from '~/features/sites/queries.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname',
)({
  // An unknown site, or one of another organization, is said so in place.
  loader: async ({ context, params }) => {
    const site = await orNotFound(
      context.queryClient.ensureQueryData(siteQuery(params.organizationSlug, params.siteHostname)),
    )
    return { crumb: site.name }
  },
  head: ({ loaderData, match }) => ({
    ...titledHead(match, 'Site', loaderData?.crumb),
    // The overview's and the settings' sections.
    links: [
      { rel: 'stylesheet', href: discoveredPathsStyles },
      { rel: 'stylesheet', href: siteApiKeysStyles },
      // The locale settings and the editor's locale switcher.
      { rel: 'stylesheet', href: localeStyles },
    ],
  }),
  notFoundComponent: NotFoundHere,
  component: Outlet,
})

function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <SiteNotFound organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
