import { createFileRoute } from '@tanstack/react-router'
import { OrganizationHome } from '../../../../../components/organizations/organization-home.tsx'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug/')({
  component: OrganizationPage,
})

function OrganizationPage() {
  return <OrganizationHome slug={Route.useParams().organizationSlug} />
}
