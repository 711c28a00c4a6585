import { describe, expect, it } from 'vitest'
import { type HeadTag, isSafeUrl, mergeHead, resolveHead, toHeadTags } from './head.ts'
import type { MetadataImage } from './types.ts'

const title = (children: string): HeadTag => ({ tag: 'title', children })
const name = (key: string, content: string): HeadTag => ({
  tag: 'meta',
  attrs: { name: key, content },
})
const property = (key: string, content: string): HeadTag => ({
  tag: 'meta',
  attrs: { property: key, content },
})
const link = (attrs: Record<string, string>): HeadTag => ({ tag: 'link', attrs })
const png = (url: string, alt?: string): MetadataImage => ({
  url,
  width: 1200,
  height: 630,
  mimeType: 'image/png',
  ...(alt === undefined ? {} : { alt }),
})

describe('toHeadTags', () => {
  it('turns an empty metadata object into no tags', () => {
    expect(toHeadTags({})).toEqual([])
  })

  it.each([
    [{ title: 'Pricing' }, [title('Pricing')]],
    [{ description: 'Plans' }, [name('description', 'Plans')]],
    [{ noindex: true }, [name('robots', 'noindex')]],
    // Regression: the old client emitted robots=noindex for `noindex: false`.
    [{ noindex: false }, []],
    [{ title: '' }, [title('')]],
  ])('%j', (metadata, expected) => {
    expect(toHeadTags(metadata)).toEqual(expected)
  })

  it('links icons and apple-touch icons with sizes and type', () => {
    expect(
      toHeadTags({
        icon: [
          { url: '/favicon-32.png', width: 32, height: 32, mimeType: 'image/png' },
          { url: '/icon.svg', width: 0, height: 0, mimeType: 'image/svg+xml' },
          { url: '/favicon.ico', width: 0, height: 0, mimeType: 'image/x-icon' },
          { url: 'javascript:alert(1)', width: 16, height: 16, mimeType: 'image/png' },
        ],
        appleTouchIcon: [{ url: '/apple.png', width: 180, height: 180, mimeType: 'image/png' }],
      }),
    ).toEqual([
      link({ rel: 'icon', href: '/favicon-32.png', type: 'image/png', sizes: '32x32' }),
      link({ rel: 'icon', href: '/icon.svg', type: 'image/svg+xml', sizes: 'any' }),
      link({ rel: 'icon', href: '/favicon.ico', type: 'image/x-icon' }),
      link({ rel: 'apple-touch-icon', href: '/apple.png', type: 'image/png', sizes: '180x180' }),
    ])
  })

  it('emits every Open Graph field, image groups first-image-first and without duplicates', () => {
    expect(
      toHeadTags({
        openGraph: {
          title: 'T',
          description: 'D',
          siteName: 'Acme',
          type: 'article',
          url: 'https://acme.com/a',
          locale: 'en_US',
          localeAlternate: ['fr_FR', 'de_DE'],
          determiner: 'the',
          image: png('https://acme.com/1.png', 'One'),
          images: [
            png('https://acme.com/1.png'),
            png('https://acme.com/2.png'),
            png('data:text/html,x'),
          ],
        },
      }),
    ).toEqual([
      property('og:title', 'T'),
      property('og:description', 'D'),
      property('og:site_name', 'Acme'),
      property('og:type', 'article'),
      property('og:url', 'https://acme.com/a'),
      property('og:locale', 'en_US'),
      property('og:locale:alternate', 'fr_FR'),
      property('og:locale:alternate', 'de_DE'),
      property('og:determiner', 'the'),
      property('og:image', 'https://acme.com/1.png'),
      property('og:image:width', '1200'),
      property('og:image:height', '630'),
      property('og:image:type', 'image/png'),
      property('og:image:alt', 'One'),
      property('og:image', 'https://acme.com/2.png'),
      property('og:image:width', '1200'),
      property('og:image:height', '630'),
      property('og:image:type', 'image/png'),
    ])
  })

  it.each([
    [{ openGraph: { determiner: '' as const } }, []],
    [{ openGraph: { url: 'javascript:alert(1)' } }, []],
    [{ openGraph: { images: [] } }, []],
  ])('leaves out %j', (metadata, expected) => {
    expect(toHeadTags(metadata)).toEqual(expected)
  })

  it('emits X (Twitter) tags by name, with the image alt', () => {
    expect(
      toHeadTags({
        twitter: {
          card: 'summary_large_image',
          title: 'T',
          description: 'D',
          image: png('https://acme.com/x.png', 'Alt'),
        },
      }),
    ).toEqual([
      name('twitter:card', 'summary_large_image'),
      name('twitter:title', 'T'),
      name('twitter:description', 'D'),
      name('twitter:image', 'https://acme.com/x.png'),
      name('twitter:image:alt', 'Alt'),
    ])
    expect(toHeadTags({ twitter: { image: png('vbscript:x') } })).toEqual([])
  })

  it('emits custom tags by name and skips nameless ones', () => {
    expect(
      toHeadTags({
        customTags: [
          { name: 'google-site-verification', content: 'abc' },
          { name: '', content: 'lost' },
        ],
      }),
    ).toEqual([name('google-site-verification', 'abc')])
  })
})

describe('mergeHead', () => {
  it('returns a new list each time and leaves its layers as they were', () => {
    const fallback: HeadTag[] = [{ tag: 'meta', attrs: { property: 'article:tag', content: 'a' } }]
    const generated: HeadTag[] = [
      { tag: 'meta', attrs: { property: 'article:tag', content: 'b' } },
      { tag: 'meta', attrs: { property: 'article:tag', content: 'c' } },
      { tag: 'meta', attrs: { property: 'article:tag', content: 'd' } },
    ]
    const before = JSON.stringify([fallback, generated])
    const first = mergeHead(fallback, generated)
    expect(first).toEqual(generated)
    first.pop()
    expect(mergeHead(fallback, generated)).toEqual(generated)
    expect(JSON.stringify([fallback, generated])).toBe(before)
  })

  it.each<[string, HeadTag[], HeadTag[], HeadTag[], HeadTag[]]>([
    ['title is a singleton', [title('A')], [title('B')], [title('C')], [title('C')]],
    ['fallback survives when nothing overrides it', [title('A')], [], [], [title('A')]],
    ['generated beats fallback', [title('A')], [title('B')], [], [title('B')]],
    [
      'last of one layer wins for singletons',
      [],
      [name('description', '1'), name('description', '2')],
      [],
      [name('description', '2')],
    ],
    [
      'charset dedupes',
      [{ tag: 'meta', attrs: { charset: 'utf-8' } }],
      [],
      [{ tag: 'meta', attrs: { charset: 'UTF-8' } }],
      [{ tag: 'meta', attrs: { charset: 'UTF-8' } }],
    ],
    [
      'viewport dedupes',
      [name('viewport', 'width=device-width')],
      [],
      [name('viewport', 'width=device-width, initial-scale=1')],
      [name('viewport', 'width=device-width, initial-scale=1')],
    ],
    [
      'http-equiv dedupes case-insensitively, per value',
      [
        { tag: 'meta', attrs: { 'http-equiv': 'X-UA-Compatible', content: 'IE=edge' } },
        { tag: 'meta', attrs: { 'http-equiv': 'content-security-policy', content: 'a' } },
      ],
      [{ tag: 'meta', attrs: { 'http-equiv': 'x-ua-compatible', content: 'IE=11' } }],
      [],
      [
        { tag: 'meta', attrs: { 'http-equiv': 'x-ua-compatible', content: 'IE=11' } },
        { tag: 'meta', attrs: { 'http-equiv': 'content-security-policy', content: 'a' } },
      ],
    ],
    [
      'name and property spellings of og:* share one key',
      [name('og:title', 'Old')],
      [property('og:title', 'New')],
      [],
      [property('og:title', 'New')],
    ],
    [
      'meta names compare case-insensitively',
      [name('Description', 'Old')],
      [name('description', 'New')],
      [],
      [name('description', 'New')],
    ],
    [
      'canonical is a singleton',
      [link({ rel: 'canonical', href: '/a' })],
      [],
      [link({ rel: 'canonical', href: '/b' })],
      [link({ rel: 'canonical', href: '/b' })],
    ],
    [
      'alternate links key by hreflang',
      [
        link({ rel: 'alternate', hreflang: 'en', href: '/en' }),
        link({ rel: 'alternate', hreflang: 'fr', href: '/fr' }),
      ],
      [link({ rel: 'alternate', hreflang: 'FR', href: '/fr-new' })],
      [],
      [
        link({ rel: 'alternate', hreflang: 'en', href: '/en' }),
        link({ rel: 'alternate', hreflang: 'FR', href: '/fr-new' }),
      ],
    ],
    [
      'other links key by rel and href, never by index',
      [link({ rel: 'stylesheet', href: '/a.css' }), link({ rel: 'canonical', href: '/c' })],
      [link({ rel: 'icon', href: '/i.png' }), link({ rel: 'stylesheet', href: '/a.css' })],
      [link({ rel: 'alternate', type: 'application/rss+xml', href: '/feed' })],
      [
        link({ rel: 'stylesheet', href: '/a.css' }),
        link({ rel: 'canonical', href: '/c' }),
        link({ rel: 'icon', href: '/i.png' }),
        link({ rel: 'alternate', type: 'application/rss+xml', href: '/feed' }),
      ],
    ],
    [
      'icons are one set: a higher layer replaces the whole set',
      [
        link({ rel: 'icon', href: '/a.ico' }),
        link({ rel: 'icon', href: '/b.png', sizes: '32x32' }),
      ],
      [link({ rel: 'icon', href: '/c.svg' }), link({ rel: 'icon', href: '/d.png' })],
      [],
      [link({ rel: 'icon', href: '/c.svg' }), link({ rel: 'icon', href: '/d.png' })],
    ],
    [
      'og:image and its children are replaced as a group',
      [
        property('og:image', '/a.png'),
        property('og:image:width', '10'),
        property('og:image:alt', 'A'),
      ],
      [property('og:image', '/b.png'), property('og:image', '/c.png'), name('og:image:alt', 'C')],
      [],
      [property('og:image', '/b.png'), property('og:image', '/c.png'), name('og:image:alt', 'C')],
    ],
    [
      'twitter:image and its alt are replaced as a group',
      [name('twitter:image', '/a.png'), name('twitter:image:alt', 'A')],
      [],
      [name('twitter:image', '/b.png')],
      [name('twitter:image', '/b.png')],
    ],
    [
      'repeatable tags stay repeatable within a layer and are replaced across layers',
      [property('og:locale:alternate', 'fr_FR')],
      [property('article:tag', 'a'), property('article:tag', 'b')],
      [property('og:locale:alternate', 'de_DE'), property('og:locale:alternate', 'es_ES')],
      [
        property('og:locale:alternate', 'de_DE'),
        property('og:locale:alternate', 'es_ES'),
        property('article:tag', 'a'),
        property('article:tag', 'b'),
      ],
    ],
    [
      'tags with nothing to key on are all kept',
      [{ tag: 'meta', attrs: { itemprop: 'name', content: 'A' } }, link({ rel: 'preconnect' })],
      [{ tag: 'meta', attrs: { itemprop: 'name', content: 'B' } }],
      [],
      [
        { tag: 'meta', attrs: { itemprop: 'name', content: 'A' } },
        link({ rel: 'preconnect' }),
        { tag: 'meta', attrs: { itemprop: 'name', content: 'B' } },
      ],
    ],
  ])('%s', (_, fallback, generated, override, expected) => {
    expect(mergeHead(fallback, generated, override)).toEqual(expected)
  })

  it('keeps each key at the position where it first appeared', () => {
    expect(
      mergeHead(
        [title('Acme'), name('description', 'Fallback'), name('theme-color', '#000')],
        [name('description', 'Generated')],
        [title('Override')],
      ),
    ).toEqual([title('Override'), name('description', 'Generated'), name('theme-color', '#000')])
  })

  it('merges a generated head over a fallback without fusing a canonical link and an icon', () => {
    // Regression: merging tag arrays by index fused the fallback's canonical link with the
    // generated icon into one broken tag.
    const merged = mergeHead(
      [link({ rel: 'canonical', href: 'https://acme.com/' })],
      toHeadTags({ icon: [{ url: '/i.png', width: 16, height: 16, mimeType: 'image/png' }] }),
    )
    expect(merged).toEqual([
      link({ rel: 'canonical', href: 'https://acme.com/' }),
      link({ rel: 'icon', href: '/i.png', type: 'image/png', sizes: '16x16' }),
    ])
  })

  it('accepts missing layers', () => {
    expect(mergeHead()).toEqual([])
    expect(mergeHead(undefined, [title('A')])).toEqual([title('A')])
  })
})

describe('isSafeUrl', () => {
  it.each([
    ['/a.png', true],
    ['a.png', true],
    ['//cdn.acme.com/a.png', true],
    ['https://acme.com', true],
    ['HTTP://acme.com', true],
    ['data:image/png;base64,AAAA', true],
    ['/a:b', true],
    ['javascript:alert(1)', false],
    [' JaVaScRiPt:alert(1)', false],
    ['java\tscript:alert(1)', false],
    ['\u0001javascript:alert(1)', false],
    ['vbscript:msgbox', false],
    ['data:text/html,<script>alert(1)</script>', false],
    ['mailto:a@b.c', false],
  ])('%j → %s', (url, safe) => {
    expect(isSafeUrl(url)).toBe(safe)
  })
})

describe('resolveHead', () => {
  it('merges a metadata fallback, the page metadata and a tag override', () => {
    expect(
      resolveHead({
        fallback: { title: 'Acme', description: 'Tools' },
        metadata: { title: 'Pricing', noindex: false },
        override: [link({ rel: 'canonical', href: 'https://acme.com/pricing' })],
      }),
    ).toEqual([
      title('Pricing'),
      name('description', 'Tools'),
      link({ rel: 'canonical', href: 'https://acme.com/pricing' }),
    ])
  })

  it('uses the fallback alone when the metadata could not be loaded', () => {
    expect(resolveHead({ fallback: { title: 'Acme' }, metadata: null })).toEqual([title('Acme')])
    expect(resolveHead({})).toEqual([])
  })
})
