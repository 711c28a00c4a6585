import { Link, type LinkProps } from '@tanstack/react-router'
import type { Organization } from './queries.ts'
import { organizationAccess } from './access.ts'

/** One tab of the organization's navigation: a page under `/app/organizations/$organizationSlug`. */
export interface OrganizationNavItem {
  label: string
  to: NonNullable<LinkProps['to']>
  /** Active only on this exact page, not on the pages below it. */
  exact?: boolean
}

/** The organization's pages the user's role may open, in the order they are shown. */
export function organizationNavItems(role: Organization['role']): OrganizationNavItem[] {
  const access = organizationAccess(role)
  return [
    { label: 'Sites', to: '/app/organizations/$organizationSlug', exact: true },
    { label: 'Change requests', to: '/app/organizations/$organizationSlug/change-requests' },
    { label: 'Members', to: '/app/organizations/$organizationSlug/members' },
    { label: 'Billing', to: '/app/organizations/$organizationSlug/billing' },
    ...(access.canUpdate
      ? ([
          { label: 'Audit log', to: '/app/organizations/$organizationSlug/audit' },
          { label: 'Settings', to: '/app/organizations/$organizationSlug/settings' },
        ] as const)
      : []),
  ]
}

/** Tab-like links between an organization's pages; the current page is marked for everyone. */
export function OrganizationNav({
  organizationSlug,
  items,
}: {
  organizationSlug: string
  items: OrganizationNavItem[]
}) {
  return (
    <nav aria-label="Organization" className="organization-nav">
      <ul>
        {items.map((item) => (
          <li key={item.label}>
            <Link
              to={item.to}
              params={{ organizationSlug }}
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
