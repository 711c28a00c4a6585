import { createFileRoute } from '@tanstack/react-router'
import { PlanSuccess } from '~/features/onboarding/plan-success.tsx'
import { organizationQuery } from '~/features/organizations/queries.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding/plan/success',
)({
  // Spec §2: the success page needs the organization (the layout sends the user away without).
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(organizationQuery(params.organizationSlug)),
  head: () => ({ meta: [{ title: 'Plan chosen — Headmark' }] }),
  component: PlanSuccessPage,
})

function PlanSuccessPage() {
  return <PlanSuccess organizationSlug={Route.useParams().organizationSlug} />
}
