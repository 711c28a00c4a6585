import { createRootHead } from '@headmark/metadata/tanstack-start'
import { createRootRoute, HeadContent, Link, Outlet, Scripts } from '@tanstack/react-router'
import type { ReactNode } from 'react'
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

function RootDocument({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
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
  return (
    <>
      <header>
        <nav aria-label="Main">
          <Link to="/" className="brand">
            {SITE_NAME}
          </Link>
          <Link to="/pricing">Pricing</Link>
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
        There is no page here. <Link to="/">Back to the home page</Link>.
      </p>
    </>
  )
}
