import { createGenerateMetadata, jsonLdScriptProps } from '@headmark/metadata/next'
import { metadataClient } from '../../lib/headmark'
import { HeadmarkJsonLd } from '../../lib/json-ld'

// The home page is the path "/" in Headmark.
export const generateMetadata = createGenerateMetadata({
  client: metadataClient,
  path: () => '/',
  fallback: {
    title: 'Acme Rockets — rockets anyone can launch', // the layout's template skips the root page
    alternates: { canonical: '/' },
  },
})

export default async function HomePage() {
  // The answer generateMetadata got: the client's cache serves it again without a request.
  const response = await metadataClient.get('/')
  return (
    <>
      <script
        {...jsonLdScriptProps({
          '@context': 'https://schema.org',
          '@type': 'Organization',
          name: 'Acme Rockets',
          url: 'https://acme.example',
        })}
      />
      <HeadmarkJsonLd metadata={response?.metadata} />
      <h1>Acme Rockets</h1>
      <p>Rockets anyone can launch, from a backyard or a field.</p>
    </>
  )
}
