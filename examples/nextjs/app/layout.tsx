import { createRootMetadata } from '@headmark/metadata/next'
import type { Metadata } from 'next'
import Link from 'next/link'
import type { ReactNode } from 'react'
import { env } from '../lib/env'
import './styles.css'

// Pages are prerendered and served from Next's cache; Headmark's webhook revalidates a page the
// moment its metadata changes (app/api/headmark/route.ts). This is only the safety net for a
// webhook that never arrived: every page is rendered again at most an hour later.
export const revalidate = 3600

// What every page has, whatever Headmark says: the page's own metadata (from Headmark, or each
// page's fallback) is merged over it by Next.
export const metadata: Metadata = createRootMetadata({
  fallback: {
    metadataBase: env.siteUrl, // makes the canonical and relative image URLs absolute
    title: { default: 'Acme Rockets', template: '%s | Acme Rockets' },
    description: 'Rockets anyone can launch.',
    icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }] },
    openGraph: { siteName: 'Acme Rockets', type: 'website' },
  },
})

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header>
          <nav aria-label="Main">
            <Link href="/">Acme Rockets</Link>
            <Link href="/pricing">Pricing</Link>
            <Link href="/blog/hello-world">Blog</Link>
          </nav>
        </header>
        <main>{children}</main>
      </body>
    </html>
  )
}
