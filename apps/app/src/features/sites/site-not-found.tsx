import { EmptyState } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

export function SiteNotFound({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  return (
    <EmptyState
      title="Site not found"
      description={`This organization has no site ${siteHostname}. It may have been renamed or deleted.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug"
          params={{ organizationSlug }}
          className="text-link"
        >
          See the organization’s sites
        </Link>
      }
    />
  )
}
