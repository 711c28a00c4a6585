import { createFileRoute } from '@tanstack/react-router'
import { OrganizationSettings } from '~/features/organizations/organization-settings.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/settings',
)({
  staticData: { crumb: 'Settings' },
  head: () => ({ meta: [{ title: 'Organization settings — Headmark' }] }),
  component: OrganizationSettingsPage,
})

function OrganizationSettingsPage() {
  return <OrganizationSettings organizationSlug={Route.useParams().organizationSlug} />
}
