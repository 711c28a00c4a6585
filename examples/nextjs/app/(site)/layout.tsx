import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { SiteDocument, siteMetadata } from '../../lib/site-layout'

// Pages are prerendered and served from Next's cache; Headmark's webhook revalidates a page the
// moment its metadata changes (app/api/headmark/route.ts). This is only the safety net for a
// webhook that never arrived: every page is rendered again at most an hour later.
export const revalidate = 3600

// The root layout of the English pages, at the root of the site (/, /pricing, /blog/…).
export const metadata: Metadata = siteMetadata

export default function RootLayout({ children }: { children: ReactNode }) {
  return <SiteDocument lang="en">{children}</SiteDocument>
}
