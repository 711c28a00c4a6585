import type { HeadInput, Metadata } from '@headmark/metadata'
import { resolveHead } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { describe, expect, it } from 'vitest'
import { changedFields, compareServed, type ServedPage, showsSave } from './compare.ts'

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

  describe("the site's own title template", () => {
    // Next.js applies a layout's `title.template` (`%s | Acme Rockets`) to the title a page's
    // generateMetadata returns, Headmark's included; `openGraph.title.template` and
    // `twitter.title.template` do the same to those titles. A template adds to the title, around it.
    const templated = (metadata: Metadata, title: (value: string) => string): Metadata => ({
      ...metadata,
      ...(metadata.title !== undefined && { title: title(metadata.title) }),
    })
    const suffix = (title: string) => `${title} | Acme Rockets`

    it('counts a title inside it as served, for live checks and drift checks', () => {
      const result = compareServed({
        intended,
        page: sdkPage({ metadata: templated(intended, suffix) }),
      })
      expect(result.findings).toEqual([])
      expect(result.fields.find((field) => field.field === 'title')).toMatchObject({
        state: 'match',
        served: 'Pricing · Acme | Acme Rockets',
      })
      // A save of the title alone is live once the title is inside the template.
      const before: Metadata = { ...intended, title: 'Prices · Acme' }
      const changed = changedFields(intended, before, URL_)
      expect(changed).toEqual(['title'])
      expect(showsSave(result, changed)).toBe(true)
    })

    it('counts Open Graph and X titles inside their templates, before or after them', () => {
      const withTitles: Metadata = {
        ...intended,
        twitter: { card: 'summary_large_image', title: 'Acme pricing on X' },
      }
      const result = compareServed({
        intended: withTitles,
        page: sdkPage({
          metadata: {
            ...withTitles,
            title: `Acme Rockets: ${withTitles.title}`,
            openGraph: { ...withTitles.openGraph, title: 'Acme pricing — Acme Rockets' },
            twitter: { ...withTitles.twitter, title: '🚀 Acme pricing on X' },
          },
        }),
      })
      expect(result.findings).toEqual([])
    })

    it('still finds an earlier revision’s title inside it: a stale cache', () => {
      const before: Metadata = { ...intended, title: 'Prices · Acme' }
      const result = compareServed({
        intended,
        previous: [before],
        page: sdkPage({ metadata: templated(before, suffix) }),
      })
      expect(result.drifting).toBe(true)
      expect(kinds(result)).toEqual([['stale', 'title']])
      expect(result.findings[0]?.served).toBe('Prices · Acme | Acme Rockets')
      expect(showsSave(result, changedFields(intended, before, URL_))).toBe(false)
    })

    it('reads the longest title inside it: a title cut short is not served by its old self', () => {
      // Before: "Pricing · Acme | Plans"; now "Pricing · Acme". The old one, templated, holds the
      // new one too, between the template's separators: the longer one is what is served.
      const before: Metadata = { ...intended, title: 'Pricing · Acme | Plans' }
      const stale = compareServed({
        intended,
        previous: [before],
        page: sdkPage({ metadata: templated(before, suffix) }),
      })
      expect(kinds(stale)).toEqual([['stale', 'title']])
      // And the other way round: the new, longer title is served.
      const live = compareServed({
        intended: before,
        previous: [intended],
        page: sdkPage({ metadata: templated(before, suffix) }),
      })
      expect(live.findings).toEqual([])
    })

    it('is set apart by a separator: a title that goes on in words is the site’s own', () => {
      for (const title of ['Pricing · Acme plans', 'The Pricing · Acme', "Pricing · Acme's"]) {
        const result = compareServed({
          intended,
          page: sdkPage({ metadata: { ...intended, title } }),
        })
        expect(kinds(result), title).toEqual([['overridden', 'title']])
      }
      // Descriptions have no template: one that holds Headmark's is another description.
      const description = compareServed({
        intended,
        page: sdkPage({
          metadata: { ...intended, description: `${intended.description} | Acme Rockets` },
        }),
      })
      expect(kinds(description)).toEqual([['overridden', 'description']])
    })
  })

  describe('a page without the SDK, whose own tags happen to match a few fields', () => {
    // What the site serves with the SDK gone (no DSN in its configuration): its fallback only.
    const siteFallback: Metadata = {
      title: 'Pricing | Acme Rockets',
      description: 'Three plans, from a first launch to a fleet.',
      canonical: URL_,
      openGraph: {
        title: 'Pricing | Acme Rockets',
        images: [{ url: '/default.png', width: 1200, height: 630, mimeType: 'image/png' }],
      },
      twitter: { card: 'summary_large_image' },
    }
    const withoutJsonLd: Metadata = { ...intended, jsonLd: undefined }

    it('is not read as the site overriding Headmark when only its canonical URL matches', () => {
      const result = compareServed({
        intended: withoutJsonLd,
        page: sdkPage({ fallback: siteFallback, metadata: null }),
      })
      expect(result.drifting).toBe(true)
      expect(result.findings[0]).toMatchObject({ kind: 'not-installed', drift: true })
      expect(result.findings[0]?.message).toMatch(
        /^The canonical URL and `twitter.card` are what Headmark serves, as the site's own tags may be too, but 4 of the 6 fields Headmark manages for this page are not: the SDK is not installed/,
      )
      expect(kinds(result)).toEqual([
        ['not-installed', null],
        ['different', 'title'],
        ['different', 'description'],
        ['different', 'openGraph.title'],
        ['different', 'openGraph.image'],
      ])
      expect(showsSave(result, ['description'])).toBe(false)
    })

    it('is not read as an override when its own tags match fewer fields than they differ in', () => {
      const result = compareServed({
        intended: withoutJsonLd,
        page: sdkPage({
          fallback: { ...siteFallback, description: intended.description },
          metadata: null,
        }),
      })
      expect(result.findings[0]?.kind).toBe('not-installed')
      expect(kinds(result)).toContainEqual(['different', 'title'])
    })

    it('still reads an override where Headmark’s own canonical URL or a title is served', () => {
      // Headmark's canonical URL names another page than the one asked for: the site's own
      // tags would not say so.
      const elsewhere = 'https://acme.example/en/pricing'
      const canonical = compareServed({
        intended: { title: 'Pricing · Acme', canonical: elsewhere },
        page: sdkPage({
          metadata: { title: 'Pricing · Acme', canonical: elsewhere },
          override: { title: 'Our pricing' },
        }),
      })
      expect(kinds(canonical)).toEqual([['overridden', 'title']])
      // One page-specific field served as Headmark has it, one overridden.
      const title = compareServed({
        intended: { title: 'Pricing · Acme', description: 'Plans', canonical: URL_ },
        page: sdkPage({
          metadata: { title: 'Pricing · Acme', description: 'Plans', canonical: URL_ },
          override: { description: 'Our plans' },
        }),
      })
      expect(kinds(title)).toEqual([['overridden', 'description']])
      expect(title.drifting).toBe(false)
    })

    it('still reads an earlier revision’s values as a stale cache, not a missing SDK', () => {
      const before: Metadata = { ...withoutJsonLd, title: 'Prices · Acme', description: 'Old' }
      const result = compareServed({
        intended: withoutJsonLd,
        previous: [before],
        page: sdkPage({ metadata: before }),
      })
      expect(kinds(result)).toEqual([
        ['stale', 'title'],
        ['stale', 'description'],
      ])
      // An earlier revision's title shows Headmark's layer as well as this one's would: the
      // description beside it is the site's override.
      const page = { title: 'Pricing · Acme', description: 'Plans', canonical: URL_ }
      const mixed = compareServed({
        intended: page,
        previous: [{ ...page, title: 'Prices · Acme' }],
        page: sdkPage({
          metadata: { ...page, title: 'Prices · Acme' },
          override: { description: 'Our plans' },
        }),
      })
      expect(kinds(mixed)).toEqual([
        ['stale', 'title'],
        ['overridden', 'description'],
      ])
    })
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
