import { describe, expect, it, vi } from 'vitest'
import type { HeadTag } from './head.ts'
import { createGenerateMetadata, toNextMetadata } from './next.ts'
import type { Metadata } from './types.ts'

const png = { width: 1200, height: 630, mimeType: 'image/png' }
const full: Metadata = {
  title: 'Pricing',
  description: 'Plans',
  noindex: true,
  icon: [
    { url: '/i.png', width: 32, height: 32, mimeType: 'image/png' },
    { url: '/i.svg', width: 0, height: 0, mimeType: 'image/svg+xml' },
  ],
  appleTouchIcon: [{ url: '/apple.png', width: 180, height: 180, mimeType: 'image/png' }],
  openGraph: {
    title: 'OG',
    description: 'OG D',
    siteName: 'Acme',
    type: 'website',
    url: 'https://acme.com/pricing',
    locale: 'en_US',
    localeAlternate: ['fr_FR', 'de_DE'],
    determiner: 'the',
    images: [
      { url: 'https://acme.com/1.png', alt: 'One', ...png },
      { url: 'https://acme.com/2.png', ...png },
    ],
  },
  twitter: {
    card: 'summary_large_image',
    title: 'X',
    description: 'X D',
    image: { url: 'https://acme.com/x.png', alt: 'X alt', ...png },
  },
  customTags: [
    { name: 'google-site-verification', content: 'abc' },
    { name: 'keywords', content: 'a' },
  ],
}

describe('toNextMetadata', () => {
  it('maps every field of a Headmark metadata object', async () => {
    const generate = createGenerateMetadata({
      client: { get: async () => ({ metadata: full }) },
      path: () => '/pricing',
    })
    expect(await generate({})).toEqual({
      title: 'Pricing',
      description: 'Plans',
      robots: 'noindex',
      icons: {
        icon: [
          { url: '/i.png', sizes: '32x32', type: 'image/png' },
          { url: '/i.svg', sizes: 'any', type: 'image/svg+xml' },
        ],
        apple: [{ url: '/apple.png', sizes: '180x180', type: 'image/png' }],
      },
      openGraph: {
        title: 'OG',
        description: 'OG D',
        siteName: 'Acme',
        type: 'website',
        url: 'https://acme.com/pricing',
        locale: 'en_US',
        alternateLocale: ['fr_FR', 'de_DE'],
        determiner: 'the',
        images: [
          {
            url: 'https://acme.com/1.png',
            width: 1200,
            height: 630,
            type: 'image/png',
            alt: 'One',
          },
          { url: 'https://acme.com/2.png', width: 1200, height: 630, type: 'image/png' },
        ],
      },
      twitter: {
        card: 'summary_large_image',
        title: 'X',
        description: 'X D',
        images: [{ url: 'https://acme.com/x.png', alt: 'X alt' }],
      },
      other: { 'google-site-verification': 'abc', keywords: 'a' },
    })
  })

  it('sets no robots when noindex is false (the old client did)', () => {
    expect(toNextMetadata([])).toEqual({})
    expect(
      toNextMetadata([{ tag: 'meta', attrs: { name: 'robots', content: 'noindex' } }]).robots,
    ).toBe('noindex')
  })

  it('maps links and hand-written tags, and leaves out what Next can not express', () => {
    const tags: HeadTag[] = [
      { tag: 'meta', attrs: { charset: 'utf-8' } },
      { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width' } },
      { tag: 'meta', attrs: { 'http-equiv': 'x-ua-compatible', content: 'IE=edge' } },
      { tag: 'meta', attrs: { name: 'empty' } },
      { tag: 'meta', attrs: { property: 'og:image:width', content: '10' } },
      { tag: 'meta', attrs: { name: 'twitter:image:alt', content: 'orphan' } },
      { tag: 'meta', attrs: { name: 'twitter:site', content: '@acme' } },
      { tag: 'meta', attrs: { name: 'twitter:creator', content: '@jo' } },
      { tag: 'meta', attrs: { property: 'og:image:url', content: '/og.png' } },
      { tag: 'meta', attrs: { property: 'og:image:secure_url', content: 'https://x/og.png' } },
      { tag: 'meta', attrs: { property: 'article:tag', content: 'a' } },
      { tag: 'meta', attrs: { property: 'article:tag', content: 'b' } },
      { tag: 'meta', attrs: { name: 'constructor', content: 'c' } },
      { tag: 'meta', attrs: { name: '__proto__', content: 'p' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'fr', href: '/fr' } },
      { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/' } },
      { tag: 'link', attrs: { rel: 'alternate', hreflang: 'de', href: '/de' } },
      { tag: 'link', attrs: { rel: 'shortcut icon', href: '/favicon.ico' } },
      { tag: 'link', attrs: { rel: 'stylesheet', href: '/a.css' } },
      { tag: 'link', attrs: { rel: 'alternate', href: '/feed.xml' } },
      { tag: 'link', attrs: { rel: 'preconnect' } },
    ]
    const metadata = toNextMetadata(tags)
    expect(metadata).toEqual({
      openGraph: { images: [{ url: '/og.png' }] },
      twitter: { site: '@acme', creator: '@jo' },
      alternates: { canonical: 'https://acme.com/', languages: { fr: '/fr', de: '/de' } },
      icons: { shortcut: [{ url: '/favicon.ico' }] },
      other: { 'article:tag': ['a', 'b'], constructor: 'c', ['__proto__']: 'p' },
    })
    expect(Object.getPrototypeOf(metadata.other)).toBe(Object.prototype)
  })
})

describe('createGenerateMetadata', () => {
  it('asks for the path derived from the page props and falls back when loading fails', async () => {
    const get = vi.fn(async () => null)
    const generate = createGenerateMetadata({
      client: { get },
      path: async ({ params }: { params: Promise<{ slug: string }> }) =>
        `/blog/${(await params).slug}`,
      fallback: { title: 'Acme blog' },
      override: { openGraph: { siteName: 'Acme' } },
    })
    expect(await generate({ params: Promise.resolve({ slug: 'hello' }) })).toEqual({
      title: 'Acme blog',
      openGraph: { siteName: 'Acme' },
    })
    expect(get).toHaveBeenCalledWith('/blog/hello')
  })
})
