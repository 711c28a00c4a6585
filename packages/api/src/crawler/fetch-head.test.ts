import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { metadataSchema } from '../domain/metadata-schema.ts'
import {
  type CrawlFixture,
  HUGE_PAGE_BYTES,
  outboundTargets,
  startCrawlFixture,
} from '../../test/crawl-fixtures.ts'
import type { OutboundPolicy } from '../webhooks/outbound-guard.ts'
import { type Crawler, crawlerUserAgent, createCrawler, type FetchHeadResult } from './index.ts'

const loopbackAllowed: OutboundPolicy = { allowLoopback: true, requireHttps: false, denyCidrs: [] }
const production: OutboundPolicy = { allowLoopback: false, requireHttps: true, denyCidrs: [] }
const userAgent = crawlerUserAgent('1.2.3', 'https://app.headmark.test/')

let site: CrawlFixture
let crawler: Crawler
beforeAll(async () => {
  site = await startCrawlFixture({ slowMs: 5000 })
  crawler = createCrawler({
    policy: loopbackAllowed,
    userAgent,
    requestsPerSecondPerHost: 1000,
    concurrencyPerHost: 4,
    timeoutMs: 1000,
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

describe('fetchHead', () => {
  it('reads a UTF-8 page and sends the documented user agent on every request', async () => {
    const result = ok(await crawler.fetchHead(`${site.origin}/utf8`))
    expect(result.status).toBe(200)
    expect(result.head.metadata.title).toBe('Crème brûlée — 東京 🍮')
    expect(result.head.metadata.description).toBe('Ünïcödé')
    expect(userAgent).toBe('HeadmarkBot/1.2.3 (+https://app.headmark.test/bot)')
    expect(site.userAgents.length).toBeGreaterThan(0)
    expect(new Set(site.userAgents)).toEqual(new Set([userAgent]))
  })

  it('reads Latin-1 from the Content-Type and windows-1252 from <meta charset>', async () => {
    const latin1 = ok(await crawler.fetchHead(`${site.origin}/latin1`))
    expect(latin1.head.metadata.title).toBe('Café crème à Noël')
    expect(latin1.head.metadata.description).toBe('Ça coûte 5 £, garçon ; « voilà ».')
    const meta = ok(await crawler.fetchHead(`${site.origin}/latin1-meta`))
    expect(meta.head.metadata.title).toBe('Prix 5 € — café')
  })

  it.each(['gzip', 'br', 'deflate'])('reads a %s-encoded page', async (encoding) => {
    const result = ok(await crawler.fetchHead(`${site.origin}/${encoding}`))
    expect(result.head.metadata).toEqual({ title: 'Compressed page', description: 'Squeezed' })
  })

  it('reads robots.txt once per origin and refuses what it disallows, without asking for it', async () => {
    const result = await crawler.fetchHead(`${site.origin}/private/secret`)
    expect(result).toMatchObject({ ok: false, kind: 'robots' })
    expect(!result.ok && result.reason).toMatch(/Disallowed by robots\.txt/)
    // Other user agents' sections do not apply to HeadmarkBot (it has its own).
    ok(await crawler.fetchHead(`${site.origin}/`))
    expect(site.count('/private/secret')).toBe(0)
    expect(site.count('/robots.txt')).toBe(1)
    // A redirect into a disallowed path is refused at that hop.
    const redirected = await crawler.fetchHead(`${site.origin}/redirect/disallowed`)
    expect(redirected).toMatchObject({ ok: false, kind: 'robots' })
    expect(site.count('/private/secret')).toBe(0)
  })

  it('follows redirects and reports where they led', async () => {
    const result = ok(await crawler.fetchHead(`${site.origin}/redirect/chain`))
    expect(result.finalUrl).toBe(`${site.origin}/utf8`)
    expect(result.head.metadata.title).toContain('Crème brûlée')
    const loop = await crawler.fetchHead(`${site.origin}/redirect/loop`)
    expect(loop).toMatchObject({ ok: false, kind: 'too-many-redirects' })
    expect(site.count('/redirect/loop')).toBe(6)
  })

  it('refuses redirects to link-local and private addresses, with the reason', async () => {
    const linkLocal = await crawler.fetchHead(`${site.origin}/redirect/link-local`)
    expect(linkLocal).toMatchObject({ ok: false, kind: 'refused' })
    expect(!linkLocal.ok && linkLocal.reason).toMatch(
      /^Redirects to http:\/\/169\.254\.169\.254\/latest\/meta-data\/: Refused: 169\.254\.169\.254 is a link-local address/,
    )
    const tenNet = await crawler.fetchHead(`${site.origin}/redirect/private`)
    expect(!tenNet.ok && tenNet.reason).toMatch(/10\.0\.0\.1 is a private network address/)
    expect(!tenNet.ok && tenNet.reason).toMatch(/Headmark only fetches pages on public internet/)
  })

  it('gives up on a slow page at the time limit', async () => {
    const result = await crawler.fetchHead(`${site.origin}/slow`)
    expect(result).toMatchObject({ ok: false, kind: 'timeout' })
    expect(!result.ok && result.reason).toMatch(/No answer within 1 s/)
  })

  it('stops reading a 20 MB page after </head> and drops the connection', async () => {
    const result = ok(await crawler.fetchHead(`${site.origin}/huge`))
    expect(result.head.metadata).toEqual({ title: 'A 20 MB page', description: 'Huge' })
    expect(result.bytesRead).toBeLessThan(1024 * 1024)
    await site.huge.closed
    expect(site.huge.finished).toBe(false)
    expect(site.huge.bytesWritten).toBeLessThan(HUGE_PAGE_BYTES / 2)
  })

  it('caps what it reads of a head without </head> at maxHeadBytes', async () => {
    const small = createCrawler({ policy: loopbackAllowed, userAgent, maxHeadBytes: 100 })
    try {
      const result = ok(await small.fetchHead(`${site.origin}/full`))
      expect(result.bytesRead).toBeLessThan(64 * 1024 + 1)
      expect(metadataSchema.safeParse(result.head.metadata).success).toBe(true)
    } finally {
      await small.close()
    }
  })

  it('applies X-Robots-Tag lines for all crawlers with the meta robots, the stricter winning', async () => {
    const result = ok(await crawler.fetchHead(`${site.origin}/robots-header`))
    expect(result.head.metadata).toEqual({
      title: 'Header robots',
      robots: { nofollow: true, maxSnippet: 50, maxImagePreview: 'standard' },
    })
    // Lines for one crawler only (Google's, HeadmarkBot's) are listed, not served to all.
    expect(result.head.unmapped).toEqual([
      {
        html: 'X-Robots-Tag: max-image-preview:standard, unavailable_after: 25 Jun 2030 15:00:00 PST',
        reason:
          'the robots directive “unavailable_after: 25 jun 2030 15:00:00 pst” is not a Headmark field',
      },
      {
        html: 'X-Robots-Tag: googlebot: noindex',
        reason:
          "directives for googlebot only are not a Headmark field (Headmark's robots are for every crawler)",
      },
      {
        html: 'X-Robots-Tag: HeadmarkBot: noarchive',
        reason:
          "directives for headmarkbot only are not a Headmark field (Headmark's robots are for every crawler)",
      },
    ])
    const mixed = ok(await crawler.fetchHead(`${site.origin}/robots-header/looser`))
    expect(mixed.head.metadata).toEqual({
      title: 'Mixed',
      noindex: true,
      // max-snippet: 200 beats no limit; max-video-preview: 10 beats no limit; none beats large.
      robots: { maxSnippet: 200, maxVideoPreview: 10, maxImagePreview: 'none' },
    })
    expect(mixed.head.unmapped).toEqual([])
    expect(metadataSchema.safeParse(mixed.head.metadata).success).toBe(true)
  })

  it('says which answers are not HTML pages, and which failed', async () => {
    const pdf = await crawler.fetchHead(`${site.origin}/document.pdf`)
    expect(pdf).toMatchObject({ ok: false, kind: 'not-html', status: 200 })
    expect(!pdf.ok && pdf.reason).toMatch(/serves application\/pdf, not an HTML page/)
    const missing = await crawler.fetchHead(`${site.origin}/nowhere`)
    expect(missing).toMatchObject({ ok: false, kind: 'http', status: 404 })
    expect(!missing.ok && missing.reason).toBe('The page answered 404 Not Found.')
  })

  it('refuses every outbound target of the corpus as a start URL, without a request', async () => {
    const strict = createCrawler({ policy: production, userAgent, timeoutMs: 1000 })
    try {
      const before = site.userAgents.length
      for (const target of outboundTargets) {
        const result = await strict.fetchHead(target)
        expect(result, target).toMatchObject({ ok: false, kind: 'refused' })
        expect(!result.ok && result.reason.length, target).toBeGreaterThan(10)
      }
      expect(site.userAgents.length).toBe(before)
      // The fixture itself is loopback: refused too while loopback is off.
      const own = await strict.fetchHead(`${site.origin}/`)
      expect(!own.ok && own.reason).toMatch(/127\.0\.0\.1 is a loopback address/)
    } finally {
      await strict.close()
    }
  })

  it('fetches a whole page as another user agent (health checks), through the same guard', async () => {
    const strict = createCrawler({ policy: production, userAgent, timeoutMs: 1000 })
    try {
      const before = site.userAgents.length
      for (const target of outboundTargets) {
        const result = await strict.fetchPage(target, { userAgent: 'Twitterbot/1.0' })
        expect(result, target).toMatchObject({ ok: false, kind: 'refused' })
      }
      expect(site.userAgents.length).toBe(before)
    } finally {
      await strict.close()
    }
    const page = await crawler.fetchPage(`${site.origin}/`, { userAgent: 'Twitterbot/1.0' })
    expect(page).toMatchObject({ ok: true, status: 200 })
    expect(page.ok && page.html).toMatch(/<\/head>[\s\S]*<body/i)
    expect(site.userAgents.at(-1)).toBe(`Twitterbot/1.0 ${userAgent}`)
    // A 404 is an answer to report, not a failure to fetch.
    expect(await crawler.fetchPage(`${site.origin}/nowhere`)).toMatchObject({
      ok: true,
      status: 404,
    })
  })

  it('refuses the corpus as redirect targets: each hop is checked again', async () => {
    // The fixture on 127.0.0.2; 127.0.0.1 and ::1 denied: every target of the corpus is refused,
    // loopback ones included, as with loopback off in production.
    const other = await startCrawlFixture({ host: '127.0.0.2' })
    const strict = createCrawler({
      policy: { allowLoopback: true, requireHttps: false, denyCidrs: ['127.0.0.1/32', '::1/128'] },
      userAgent,
      requestsPerSecondPerHost: 1000,
      timeoutMs: 1000,
    })
    try {
      for (const target of outboundTargets) {
        const url = new URL(`${other.origin}/redirect/to`)
        url.searchParams.set('target', target)
        const result = await strict.fetchHead(url.href)
        expect(result, target).toMatchObject({ ok: false, kind: 'refused' })
        expect(!result.ok && result.reason, target).toMatch(/^Redirects to /)
      }
      expect(other.count('/redirect/to')).toBe(outboundTargets.length)
      // Nothing but the redirects (and robots.txt) reached the fixture.
      expect(other.userAgents.length).toBe(outboundTargets.length + 1)
    } finally {
      await strict.close()
      await other.close()
    }
  })

  it('refuses a public-looking name that resolves to a private address, at connection time', async () => {
    const rebinding = createCrawler({
      policy: production,
      userAgent,
      resolver: async () => [{ address: '10.1.2.3', family: 4 }],
    })
    try {
      const result = await rebinding.fetchHead('https://innocent.example.com/')
      expect(result).toMatchObject({ ok: false, kind: 'refused' })
      expect(!result.ok && result.reason).toMatch(/innocent\.example\.com resolves to 10\.1\.2\.3/)
    } finally {
      await rebinding.close()
    }
  })
})

describe('robots.txt failures and cancelling', () => {
  it('fetches nothing of an origin whose robots.txt answers a server error, and says so', async () => {
    let pageRequests = 0
    const server = createServer((request, response) => {
      if (request.url === '/robots.txt') response.writeHead(503).end()
      else {
        pageRequests += 1
        response.writeHead(200, { 'content-type': 'text/html' }).end('<title>x</title>')
      }
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    try {
      const result = await crawler.fetchHead(`${origin}/page`)
      expect(result).toMatchObject({ ok: false, kind: 'robots', status: 503 })
      expect(!result.ok && result.reason).toBe(
        `robots.txt answered 503 Service Unavailable, so nothing of ${origin} is fetched; try again later.`,
      )
      expect(pageRequests).toBe(0)
    } finally {
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    }
  })

  it('stops a fetch when its signal aborts, and every fetch when the crawler closes', async () => {
    const controller = new AbortController()
    const pending = crawler.fetchHead(`${site.origin}/slow?abort`, { signal: controller.signal })
    setTimeout(() => controller.abort(new Error('Cancelled by the import')), 50)
    await expect(pending).rejects.toThrow('Cancelled by the import')

    const closing = createCrawler({ policy: loopbackAllowed, userAgent, timeoutMs: 10_000 })
    const waiting = closing.fetchHead(`${site.origin}/slow?close`)
    setTimeout(() => void closing.close(), 50)
    await expect(waiting).rejects.toThrow('The crawler was closed.')
  })
})

describe('verifyOwnership', () => {
  it('finds the token in the home page meta tag', async () => {
    expect(await crawler.verifyOwnership(site.origin, ` ${site.token} `)).toEqual({
      ok: true,
      method: 'meta',
    })
    const wrong = await crawler.verifyOwnership(site.origin, 'another-token')
    expect(wrong.ok).toBe(false)
    expect(!wrong.ok && wrong.reason).toMatch(/holds another token/)
    expect(!wrong.ok && wrong.reason).toMatch(/headmark-site-verification\.txt answered 404/)
  })

  it('finds the token as the body of the well-known file, and says why when neither proves it', async () => {
    const other = await startCrawlFixture({ verification: 'well-known' })
    const none = await startCrawlFixture({ verification: 'none' })
    try {
      expect(await crawler.verifyOwnership(other.origin, other.token)).toEqual({
        ok: true,
        method: 'well-known',
      })
      const missing = await crawler.verifyOwnership(none.origin, none.token)
      expect(missing.ok).toBe(false)
      expect(!missing.ok && missing.reason).toMatch(
        /the home page has no <meta name="headmark-site-verification">, and \/\.well-known\/headmark-site-verification\.txt answered 404 Not Found/,
      )
      expect(!missing.ok && missing.reason).toContain(`content="${none.token}"`)
    } finally {
      await other.close()
      await none.close()
    }
  })
})
