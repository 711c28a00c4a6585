import { Card, CardContent } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { organizationQuery } from './queries.ts'
import { organizationAccess } from './access.ts'
import { DeleteOrganization } from './delete-organization.tsx'
import { OrganizationHeader } from './organization-header.tsx'
import { OrganizationSettingsForm } from './organization-settings-form.tsx'
import { OwnersAndAdminsOnly } from './owners-only.tsx'
import { PublishingPolicyCard } from '~/features/change-requests/publishing-policy.tsx'

/** The organization's settings: its name and slug, then deleting it. Owners and admins only. */
export function OrganizationSettings({ organizationSlug }: { organizationSlug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const { canUpdate } = organizationAccess(organization.role)
  return (
    <div className="stack-lg">
      <OrganizationHeader organizationSlug={organizationSlug} />
      {canUpdate ? (
        <div className="stack-lg page-medium">
          <Card>
            <CardContent>
              <h2 className="card-heading">Name and address</h2>
              {/* Keyed by the stored values: a save shows here fresh. */}
              <OrganizationSettingsForm
                key={`${organization.name}\u0000${organization.slug}`}
                organization={organization}
              />
            </CardContent>
          </Card>
          <PublishingPolicyCard
            organizationSlug={organizationSlug}
            isOwner={organization.role === 'owner'}
          />
          <DeleteOrganization organization={organization} />
        </div>
      ) : (
        <OwnersAndAdminsOnly
          organizationSlug={organizationSlug}
          description="Your role in this organization lets you work on its sites, pages and metadata, but not change the organization’s settings. Ask an owner or admin."
        />
      )}
    </div>
  )
}
