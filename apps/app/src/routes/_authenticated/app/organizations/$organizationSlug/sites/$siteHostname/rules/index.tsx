import { createFileRoute } from '@tanstack/react-router'
import { publishingPolicyQuery } from '~/features/change-requests/queries.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { pathRulesQuery } from '~/features/path-rules/queries.ts'
import { RulesList } from '~/features/path-rules/rules-list.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/rules/',
)({
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(organizationQuery(params.organizationSlug)),
      context.queryClient.ensureQueryData(publishingPolicyQuery(params.organizationSlug)),
      context.queryClient.ensureQueryData(
        pathRulesQuery(params.organizationSlug, params.siteHostname),
      ),
    ]),
  head: ({ params }) => ({ meta: [{ title: `Rules of ${params.siteHostname} — Headmark` }] }),
  component: RulesPage,
})

function RulesPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <RulesList organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
