import { Badge, EmptyState } from '@headmark/ui'
import { useSuspenseQuery } from '@tanstack/react-query'
import { organizationQuery } from '../../lib/queries.ts'

export function OrganizationHome({ slug }: { slug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(slug))
  return (
    <div className="stack-lg">
      <div className="page-heading">
        <h1>{organization.name}</h1>
        <Badge>{organization.role}</Badge>
      </div>
      <EmptyState
        title="No sites yet"
        description="Sites are added by hostname; each one gets its pages, metadata and webhooks."
      />
    </div>
  )
}
