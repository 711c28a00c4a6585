import { jsonLd } from '@headmark/metadata/head'
import { compileTanStackHead } from '@headmark/metadata/tanstack-start'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { getLocalizedMetadata } from '../../headmark.functions.ts'
import { type Locale, LOCALES, localeOfParam, localeParam, localizedPath } from '../../locales.ts'
import { canonical, SITE_NAME, siteFallback } from '../../site.ts'

const plans = [
  { name: 'Small anvil', price: 49 },
  { name: 'Large anvil', price: 99 },
  { name: 'Anvil of the month', price: 29 },
]

const copy: Record<Locale, { title: string; description: string; heading: string }> = {
  en: {
    title: 'Pricing — Acme',
    description: 'Three anvils, one flat delivery fee.',
    heading: 'Pricing',
  },
  de: {
    title: 'Preise — Acme',
    description: 'Drei Ambosse, eine feste Liefergebühr.',
    heading: 'Preise',
  },
  fr: {
    title: 'Tarifs — Acme',
    description: 'Trois enclumes, un seul tarif de livraison.',
    heading: 'Tarifs',
  },
}

// Always the site's own: the offers' structured data (Headmark's JSON-LD is added to it).
const offers = jsonLd(
  {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${SITE_NAME} anvils`,
    offers: plans.map((plan) => ({
      '@type': 'Offer',
      name: plan.name,
      price: plan.price,
      priceCurrency: 'EUR',
    })),
  },
  { id: 'offers' },
)

// One head per locale, compiled once: the locale's fallback and the site's override around
// Headmark's metadata for the page in that locale.
const heads = Object.fromEntries(
  LOCALES.map((locale) => [
    locale,
    compileTanStackHead({
      fallback: {
        ...siteFallback,
        title: copy[locale].title,
        description: copy[locale].description,
        // Headmark's canonical URL for the page, when it has one, replaces this.
        canonical: canonical(localizedPath(locale, '/pricing')),
      },
      override: [offers],
    }),
  ]),
) as Record<Locale, ReturnType<typeof compileTanStackHead>>

// /pricing, /de/pricing and /fr/pricing: one route, the locale an optional first segment.
export const Route = createFileRoute('/{-$locale}/pricing')({
  // The locale is checked once, in the loader; the head asks Headmark for the page in that
  // locale (through the server function, also on client-side navigation) and merges it.
  loader: ({ params }) => {
    const locale = localeOfParam(params.locale)
    if (!locale) throw notFound()
    return { locale }
  },
  head: async ({ loaderData }) => {
    if (!loaderData) return {}
    // Headmark knows the page by its path without the prefix; the locale picks its version.
    const metadata = await getLocalizedMetadata({
      data: { path: '/pricing', locale: localeParam(loaderData.locale) },
    }).catch(() => null) // a failed request renders the locale's fallback
    return heads[loaderData.locale](metadata)
  },
  component: Pricing,
})

function Pricing() {
  const { locale } = Route.useLoaderData()
  return (
    <>
      <h1>{copy[locale].heading}</h1>
      <ul className="plans">
        {plans.map((plan) => (
          <li key={plan.name}>
            <h2>{plan.name}</h2>
            <p>€{plan.price}</p>
          </li>
        ))}
      </ul>
    </>
  )
}
