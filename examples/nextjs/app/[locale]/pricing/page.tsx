import { compileNextMetadata, jsonLdScriptProps } from '@headmark/metadata/next'
import type { Metadata } from 'next'
import { notFound } from 'next/navigation'
import { metadataClient } from '../../../lib/headmark'
import { HeadmarkJsonLd } from '../../../lib/json-ld'
import { isPrefixedLocale, localizedPath, type PrefixedLocale } from '../../../lib/locales'

type Props = { params: Promise<{ locale: string }> }

const copy: Record<PrefixedLocale, { title: string; description: string; perMonth: string }> = {
  de: {
    title: 'Preise',
    description: 'Drei Tarife, vom ersten Start bis zur Flotte.',
    perMonth: 'im Monat',
  },
  fr: {
    title: 'Tarifs',
    description: 'Trois formules, du premier lancement à la flotte.',
    perMonth: 'par mois',
  },
}

const plans = [
  { name: 'Hobby', price: 0 },
  { name: 'Team', price: 49 },
  { name: 'Fleet', price: 199 },
]

// One fallback per locale, compiled once: the locale's title and description, and its own
// canonical URL (a canonical saved in Headmark for the locale's page replaces it). Headmark's
// metadata for the page in the locale goes between it and the override; its generated language
// versions become `alternates.languages`.
const localeMetadata = Object.fromEntries(
  (Object.keys(copy) as PrefixedLocale[]).map((locale) => [
    locale,
    compileNextMetadata({
      fallback: {
        title: copy[locale].title,
        description: copy[locale].description,
        alternates: { canonical: localizedPath(locale, '/pricing') },
      },
      override: { twitter: { site: '@acmerockets' } },
    }),
  ]),
) as Record<PrefixedLocale, ReturnType<typeof compileNextMetadata>>

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const { locale } = await params
  if (!isPrefixedLocale(locale)) return {}
  // Headmark knows the page by its path without the prefix; `locale` picks its version.
  const response = await metadataClient.get('/pricing', { locale })
  return localeMetadata[locale](response?.metadata)
}

export default async function LocalizedPricingPage({ params }: Props) {
  const { locale } = await params
  if (!isPrefixedLocale(locale)) notFound()
  // The answer generateMetadata got: the client's cache serves it again without a request.
  const response = await metadataClient.get('/pricing', { locale })
  return (
    <>
      <script
        {...jsonLdScriptProps({
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Acme Rockets',
          offers: plans.map((plan) => ({
            '@type': 'Offer',
            name: plan.name,
            price: plan.price,
            priceCurrency: 'USD',
          })),
        })}
      />
      <HeadmarkJsonLd metadata={response?.metadata} />
      <h1>{copy[locale].title}</h1>
      <ul>
        {plans.map((plan) => (
          <li key={plan.name}>
            {plan.name}: ${plan.price} {copy[locale].perMonth}
          </li>
        ))}
      </ul>
    </>
  )
}
