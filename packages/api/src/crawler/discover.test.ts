import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { gzipSync } from 'node:zlib'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { type CrawlFixture, outboundTargets, startCrawlFixture } from '../../test/crawl-fixtures.ts'
import type { OutboundPolicy } from '../webhooks/outbound-guard.ts'
import { type Crawler, crawlerUserAgent, createCrawler } from './index.ts'

const policy: OutboundPolicy = { allowLoopback: true, requireHttps: false, denyCidrs: [] }
const userAgent = crawlerUserAgent('1.0.0', 'https://app.headmark.test')

let site: CrawlFixture
let crawler: Crawler
beforeAll(async () => {
  site = await startCrawlFixture()
  crawler = createCrawler({ policy, userAgent, requestsPerSecondPerHost: 1000, timeoutMs: 2000 })
})
afterAll(async () => {
  await crawler.close()
  await site.close()
})

async function collect(iterable: AsyncIterable<string>): Promise<string[]> {
  const urls: string[] = []
  for await (const url of iterable) urls.push(url)
  return urls
}

describe('discover from a sitemap', () => {
  it("follows robots.txt's Sitemap: line, the index, gzipped and nested sitemaps, on the site's host only", async () => {
    const skipped: Array<{ url: string; reason: string }> = []
    const urls = await collect(
      crawler.discover(
        { kind: 'sitemap', origin: site.origin },
        { limit: 1000, onSkip: (entry) => skipped.push(entry) },
      ),
    )
    const o = site.origin
    expect(urls).toEqual([
      `${o}/`,
      `${o}/utf8`,
      `${o}/latin1`,
      `${o}/search?q=a&b=c`,
      `${o}/broken`,
      `${o}/duplicates`,
      `${o}/jsonld`,
      `${o}/full`,
      `${o}/compressed`,
      `${o}/private/secret`,
    ])
    // Every outbound target of the corpus was left out, with the other hosts and the failures.
    for (const target of outboundTargets) {
      expect(urls.some((url) => url.startsWith(target))).toBe(false)
      expect(
        skipped.some((entry) => entry.url === target),
        target,
      ).toBe(true)
    }
    expect(skipped).toContainEqual({
      url: 'https://elsewhere.example.com/page',
      reason: `Not on ${new URL(o).host}.`,
    })
    expect(skipped).toContainEqual({
      url: `${o}/sitemaps/missing.xml`,
      reason: 'The sitemap /sitemaps/missing.xml answered 404 Not Found.',
    })
    expect(skipped).toContainEqual({
      url: 'http://10.0.0.1/sitemap.xml',
      reason: `The sitemap is not on ${new URL(o).host}.`,
    })
    expect(site.count('/sitemaps/pages.xml.gz')).toBe(1)
    // Discovering asks for no page.
    expect(site.count('/utf8')).toBe(0)
  })

  it('stops at the limit, reading no more sitemaps than it needs', async () => {
    const before = site.count('/sitemaps/posts.xml')
    const urls = await collect(
      crawler.discover({ kind: 'sitemap', origin: site.origin }, { limit: 3 }),
    )
    expect(urls).toEqual([`${site.origin}/`, `${site.origin}/utf8`, `${site.origin}/latin1`])
    expect(site.count('/sitemaps/posts.xml')).toBe(before)
  })

  it('starts from a given sitemap URL; the corpus listed in it is skipped', async () => {
    // Loopback denied but for the fixture's own 127.0.0.2, as a production policy would.
    const other = await startCrawlFixture({ host: '127.0.0.2' })
    const strict = createCrawler({
      policy: { allowLoopback: true, requireHttps: false, denyCidrs: ['127.0.0.1/32', '::1/128'] },
      userAgent,
      requestsPerSecondPerHost: 1000,
    })
    try {
      const skipped: string[] = []
      const urls = await collect(
        strict.discover(
          {
            kind: 'sitemap',
            origin: other.origin,
            sitemapUrl: `${other.origin}/sitemap-corpus.xml`,
          },
          { limit: 100, onSkip: (entry) => skipped.push(entry.url) },
        ),
      )
      expect(urls).toEqual([`${other.origin}/utf8`])
      expect(skipped).toEqual(outboundTargets)
      // Only robots.txt and the sitemap were asked for.
      expect(other.userAgents).toHaveLength(2)
    } finally {
      await strict.close()
      await other.close()
    }
  })

  it('falls back to /sitemap.xml, and says so when there is none', async () => {
    // A site without robots.txt whose /sitemap.xml is gzipped and a sitemap index nobody serves.
    let origin = ''
    const server = createServer((request, response) => {
      if (request.url === '/sitemap.xml') {
        response.writeHead(200, { 'content-type': 'application/xml' })
        response.end(
          gzipSync(
            `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>${origin}/a</loc></url><url><loc> ${origin}/b </loc></url></urlset>`,
          ),
        )
        return
      }
      response.writeHead(404).end()
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      expect(await collect(crawler.discover({ kind: 'sitemap', origin }, { limit: 10 }))).toEqual([
        `${origin}/a`,
        `${origin}/b`,
      ])
      const missing = collect(
        crawler.discover(
          { kind: 'sitemap', origin, sitemapUrl: `${origin}/nothing.xml` },
          { limit: 10 },
        ),
      )
      await expect(missing).rejects.toThrow(
        /No sitemap could be read for http:\/\/127\.0\.0\.1:\d+: The sitemap \/nothing\.xml answered 404 Not Found\./,
      )
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })
})

describe('discover from a list of URLs', () => {
  it('keeps http(s) URLs once each and skips the rest with a reason', async () => {
    const skipped: string[] = []
    const urls = await collect(
      crawler.discover(
        {
          kind: 'urls',
          urls: [
            'https://example.com/a',
            ' https://example.com/b#section ',
            'https://example.com/a',
            'ftp://example.com/file',
            'not a url',
            'http://user:pass@example.com/',
            'http://10.0.0.1/',
          ],
        },
        { limit: 10, onSkip: (entry) => skipped.push(entry.url) },
      ),
    )
    expect(urls).toEqual(['https://example.com/a', 'https://example.com/b'])
    expect(skipped).toEqual([
      'ftp://example.com/file',
      'not a url',
      'http://user:pass@example.com/',
      'http://10.0.0.1/',
    ])
  })

  it('stops at the limit', async () => {
    const urls = await collect(
      crawler.discover(
        {
          kind: 'urls',
          urls: ['https://a.example/1', 'https://a.example/2', 'https://a.example/3'],
        },
        { limit: 2 },
      ),
    )
    expect(urls).toEqual(['https://a.example/1', 'https://a.example/2'])
  })
})

describe('politeness', () => {
  it("spaces requests to a host by robots.txt's Crawl-delay when it is longer than the rate", async () => {
    const slow = await startCrawlFixture({ crawlDelay: 0.3 })
    const polite = createCrawler({
      policy,
      userAgent,
      requestsPerSecondPerHost: 100,
      concurrencyPerHost: 4,
    })
    try {
      const paths = ['/utf8', '/latin1', '/broken', '/full']
      const started = performance.now()
      const results = await Promise.all(
        paths.map((path) => polite.fetchHead(`${slow.origin}${path}`)),
      )
      const elapsed = performance.now() - started
      expect(results.every((result) => result.ok)).toBe(true)
      // 0.3 s apart, not 0.01 s as the rate alone would allow: the fourth page is sent 900 ms
      // after the first at the earliest. (Arrival times at the server are not checked: on a busy
      // machine requests sent apart can arrive together.)
      expect(paths.every((path) => slow.times(path).length === 1)).toBe(true)
      expect(elapsed).toBeGreaterThanOrEqual(900)
    } finally {
      await polite.close()
      await slow.close()
    }
  })

  it('keeps at most the configured number of requests in flight per host', async () => {
    const fixture = await startCrawlFixture({ slowMs: 300 })
    const limited = createCrawler({
      policy,
      userAgent,
      requestsPerSecondPerHost: 1000,
      concurrencyPerHost: 2,
    })
    try {
      const results = await Promise.all(
        [1, 2, 3, 4, 5].map((n) => limited.fetchHead(`${fixture.origin}/slow?n=${n}`)),
      )
      expect(results.every((result) => result.ok)).toBe(true)
      expect(fixture.count('/slow')).toBe(5)
      expect(fixture.maxInFlight()).toBe(2)
    } finally {
      await limited.close()
      await fixture.close()
    }
  })

  it('spaces requests by the configured rate', async () => {
    const fixture = await startCrawlFixture()
    const limited = createCrawler({
      policy,
      userAgent,
      requestsPerSecondPerHost: 10,
      concurrencyPerHost: 1,
    })
    try {
      const paths = ['/utf8', '/latin1', '/broken', '/full', '/jsonld']
      const started = performance.now()
      await Promise.all(paths.map((path) => limited.fetchHead(`${fixture.origin}${path}`)))
      const elapsed = performance.now() - started
      // At 10 a second the fifth request is sent 400 ms after the first at the earliest (without
      // the limit the five take a few milliseconds). When each reaches the server is not checked:
      // on a busy machine two requests sent 100 ms apart can arrive together.
      expect(paths.every((path) => fixture.times(path).length === 1)).toBe(true)
      expect(elapsed).toBeGreaterThanOrEqual(400)
    } finally {
      await limited.close()
      await fixture.close()
    }
  })
})
