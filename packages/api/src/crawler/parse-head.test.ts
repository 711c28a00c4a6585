import fc from 'fast-check'
import { describe, expect, it } from 'vitest'
import { hostileLengths, hostileTexts } from '../../test/corpus.ts'
import { FULL_HEAD } from '../../test/crawl-fixtures.ts'
import { METADATA_MAX_BYTES, metadataBytes, metadataSchema } from '../domain/metadata-schema.ts'
import { parseHead } from './index.ts'

const page = 'https://site.example/full'
const reasons = (html: string, url = page) => parseHead(html, url).unmapped.map((u) => u.reason)

describe('parseHead', () => {
  it('maps every field Headmark serves, resolving relative URLs against the page', () => {
    const { metadata } = parseHead(FULL_HEAD, page)
    expect(metadata).toEqual({
      title: 'Full & rich page',
      description: 'Everything a head can say.',
      noindex: true,
      robots: { nofollow: true, maxSnippet: 120, maxImagePreview: 'large', maxVideoPreview: -1 },
      canonical: 'https://site.example/full',
      openGraph: {
        title: 'Full, for sharing',
        description: 'Shared description',
        type: 'article',
        url: 'https://site.example/full',
        siteName: 'Fixture',
        locale: 'en_US',
        localeAlternate: ['fr_CA', 'de_DE'],
        determiner: 'the',
        image: {
          url: 'https://site.example/images/card.png',
          alt: 'A card',
          width: 1200,
          height: 630,
          mimeType: 'image/png',
        },
        images: [
          {
            url: 'https://cdn.example.com/second.jpg',
            width: 800,
            height: 600,
            mimeType: 'image/jpeg',
          },
        ],
      },
      twitter: {
        card: 'summary_large_image',
        title: 'Full, on X',
        // X has no size tags: the Open Graph image of the same URL lends its size.
        image: {
          url: 'https://site.example/images/card.png',
          alt: 'A card on X',
          width: 1200,
          height: 630,
          mimeType: 'image/png',
        },
      },
      icon: [
        {
          url: 'https://site.example/favicon-32.png',
          width: 32,
          height: 32,
          mimeType: 'image/png',
        },
      ],
      appleTouchIcon: [
        {
          url: 'https://site.example/apple-touch-icon.png',
          width: 180,
          height: 180,
          mimeType: 'image/png',
        },
      ],
      alternates: {
        en: 'https://site.example/full',
        'fr-CA': 'https://fr.example.com/complet',
        'x-default': 'https://site.example/full',
      },
      jsonLd: [{ '@context': 'https://schema.org', '@type': 'Article', headline: 'Full' }],
      customTags: [
        { name: 'google-site-verification', content: 'abc123' },
        { name: 'author', content: 'Fixture Team' },
        { name: 'theme-color', content: '#123456' },
      ],
    })
    expect(metadataSchema.safeParse(metadata).success).toBe(true)
  })

  it('lists what it could not map, each with its reason', () => {
    expect(parseHead(FULL_HEAD, page).unmapped).toEqual([
      { html: '<meta charset="utf-8">', reason: 'not metadata Headmark serves' },
      {
        html: '<meta name="viewport" content="width=device-width, initial-scale=1">',
        reason: 'not metadata Headmark serves',
      },
      {
        html: '<meta http-equiv="X-UA-Compatible" content="IE=edge">',
        reason: 'not metadata Headmark serves (meta http-equiv)',
      },
      {
        html: expect.stringContaining('<meta name="robots"'),
        reason: 'the robots directive “notranslate” is not a Headmark field',
      },
      {
        html: '<link rel="alternate" type="application/rss+xml" title="Feed" href="/feed.xml">',
        reason:
          '<link rel="alternate"> without hreflang (a feed or another format) is not a Headmark field',
      },
      {
        html: '<link rel="preload" href="/font.woff2" as="font">',
        reason: 'not metadata Headmark serves',
      },
      { html: '<link rel="stylesheet" href="/style.css">', reason: 'not metadata Headmark serves' },
      {
        html: '<meta property="og:video" content="/video.mp4">',
        reason: 'og:video is not a Headmark field',
      },
      {
        html: '<meta property="article:published_time" content="2026-01-02T03:04:05Z">',
        reason:
          '<meta property="article:published_time"> is not a Headmark field (custom tags are <meta name>)',
      },
      {
        html: '<meta name="twitter:site" content="@fixture">',
        reason: 'twitter:site is not a Headmark field',
      },
      // The schema's own messages, for values it refuses (an image needs its size).
      {
        html: '<link rel="icon" href="/favicon.ico">',
        reason: 'icon.1.width: Enter the width in whole pixels.',
      },
      {
        html: '<meta property="og:image" content="/images/no-size.png">',
        reason: 'openGraph.images.1.width: Enter the width in whole pixels.',
      },
    ])
  })

  it('keeps the first of duplicate tags and lists the others', () => {
    const html = `<title>First title</title><title>Second title</title>
<meta name="description" content="First"><meta name="description" content="Second">
<link rel="canonical" href="/a"><link rel="canonical" href="/b">
<meta property="og:title" content="First OG"><meta property="og:title" content="Second OG">
<meta name="author" content="A"><meta name="Author" content="B">
<meta name="robots" content="noindex"><meta name="robots" content="nofollow">`
    const { metadata } = parseHead(html, 'https://site.example/x')
    expect(metadata).toEqual({
      title: 'First title',
      description: 'First',
      canonical: 'https://site.example/a',
      noindex: true,
      openGraph: { title: 'First OG' },
      customTags: [{ name: 'author', content: 'A' }],
    })
    expect(reasons(html)).toEqual([
      'a second <title>',
      'a second <meta name="description">',
      'a second <link rel="canonical">',
      'a second og:title',
      'a second <meta name="Author">',
      'a second <meta name="robots">',
    ])
  })

  it('reads broken HTML the way a browser would, as far as the head goes', () => {
    const html = `<html><title>Broken <b>page</title><meta name=description content=unquoted>
<meta property="og:title" content="Never closed"
<link rel=canonical href=/broken><meta name="keywords" content="a, b">
<div><p>Body without a body tag<title>Late</title>`
    const { metadata } = parseHead(html, 'https://site.example/broken')
    // As a browser reads it: the unclosed <meta> swallows the <link> as attributes.
    expect(metadata).toEqual({
      title: 'Broken <b>page',
      description: 'unquoted',
      openGraph: { title: 'Never closed' },
      customTags: [{ name: 'keywords', content: 'a, b' }],
    })
    expect(reasons(html, 'https://site.example/broken')).toEqual(['a second <title>'])
  })

  it('keeps JSON-LD blocks as parsed objects and lists the invalid ones', () => {
    const html = `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"A"}</script>
<script type="application/ld+json">[{"@type":"BreadcrumbList","itemListElement":[]},{"@graph":[{"@type":"WebSite"}]}]</script>
<script type="application/ld+json">{"@type": "Broken", </script>
<script type="application/ld+json">{"name":"no type"}</script>
<script>var notMetadata = "<title>x</title>"</script>`
    const parsed = parseHead(html, page)
    expect(parsed.metadata).toEqual({
      jsonLd: [
        { '@context': 'https://schema.org', '@type': 'Organization', name: 'A' },
        { '@type': 'BreadcrumbList', itemListElement: [] },
        { '@graph': [{ '@type': 'WebSite' }] },
      ],
    })
    expect(parsed.unmapped.map((u) => u.reason)).toEqual([
      expect.stringMatching(/^the JSON-LD block is not valid JSON \(/),
      'jsonLd.3: Each structured data item needs an "@type" (such as "Article") or an "@graph".',
    ])
  })

  it('resolves URLs against <base href>', () => {
    const { metadata, unmapped } = parseHead(
      `<link rel="canonical" href="page.html"><base href="https://static.example/assets/"><meta property="og:image" content="img/a.png"><meta property="og:image:width" content="10"><meta property="og:image:height" content="10">`,
      'https://site.example/dir/',
    )
    expect(metadata.canonical).toBe('https://static.example/assets/page.html')
    expect(metadata.openGraph?.image?.url).toBe('https://static.example/assets/img/a.png')
    expect(unmapped[0]?.reason).toMatch(/resolved against it/)
  })

  it('leaves out values the schema refuses, with its message', () => {
    const html = `<title>${'t'.repeat(600)}</title>
<link rel="canonical" href="javascript:alert(1)">
<meta property="og:type" content="product">
<meta name="twitter:card" content="player">
<link rel="alternate" hreflang="english" href="/en">
<meta name="robots" content="max-image-preview:huge, max-snippet:abc">
<meta property="og:locale" content="en-US">
<meta name="description" content="kept">`
    const parsed = parseHead(html, page)
    expect(parsed.metadata).toEqual({ description: 'kept' })
    expect(parsed.unmapped.map((u) => u.reason)).toEqual([
      'title: The title can have at most 512 characters.',
      'canonical: The canonical URL must be a full URL starting with https:// or http://.',
      'robots.maxSnippet: Enter the snippet length as a whole number of characters.',
      'robots.maxImagePreview: Choose one of: none, standard, large.',
      'alternates.english: “english” is not a language tag: use one such as en, fr-CA or x-default.',
      'openGraph.locale: Use a locale such as en_US or fr_FR.',
      'openGraph.type: Choose one of: website, article, book, profile, music.song, music.album, music.playlist, music.radio_station, video.movie, video.episode, video.tv_show, video.other.',
      'twitter.card: Choose one of: summary, summary_large_image.',
    ])
  })

  it('keeps the metadata within the 64 KiB a page can hold, listing what it left out', () => {
    const block = (n: number) =>
      `<script type="application/ld+json">{"@type":"Thing","n":${n},"text":"${'x'.repeat(5000)}"}</script>`
    const parsed = parseHead(
      `<title>Big</title>${Array.from({ length: 20 }, (_, n) => block(n)).join('')}`,
      page,
    )
    expect(metadataBytes(parsed.metadata)).toBeLessThanOrEqual(METADATA_MAX_BYTES)
    expect(parsed.metadata.title).toBe('Big')
    const kept = parsed.metadata.jsonLd ?? []
    expect(kept.length).toBeGreaterThan(10)
    expect(kept.map((item) => item.n)).toEqual(Array.from({ length: kept.length }, (_, n) => n))
    expect(parsed.unmapped).toHaveLength(20 - kept.length)
    expect(parsed.unmapped[0]?.reason).toBe("left out: a page's metadata can hold at most 64 KiB")
    expect(parsed.unmapped[0]?.html).toContain('"n":19')
  })

  it('survives every hostile string of the corpus, anywhere in the head', () => {
    const strings = [
      ...hostileTexts(),
      ...hostileLengths().map((n) => 'a'.repeat(Math.min(n, 70_000))),
    ]
    const attr = (s: string) => s.replaceAll('"', '&quot;')
    for (const s of strings) {
      const html = `<base href="${attr(s)}"><title>${s}</title>
<meta name="description" content="${attr(s)}"><meta name="${attr(s)}" content="${attr(s)}">
<link rel="canonical" href="${attr(s)}"><link rel="alternate" hreflang="${attr(s)}" href="${attr(s)}">
<link rel="icon" href="${attr(s)}" sizes="${attr(s)}" type="${attr(s)}">
<meta property="og:image" content="${attr(s)}"><meta property="og:image:width" content="${attr(s)}">
<meta name="robots" content="${attr(s)}"><meta property="og:type" content="${attr(s)}">
<script type="application/ld+json">${s}</script><script type="application/ld+json">{"@type":"X","v":${JSON.stringify(s)}}</script>
${s}`
      for (const url of [page, s]) {
        const parsed = parseHead(html, url)
        expect(metadataSchema.safeParse(parsed.metadata).success, s.slice(0, 80)).toBe(true)
        for (const tag of parsed.unmapped) expect(tag.html.length).toBeLessThanOrEqual(300)
      }
    }
  })

  it('returns metadata the schema accepts for any head (property)', () => {
    const value = fc.oneof(
      fc.string(),
      fc.constantFrom(
        '',
        ' ',
        '/x',
        'https://a.example/i.png',
        '-1',
        '0',
        '1200',
        'en',
        'en_US',
        'noindex, max-snippet:5',
        '"',
        '<',
        '&amp;',
        '\u0000',
      ),
    )
    const tag = fc.oneof(
      fc.tuple(value).map(([v]) => `<title>${v}</title>`),
      fc
        .tuple(
          fc.constantFrom('name', 'property', 'itemprop', 'http-equiv', 'charset'),
          fc.oneof(
            value,
            fc.constantFrom(
              'description',
              'robots',
              'og:title',
              'og:image',
              'og:image:width',
              'og:image:height',
              'og:image:type',
              'og:locale:alternate',
              'og:type',
              'og:url',
              'twitter:card',
              'twitter:image',
              'twitter:image:alt',
              'viewport',
              'og:video',
              'generator',
            ),
          ),
          value,
        )
        .map(([attribute, name, content]) => `<meta ${attribute}="${name}" content="${content}">`),
      fc
        .tuple(
          fc.constantFrom(
            'canonical',
            'icon',
            'apple-touch-icon',
            'alternate',
            'preload',
            'shortcut icon',
            '',
          ),
          value,
          value,
          value,
        )
        .map(
          ([rel, href, hreflang, sizes]) =>
            `<link rel="${rel}" href="${href}" hreflang="${hreflang}" sizes="${sizes}">`,
        ),
      fc
        .tuple(fc.oneof(value, fc.json()))
        .map(([json]) => `<script type="application/ld+json">${json}</script>`),
      fc.tuple(value).map(([href]) => `<base href="${href}">`),
      value,
    )
    fc.assert(
      fc.property(
        fc.array(tag, { maxLength: 40 }),
        fc.constantFrom(page, 'not a url', ''),
        (tags, url) => {
          const parsed = parseHead(tags.join('\n'), url)
          expect(metadataSchema.safeParse(parsed.metadata).success).toBe(true)
        },
      ),
      { numRuns: 300 },
    )
  })
})
