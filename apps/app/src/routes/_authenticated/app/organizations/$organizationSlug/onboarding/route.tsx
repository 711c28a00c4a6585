import { createFileRoute, Outlet } from '@tanstack/react-router'
import onboardingStyles from '~/features/onboarding/onboarding.css?url'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding',
)({
  staticData: { crumb: 'Onboarding' },
  head: () => ({ links: [{ rel: 'stylesheet', href: onboardingStyles }] }),
  component: Outlet,
})
