import { createFileRoute, Outlet } from '@tanstack/react-router'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding',
)({
  staticData: { crumb: 'Onboarding' },
  component: Outlet,
})
