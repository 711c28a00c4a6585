import { createFileRoute, Outlet } from '@tanstack/react-router'
import { guardPlanStep } from '~/features/onboarding/route-guards.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding/plan',
)({
  beforeLoad: ({ context, params, location }) =>
    guardPlanStep(context.queryClient, params.organizationSlug, location.pathname),
  component: Outlet,
})
