import { Link } from '@tanstack/react-router'
import { NotFoundView } from '~/components/not-found-view.tsx'

export function SiteNotFound({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  return (
    <NotFoundView
      what="Site"
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
