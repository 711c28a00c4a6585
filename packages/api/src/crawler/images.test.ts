import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { metadataSchema } from '../domain/metadata-schema.ts'
import { type CrawlFixture, startCrawlFixture } from '../../test/crawl-fixtures.ts'
import type { OutboundPolicy } from '../webhooks/outbound-guard.ts'
import {
  type Crawler,
  crawlerUserAgent,
  createCrawler,
  type FetchHeadResult,
  parseHead,
} from './index.ts'

const policy: OutboundPolicy = { allowLoopback: true, requireHttps: false, denyCidrs: [] }
const userAgent = crawlerUserAgent('1.2.3', 'https://app.headmark.test/')

let site: CrawlFixture
let crawler: Crawler
beforeAll(async () => {
  site = await startCrawlFixture()
  crawler = createCrawler({
    policy,
    userAgent,
    requestsPerSecondPerHost: 1000,
    concurrencyPerHost: 4,
    timeoutMs: 2000,
  })
})
afterAll(async () => {
  await crawler.close()
  await site.close()
})

const ok = (result: FetchHeadResult) => {
  if (!result.ok) throw new Error(`${result.kind}: ${result.reason}`)
  return result
}

describe('images named without sizes', () => {
  it('are listed by parseHead, which fetches nothing', () => {
    const { metadata, unmapped } = parseHead(
      '<meta property="og:image" content="/img/card.png">',
      `${site.origin}/pictures`,
    )
    expect(metadata).toEqual({})
    expect(unmapped).toEqual([
      {
        html: '<meta property="og:image" content="/img/card.png">',
        reason: 'openGraph.image.width: Enter the width in whole pixels.',
      },
    ])
  })

  it('are measured by fetchHead: width, height and type read from the bytes', async () => {
    const result = ok(await crawler.fetchHead(`${site.origin}/pictures`))
    const { metadata, unmapped } = result.head
    const at = (path: string) => `${site.origin}${path}`
    expect(metadata).toEqual({
      title: 'Pictures',
      openGraph: {
        image: {
          url: at('/img/card.png'),
          alt: 'The card',
          width: 1200,
          height: 630,
          mimeType: 'image/png',
        },
        images: [
          { url: at('/img/photo.jpg'), width: 800, height: 600, mimeType: 'image/jpeg' },
          { url: at('/img/anim.gif'), width: 40, height: 30, mimeType: 'image/gif' },
          // Neither the name nor the Content-Type says WebP: the bytes do.
          { url: at('/img/picture'), width: 1024, height: 512, mimeType: 'image/webp' },
          { url: at('/img/sized.svg'), width: 120, height: 90, mimeType: 'image/svg+xml' },
        ],
      },
      twitter: {
        card: 'summary_large_image',
        image: { url: at('/img/card.png'), width: 1200, height: 630, mimeType: 'image/png' },
      },
      icon: [
        { url: at('/favicon.ico'), width: 48, height: 48, mimeType: 'image/x-icon' },
        // An SVG with only a viewBox: its size is the viewBox's.
        { url: at('/img/logo.svg'), width: 64, height: 48, mimeType: 'image/svg+xml' },
      ],
      appleTouchIcon: [
        { url: at('/img/touch.png'), width: 180, height: 180, mimeType: 'image/png' },
      ],
    })
    expect(unmapped).toEqual([])
    expect(metadataSchema.safeParse(metadata).success).toBe(true)
    // The Open Graph and X image are one URL: fetched once. robots.txt is not needed for images,
    // but was read for the page.
    expect(site.count('/img/card.png')).toBe(1)
    expect(site.count('/robots.txt')).toBe(1)
  })

  it('fetches an image once per crawler, however many pages name it', async () => {
    const fixture = await startCrawlFixture()
    const fresh = createCrawler({ policy, userAgent, requestsPerSecondPerHost: 1000 })
    try {
      const pages = ['/pictures/again', '/pictures/again?page=2', '/pictures', '/pictures/broken']
      const results = await Promise.all(
        pages.map(async (path) => ok(await fresh.fetchHead(`${fixture.origin}${path}`))),
      )
      for (const result of results) {
        expect(result.head.metadata.icon?.[0]).toEqual({
          url: `${fixture.origin}/favicon.ico`,
          width: 48,
          height: 48,
          mimeType: 'image/x-icon',
        })
      }
      expect(fixture.count('/pictures/again')).toBe(2)
      expect(fixture.count('/favicon.ico')).toBe(1)
      expect(fixture.count('/img/card.png')).toBe(1)
      // A missing image is not asked for again either.
      ok(await fresh.fetchHead(`${fixture.origin}/pictures/broken?again`))
      expect(fixture.count('/img/missing.png')).toBe(1)
    } finally {
      await fresh.close()
      await fixture.close()
    }
  })

  it('keeps listed, with the reason, the images that can not be measured', async () => {
    const result = ok(await crawler.fetchHead(`${site.origin}/pictures/broken`))
    const { metadata, unmapped } = result.head
    // What could be measured is kept.
    expect(metadata).toEqual({
      title: 'Broken pictures',
      icon: [
        { url: `${site.origin}/favicon.ico`, width: 48, height: 48, mimeType: 'image/x-icon' },
      ],
    })
    const at = (path: string) => `${site.origin}${path}`
    // Listed in the schema's order: icons first.
    expect(unmapped).toEqual([
      {
        html: '<link rel="icon" href="/img/garbage.bin">',
        reason: `icon.0: no size in the head, and could not read the size of the image at ${at('/img/garbage.bin')}: it is not an image format Headmark reads`,
      },
      {
        html: '<meta property="og:image" content="/img/missing.png">',
        reason: `openGraph.image: no size in the head, and the image at ${at('/img/missing.png')} answered 404 Not Found`,
      },
      {
        html: '<meta property="og:image" content="/img/redirect-private.png">',
        reason: expect.stringMatching(
          new RegExp(
            `^openGraph\\.images\\.0: no size in the head, and the image at ${at('/img/redirect-private.png').replaceAll('.', '\\.')} could not be fetched \\(Redirects to http://10\\.0\\.0\\.1/card\\.png: .*public internet addresses`,
          ),
        ) as string,
      },
      {
        html: '<meta property="og:image" content="/img/not-really.png">',
        reason: `openGraph.images.1: no size in the head, and the image at ${at('/img/not-really.png')} is not an image (it serves text/html)`,
      },
      {
        html: '<meta property="og:image" content="/img/unsized.svg">',
        reason: `openGraph.images.2: no size in the head, and could not read the size of the image at ${at('/img/unsized.svg')}: the SVG has no width and height, nor a viewBox`,
      },
    ])
    expect(site.count('/img/missing.png')).toBe(1)
  })

  it('measures at most maxImagesPerPage images of a page, and none when told not to', async () => {
    const fixture = await startCrawlFixture()
    const capped = createCrawler({ policy, userAgent, maxImagesPerPage: 2 })
    const off = createCrawler({ policy, userAgent, measureImages: false })
    try {
      const result = ok(await capped.fetchHead(`${fixture.origin}/pictures`))
      const { metadata, unmapped } = result.head
      // Open Graph images come first: the first two are measured, X's image is the first's URL.
      expect(metadata.openGraph?.image?.url).toBe(`${fixture.origin}/img/card.png`)
      expect(metadata.openGraph?.images?.map((image) => image.url)).toEqual([
        `${fixture.origin}/img/photo.jpg`,
      ])
      expect(metadata.twitter?.image?.width).toBe(1200)
      expect(metadata.icon).toBeUndefined()
      expect(unmapped.map((tag) => tag.reason)).toContain(
        'icon.0: no size in the head, and only the first 2 images without a size are measured on a page',
      )
      expect(fixture.count('/img/anim.gif')).toBe(0)
      expect(fixture.count('/favicon.ico')).toBe(0)

      const plain = ok(await off.fetchHead(`${fixture.origin}/pictures`))
      expect(plain.head).toEqual(
        parseHead(
          (await (await fetch(`${fixture.origin}/pictures`)).text()).toString(),
          `${fixture.origin}/pictures`,
        ),
      )
      expect(fixture.count('/img/card.png')).toBe(1)
    } finally {
      await capped.close()
      await off.close()
      await fixture.close()
    }
  })
})
