import { createFileRoute, redirect } from '@tanstack/react-router'
import { OrganizationHome } from '../../../../../components/organizations/organization-home.tsx'
import { refreshIfInvalidated } from '../../../../../features/onboarding/route-guards.ts'
import { sitesQuery } from '../../../../../features/sites/queries.ts'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug/')({
  loader: async ({ context, params }) => {
    await refreshIfInvalidated(context.queryClient, sitesQuery(params.organizationSlug).queryKey)
    const sites = await context.queryClient.ensureQueryData(sitesQuery(params.organizationSlug))
    // Spec §2: an organization without sites continues its onboarding with the first one.
    if (sites.length === 0) {
      throw redirect({
        to: '/app/organizations/$organizationSlug/onboarding/site',
        params: { organizationSlug: params.organizationSlug },
      })
    }
  },
  component: OrganizationPage,
})

function OrganizationPage() {
  return <OrganizationHome slug={Route.useParams().organizationSlug} />
}
