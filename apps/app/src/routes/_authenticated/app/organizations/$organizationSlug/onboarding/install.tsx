import { createFileRoute } from '@tanstack/react-router'
import { validateInstallSearch } from '~/features/onboarding/guards.ts'
import { InstallGuide } from '~/features/onboarding/install-guide.tsx'
import { publicApiUrlQuery } from '~/features/onboarding/queries.ts'
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
    await orNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(siteQuery(params.organizationSlug, deps.siteHostname)),
        context.queryClient.ensureQueryData(publicApiUrlQuery()),
      ]),
    )
    // The crumb leads back to this site's install step.
    return { crumbSearch: { siteHostname: deps.siteHostname } }
  },
  head: ({ match }) => titledHead(match, 'Site', 'Install & configure'),
  notFoundComponent: InstallSiteNotFound,
  component: InstallPage,
})

function InstallPage() {
  const { organizationSlug } = Route.useParams()
  const { siteHostname = '' } = Route.useSearch()
  return <InstallGuide organizationSlug={organizationSlug} siteHostname={siteHostname} />
}

function InstallSiteNotFound() {
  const { organizationSlug } = Route.useParams()
  const { siteHostname = '' } = Route.useSearch()
  return <SiteNotFound organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
