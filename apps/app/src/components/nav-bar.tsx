import { Button } from '@headmark/ui'
import { Link } from '@tanstack/react-router'
import { lazy, Suspense } from 'react'
import { DOCS_URL } from '~/lib/links.ts'
import type { SessionUser } from '~/lib/session.ts'
import { ThemeSwitcher } from './theme-switcher.tsx'

// The signed-in user's menu and organization switcher, in a chunk of its own: its dropdown
// (Radix, Floating UI) is not loaded for visitors.
const AccountMenu = lazy(() =>
  import('~/features/organizations/account-menu.tsx').then((module) => ({
    default: module.AccountMenu,
  })),
)

export function NavBar({ user }: { user: SessionUser | undefined }) {
  return (
    <header className="app-header">
      <nav aria-label="Main" className="app-nav">
        <Link to={user ? '/app' : '/'} className="brand">
          <span aria-hidden="true" className="brand-mark">
            ◆
          </span>
          Headmark
        </Link>
        <ul className="nav-links">
          {user ? (
            <li>
              <Link to="/app" activeProps={{ 'aria-current': 'page' }}>
                Dashboard
              </Link>
            </li>
          ) : (
            <>
              <li>
                <Link
                  to="/"
                  activeOptions={{ exact: true }}
                  activeProps={{ 'aria-current': 'page' }}
                >
                  Home
                </Link>
              </li>
              <li>
                <Link to="/pricing" activeProps={{ 'aria-current': 'page' }}>
                  Pricing
                </Link>
              </li>
            </>
          )}
          {user?.platformAdmin ? (
            <li>
              <Link to="/app/admin" activeProps={{ 'aria-current': 'page' }}>
                Admin
              </Link>
            </li>
          ) : null}
          <li>
            <a href={DOCS_URL} target="_blank" rel="noreferrer">
              Docs<span className="hm-visually-hidden"> (opens in a new tab)</span>
            </a>
          </li>
          {user ? null : (
            <li>
              <Link to="/changelog" activeProps={{ 'aria-current': 'page' }}>
                Changelog
              </Link>
            </li>
          )}
        </ul>
        <div className="nav-actions">
          <ThemeSwitcher />
          {user ? (
            <Suspense fallback={null}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <Button asChild variant="primary">
              <Link to="/get-started">Get Started</Link>
            </Button>
          )}
        </div>
      </nav>
    </header>
  )
}
