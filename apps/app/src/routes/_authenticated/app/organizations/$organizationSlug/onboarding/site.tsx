import { createFileRoute } from '@tanstack/react-router'
import { FirstSite } from '~/features/onboarding/first-site.tsx'
import { guardSiteStep } from '~/features/onboarding/route-guards.ts'
import { loadSiteAccess } from '~/features/sites/access.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/onboarding/site',
)({
  staticData: { crumb: 'Create Your First Site' },
  beforeLoad: async ({ context, params }) => {
    await guardSiteStep(context.queryClient, params.organizationSlug)
    return loadSiteAccess(context.queryClient, params.organizationSlug)
  },
  head: () => ({ meta: [{ title: 'Create your first site — Headmark' }] }),
  component: FirstSitePage,
})

function FirstSitePage() {
  const { organizationSlug } = Route.useParams()
  const { canManageSites } = Route.useRouteContext()
  return <FirstSite organizationSlug={organizationSlug} canManageSites={canManageSites} />
}
