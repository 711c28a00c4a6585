import { useSuspenseQuery } from '@tanstack/react-query'
import { Link, type LinkProps, useMatchRoute } from '@tanstack/react-router'
import { organizationQuery } from '~/features/organizations/queries.ts'

/** One tab of a site's navigation: a page under `…/sites/$siteHostname`. */
interface SiteNavItem {
  label: string
  to: NonNullable<LinkProps['to']>
  /** Active only on this exact page, not on the pages below it. */
  exact?: boolean
}

/** The site's sections the user's role may open, in the order they are shown. */
export function siteNavItems(canManageSites: boolean): SiteNavItem[] {
  return [
    {
      label: 'Pages',
      to: '/app/organizations/$organizationSlug/sites/$siteHostname',
      exact: true,
    },
    { label: 'Rules', to: '/app/organizations/$organizationSlug/sites/$siteHostname/rules' },
    { label: 'Changes', to: '/app/organizations/$organizationSlug/sites/$siteHostname/changes' },
    { label: 'Import', to: '/app/organizations/$organizationSlug/sites/$siteHostname/import' },
    { label: 'Health', to: '/app/organizations/$organizationSlug/sites/$siteHostname/health' },
    {
      label: 'Change requests',
      to: '/app/organizations/$organizationSlug/sites/$siteHostname/change-requests',
    },
    {
      label: 'Spreadsheet',
      to: '/app/organizations/$organizationSlug/sites/$siteHostname/transfer',
    },
    { label: 'Webhooks', to: '/app/organizations/$organizationSlug/sites/$siteHostname/webhooks' },
    ...(canManageSites
      ? [
          {
            label: 'Settings',
            to: '/app/organizations/$organizationSlug/sites/$siteHostname/edit',
          } as const,
        ]
      : []),
  ]
}

/**
 * Tab-like links between a site's sections, shown under each section's heading; the current one
 * is marked. The table of pages (`bulk`) is the Pages section in another mode, so Pages stays
 * current there. Who may open Settings comes from the organization's query, which the
 * organization's layout has loaded.
 */
export function SiteNav({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const matchRoute = useMatchRoute()
  const onTable = Boolean(
    matchRoute({
      to: '/app/organizations/$organizationSlug/sites/$siteHostname/bulk',
      params: { organizationSlug, siteHostname },
    }),
  )
  return (
    <nav aria-label="Site" className="site-nav">
      <ul>
        {siteNavItems(organization.role !== 'member').map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              params={{ organizationSlug, siteHostname }}
              activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
              {...(item.label === 'Pages' && onTable ? { 'aria-current': 'page' as const } : {})}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
