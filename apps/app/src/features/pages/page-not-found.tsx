import { Button } from '@headmark/ui'
import { Link } from '@tanstack/react-router'
import { NotFoundView } from '~/components/not-found-view.tsx'

/** A path the site has no page for: offer to create it. */
export function PageNotFound({
  organizationSlug,
  siteHostname,
  path,
}: {
  organizationSlug: string
  siteHostname: string
  path: string | undefined
}) {
  const params = { organizationSlug, siteHostname }
  return (
    <NotFoundView
      what="Page"
      description={`${siteHostname} has no page ${path ?? ''}. It may have been renamed or deleted.`}
      action={
        <div className="actions">
          <Button asChild>
            <Link to="/app/organizations/$organizationSlug/sites/$siteHostname" params={params}>
              See the site’s pages
            </Link>
          </Button>
          <Button asChild variant="primary">
            <Link
              to="/app/organizations/$organizationSlug/sites/$siteHostname/pages/new"
              params={params}
              search={path === undefined ? {} : { path }}
            >
              {path === undefined ? 'Create a page' : `Create ${path}`}
            </Link>
          </Button>
        </div>
      }
    />
  )
}
