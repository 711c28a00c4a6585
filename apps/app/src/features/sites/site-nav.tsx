import { Link, type LinkProps } from '@tanstack/react-router'

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
    {
      label: 'Import & export',
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

/** Tab-like links between a site's sections; the current one is marked. */
export function SiteNav({
  organizationSlug,
  siteHostname,
  canManageSites,
}: {
  organizationSlug: string
  siteHostname: string
  canManageSites: boolean
}) {
  return (
    <nav aria-label="Site" className="site-nav">
      <ul>
        {siteNavItems(canManageSites).map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              params={{ organizationSlug, siteHostname }}
              activeOptions={{ exact: item.exact ?? false, includeSearch: false }}
              activeProps={{ 'aria-current': 'page' }}
            >
              {item.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
