import { Badge } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { organizationQuery } from './queries.ts'
import { OrganizationNav, organizationNavItems } from './organization-nav.tsx'

/** The organization's name and the user's role in it, over the navigation between its pages. */
export function OrganizationHeader({ organizationSlug }: { organizationSlug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  return (
    <div className="organization-header">
      <div className="page-heading">
        <h1>{organization.name}</h1>
        <Badge>{organization.role}</Badge>
      </div>
      <OrganizationNav
        organizationSlug={organization.slug}
        items={organizationNavItems(organization.role)}
      />
    </div>
  )
}
