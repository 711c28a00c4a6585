import { DropdownMenuItem, UserMenu } from '@headmark/ui'
import { useQuery } from '@tanstack/react-query'
import { useParams } from '@tanstack/react-router'
import { organizationsQuery } from './queries.ts'
import { renderRouterLink } from '~/lib/render-link.tsx'
import type { SessionUser } from '~/lib/session.ts'

/**
 * The signed-in user's menu with the organization switcher: their organizations (the one whose
 * pages are open marked as current) and a way to create another; then their account.
 */
export function AccountMenu({ user }: { user: SessionUser }) {
  const { organizationSlug } = useParams({ strict: false })
  const { data: organizations } = useQuery(organizationsQuery())
  return (
    <UserMenu
      name={user.name}
      email={user.email}
      renderLink={renderRouterLink}
      organizations={(organizations ?? []).map((organization) => ({
        key: organization.id,
        name: organization.name,
        href: `/app/organizations/${encodeURIComponent(organization.slug)}`,
        current: organization.slug === organizationSlug,
      }))}
    >
      <DropdownMenuItem asChild>
        {renderRouterLink({ href: '/app/account', children: 'Account' })}
      </DropdownMenuItem>
    </UserMenu>
  )
}
