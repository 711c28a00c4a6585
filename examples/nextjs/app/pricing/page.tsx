import { createGenerateMetadata, jsonLdScriptProps } from '@headmark/metadata/next'
import { metadataClient } from '../../lib/headmark'

export const generateMetadata = createGenerateMetadata({
  client: metadataClient,
  path: () => '/pricing',
  fallback: {
    title: 'Pricing',
    description: 'Three plans, from a first launch to a fleet.',
    alternates: { canonical: '/pricing' },
  },
  // Always the site's own, whatever the page's metadata in Headmark says.
  override: { twitter: { site: '@acmerockets' } },
})

const plans = [
  { name: 'Hobby', price: 0 },
  { name: 'Team', price: 49 },
  { name: 'Fleet', price: 199 },
]

export default function PricingPage() {
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
      <h1>Pricing</h1>
      <ul>
        {plans.map((plan) => (
          <li key={plan.name}>
            {plan.name}: ${plan.price} a month
          </li>
        ))}
      </ul>
    </>
  )
}
