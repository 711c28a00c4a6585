import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startWordPressFixture, type WordPressFixture } from '../../test/wordpress-fixture.ts'
import { metadataSchema } from '../domain/metadata-schema.ts'
import type { OutboundPolicy } from '../webhooks/outbound-guard.ts'
import { type Crawler, crawlerUserAgent, createCrawler, type FetchHeadResult } from './index.ts'

const policy: OutboundPolicy = { allowLoopback: true, requireHttps: false, denyCidrs: [] }
const userAgent = crawlerUserAgent('1.0.0', 'https://app.headmark.test')

let wordpress: WordPressFixture
let crawler: Crawler
beforeAll(async () => {
  wordpress = await startWordPressFixture()
  crawler = createCrawler({ policy, userAgent, requestsPerSecondPerHost: 1000 })
})
afterAll(async () => {
  await crawler.close()
  await wordpress.close()
})

const ok = (result: FetchHeadResult) => {
  if (!result.ok) throw new Error(`${result.kind}: ${result.reason}`)
  return result
}

describe('WordPress heads', () => {
  it("reads Yoast SEO's intended head, not the theme's", async () => {
    const url = `${wordpress.origin}/hello-world/`
    const theme = ok(await crawler.fetchHead(url))
    expect(theme.head.metadata.title).toBe('Theme title for Hello world')

    const result = ok(await crawler.fetchHead(url, { headSource: 'yoast' }))
    expect(wordpress.askedFor.at(-1)).toBe(url)
    expect(result.finalUrl).toBe(url)
    const { metadata, unmapped } = result.head
    expect(metadata).toEqual({
      title: 'Hello world - Fixture Blog',
      description: 'What Hello world is about, as written in Yoast SEO.',
      robots: { maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 },
      canonical: url,
      openGraph: {
        locale: 'en_US',
        type: 'article',
        title: 'Hello world',
        description: 'What Hello world is about, as written in Yoast SEO.',
        url,
        siteName: 'Fixture Blog',
        image: {
          url: `${wordpress.origin}/wp-content/uploads/2026/03/card.png`,
          width: 1200,
          height: 675,
          mimeType: 'image/png',
        },
      },
      twitter: { card: 'summary_large_image' },
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@graph': [
            {
              '@type': 'WebPage',
              '@id': `${url}#webpage`,
              url,
              name: 'Hello world - Fixture Blog',
            },
            {
              '@type': 'WebSite',
              '@id': `${wordpress.origin}/#website`,
              url: `${wordpress.origin}/`,
              name: 'Fixture Blog',
            },
          ],
        },
      ],
    })
    expect(unmapped.map((tag) => tag.reason)).toEqual([
      '<meta property="article:modified_time"> is not a Headmark field (custom tags are <meta name>)',
      'twitter:label1 is not a Headmark field',
      'twitter:data1 is not a Headmark field',
    ])
  })

  it("takes the title from Yoast's json when its html has none", async () => {
    const result = ok(
      await crawler.fetchHead(`${wordpress.origin}/about/`, { headSource: 'yoast' }),
    )
    expect(result.head.metadata.title).toBe('About - Fixture Blog')
  })

  it('says when Yoast SEO does not know the page', async () => {
    const result = await crawler.fetchHead(`${wordpress.origin}/gone/`, { headSource: 'yoast' })
    expect(result).toMatchObject({ ok: false, kind: 'http', status: 404 })
    expect(!result.ok && result.reason).toBe('Yoast SEO says this page answers 404 Not Found.')
  })

  it("reads Rank Math's intended head", async () => {
    const url = `${wordpress.origin}/hello-world/`
    const result = ok(await crawler.fetchHead(url, { headSource: 'rankmath' }))
    const { metadata, unmapped } = result.head
    expect(metadata.title).toBe('Hello world | Rank Math title')
    expect(metadata.description).toBe('Hello world, as Rank Math describes it.')
    expect(metadata.openGraph?.image).toEqual({
      url: `${wordpress.origin}/wp-content/uploads/2026/03/rank.jpg`,
      alt: 'Hello world',
      width: 1200,
      height: 630,
      mimeType: 'image/jpeg',
    })
    // X's image borrows the Open Graph image's size (same URL).
    expect(metadata.twitter).toEqual({
      card: 'summary_large_image',
      title: 'Hello world | Rank Math',
      image: {
        url: `${wordpress.origin}/wp-content/uploads/2026/03/rank.jpg`,
        width: 1200,
        height: 630,
        mimeType: 'image/jpeg',
      },
    })
    expect(metadata.jsonLd?.[0]).toMatchObject({ '@graph': [{ '@type': 'BlogPosting' }] })
    expect(metadataSchema.safeParse(metadata).success).toBe(true)
    expect(unmapped.map((tag) => tag.reason)).toEqual([
      'og:updated_time is not a Headmark field',
      'og:image:secure_url is not a Headmark field (og:image is kept)',
      'twitter:label1 is not a Headmark field',
      'twitter:data1 is not a Headmark field',
    ])
    const unknown = await crawler.fetchHead(`${wordpress.origin}/gone/`, { headSource: 'rankmath' })
    expect(!unknown.ok && unknown.reason).toBe(
      "Rank Math could not give this page's head (Invalid URL.).",
    )
  })

  it("falls back to the posts' and pages' yoast_head_json when get_head has no route", async () => {
    const older = await startWordPressFixture({ getHead: false })
    try {
      const url = `${older.origin}/hello-world/`
      const result = ok(await crawler.fetchHead(url, { headSource: 'yoast' }))
      expect(older.count('/wp-json/yoast/v1/get_head')).toBe(1)
      expect(older.count('/wp-json/wp/v2/posts')).toBe(1)
      const { metadata, unmapped } = result.head
      expect(metadata).toEqual({
        title: 'Hello world - Fixture Blog',
        description: 'What Hello world is about, as written in Yoast SEO.',
        robots: { maxSnippet: -1, maxImagePreview: 'large', maxVideoPreview: -1 },
        canonical: url,
        openGraph: {
          locale: 'en_US',
          type: 'article',
          title: 'Hello world',
          description: 'What Hello world is about, as written in Yoast SEO.',
          url,
          siteName: 'Fixture Blog',
          image: {
            url: `${older.origin}/wp-content/uploads/2026/03/card.png`,
            width: 1200,
            height: 675,
            mimeType: 'image/png',
          },
        },
        twitter: { card: 'summary_large_image' },
        customTags: [{ name: 'author', content: 'Fixture Author' }],
        jsonLd: [
          {
            '@context': 'https://schema.org',
            '@graph': [
              {
                '@type': 'WebPage',
                '@id': `${url}#webpage`,
                url,
                name: 'Hello world - Fixture Blog',
              },
              {
                '@type': 'WebSite',
                '@id': `${older.origin}/#website`,
                url: `${older.origin}/`,
                name: 'Fixture Blog',
              },
            ],
          },
        ],
      })
      expect(metadataSchema.safeParse(metadata).success).toBe(true)
      expect(unmapped.map((tag) => tag.reason)).toEqual([
        '<meta property="article:modified_time"> is not a Headmark field (custom tags are <meta name>)',
        'twitter:label1 is not a Headmark field',
        'twitter:data1 is not a Headmark field',
      ])

      // /about/ is a page, not a post: asked for after the posts.
      const about = ok(await crawler.fetchHead(`${older.origin}/about/`, { headSource: 'yoast' }))
      expect(about.head.metadata.title).toBe('About - Fixture Blog')
      expect(older.count('/wp-json/wp/v2/pages')).toBe(1)

      // Neither a post nor a page: get_head's own failure is said.
      const gone = await crawler.fetchHead(`${older.origin}/gone/`, { headSource: 'yoast' })
      expect(gone).toMatchObject({ ok: false, kind: 'http', status: 404 })
      expect(!gone.ok && gone.reason).toMatch(
        /^Yoast SEO's REST API answered 404 Not Found at \/wp-json\/yoast\/v1\/get_head/,
      )
    } finally {
      await older.close()
    }
  })

  it('says what to check when the plugin is not there', async () => {
    const bare = await startWordPressFixture({ yoast: false, rankMath: false })
    try {
      const yoast = await crawler.fetchHead(`${bare.origin}/hello-world/`, { headSource: 'yoast' })
      expect(yoast).toMatchObject({ ok: false, kind: 'http', status: 404 })
      expect(!yoast.ok && yoast.reason).toMatch(
        /^Yoast SEO's REST API answered 404 Not Found at \/wp-json\/yoast\/v1\/get_head: check that Yoast SEO is active/,
      )
      const rankMath = await crawler.fetchHead(`${bare.origin}/hello-world/`, {
        headSource: 'rankmath',
      })
      expect(!rankMath.ok && rankMath.reason).toMatch(/Headless CMS Support/)
    } finally {
      await bare.close()
    }
  })

  it('refuses the plugin endpoints of a page robots.txt disallows', async () => {
    const result = await crawler.fetchHead(`${wordpress.origin}/wp-admin/options.php`, {
      headSource: 'yoast',
    })
    expect(result).toMatchObject({ ok: false, kind: 'robots' })
  })
})
