import { createFileRoute, redirect } from '@tanstack/react-router'
import { OrganizationHome } from '~/features/organizations/organization-home.tsx'
import { hasNoSites } from '~/features/onboarding/route-guards.ts'
import { loadSiteAccess } from '~/features/sites/access.tsx'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug/')({
  loader: async ({ context, params }) => {
    // Spec §2: an organization without sites continues its onboarding with the first one, for
    // those who may add it. A member stays here: the home's empty list says who adds sites.
    if (
      (await hasNoSites(context.queryClient, params.organizationSlug)) &&
      (await loadSiteAccess(context.queryClient, params.organizationSlug)).canManageSites
    ) {
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
