import type { Metadata } from '@headmark/metadata'

/** A string that would end a `<script>` and start another if JSON-LD were not escaped. */
export const HOSTILE = '</script><script>alert(1)</script>'

/**
 * What an example's site defaults and its /pricing page get in Headmark to test the newer fields:
 * structured data for the whole site (an Organization), and the page's own canonical URL,
 * language versions, robots directives and product data (whose name holds {@link HOSTILE}).
 */
export function searchFields({
  company,
  product: productName,
  currency,
}: {
  company: string
  product: string
  currency: string
}) {
  const organization = {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: company,
    url: 'https://acme.example/',
    logo: 'https://cdn.acme.example/logo.png',
  }
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: `${productName} ${HOSTILE}`,
    description: `${productName} & a <b>promise</b>, \u2028 on time.`,
    offers: { '@type': 'Offer', price: 49, priceCurrency: currency },
  }
  const pricingFields: Metadata = {
    canonical: 'https://acme.example/en/pricing',
    alternates: {
      en: 'https://acme.example/en/pricing',
      de: 'https://acme.example/de/preise',
      'x-default': 'https://acme.example/pricing',
    },
    robots: { nofollow: true, maxImagePreview: 'large' },
    jsonLd: [product],
  }
  return { organization, product, pricingFields }
}
