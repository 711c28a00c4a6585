import { createFileRoute, Link } from '@tanstack/react-router'
import { NotFoundView } from '~/components/not-found-view.tsx'
import { draftQuery, publishingPolicyQuery } from '~/features/change-requests/queries.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { pathRuleQuery, pathRuleRevisionsQuery } from '~/features/path-rules/queries.ts'
import { RulePage } from '~/features/path-rules/rule-page.tsx'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/rules/$ruleId',
)({
  staticData: { crumb: 'Rule' },
  loader: async ({ context, params }) => {
    const { organizationSlug, siteHostname, ruleId } = params
    await orNotFound(
      Promise.all([
        context.queryClient.ensureQueryData(organizationQuery(organizationSlug)),
        context.queryClient.ensureQueryData(publishingPolicyQuery(organizationSlug)),
        context.queryClient.ensureQueryData(draftQuery(organizationSlug, siteHostname)),
        context.queryClient.ensureQueryData(pathRuleQuery(organizationSlug, siteHostname, ruleId)),
        context.queryClient.ensureQueryData(
          pathRuleRevisionsQuery(organizationSlug, siteHostname, ruleId),
        ),
      ]),
    )
  },
  head: ({ match }) => titledHead(match, 'Rule'),
  notFoundComponent: NotFoundHere,
  component: RuleRoute,
})

function RuleRoute() {
  const { organizationSlug, siteHostname, ruleId } = Route.useParams()
  return (
    <RulePage
      key={ruleId}
      organizationSlug={organizationSlug}
      siteHostname={siteHostname}
      ruleId={ruleId}
    />
  )
}

/** A rule id the site has none for (deleted, or never there). */
function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <NotFoundView
      what="Rule"
      description={`${siteHostname} has no such rule. It may have been deleted.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/rules"
          params={{ organizationSlug, siteHostname }}
          className="text-link"
        >
          See the site’s rules
        </Link>
      }
    />
  )
}
