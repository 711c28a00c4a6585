// Random heads for the property tests: small pools of names, rels and URLs so that layers
// collide often, plus free text so that nothing depends on the pools alone.
import fc from 'fast-check'
import type { HeadTag } from '../head.ts'
import type { Metadata, MetadataImage } from '../types.ts'

const text = fc.oneof(fc.constantFrom('Acme', 'Pricing', '', '</script>', 'é'), fc.string())
const metaNames = fc.oneof(
  fc.constantFrom(
    'description',
    'robots',
    'keywords',
    'theme-color',
    'og:title',
    'OG:Title',
    'og:image',
    'og:image:width',
    'og:image:alt',
    'og:locale:alternate',
    'article:tag',
    'twitter:card',
    'twitter:image',
    'twitter:image:alt',
    'twitter:site',
    'google-site-verification',
    'constructor',
  ),
  fc.string({ maxLength: 12 }),
)
const urls = fc.constantFrom(
  'https://acme.com/a.png',
  'https://acme.com/b.png',
  '/icon.svg',
  'javascript:alert(1)',
  '',
)
const rels = fc.constantFrom(
  'icon',
  'ICON',
  'shortcut icon',
  'apple-touch-icon',
  'canonical',
  'manifest',
  'alternate',
  'stylesheet',
  'preconnect',
  '',
)
const ids = fc.option(fc.constantFrom('org', 'article', 'theme'), { nil: undefined })
const withId = (id: string | undefined): Record<string, string> => (id === undefined ? {} : { id })

export const headTag: fc.Arbitrary<HeadTag> = fc.oneof(
  text.map((children): HeadTag => ({ tag: 'title', children })),
  fc
    .tuple(fc.constantFrom('name', 'property'), metaNames, text)
    .map(([attr, key, content]): HeadTag => ({ tag: 'meta', attrs: { [attr]: key, content } })),
  fc.constantFrom<HeadTag>(
    { tag: 'meta', attrs: { charset: 'utf-8' } },
    { tag: 'meta', attrs: { 'http-equiv': 'refresh', content: '30' } },
    { tag: 'meta', attrs: { 'http-equiv': 'X-UA-Compatible', content: 'IE=edge' } },
    { tag: 'meta', attrs: { itemprop: 'name', content: 'Acme' } },
    { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width' } },
  ),
  fc
    .tuple(
      rels,
      urls,
      fc.option(fc.constantFrom('en', 'fr', 'FR', 'x-default'), { nil: undefined }),
    )
    .map(([rel, href, hreflang]): HeadTag => ({
      tag: 'link',
      attrs: hreflang === undefined ? { rel, href } : { rel, href, hreflang },
    })),
  fc.tuple(ids, text).map(([id, name]): HeadTag => ({
    tag: 'script',
    attrs: { type: 'application/ld+json', ...withId(id) },
    children: JSON.stringify({ '@type': 'Thing', name }),
  })),
  fc
    .tuple(ids, text)
    .map(([id, css]): HeadTag => ({ tag: 'style', attrs: withId(id), children: css })),
)
export const headTags = fc.array(headTag, { maxLength: 14 })

const image: fc.Arbitrary<MetadataImage> = fc.record(
  {
    url: urls,
    width: fc.constantFrom(0, 32, 1200),
    height: fc.constantFrom(0, 32, 630),
    mimeType: fc.constantFrom('image/png', 'image/svg+xml'),
    alt: text,
  },
  { requiredKeys: ['url', 'width', 'height', 'mimeType'] },
)

const jsonLdObject = fc.record(
  {
    '@context': fc.constant('https://schema.org'),
    '@type': fc.constantFrom('Thing', 'Product'),
    name: text,
  },
  { requiredKeys: ['@type'] },
)

export const metadata: fc.Arbitrary<Metadata> = fc.record(
  {
    title: text,
    description: text,
    noindex: fc.boolean(),
    canonical: urls,
    alternates: fc.record({ en: urls, fr: urls, 'x-default': urls }, { requiredKeys: [] }),
    jsonLd: fc.array(jsonLdObject, { maxLength: 2 }),
    icon: fc.array(image, { maxLength: 3 }),
    appleTouchIcon: fc.array(image, { maxLength: 2 }),
    openGraph: fc.record(
      {
        title: text,
        description: text,
        siteName: text,
        type: fc.constantFrom('website', 'article'),
        url: urls,
        locale: fc.constantFrom('en_US', 'fr_FR'),
        localeAlternate: fc.array(fc.constantFrom('fr_FR', 'de_DE'), { maxLength: 2 }),
        determiner: fc.constantFrom('', 'the'),
        image,
        images: fc.array(image, { maxLength: 3 }),
      },
      { requiredKeys: [] },
    ),
    twitter: fc.record(
      {
        title: text,
        description: text,
        card: fc.constantFrom('summary', 'summary_large_image'),
        image,
      },
      { requiredKeys: [] },
    ),
    customTags: fc.array(
      fc.record({
        // Mostly a few names, so that a page repeats one now and then.
        name: fc.oneof(
          {
            arbitrary: fc.constantFrom('keywords', 'og:image', 'article:tag', 'Keywords'),
            weight: 2,
          },
          { arbitrary: metaNames, weight: 1 },
        ),
        content: text,
      }),
      { maxLength: 5 },
    ),
  },
  { requiredKeys: [] },
)

const nextImage = fc.oneof(
  urls,
  fc.record({ url: urls, alt: text, width: fc.constantFrom(100, 1200) }, { requiredKeys: ['url'] }),
)
const orUndefined = <T>(arbitrary: fc.Arbitrary<T>) =>
  fc.oneof({ arbitrary: arbitrary, weight: 3 }, fc.constant(undefined))

/** Next.js `Metadata` objects, as a fallback or override. */
export const nextMetadata = fc.record(
  {
    metadataBase: fc.constantFrom('https://acme.com', null),
    title: fc.oneof(
      text,
      fc.record({ default: text, template: fc.constantFrom('%s | Acme', '%s — Shop') }),
      fc.record({ absolute: text }),
      fc.record({ absolute: text, template: fc.constantFrom('%s | Acme', null) }),
      fc.constant(null),
    ),
    description: orUndefined(text),
    keywords: fc.array(text, { maxLength: 2 }),
    robots: fc.oneof(
      fc.constantFrom('noindex', 'index, follow'),
      fc.record({ index: fc.boolean(), follow: fc.boolean() }, { requiredKeys: [] }),
    ),
    icons: fc.oneof(
      urls,
      fc.array(urls, { maxLength: 2 }),
      fc.record(
        { icon: fc.array(fc.record({ url: urls }), { maxLength: 2 }), apple: urls },
        { requiredKeys: [] },
      ),
    ),
    alternates: fc.record(
      {
        canonical: orUndefined(fc.oneof(urls, fc.record({ url: urls }))),
        languages: fc.record(
          { en: orUndefined(urls), fr: urls, 'x-default': urls },
          { requiredKeys: [] },
        ),
      },
      { requiredKeys: [] },
    ),
    openGraph: fc.oneof(
      fc.record(
        {
          title: orUndefined(text),
          siteName: text,
          locale: fc.constantFrom('en_US', 'fr_FR'),
          images: fc.oneof(nextImage, fc.array(nextImage, { maxLength: 2 })),
        },
        { requiredKeys: [] },
      ),
      fc.constant(null),
    ),
    twitter: fc.record(
      {
        card: fc.constantFrom('summary', 'summary_large_image'),
        site: text,
        images: fc.array(nextImage, { maxLength: 2 }),
      },
      { requiredKeys: [] },
    ),
    other: fc.dictionary(metaNames, fc.oneof(text, fc.array(text, { maxLength: 2 })), {
      maxKeys: 3,
    }),
  },
  { requiredKeys: [] },
)

/** Metadata with robots directives too, which the Next adapter writes as an object. */
export const metadataWithRobots: fc.Arbitrary<Metadata> = fc
  .tuple(
    metadata,
    fc.record(
      {
        noindex: fc.boolean(),
        nofollow: fc.boolean(),
        noarchive: fc.boolean(),
        noimageindex: fc.boolean(),
        maxSnippet: fc.constantFrom(-1, 0, 50),
        maxImagePreview: fc.constantFrom('none' as const, 'standard' as const, 'large' as const),
        maxVideoPreview: fc.constantFrom(-1, 0, 30),
      },
      { requiredKeys: [] },
    ),
    fc.constantFrom('en', 'EN', 'de'),
  )
  .map(([page, robots, hreflang]) => ({
    ...page,
    robots,
    alternates: { ...page.alternates, [hreflang]: 'https://acme.com/x' },
  }))
