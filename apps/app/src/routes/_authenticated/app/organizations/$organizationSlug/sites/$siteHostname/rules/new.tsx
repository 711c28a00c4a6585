import { createFileRoute } from '@tanstack/react-router'
import { draftQuery, publishingPolicyQuery } from '~/features/change-requests/queries.ts'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { RuleForm } from '~/features/path-rules/rule-form.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/rules/new',
)({
  staticData: { crumb: 'Create Rule' },
  loader: ({ context, params }) =>
    Promise.all([
      context.queryClient.ensureQueryData(organizationQuery(params.organizationSlug)),
      context.queryClient.ensureQueryData(publishingPolicyQuery(params.organizationSlug)),
      context.queryClient.ensureQueryData(draftQuery(params.organizationSlug, params.siteHostname)),
    ]),
  head: () => ({ meta: [{ title: 'Create rule — Headmark' }] }),
  component: CreateRulePage,
})

function CreateRulePage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <section className="page-narrow">
      <h1>Create a rule</h1>
      <p className="lead">
        Which pages of {siteHostname} it applies to; next, what it sets on them. Where review is
        asked for, the rule is proposed in a change request instead.
      </p>
      <RuleForm organizationSlug={organizationSlug} siteHostname={siteHostname} />
    </section>
  )
}
