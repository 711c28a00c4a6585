import { useSuspenseQuery } from '@tanstack/react-query'
import { OrganizationHeader } from './organization-header.tsx'
import { SiteList } from '~/features/sites/site-list.tsx'
import { organizationQuery } from './queries.ts'

export function OrganizationHome({ slug }: { slug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(slug))
  return (
    <div className="stack-lg">
      <OrganizationHeader organizationSlug={slug} />
      <SiteList organizationSlug={slug} canManageSites={organization.role !== 'member'} />
    </div>
  )
}
