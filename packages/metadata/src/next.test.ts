import { describe, expect, it, vi } from 'vitest'
import type { HeadTag } from './head.ts'
import { jsonLd, toHeadTags } from './head.ts'
import {
  createGenerateMetadata,
  createRootMetadata,
  createWebhookRoute,
  jsonLdScriptProps,
  mergeNextMetadata,
  toNextMetadata,
} from './next.ts'
import { signWebhook } from './webhooks.ts'
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

  it('lists every value of a repeated name, `__proto__` and `constructor` included', () => {
    const other = toNextMetadata(
      ['__proto__', 'constructor', 'author'].flatMap((name) =>
        ['a', 'b', 'c'].map((content): HeadTag => ({ tag: 'meta', attrs: { name, content } })),
      ),
    ).other
    expect(Object.entries(other ?? {})).toEqual([
      ['__proto__', ['a', 'b', 'c']],
      ['constructor', ['a', 'b', 'c']],
      ['author', ['a', 'b', 'c']],
    ])
    expect(Object.getPrototypeOf(other)).toBe(Object.prototype)
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

describe('Next Metadata layers', () => {
  const site = {
    metadataBase: new URL('https://acme.com'),
    title: { default: 'Acme', template: '%s | Acme' },
    description: 'Tools for builders',
    keywords: ['tools'],
    robots: { index: true, follow: true },
    icons: '/favicon.ico',
    alternates: { canonical: '/', languages: { fr: '/fr', de: '/de' } },
    openGraph: { siteName: 'Acme', images: ['/default.png'] },
    other: { 'theme-color': '#000' },
  }

  it('puts Headmark’s page between a Next fallback and override, field by field', async () => {
    const generate = createGenerateMetadata({
      client: {
        get: async () => ({
          metadata: {
            title: 'Pricing',
            noindex: true,
            openGraph: {
              title: 'Pricing',
              images: [{ url: '/og.png', width: 1, height: 2, mimeType: 'image/png' }],
            },
            appleTouchIcon: [{ url: '/apple.png', width: 180, height: 180, mimeType: 'image/png' }],
            customTags: [{ name: 'google-site-verification', content: 'abc' }],
          },
        }),
      },
      path: () => '/pricing',
      fallback: site,
      override: {
        alternates: { canonical: '/pricing', languages: { de: null } },
        other: { 'theme-color': '#fff' },
      },
    })
    expect(await generate({})).toEqual({
      metadataBase: new URL('https://acme.com'),
      title: { default: 'Pricing', template: '%s | Acme' },
      description: 'Tools for builders',
      keywords: ['tools'],
      robots: 'noindex',
      icons: {
        icon: '/favicon.ico',
        apple: [{ url: '/apple.png', sizes: '180x180', type: 'image/png' }],
      },
      alternates: { canonical: '/pricing', languages: { fr: '/fr', de: null } },
      openGraph: {
        siteName: 'Acme',
        title: 'Pricing',
        images: [{ url: '/og.png', width: 1, height: 2, type: 'image/png' }],
      },
      other: { 'theme-color': '#fff', 'google-site-verification': 'abc' },
    })
  })

  it('renders the fallback alone when Headmark has nothing, and lets an absolute title win', async () => {
    const generate = createGenerateMetadata({
      client: { get: async () => null },
      path: () => '/',
      fallback: site,
      override: { title: { absolute: 'Home' }, robots: null },
    })
    expect(await generate({})).toMatchObject({
      title: { absolute: 'Home', template: '%s | Acme' },
      robots: null,
      openGraph: { siteName: 'Acme', images: ['/default.png'] },
    })
  })

  it('createRootMetadata merges the site-wide layers without asking Headmark', () => {
    expect(
      createRootMetadata({
        fallback: site,
        override: [
          { tag: 'link', attrs: { rel: 'icon', href: '/icon.svg', type: 'image/svg+xml' } },
        ],
      }),
    ).toEqual({ ...site, icons: { icon: [{ url: '/icon.svg', type: 'image/svg+xml' }] } })
    expect(createRootMetadata({})).toEqual({})
  })

  it('mergeNextMetadata keys icons, alternates and titles', () => {
    expect(
      mergeNextMetadata(
        { icons: ['/a.ico'], alternates: { media: { print: '/print' } }, title: 'Acme' },
        null,
        {
          icons: { apple: '/apple.png' },
          alternates: { canonical: null },
          title: { absolute: 'X' },
        },
        undefined,
        { openGraph: null, title: null },
      ),
    ).toEqual({
      icons: { icon: ['/a.ico'], apple: '/apple.png' },
      alternates: { media: { print: '/print' }, canonical: null },
      openGraph: null,
      title: null,
    })
    expect(mergeNextMetadata({ icons: new URL('https://acme.com/i.png') }).icons).toEqual({
      icon: new URL('https://acme.com/i.png'),
    })
    expect(mergeNextMetadata({ alternates: { canonical: '/a' } }, { alternates: null })).toEqual({
      alternates: null,
    })
  })
})

describe('jsonLdScriptProps', () => {
  it('escapes the JSON of data or of a JSON-LD tag for a server component', () => {
    const data = { '@type': 'Product', name: '</script><script>alert(1)</script>' }
    const props = jsonLdScriptProps(data)
    expect(props.type).toBe('application/ld+json')
    expect(props.dangerouslySetInnerHTML.__html).not.toContain('<')
    expect(JSON.parse(props.dangerouslySetInnerHTML.__html)).toEqual(data)
    expect(jsonLdScriptProps(jsonLd(data))).toEqual(props)
    expect(jsonLdScriptProps(undefined).dangerouslySetInnerHTML.__html).toBe('null')
  })
})

describe('createWebhookRoute', () => {
  const secret = 'webhook-secret'
  const update = {
    _type: 'metadata_update',
    path: '/pricing',
    metadataRevisionId: 'rev_1',
    metadata: { title: 'Pricing' },
    site: { hostname: 'acme.com', dsn: 'dsn_acme' },
    timestamp: '2026-11-21T12:00:00.000Z',
  }
  const post = async (body: object) => {
    const text = JSON.stringify(body)
    return new Request('https://acme.com/api/headmark', {
      method: 'POST',
      body: text,
      headers: { 'content-type': 'application/json', ...(await signWebhook(text, { secret })) },
    })
  }

  it('revalidates the page, or the whole layout tree for the default metadata', async () => {
    const revalidatePath = vi.fn()
    const client = { invalidate: vi.fn() }
    const { POST } = createWebhookRoute({
      secret,
      client,
      revalidatePath,
      pathRewrite: (path) => `/en${path}`,
    })
    const page = await POST(await post(update))
    expect([page.status, await page.json()]).toEqual([
      200,
      { ok: true, revalidated: '/en/pricing' },
    ])
    expect(revalidatePath).toHaveBeenLastCalledWith('/en/pricing')
    expect(client.invalidate).toHaveBeenLastCalledWith('/pricing')
    const all = await POST(await post({ ...update, path: null }))
    expect(await all.json()).toEqual({ ok: true, revalidated: null })
    expect(revalidatePath).toHaveBeenLastCalledWith('/', 'layout')
  })

  it('exports every method, answered as the contract says', async () => {
    const route = createWebhookRoute({ secret })
    for (const method of ['GET', 'PUT', 'PATCH', 'DELETE'] as const) {
      const response = await route[method](new Request('https://acme.com/h', { method }))
      expect([response.status, response.headers.get('allow')]).toEqual([405, 'POST'])
    }
    expect((await route.HEAD(new Request('https://acme.com/h', { method: 'HEAD' }))).status).toBe(
      405,
    )
    expect(
      (await route.OPTIONS(new Request('https://acme.com/h', { method: 'OPTIONS' }))).status,
    ).toBe(204)
    const ping = await route.POST(await post({ _type: 'placeholder' }))
    expect(await ping.json()).toEqual({ ok: true })
  })
})

describe('Headmark metadata the guards would refuse', () => {
  it('converts what is there, like toNextMetadata(toHeadTags(…)) does', async () => {
    const metadata = {
      icon: [{ url: '/i.png', width: 0, height: 0, mimeType: '' }],
      openGraph: { images: [{ url: '/og.png' }] },
    } as unknown as Metadata
    const generate = createGenerateMetadata({
      client: { get: async () => ({ metadata }) },
      path: () => '/',
    })
    const expected = toNextMetadata(toHeadTags(metadata))
    expect(await generate({})).toEqual(expected)
    expect(expected).toEqual({
      icons: { icon: [{ url: '/i.png' }] },
      openGraph: { images: [{ url: '/og.png' }] },
    })
  })

  it('handles thousands of distinct custom tag names', async () => {
    const generate = createGenerateMetadata({
      client: {
        get: async (path: string) => ({
          metadata: { customTags: [{ name: `n${path}`, content: 'x' }] },
        }),
      },
      path: ({ n }: { n: number }) => `${n}`,
    })
    for (let n = 0; n < 4200; n++) {
      const result = await generate({ n })
      if (n % 1000 === 0) expect(result).toEqual({ other: { [`n${n}`]: 'x' } })
    }
  })
})
