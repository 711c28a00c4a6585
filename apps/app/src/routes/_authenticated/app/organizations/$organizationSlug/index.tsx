import { createFileRoute } from '@tanstack/react-router'
import { OrganizationHome } from '../../../../../components/organizations/organization-home.tsx'
import { sitesQuery } from '../../../../../features/sites/queries.ts'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug/')({
  loader: async ({ context, params }) => {
    await context.queryClient.ensureQueryData(sitesQuery(params.organizationSlug))
  },
  component: OrganizationPage,
})

function OrganizationPage() {
  return <OrganizationHome slug={Route.useParams().organizationSlug} />
}
