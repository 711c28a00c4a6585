import { createGenerateMetadata, jsonLdScriptProps } from '@headmark/metadata/next'
import { metadataClient } from '../../../lib/headmark'
import { HeadmarkJsonLd } from '../../../lib/json-ld'

export const generateMetadata = createGenerateMetadata({
  client: metadataClient,
  path: () => '/pricing',
  fallback: {
    title: 'Pricing',
    description: 'Three plans, from a first launch to a fleet.',
    // A canonical URL saved in Headmark for the page replaces this one.
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

export default async function PricingPage() {
  // The answer generateMetadata got: the client's cache serves it again without a request.
  const response = await metadataClient.get('/pricing')
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
