import { createFileRoute } from '@tanstack/react-router'
import { ChoosePlan } from '~/features/onboarding/choose-plan.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding/plan/',
)({
  head: () => ({ meta: [{ title: 'Choose a plan — Headmark' }] }),
  component: ChoosePlanPage,
})

function ChoosePlanPage() {
  return <ChoosePlan organizationSlug={Route.useParams().organizationSlug} />
}
