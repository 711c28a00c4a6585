import { Badge } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { SiteList } from '../../features/sites/site-list.tsx'
import { organizationQuery } from '../../lib/queries.ts'

export function OrganizationHome({ slug }: { slug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(slug))
  return (
    <div className="stack-lg">
      <div className="page-heading">
        <h1>{organization.name}</h1>
        <Badge>{organization.role}</Badge>
      </div>
      <SiteList organizationSlug={slug} canManageSites={organization.role !== 'member'} />
    </div>
  )
}
