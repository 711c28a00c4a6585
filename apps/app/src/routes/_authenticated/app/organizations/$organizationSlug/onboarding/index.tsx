import { createFileRoute, redirect } from '@tanstack/react-router'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding/',
)({
  beforeLoad: ({ params }) => {
    throw redirect({
      to: '/app/organizations/$organizationSlug/onboarding/plan',
      params: { organizationSlug: params.organizationSlug },
    })
  },
})
