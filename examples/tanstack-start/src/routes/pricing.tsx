import { jsonLd } from '@headmark/metadata/head'
import { createHead } from '@headmark/metadata/tanstack-start'
import { createFileRoute } from '@tanstack/react-router'
import { getPageMetadata } from '../headmark.functions.ts'
import { canonical, SITE_NAME, siteFallback } from '../site.ts'

const plans = [
  { name: 'Small anvil', price: 49 },
  { name: 'Large anvil', price: 99 },
  { name: 'Anvil of the month', price: 29 },
]

export const Route = createFileRoute('/pricing')({
  head: createHead({
    serverFn: getPageMetadata,
    fallback: {
      ...siteFallback,
      title: 'Pricing — Acme',
      description: 'Three anvils, one flat delivery fee.',
      // Headmark's canonical URL for the page, when it has one, replaces this.
      canonical: canonical('/pricing'),
    },
    // Always the site's own: the offers' structured data (Headmark's JSON-LD is added to it).
    override: [
      jsonLd(
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
      ),
    ],
  }),
  component: Pricing,
})

function Pricing() {
  return (
    <>
      <h1>Pricing</h1>
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
