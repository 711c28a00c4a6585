import type { SiteLocales } from '@headmark/api/site-locales'
import type { MetadataEditorTab } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

interface LocaleSwitcherProps {
  organizationSlug: string
  siteHostname: string
  pagePath: string
  locales: SiteLocales
  /** The locale whose set is shown. */
  current: string
  /** The locales with a set of their own (the default locale's is the page's own). */
  withSets: readonly string[]
  tab: MetadataEditorTab
}

/**
 * One link per locale of the site: each opens the page's set in that locale (its own address,
 * so the browser's back button and a shared link keep the locale). Links are reached with Tab
 * and wrap on a narrow screen; the current one is marked for assistive technology.
 */
export function LocaleSwitcher({
  organizationSlug,
  siteHostname,
  pagePath,
  locales,
  current,
  withSets,
  tab,
}: LocaleSwitcherProps) {
  return (
    <nav className="locale-switcher" aria-label="Locale">
      <span className="muted small" aria-hidden="true">
        Locale
      </span>
      <ul>
        {locales.locales.map(({ code }) => {
          const isDefault = code === locales.defaultLocale
          const state = isDefault ? 'default' : withSets.includes(code) ? null : 'inherits'
          return (
            <li key={code}>
              <Link
                to="/app/organizations/$organizationSlug/sites/$siteHostname/page"
                params={{ organizationSlug, siteHostname }}
                search={{ path: pagePath, tab, ...(isDefault ? {} : { locale: code }) }}
                aria-current={code === current ? 'page' : undefined}
                // Only this very address is the current one (the router would also mark the
                // default locale's link, whose search is a part of every other's).
                activeOptions={{ exact: true, includeSearch: true }}
                resetScroll={false}
              >
                <span lang={code}>{code}</span>
                {state ? ' ' : null}
                {state ? <span className="locale-switcher__state">{state}</span> : null}
              </Link>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
