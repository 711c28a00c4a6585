import { EmptyState } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

/** A revision id the page has no revision for: back to the page's editor. */
export function RevisionNotFound({
  organizationSlug,
  siteHostname,
  path,
}: {
  organizationSlug: string
  siteHostname: string
  path: string | undefined
}) {
  return (
    <EmptyState
      title="Revision not found"
      description={`${path ?? 'The site’s defaults'} has no such revision.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
          params={{ organizationSlug, siteHostname }}
          search={path === undefined ? {} : { path }}
          className="text-link"
        >
          Edit the current metadata
        </Link>
      }
    />
  )
}
