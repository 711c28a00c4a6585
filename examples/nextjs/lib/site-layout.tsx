import { createRootMetadata } from '@headmark/metadata/next'
import type { Metadata } from 'next'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { env } from './env'
import '../app/styles.css'

// What every page has, whatever Headmark says: the page's own metadata (from Headmark, or each
// page's fallback) is merged over it by Next. Both root layouts (English at the root,
// app/(site), and the other locales, app/[locale]) export it.
export const siteMetadata: Metadata = createRootMetadata({
  fallback: {
    metadataBase: env.siteUrl, // makes the canonical and relative image URLs absolute
    title: { default: 'Acme Rockets', template: '%s | Acme Rockets' },
    description: 'Rockets anyone can launch.',
    icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }] },
    openGraph: { siteName: 'Acme Rockets', type: 'website' },
  },
})

/** The document of every page, in its language: `prefix` is the locale's (`/de`), or none. */
export function SiteDocument({
  lang,
  prefix = '',
  children,
}: {
  lang: string
  prefix?: string
  children: ReactNode
}) {
  return (
    <html lang={lang}>
      <body>
        <header>
          <nav aria-label="Main">
            <Link href={prefix || '/'}>Acme Rockets</Link>
            <Link href={`${prefix}/pricing`}>Pricing</Link>
            <Link href="/blog/hello-world">Blog</Link>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  )
}
