import { createRootHead } from '@headmark/metadata/tanstack-start'
import {
  createRootRoute,
  HeadContent,
  Link,
  Outlet,
  Scripts,
  useParams,
} from '@tanstack/react-router'
import type { ReactNode } from 'react'
import { DEFAULT_LOCALE, localeOfParam, localeParam } from '../locales.ts'
import { organizationJsonLd, SITE_NAME } from '../site.ts'
import styles from '../styles.css?url'

export const Route = createRootRoute({
  // What every page has, without asking Headmark: each route's head adds the page's own tags.
  head: createRootHead({
    fallback: [
      { tag: 'meta', attrs: { charset: 'utf-8' } },
      { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
      { tag: 'title', children: SITE_NAME },
      { tag: 'link', attrs: { rel: 'stylesheet', href: styles } },
      organizationJsonLd,
    ],
  }),
  shellComponent: RootDocument,
  component: Layout,
  notFoundComponent: NotFound,
})

/** The page's locale, from the optional `{-$locale}` segment of its route (none: English). */
function useLocale() {
  const { locale } = useParams({ strict: false })
  return localeOfParam(locale) ?? DEFAULT_LOCALE
}

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang={useLocale()}>
      <head>
        <HeadContent />
      </head>
      <body>
        {children}
        <Scripts />
      </body>
    </html>
  )
}

function Layout() {
  const locale = localeParam(useLocale())
  return (
    <>
      <header>
        <nav aria-label="Main">
          <Link to="/{-$locale}" params={{ locale }} className="brand">
            {SITE_NAME}
          </Link>
          <Link to="/{-$locale}/pricing" params={{ locale }}>
            Pricing
          </Link>
          <Link to="/blog/$slug" params={{ slug: 'hello-world' }}>
            Blog
          </Link>
        </nav>
      </header>
      <main>
        <Outlet />
      </main>
    </>
  )
}

function NotFound() {
  return (
    <>
      <h1>Not found</h1>
      <p>
        There is no page here.{' '}
        <Link to="/{-$locale}" params={{ locale: undefined }}>
          Back to the home page
        </Link>
        .
      </p>
    </>
  )
}
