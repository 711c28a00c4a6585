import { createFileRoute } from '@tanstack/react-router'
import { RuleForm } from '~/features/path-rules/rule-form.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/rules/new',
)({
  staticData: { crumb: 'Create Rule' },
  head: () => ({ meta: [{ title: 'Create rule — Headmark' }] }),
  component: CreateRulePage,
})

function CreateRulePage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <section className="page-narrow">
      <h1>Create a rule</h1>
      <p className="lead">
        Which pages of {siteHostname} it applies to; next, what it sets on them.
      </p>
      <RuleForm organizationSlug={organizationSlug} siteHostname={siteHostname} />
    </section>
  )
}
