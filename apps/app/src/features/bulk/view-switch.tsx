import { Link } from '@tanstack/react-router'

/**
 * "List | Table": the site's pages as the overview's list, or as the bulk table where every page's
 * fields are edited at once. Plain links, so the overview never loads the table's code.
 */
export function PagesViewSwitch({
  organizationSlug,
  siteHostname,
  current,
}: {
  organizationSlug: string
  siteHostname: string
  current: 'list' | 'table'
}) {
  const params = { organizationSlug, siteHostname }
  return (
    <nav aria-label="Show pages as" className="pages-view-switch">
      <Link
        to="/app/organizations/$organizationSlug/sites/$siteHostname"
        params={params}
        aria-current={current === 'list' ? 'page' : undefined}
      >
        List
      </Link>
      <Link
        to="/app/organizations/$organizationSlug/sites/$siteHostname/bulk"
        params={params}
        aria-current={current === 'table' ? 'page' : undefined}
      >
        Table
      </Link>
    </nav>
  )
}
