import type { HeadInput, Metadata } from '@headmark/metadata'
import { resolveHead } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { describe, expect, it } from 'vitest'
import { compareServed, type ServedPage } from './compare.ts'

const URL_ = 'https://acme.example/pricing'
const intended: Metadata = {
  title: 'Pricing · Acme',
  description: 'Plans for teams of every size.',
  canonical: URL_,
  openGraph: {
    title: 'Acme pricing',
    images: [
      {
        url: 'https://acme.example/og.png',
        width: 1200,
        height: 630,
        alt: 'Plans',
        mimeType: 'image/png',
      },
    ],
  },
  twitter: { card: 'summary_large_image' },
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'Product', name: 'Acme' }],
}

/** A page as the SDK renders it: the site's fallback, Headmark's metadata, the site's override. */
function sdkPage(
  layers: { fallback?: HeadInput; metadata?: Metadata | null; override?: HeadInput },
  extra: Partial<ServedPage> = {},
): ServedPage {
  const head = renderHead(resolveHead(layers))
  return {
    url: URL_,
    status: 200,
    html: `<!doctype html><html><head><meta charset="utf-8">${head}</head><body><h1>Pricing</h1></body></html>`,
    ...extra,
  }
}

const kinds = (result: ReturnType<typeof compareServed>) =>
  result.findings.map((finding) => [finding.kind, finding.field ?? null])

describe('compareServed', () => {
  it('finds nothing when the SDK serves the current revision', () => {
    const result = compareServed({ intended, page: sdkPage({ metadata: intended }) })
    expect(result.findings).toEqual([])
    expect(result.drifting).toBe(false)
    expect(result.fields.every((field) => field.state === 'match')).toBe(true)
  })

  it("tells the site's fallback and override tags from drift", () => {
    const result = compareServed({
      intended,
      page: sdkPage({
        fallback: {
          description: 'Acme tools',
          customTags: [{ name: 'theme-color', content: '#fff' }],
        },
        metadata: intended,
        override: [{ tag: 'meta', attrs: { property: 'og:title', content: 'Our own title' } }],
      }),
    })
    expect(result.drifting).toBe(false)
    expect(kinds(result)).toEqual([
      ['overridden', 'openGraph.title'],
      ['site-fallback', 'customTags.theme-color'],
    ])
    expect(result.findings[0]?.served).toBe('Our own title')
  })

  it('says the SDK is not installed when nothing managed is served', () => {
    const result = compareServed({
      intended,
      page: sdkPage({ fallback: { title: 'Acme', description: 'Acme tools' }, metadata: null }),
    })
    expect(result.drifting).toBe(true)
    expect(result.findings[0]?.kind).toBe('not-installed')
    expect(result.findings[0]?.message).toMatch(/SDK is not installed/)
    expect(kinds(result)).toContainEqual(['different', 'title'])
    expect(kinds(result)).toContainEqual(['missing', 'openGraph.image'])
  })

  it('tells a stale cache (an earlier revision) from an override', () => {
    const before: Metadata = { ...intended, title: 'Prices · Acme' }
    const result = compareServed({
      intended,
      previous: [before],
      page: sdkPage({ metadata: before }),
    })
    expect(result.drifting).toBe(true)
    expect(kinds(result)).toEqual([['stale', 'title']])
    expect(result.findings[0]).toMatchObject({
      intended: 'Pricing · Acme',
      served: 'Prices · Acme',
    })
    // Without the earlier revision the same page reads as the site's override.
    const unknown = compareServed({ intended, page: sdkPage({ metadata: before }) })
    expect(kinds(unknown)).toEqual([['overridden', 'title']])
  })

  it('finds metadata an element in the head pushed into <body>', () => {
    const head = renderHead(resolveHead({ metadata: { title: intended.title } }))
    const rest = renderHead(resolveHead({ metadata: { ...intended, title: undefined } }))
    const result = compareServed({
      intended,
      page: {
        url: URL_,
        status: 200,
        html: `<html><head>${head}<img src="/pixel.gif">${rest}</head><body></body></html>`,
      },
    })
    expect(result.drifting).toBe(true)
    const description = result.findings.find((finding) => finding.field === 'description')
    expect(description).toMatchObject({ kind: 'in-body', drift: true })
    expect(description?.message).toMatch(/<img> ends the head/)
    // Structured data is read anywhere.
    expect(result.fields.find((field) => field.field === 'jsonLd.Product')?.state).toBe('match')
    // Text in the head ends it too; a script's code does not.
    const text = compareServed({
      intended: { title: 'A', description: 'B' },
      page: {
        url: URL_,
        status: 200,
        html: '<head><script>var a = 1</script><title>A</title>Hello<meta name="description" content="B"></head>',
      },
    })
    expect(kinds(text)).toEqual([['in-body', 'description']])
    expect(text.findings[0]?.message).toMatch(/text "Hello" ends the head/)
  })

  it('finds tags written twice', () => {
    const result = compareServed({
      intended: { title: 'A' },
      page: {
        url: URL_,
        status: 200,
        html: '<head><title>A</title><title>B</title><meta name="description" content="x"><meta name="description" content="x"></head>',
      },
    })
    expect(result.findings.filter((finding) => finding.kind === 'duplicate')).toEqual([
      expect.objectContaining({ field: '<title>', drift: true, served: ['A', 'B'] }),
      expect.objectContaining({ field: '<meta name="description">', drift: false }),
    ])
  })

  it('finds a noindex nobody intended, by meta tag or header, for the crawler it names', () => {
    const meta = compareServed({
      intended: { title: 'A' },
      page: {
        url: URL_,
        status: 200,
        html: '<title>A</title><meta name="robots" content="noindex, follow">',
      },
    })
    expect(kinds(meta)).toEqual([['unintended-noindex', 'noindex']])
    const header = (userAgent: string) =>
      compareServed({
        intended: { title: 'A' },
        page: {
          url: URL_,
          status: 200,
          html: '<title>A</title>',
          headers: { 'X-Robots-Tag': 'googlebot: noindex' },
          userAgent,
        },
      })
    expect(header('Mozilla/5.0 (compatible; Googlebot/2.1)').drifting).toBe(true)
    expect(header('Twitterbot/1.0').drifting).toBe(false)
    const googlebotMeta = (userAgent: string) =>
      compareServed({
        intended: { title: 'A' },
        page: {
          url: URL_,
          status: 200,
          html: '<title>A</title><meta name="googlebot" content="none">',
          userAgent,
        },
      }).servedNoindex
    expect(googlebotMeta('Googlebot/2.1')).toBe(true)
    expect(googlebotMeta('bingbot/2.0')).toBe(false)
  })

  it('finds a page left indexable that should not be', () => {
    const result = compareServed({
      intended: { title: 'A', noindex: true },
      page: { url: URL_, status: 200, html: '<title>A</title>' },
    })
    expect(kinds(result)).toEqual([['unintended-indexable', 'noindex']])
  })

  it('finds a canonical URL pointing elsewhere', () => {
    const own = compareServed({
      intended: { title: 'A' },
      page: { url: URL_, status: 200, html: '<title>A</title><link rel="canonical" href="/">' },
    })
    expect(own.findings).toEqual([
      expect.objectContaining({
        kind: 'canonical-elsewhere',
        served: 'https://acme.example/',
        message: expect.stringMatching(/crawlers index that page instead/),
      }),
    ])
    const intendedOther = compareServed({
      intended: { title: 'A', canonical: URL_ },
      page: {
        url: URL_,
        status: 200,
        html: `<title>A</title><link rel="canonical" href="${URL_}?ref=1">`,
      },
    })
    expect(kinds(intendedOther)).toEqual([['canonical-elsewhere', 'canonical']])
    const self = compareServed({
      intended: { title: 'A' },
      page: {
        url: URL_,
        status: 200,
        html: `<title>A</title><link rel="canonical" href="${URL_}#top">`,
      },
    })
    expect(self.findings).toEqual([])
  })

  it('compares images a page names without a size by their URL', () => {
    const result = compareServed({
      intended,
      page: sdkPage({
        metadata: { ...intended, openGraph: { title: 'Acme pricing' } },
        override: [
          { tag: 'meta', attrs: { property: 'og:image', content: 'https://acme.example/og.png' } },
          { tag: 'meta', attrs: { property: 'og:image:alt', content: 'Plans' } },
        ],
      }),
    })
    expect(result.findings).toEqual([])
  })

  it('says when the page does not answer 200', () => {
    const result = compareServed({
      intended,
      page: { url: URL_, status: 404, html: '<title>Not found</title>' },
    })
    expect(kinds(result)).toEqual([['http-status', null]])
    expect(result.drifting).toBe(true)
  })
})
