import type { ReactNode } from 'react'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuGroup,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from '../dropdown-menu/dropdown-menu.tsx'
import { cx } from '../lib/cx.ts'
import { type RenderLink, renderAnchor } from '../lib/link.tsx'

/** One of the signed-in user's organizations, as the switcher lists it. */
export interface UserMenuOrganization {
  /** A stable key (e.g. the organization's slug). */
  key: string
  name: string
  /** Where choosing it goes (the organization's home). */
  href: string
  /** The organization the user is in now: marked, and announced as the current page. */
  current?: boolean
}

export interface UserMenuProps {
  name: string
  email: string
  /** Where the sign-out item goes. */
  signOutHref?: string
  signOutLabel?: string
  /** Renders the sign-out link with the app's router; defaults to a plain `<a href>`. */
  renderLink?: RenderLink
  /**
   * The organization switcher: the user's organizations, listed above the other items. Leave it
   * out to show no switcher.
   */
  organizations?: UserMenuOrganization[]
  organizationsLabel?: string
  /** Where "Create organization" goes; shown with the switcher. */
  createOrganizationHref?: string
  createOrganizationLabel?: string
  /** Extra DropdownMenuItem elements shown above the sign-out item. */
  children?: ReactNode
  className?: string
  /** Controlled open state, e.g. for stories and tests. */
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
}

function initials(name: string) {
  const parts = name.trim().split(/\s+/).filter(Boolean)
  const letters = parts.length > 1 ? [parts[0], parts[parts.length - 1]] : parts
  return letters.map((part) => Array.from(part ?? '')[0]?.toUpperCase() ?? '').join('') || '?'
}

/**
 * The signed-in user's menu: who is signed in, their organizations (a switcher, when given),
 * and the way out.
 *
 * @example
 * <UserMenu name={user.name} email={user.email} renderLink={({ href, ...p }) => <Link to={href} {...p} />} />
 */
export function UserMenu({
  name,
  email,
  signOutHref = '/sign-out',
  signOutLabel = 'Sign Out',
  renderLink = renderAnchor,
  organizations,
  organizationsLabel = 'Organizations',
  createOrganizationHref = '/app/organizations/create',
  createOrganizationLabel = 'Create organization',
  children,
  className,
  open,
  defaultOpen,
  onOpenChange,
}: UserMenuProps) {
  return (
    <DropdownMenu open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      <DropdownMenuTrigger className={cx('hm-user-menu__trigger', className)}>
        <span className="hm-user-menu__avatar" aria-hidden="true">
          {initials(name)}
        </span>
        <span className="hm-user-menu__name">{name}</span>
        <svg className="hm-user-menu__chevron" viewBox="0 0 16 16" aria-hidden="true">
          <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </DropdownMenuTrigger>
      <DropdownMenuContent className="hm-user-menu__content">
        <DropdownMenuLabel className="hm-user-menu__identity">
          <span className="hm-user-menu__identity-name">{name}</span>
          <span className="hm-user-menu__identity-email">{email}</span>
        </DropdownMenuLabel>
        <DropdownMenuSeparator />
        {organizations ? (
          <>
            <DropdownMenuGroup aria-label={organizationsLabel}>
              <DropdownMenuLabel className="hm-user-menu__group-label">
                {organizationsLabel}
              </DropdownMenuLabel>
              {organizations.map((organization) => (
                <DropdownMenuItem
                  key={organization.key}
                  asChild
                  className="hm-user-menu__organization"
                  data-current={organization.current ? '' : undefined}
                >
                  {renderLink({
                    href: organization.href,
                    ...(organization.current ? { 'aria-current': 'page' as const } : {}),
                    children: (
                      <>
                        <span className="hm-user-menu__organization-name">{organization.name}</span>
                        {organization.current ? (
                          // aria-current says it to assistive technology; the mark is for the eye.
                          <svg
                            className="hm-user-menu__check"
                            viewBox="0 0 16 16"
                            aria-hidden="true"
                          >
                            <path
                              d="M3.5 8.5l3 3 6-7"
                              fill="none"
                              stroke="currentColor"
                              strokeWidth="1.75"
                            />
                          </svg>
                        ) : null}
                      </>
                    ),
                  })}
                </DropdownMenuItem>
              ))}
              <DropdownMenuItem asChild className="hm-user-menu__create">
                {renderLink({
                  href: createOrganizationHref,
                  children: (
                    <>
                      <span aria-hidden="true">+</span> {createOrganizationLabel}
                    </>
                  ),
                })}
              </DropdownMenuItem>
            </DropdownMenuGroup>
            <DropdownMenuSeparator />
          </>
        ) : null}
        {children}
        <DropdownMenuItem asChild>
          {renderLink({ href: signOutHref, children: signOutLabel })}
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  )
}
