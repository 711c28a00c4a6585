import type { QueryClient } from '@tanstack/react-query'
import { OwnersAndAdminsOnly } from '~/features/organizations/owners-only.tsx'
import { organizationQuery } from '~/features/organizations/queries.ts'

/**
 * Whether the signed-in user may create, change and delete this organization's sites (owners
 * and admins). The server enforces the same rule; screens use it to hide what would be refused.
 */
export async function loadSiteAccess(
  queryClient: QueryClient,
  organizationSlug: string,
): Promise<{ canManageSites: boolean }> {
  const organization = await queryClient.ensureQueryData(organizationQuery(organizationSlug))
  return { canManageSites: organization.role !== 'member' }
}

/** What a member sees, in place, on a site screen only owners and admins may use. */
export function SiteSettingsRefused({
  organizationSlug,
  what,
}: {
  organizationSlug: string
  what: string
}) {
  return (
    <OwnersAndAdminsOnly
      organizationSlug={organizationSlug}
      description={`Your role in this organization lets you edit pages and their metadata, but not ${what}. Ask an owner or admin.`}
    />
  )
}
