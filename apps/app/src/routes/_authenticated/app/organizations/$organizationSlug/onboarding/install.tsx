import { createFileRoute } from '@tanstack/react-router'
import { publicApiUrl } from '~/features/onboarding/api-url.ts'
import { validateInstallSearch } from '~/features/onboarding/guards.ts'
import { InstallGuide } from '~/features/onboarding/install-guide.tsx'
import { guardInstallStep } from '~/features/onboarding/route-guards.ts'
import { siteQuery } from '~/features/sites/queries.ts'
import { SiteNotFound } from '~/features/sites/site-not-found.tsx'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding/install',
)({
  staticData: { crumb: 'Install & Configure' },
  validateSearch: validateInstallSearch,
  beforeLoad: ({ params, search }) =>
    guardInstallStep(params.organizationSlug, search.siteHostname),
  loaderDeps: ({ search }) => ({ siteHostname: search.siteHostname ?? '' }),
  // A site of another organization, or one that was deleted meanwhile, is said so in place.
  loader: async ({ context, params, deps }) => {
    const [, apiUrl] = await orNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(siteQuery(params.organizationSlug, deps.siteHostname)),
        publicApiUrl(),
      ]),
    )
    // The crumb leads back to this site's install step.
    return { apiUrl, crumbSearch: { siteHostname: deps.siteHostname } }
  },
  head: ({ match }) => titledHead(match, 'Site', 'Install & configure'),
  notFoundComponent: InstallSiteNotFound,
  component: InstallPage,
})

function InstallPage() {
  const { organizationSlug } = Route.useParams()
  const { siteHostname = '' } = Route.useSearch()
  const { apiUrl } = Route.useLoaderData()
  return (
    <InstallGuide organizationSlug={organizationSlug} siteHostname={siteHostname} apiUrl={apiUrl} />
  )
}

function InstallSiteNotFound() {
  const { organizationSlug } = Route.useParams()
  const { siteHostname = '' } = Route.useSearch()
  return <SiteNotFound organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
