// The Next.js adapter against the real `Metadata` type of `next` (a dev dependency used only here).
import type { Metadata } from 'next'
import { revalidatePath } from 'next/cache'
import { describe, expectTypeOf, it } from 'vitest'
import { createMetadataClient } from './client.ts'
import {
  compileNextMetadata,
  createGenerateMetadata,
  createRootMetadata,
  createWebhookRoute,
  jsonLdScriptProps,
  mergeNextMetadata,
  type NextMetadata,
  type NextMetadataInput,
} from './next.ts'

const client = createMetadataClient({ dsn: undefined, baseUrl: undefined })
const site: Metadata = {
  metadataBase: new URL('https://acme.com'),
  title: { default: 'Acme', template: '%s | Acme' },
  description: 'Tools for builders',
  keywords: ['tools', 'builders'],
  robots: { index: true, follow: true, googleBot: { index: true, 'max-image-preview': 'large' } },
  alternates: { canonical: '/', languages: { fr: '/fr', 'x-default': '/' } },
  icons: { icon: '/icon.svg', apple: [{ url: '/apple.png', sizes: '180x180' }] },
  openGraph: { siteName: 'Acme', images: [{ url: '/og.png', width: 1200, height: 630 }] },
  twitter: { card: 'summary_large_image', site: '@acme', images: ['/x.png'] },
  verification: { google: 'token' },
  other: { 'theme-color': '#0a0a0a' },
}

describe('the Next.js adapter and next’s Metadata', () => {
  it('returns what generateMetadata must return', () => {
    expectTypeOf<NextMetadata>().toExtend<Metadata>()
    const generateMetadata: (props: { params: Promise<{ slug: string }> }) => Promise<Metadata> =
      createGenerateMetadata({
        client,
        path: async ({ params }: { params: Promise<{ slug: string }> }) =>
          `/blog/${(await params).slug}`,
        fallback: site,
        override: { title: { absolute: 'Acme blog' }, robots: null },
      })
    void generateMetadata
  })

  it('takes any Metadata as a fallback or override, including its own literal fields', () => {
    expectTypeOf<Metadata>().toExtend<NextMetadataInput>()
    const root: Metadata = createRootMetadata({ fallback: site })
    const inline: Metadata = createRootMetadata({
      fallback: { title: { absolute: 'Acme' }, applicationName: 'Acme', keywords: 'a, b' },
      override: [{ tag: 'meta', attrs: { name: 'theme-color', content: '#fff' } }],
    })
    const page: Metadata = compileNextMetadata({ fallback: site })(null)
    const merged: Metadata = mergeNextMetadata(site, { title: 'Pricing' })
    void [root, inline, page, merged]
  })

  it('wires next/cache revalidatePath into the route handlers', () => {
    const route = createWebhookRoute({ secret: 's', client, revalidatePath })
    expectTypeOf(route.POST).toEqualTypeOf<(request: Request) => Promise<Response>>()
    expectTypeOf(route).toHaveProperty('OPTIONS')
  })

  it('gives a script element its props', () => {
    expectTypeOf(jsonLdScriptProps({ '@type': 'Thing' })).toEqualTypeOf<{
      type: 'application/ld+json'
      dangerouslySetInnerHTML: { __html: string }
    }>()
  })
})
