import { describe, expect, it } from 'vitest'
import { type LintFinding, type LintOptions, lintMetadata } from './lint.ts'
import type { Metadata, MetadataImage } from './types.ts'

const image = (
  url: string,
  width = 1200,
  height = 630,
  alt = 'A pair of trail shoes',
): MetadataImage => ({
  url,
  width,
  height,
  mimeType: 'image/png',
  ...(alt ? { alt } : {}),
})

// A page with nothing to report; each case below spoils one thing.
const good: Metadata = {
  title: 'Trail running shoes · Acme',
  description: 'Light, grippy shoes for long trail runs, tested on rock, mud and snow.',
  openGraph: {
    siteName: 'Acme',
    url: 'https://acme.com/shoes',
    image: image('https://acme.com/og.png'),
  },
  twitter: { card: 'summary_large_image', image: image('https://acme.com/x.png', 1200, 600) },
}
const page: LintOptions = { url: 'https://acme.com/shoes' }
const long = (words: number) => Array.from({ length: words }, () => 'running').join(' ')

type Case = [
  string,
  Metadata,
  LintOptions,
  [LintFinding['rule'], LintFinding['severity'], string][],
]

const cases: Case[] = [
  ['nothing to report', good, page, []],
  ['nothing to report without a page URL', good, {}, []],
  ['missing title', { ...good, title: undefined }, page, [['title-missing', 'error', 'title']]],
  ['blank title', { ...good, title: '   ' }, page, [['title-missing', 'error', 'title']]],
  [
    'title wider than 600 px',
    { ...good, title: long(10) },
    page,
    [['title-too-wide', 'warning', 'title']],
  ],
  ['title just under 600 px', { ...good, title: 'W'.repeat(31) }, page, []],
  [
    'title just over 600 px',
    { ...good, title: 'W'.repeat(32) },
    page,
    [['title-too-wide', 'warning', 'title']],
  ],
  [
    'title is the site name only',
    { ...good, title: ' acme ' },
    page,
    [['title-site-name-only', 'warning', 'title']],
  ],
  [
    'title is the site name given in the options',
    { ...good, title: 'Acme', openGraph: { ...good.openGraph, siteName: undefined } },
    { ...page, siteName: 'Acme' },
    [['title-site-name-only', 'warning', 'title']],
  ],
  [
    'missing description',
    { ...good, description: '' },
    page,
    [['description-missing', 'warning', 'description']],
  ],
  [
    'description wider than 920 px',
    { ...good, description: long(30) },
    page,
    [['description-too-wide', 'info', 'description']],
  ],
  [
    'no Open Graph image',
    { ...good, openGraph: { ...good.openGraph, image: undefined } },
    page,
    [['image-missing', 'warning', 'openGraph.image']],
  ],
  [
    'Open Graph images list only',
    {
      ...good,
      openGraph: { ...good.openGraph, image: undefined, images: [image('https://acme.com/1.png')] },
    },
    page,
    [],
  ],
  [
    'relative, undersized and unlabelled image in the list',
    { ...good, openGraph: { ...good.openGraph, images: [image('/card.png', 600, 315, '')] } },
    page,
    [
      ['image-not-absolute', 'error', 'openGraph.images.0.url'],
      ['image-too-small', 'warning', 'openGraph.images.0.width'],
      ['image-alt-missing', 'warning', 'openGraph.images.0.alt'],
    ],
  ],
  [
    'image URL that is not a URL',
    { ...good, openGraph: { ...good.openGraph, image: image('not a url') } },
    page,
    [['image-not-absolute', 'error', 'openGraph.image.url']],
  ],
  [
    'http image on an https page',
    { ...good, openGraph: { ...good.openGraph, image: image('http://cdn.acme.com/og.png') } },
    page,
    [['image-not-https', 'warning', 'openGraph.image.url']],
  ],
  [
    'http image on an http page',
    {
      ...good,
      openGraph: { ...good.openGraph, url: undefined, image: image('http://cdn.acme.com/og.png') },
    },
    { url: 'http://acme.com/shoes' },
    [],
  ],
  [
    'large X card image that is not 2:1',
    { ...good, twitter: { ...good.twitter, image: image('https://acme.com/x.png', 1200, 1200) } },
    page,
    [['image-not-2-to-1', 'warning', 'twitter.image.width']],
  ],
  [
    'large X card image under 300 × 157',
    { ...good, twitter: { ...good.twitter, image: image('https://acme.com/x.png', 200, 100) } },
    page,
    [['image-not-2-to-1', 'warning', 'twitter.image.width']],
  ],
  [
    'summary X card image of any size',
    { ...good, twitter: { card: 'summary', image: image('https://acme.com/x.png', 144, 144) } },
    page,
    [],
  ],
  [
    'large X card without any image',
    {
      ...good,
      openGraph: { ...good.openGraph, image: undefined },
      twitter: { card: 'summary_large_image' },
    },
    page,
    [
      ['image-missing', 'warning', 'openGraph.image'],
      ['twitter-card-without-image', 'error', 'twitter.card'],
    ],
  ],
  [
    'large X card falling back to a 2:1 Open Graph image',
    {
      ...good,
      openGraph: { ...good.openGraph, image: image('https://acme.com/og.png', 1200, 600) },
      twitter: { card: 'summary_large_image' },
    },
    page,
    [['image-too-small', 'warning', 'openGraph.image.width']],
  ],
  [
    'large X card falling back to an Open Graph image it will crop',
    {
      ...good,
      openGraph: { ...good.openGraph, image: image('https://acme.com/square.png', 1200, 1200) },
      twitter: { card: 'summary_large_image' },
    },
    page,
    [['image-not-2-to-1', 'info', 'twitter.image']],
  ],
  [
    'og:url on another host',
    { ...good, openGraph: { ...good.openGraph, url: 'https://other.com/shoes' } },
    page,
    [['url-other-host', 'warning', 'openGraph.url']],
  ],
  [
    'og:url that is not a URL',
    { ...good, openGraph: { ...good.openGraph, url: 'shoes' } },
    page,
    [],
  ],
  [
    'canonical custom tag on another host',
    { ...good, customTags: [{ name: 'Canonical', content: 'https://other.com/shoes' }] },
    page,
    [['url-other-host', 'warning', 'customTags.0.content']],
  ],
  [
    'noindex with a canonical elsewhere on the same host',
    { ...good, noindex: true, openGraph: { ...good.openGraph, url: 'https://acme.com/boots' } },
    page,
    [['noindex-with-canonical', 'error', 'noindex']],
  ],
  [
    'noindex with a canonical to the page itself (trailing slash)',
    { ...good, noindex: true, openGraph: { ...good.openGraph, url: 'https://acme.com/shoes/' } },
    page,
    [],
  ],
  [
    'noindex with two canonicals elsewhere: one finding',
    {
      ...good,
      noindex: true,
      openGraph: { ...good.openGraph, url: 'https://other.com/' },
      customTags: [{ name: 'canonical', content: 'https://acme.com/boots' }],
    },
    page,
    [
      ['url-other-host', 'warning', 'openGraph.url'],
      ['noindex-with-canonical', 'error', 'noindex'],
    ],
  ],
  [
    'empty and duplicate custom tags',
    {
      ...good,
      customTags: [
        { name: 'google-site-verification', content: 'abc' },
        { name: '', content: 'orphan' },
        { name: 'theme-color', content: ' ' },
        { name: 'Google-Site-Verification ', content: 'def' },
      ],
    },
    page,
    [
      ['custom-tag-empty', 'warning', 'customTags.1.name'],
      ['custom-tag-empty', 'warning', 'customTags.2.content'],
      ['custom-tag-duplicate', 'warning', 'customTags.3.name'],
    ],
  ],
  [
    'nothing at all',
    {},
    page,
    [
      ['title-missing', 'error', 'title'],
      ['description-missing', 'warning', 'description'],
      ['image-missing', 'warning', 'openGraph.image'],
    ],
  ],
  // Canonical and robots.
  ['canonical to the page itself', { ...good, canonical: 'https://acme.com/shoes/' }, page, []],
  [
    'canonical not absolute',
    { ...good, canonical: '/shoes' },
    page,
    [['canonical-not-absolute', 'error', 'canonical']],
  ],
  [
    'canonical on another host, noindex',
    { ...good, noindex: true, canonical: 'https://shop.acme.com/shoes' },
    page,
    [
      ['url-other-host', 'warning', 'canonical'],
      ['noindex-with-canonical', 'error', 'noindex'],
    ],
  ],
  [
    'noindex with a canonical to itself',
    { ...good, noindex: true, canonical: 'https://acme.com/shoes#top' },
    page,
    [['noindex-canonical-self', 'warning', 'noindex']],
  ],
  [
    'noindex and a canonical, no page URL',
    { ...good, noindex: true, canonical: 'https://acme.com/shoes' },
    {},
    [],
  ],
  // Language versions.
  [
    'a complete hreflang cluster',
    {
      ...good,
      alternates: {
        en: 'https://acme.com/shoes',
        de: 'https://acme.com/de/schuhe',
        'x-default': 'https://acme.com/shoes',
      },
    },
    page,
    [],
  ],
  [
    'a cluster without this page, x-default or absolute URLs',
    {
      ...good,
      alternates: {
        de: 'https://acme.com/de/schuhe',
        fr: '/fr/chaussures',
        english: 'https://acme.com/en',
        'zh-Hant-TW': 'https://acme.com/tw',
        'es-419': 'https://acme.com/es',
      },
    },
    page,
    [
      ['hreflang-not-absolute', 'error', 'alternates.fr'],
      ['hreflang-invalid', 'error', 'alternates.english'],
      ['hreflang-self-missing', 'error', 'alternates'],
      ['hreflang-x-default-missing', 'warning', 'alternates'],
    ],
  ],
  [
    'a cluster that lists the canonical, checked without a page URL',
    {
      ...good,
      canonical: 'https://acme.com/de/schuhe',
      alternates: { de: 'https://acme.com/de/schuhe', 'x-default': 'https://acme.com/shoes' },
    },
    {},
    [],
  ],
  [
    'a cluster without a page URL or canonical: only x-default can be checked',
    { ...good, alternates: { de: 'https://acme.com/de/schuhe' } },
    {},
    [['hreflang-x-default-missing', 'warning', 'alternates']],
  ],
  // Structured data.
  [
    'JSON-LD with what Google needs and recommends',
    {
      ...good,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'Trail shoe',
          offers: { '@type': 'Offer', price: '120' },
          image: 'https://acme.com/shoe.png',
          description: 'Light',
        },
        { '@type': 'Thing' },
        { '@type': 'constructor' },
        { '@graph': [null, 'text'] },
        { '@type': ['WebSite', 'Thing'], name: 'Acme', url: 'https://acme.com' },
      ],
    },
    page,
    [],
  ],
  [
    'JSON-LD missing required and recommended properties',
    {
      ...good,
      jsonLd: [
        { '@type': 'Product', name: '', image: 'https://acme.com/shoe.png' },
        { '@type': 'BlogPosting', headline: 'Hello', image: 'x', datePublished: '2026-01-01' },
        {
          '@context': 'https://schema.org',
          '@graph': [
            { '@type': 'Event', name: 'Run', startDate: '2026-05-01' },
            { '@type': 'Organization', name: 'Acme', url: 'https://acme.com', logo: 'x' },
          ],
        },
        {},
      ],
    },
    page,
    [
      ['jsonld-required', 'error', 'jsonLd.0.name'],
      ['jsonld-required', 'error', 'jsonLd.0.offers'],
      ['jsonld-recommended', 'warning', 'jsonLd.0.description'],
      ['jsonld-recommended', 'warning', 'jsonLd.1.author'],
      ['jsonld-required', 'error', 'jsonLd.2.location'],
      ['jsonld-recommended', 'warning', 'jsonLd.2.description'],
      ['jsonld-recommended', 'warning', 'jsonLd.2.endDate'],
      ['jsonld-recommended', 'warning', 'jsonLd.2.image'],
      ['jsonld-recommended', 'warning', 'jsonLd.2.offers'],
      ['jsonld-recommended', 'warning', 'jsonLd.2.organizer'],
      ['jsonld-recommended', 'warning', 'jsonLd.2.eventStatus'],
    ],
  ],
]

describe('lintMetadata', () => {
  it.each(cases)('%s', (_, metadata, options, expected) => {
    const findings = lintMetadata(metadata, options)
    expect(findings.map(({ rule, severity, field }) => [rule, severity, field])).toEqual(expected)
    for (const finding of findings) expect(finding.message).toMatch(/^[A-Z0-9“].+\.$/)
  })

  it('says how wide the title is and where results cut it', () => {
    const [finding] = lintMetadata({ ...good, title: 'W'.repeat(40) }, page)
    expect(finding?.message).toBe('755 px wide: results cut it at 600 px.')
  })

  it('works without options', () => {
    expect(lintMetadata(good)).toEqual([])
  })
})

describe('the messages of the newer checks', () => {
  it('name the type and the properties', () => {
    const findings = lintMetadata({
      ...good,
      jsonLd: [{ '@type': 'Product', name: 'Shoe', image: 'x', description: 'y' }],
    })
    expect(findings.map((finding) => finding.message)).toEqual([
      'Product needs offers or review or aggregateRating.',
    ])
    expect(
      lintMetadata({ ...good, jsonLd: [{ '@type': 'Organization' }] }).map((f) => f.message),
    ).toEqual([
      'Organization should have name.',
      'Organization should have url.',
      'Organization should have logo.',
    ])
  })
})
