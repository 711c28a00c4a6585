import { Button } from '@headmark/ui'
import { Link, useRouter } from '@tanstack/react-router'
import { lazy, Suspense, useEffect, useState } from 'react'
import { CommandPaletteButton } from '~/features/command-palette/command-palette-button.tsx'
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

/**
 * The header: brand, the main links, search (signed in), theme and the user's menu. On a narrow
 * screen the links fold into a Menu button's panel, which closes on navigation and on Escape.
 */
export function NavBar({ user }: { user: SessionUser | undefined }) {
  const [menuOpen, setMenuOpen] = useState(false)
  const router = useRouter()
  // A navigation (a link of the panel, the palette, the back button) folds the panel again.
  useEffect(() => router.subscribe('onBeforeNavigate', () => setMenuOpen(false)), [router])
  return (
    <header className="app-header">
      <nav
        aria-label="Main"
        className="app-nav"
        onKeyDown={(event) => {
          if (event.key === 'Escape' && menuOpen) {
            setMenuOpen(false)
            document.getElementById('nav-menu-button')?.focus()
          }
        }}
      >
        <Link to={user ? '/app' : '/'} className="brand">
          <span aria-hidden="true" className="brand-mark">
            ◆
          </span>
          Headmark
        </Link>
        <ul id="nav-links" className="nav-links" data-open={menuOpen ? '' : undefined}>
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
          {/* On a phone the theme moves into the panel, so the header stays one row. */}
          {menuOpen ? (
            <li className="nav-links-theme">
              <span>Theme</span>
              <ThemeSwitcher />
            </li>
          ) : null}
        </ul>
        <div className="nav-actions">
          {user ? <CommandPaletteButton /> : null}
          <div className="nav-theme">
            <ThemeSwitcher />
          </div>
          {user ? (
            <Suspense fallback={null}>
              <AccountMenu user={user} />
            </Suspense>
          ) : (
            <Button asChild variant="primary">
              <Link to="/get-started">Get Started</Link>
            </Button>
          )}
          <button
            type="button"
            id="nav-menu-button"
            className="nav-menu-button"
            aria-expanded={menuOpen}
            aria-controls="nav-links"
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 16 16" aria-hidden="true">
              {menuOpen ? (
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" />
              ) : (
                <path
                  d="M2.5 4.5h11M2.5 8h11M2.5 11.5h11"
                  stroke="currentColor"
                  strokeWidth="1.5"
                />
              )}
            </svg>
            <span className="hm-visually-hidden">Menu</span>
          </button>
        </div>
      </nav>
    </header>
  )
}
