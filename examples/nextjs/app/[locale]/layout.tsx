import type { Metadata } from 'next'
import type { ReactNode } from 'react'
import { PREFIXED_LOCALES } from '../../lib/locales'
import { SiteDocument, siteMetadata } from '../../lib/site-layout'

// As the English pages: prerendered, revalidated by Headmark's webhook, at least hourly.
export const revalidate = 3600

// The root layout of the other locales (/de, /de/pricing, /fr/…): each locale is prerendered,
// any other first segment is a 404.
export const dynamicParams = false
export const generateStaticParams = () => PREFIXED_LOCALES.map((locale) => ({ locale }))

export const metadata: Metadata = siteMetadata

export default async function LocaleLayout({
  children,
  params,
}: {
  children: ReactNode
  params: Promise<{ locale: string }>
}) {
  const { locale } = await params
  return (
    <SiteDocument lang={locale} prefix={`/${locale}`}>
      {children}
    </SiteDocument>
  )
}
