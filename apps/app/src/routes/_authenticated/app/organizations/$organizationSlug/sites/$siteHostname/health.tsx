import { createFileRoute } from '@tanstack/react-router'
import { HealthScreen } from '~/features/health/health-screen.tsx'
import { siteHealthQuery } from '~/features/health/queries.ts'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/health',
)({
  staticData: { crumb: 'Health' },
  loader: ({ context, params }) =>
    orNotFound(
      context.queryClient.ensureQueryData(
        siteHealthQuery(params.organizationSlug, params.siteHostname),
      ),
    ),
  head: ({ match, params }) => titledHead(match, 'Site', `Health — ${params.siteHostname}`),
  component: HealthPage,
})

function HealthPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <HealthScreen organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
