import { createFileRoute } from '@tanstack/react-router'
import { OrganizationHome } from '../../../../../components/organizations/organization-home.tsx'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug/')({
  component: () => <OrganizationHome slug={Route.useParams().organizationSlug} />,
})
