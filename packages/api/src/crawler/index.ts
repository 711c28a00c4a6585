import { STATUS_CODES } from 'node:http'
import robotsParser from 'robots-parser'
import { decodeHtml } from './charset.ts'
import { checkCrawlUrl, CrawlError, createHopper, type RawAnswer } from './fetcher.ts'
import { createHostGate } from './host-gate.ts'
import { measureImage } from './image-probe.ts'
import { type ImageProbe, parseHead, readHead } from './parse-head.ts'
import { applyRobotsHeader } from './robots-header.ts'
import { readSitemap } from './sitemap.ts'
import { yoastJsonToHead } from './yoast-json.ts'
import type {
  CrawlSource,
  Crawler,
  CrawlerOptions,
  FetchHeadResult,
  HeadSource,
  ParsedHead,
} from './types.ts'

export { parseHead } from './parse-head.ts'
export { CrawlError } from './fetcher.ts'
export * from './types.ts'

/** robots.txt is read up to this size (Google reads 500 KiB). */
const ROBOTS_MAX_BYTES = 500 * 1024
/** How long an origin's robots.txt rules are used before it is read again (24 h, RFC 9309). */
const ROBOTS_FRESH_MS = 24 * 60 * 60 * 1000
/** How many origins' rules are kept at most (the oldest read is dropped first). */
const ROBOTS_CACHED_ORIGINS = 10_000
/** How deep sitemap indexes are followed (an index of indexes of sitemaps). */
const SITEMAP_MAX_DEPTH = 3
/** How many sitemap files one discovery reads at most. */
const SITEMAP_MAX_FILES = 1000
/** How much of a WordPress plugin's JSON answer is read. */
const WORDPRESS_MAX_BYTES = 2 * 1024 * 1024
const REDIRECTS = new Set([301, 302, 303, 307, 308])
const HTML_ACCEPT = 'text/html,application/xhtml+xml;q=0.9,*/*;q=0.1'
const IMAGE_ACCEPT = 'image/avif,image/webp,image/png,image/svg+xml,image/*;q=0.8,*/*;q=0.1'
/** How many images' measures one crawler keeps (the least recently used is dropped first). */
const IMAGES_CACHED = 2000
/** The name of the verification tag and file. */
export const VERIFICATION_NAME = 'headmark-site-verification'

interface RobotsRules {
  /** Why nothing may be fetched (robots.txt failed to load), or null. */
  failure: CrawlError | null
  isAllowed(url: string): boolean
  sitemaps: string[]
}

/** `promise`, or the signal's reason as soon as it aborts. */
function untilAborted<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason as Error)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason as Error)
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(
      (value) => {
        signal.removeEventListener('abort', onAbort)
        resolve(value)
      },
      (error: unknown) => {
        signal.removeEventListener('abort', onAbort)
        reject(error as Error)
      },
    )
  })
}

const escapeText = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;')

/** Every value of one header, one per header line, in order. */
const headerValues = (raw: readonly string[], name: string) =>
  raw.flatMap((value, index) =>
    index % 2 === 1 && (raw[index - 1] as string).toLowerCase() === name ? [value] : [],
  )

const statusWords = (status: number) =>
  `${status}${STATUS_CODES[status] ? ` ${STATUS_CODES[status]}` : ''}`

/**
 * The crawler: polite (robots.txt, Crawl-delay, per-host concurrency and rate), safe (every hop
 * through the outbound guard, the checked address pinned for the connection) and frugal (reading
 * stops after `</head>`).
 */
export function createCrawler(options: CrawlerOptions): Crawler {
  const {
    policy,
    userAgent,
    concurrencyPerHost = 2,
    requestsPerSecondPerHost = 4,
    timeoutMs = 10_000,
    maxHeadBytes = 1024 * 1024,
    maxSitemapBytes = 50 * 1024 * 1024,
    maxRedirects = 5,
    measureImages = true,
    maxImagesPerPage = 8,
    maxImageBytes = 256 * 1024,
    resolver,
  } = options
  const closing = new AbortController()
  const hopper = createHopper({ policy, userAgent, timeoutMs, resolver })
  const gate = createHostGate({
    concurrency: Math.max(1, Math.floor(concurrencyPerHost)),
    intervalMs:
      Number.isFinite(requestsPerSecondPerHost) && requestsPerSecondPerHost > 0
        ? 1000 / requestsPerSecondPerHost
        : 0,
  })
  const robotsCache = new Map<string, { rules: Promise<RobotsRules>; at: number }>()
  const imageCache = new Map<string, Promise<ImageProbe>>()
  const signalOf = (signal?: AbortSignal) =>
    signal ? AbortSignal.any([signal, closing.signal]) : closing.signal

  /** GETs `start`, following redirects, each new address checked by the guard again. */
  async function follow(
    start: URL,
    how: {
      maxBytes: number
      stopAfterHead?: boolean
      accept: string
      signal: AbortSignal
      robots: boolean
      userAgent?: string
    },
  ): Promise<RawAnswer & { bytesRead: number }> {
    let current = start
    let bytesRead = 0
    for (let hops = 0; ; hops += 1) {
      const said = (error: unknown) =>
        hops > 0 && error instanceof CrawlError && error.kind === 'refused'
          ? new CrawlError('refused', `Redirects to ${current.href}: ${error.message}`)
          : error
      let answer: RawAnswer
      try {
        if (how.robots) await checkRobots(current, how.signal)
        const release = await gate.acquire(current.host, how.signal)
        try {
          answer = await hopper.hop(current, how)
        } finally {
          release()
        }
      } catch (error) {
        throw said(error)
      }
      bytesRead += answer.wireBytes
      const location = answer.headers.location
      if (REDIRECTS.has(answer.status) && location) {
        if (hops >= maxRedirects) {
          throw new CrawlError(
            'too-many-redirects',
            `More than ${maxRedirects} redirects from ${start.href}: check the site's redirects.`,
            answer.status,
          )
        }
        if (!URL.canParse(location, current)) {
          throw new CrawlError(
            'http',
            `${current.href} redirects to “${location.slice(0, 200)}”, which is not a URL.`,
            answer.status,
          )
        }
        const next = new URL(location, current).href
        try {
          current = checkCrawlUrl(next, policy)
        } catch (error) {
          throw new CrawlError('refused', `Redirects to ${next}: ${(error as Error).message}`)
        }
        continue
      }
      return { ...answer, url: current.href, bytesRead }
    }
  }

  function robotsFor(url: URL, signal: AbortSignal): Promise<RobotsRules> {
    const origin = url.origin
    const cached = robotsCache.get(origin)
    let pending = cached && performance.now() - cached.at < ROBOTS_FRESH_MS ? cached.rules : null
    if (!pending) {
      // Loaded for every caller (only closing the crawler stops it); each caller may stop waiting.
      pending = loadRobots(url, closing.signal).catch((error: unknown) => {
        robotsCache.delete(origin)
        throw error
      })
      robotsCache.delete(origin)
      if (robotsCache.size >= ROBOTS_CACHED_ORIGINS) {
        robotsCache.delete(robotsCache.keys().next().value as string)
      }
      robotsCache.set(origin, { rules: pending, at: performance.now() })
    }
    return untilAborted(pending, signal)
  }

  async function loadRobots(url: URL, signal: AbortSignal): Promise<RobotsRules> {
    const robotsUrl = new URL('/robots.txt', url.origin)
    const allowAll: RobotsRules = { failure: null, isAllowed: () => true, sitemaps: [] }
    let answer: RawAnswer
    try {
      answer = await follow(robotsUrl, {
        maxBytes: ROBOTS_MAX_BYTES,
        accept: 'text/plain,*/*;q=0.1',
        signal,
        robots: false,
      })
    } catch (error) {
      if (!(error instanceof CrawlError)) throw error
      // Refused addresses are said as the guard says them; the rest as robots.txt's failure.
      const failure =
        error.kind === 'refused'
          ? error
          : new CrawlError(
              error.kind,
              `robots.txt could not be read (${error.message}), so nothing of ${url.origin} is fetched; try again later.`,
              error.status,
            )
      return {
        failure,
        isAllowed: () => false,
        sitemaps: [],
      }
    }
    // No robots.txt (4xx): everything may be fetched. A server error: nothing, for now (RFC 9309).
    if (answer.status >= 400 && answer.status < 500) return allowAll
    if (answer.status >= 500 || answer.status < 200 || answer.status >= 300) {
      return {
        failure: new CrawlError(
          'robots',
          `robots.txt answered ${statusWords(answer.status)}, so nothing of ${url.origin} is fetched; try again later.`,
          answer.status,
        ),
        isAllowed: () => false,
        sitemaps: [],
      }
    }
    const robots = robotsParser(robotsUrl.href, answer.body.toString('utf8'))
    const delay = robots.getCrawlDelay(userAgent)
    if (typeof delay === 'number' && Number.isFinite(delay) && delay > 0) {
      gate.slowDown(url.host, delay * 1000)
    }
    return {
      failure: null,
      isAllowed: (page) => robots.isAllowed(page, userAgent) !== false,
      sitemaps: robots.getSitemaps(),
    }
  }

  async function checkRobots(url: URL, signal: AbortSignal) {
    const rules = await robotsFor(url, signal)
    if (rules.failure) throw rules.failure
    if (!rules.isAllowed(url.href)) {
      throw new CrawlError(
        'robots',
        `Disallowed by robots.txt: ${url.origin}/robots.txt does not let ${userAgent.split(' ')[0]} fetch ${url.pathname}.`,
      )
    }
  }

  /** An HTML page's head as bytes and text, reading stopped after </head>. */
  async function readHtml(url: URL, signal: AbortSignal, robots: boolean) {
    const answer = await follow(url, {
      maxBytes: maxHeadBytes,
      stopAfterHead: true,
      accept: HTML_ACCEPT,
      signal,
      robots,
    })
    if (answer.status < 200 || answer.status >= 300) {
      throw new CrawlError(
        'http',
        `The page answered ${statusWords(answer.status)}.`,
        answer.status,
      )
    }
    const contentType = String(answer.headers['content-type'] ?? '')
    const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
    const looksHtml =
      mediaType === 'text/html' ||
      mediaType === 'application/xhtml+xml' ||
      (mediaType === '' &&
        /^(\xef\xbb\xbf)?\s*</.test(answer.body.subarray(0, 512).toString('latin1')))
    if (!looksHtml) {
      throw new CrawlError(
        'not-html',
        `${answer.url} serves ${mediaType || 'an unknown type'}, not an HTML page.`,
        answer.status,
      )
    }
    return { answer, html: decodeHtml(answer.body, contentType) }
  }

  async function readJson(url: URL, signal: AbortSignal, plugin: string): Promise<unknown> {
    const answer = await follow(url, {
      maxBytes: WORDPRESS_MAX_BYTES,
      accept: 'application/json',
      signal,
      robots: true,
    })
    if (answer.status === 404 || answer.status === 401 || answer.status === 403) {
      throw new CrawlError(
        'http',
        `${plugin}'s REST API answered ${statusWords(answer.status)} at ${url.pathname}: check that ${plugin} is active and its REST API is on${plugin === 'Rank Math' ? ' (Rank Math › General Settings › Others › Headless CMS Support)' : ''}.`,
        answer.status,
      )
    }
    if (answer.status < 200 || answer.status >= 300) {
      throw new CrawlError(
        'http',
        `${plugin}'s REST API answered ${statusWords(answer.status)}.`,
        answer.status,
      )
    }
    if (answer.truncated) {
      throw new CrawlError('http', `${plugin}'s answer is larger than 2 MiB.`, answer.status)
    }
    try {
      return JSON.parse(answer.body.toString('utf8')) as unknown
    } catch {
      throw new CrawlError(
        'http',
        `${plugin}'s REST API did not answer JSON: is ${url.origin} a WordPress site?`,
        answer.status,
      )
    }
  }

  /** The head a WordPress SEO plugin intends for `page` (its REST API, not the theme's HTML). */
  async function wordpressHead(
    page: URL,
    source: Exclude<HeadSource, 'html'>,
    signal: AbortSignal,
  ): Promise<{ status: number; head: ParsedHead }> {
    await checkRobots(page, signal)
    if (source === 'yoast') {
      const endpoint = new URL('/wp-json/yoast/v1/get_head', page.origin)
      endpoint.searchParams.set('url', page.href)
      let answer: unknown
      try {
        answer = await readJson(endpoint, signal, 'Yoast SEO')
      } catch (error) {
        // No get_head (an older Yoast SEO, or the route turned off): the posts' yoast_head_json.
        if (!(error instanceof CrawlError) || error.status !== 404) throw error
        const fromPosts = await yoastHeadJson(page, signal)
        if (!fromPosts) throw error
        const { html, unmapped } = yoastJsonToHead(fromPosts)
        const head = await completeHead(html, page.href, signal)
        return { status: 200, head: { ...head, unmapped: [...head.unmapped, ...unmapped] } }
      }
      const body = answer as {
        html?: unknown
        json?: { title?: unknown } | null
        status?: unknown
      } | null
      if (!body || typeof body.html !== 'string') {
        throw new CrawlError('http', 'Yoast SEO answered without a head (no "html" in its answer).')
      }
      const status = typeof body.status === 'number' ? body.status : 200
      if (status >= 400) {
        throw new CrawlError(
          'http',
          `Yoast SEO says this page answers ${statusWords(status)}.`,
          status,
        )
      }
      // Some versions leave the <title> out of `html`; their `json` has it.
      const title = body.json?.title
      const html =
        typeof title === 'string' && !/<title[\s>]/i.test(body.html)
          ? `<title>${escapeText(title)}</title>\n${body.html}`
          : body.html
      return { status, head: await completeHead(html, page.href, signal) }
    }
    const endpoint = new URL('/wp-json/rankmath/v1/getHead', page.origin)
    endpoint.searchParams.set('url', page.href)
    const body = (await readJson(endpoint, signal, 'Rank Math')) as {
      success?: unknown
      head?: unknown
      message?: unknown
    } | null
    if (!body || body.success !== true || typeof body.head !== 'string') {
      const message = typeof body?.message === 'string' ? ` (${body.message.slice(0, 200)})` : ''
      throw new CrawlError('http', `Rank Math could not give this page's head${message}.`)
    }
    return { status: 200, head: await completeHead(body.head, page.href, signal) }
  }

  /** One image's size and type, measured from its first bytes; cached by URL. */
  function probeImage(url: string, signal: AbortSignal): Promise<ImageProbe> {
    const cached = imageCache.get(url)
    if (cached) {
      // Recently used: kept longest.
      imageCache.delete(url)
      imageCache.set(url, cached)
      return untilAborted(cached, signal)
    }
    // Measured for every page that names it (only closing the crawler stops it).
    const pending = measureAt(url, closing.signal).then(
      ({ probe, keep }) => {
        if (!keep && imageCache.get(url) === pending) imageCache.delete(url)
        return probe
      },
      (error: unknown) => {
        if (imageCache.get(url) === pending) imageCache.delete(url)
        throw error
      },
    )
    if (imageCache.size >= IMAGES_CACHED) {
      imageCache.delete(imageCache.keys().next().value as string)
    }
    imageCache.set(url, pending)
    return untilAborted(pending, signal)
  }

  /** Fetches the start of an image and reads its size; `keep` is false for passing failures. */
  async function measureAt(
    raw: string,
    signal: AbortSignal,
  ): Promise<{ probe: ImageProbe; keep: boolean }> {
    const where = `the image at ${raw.length > 200 ? `${raw.slice(0, 199)}…` : raw}`
    let answer: RawAnswer
    try {
      // Images are not pages: robots.txt is not read for them (as browsers and link previews).
      answer = await follow(checkCrawlUrl(raw, policy), {
        maxBytes: maxImageBytes,
        accept: IMAGE_ACCEPT,
        signal,
        robots: false,
      })
    } catch (error) {
      if (!(error instanceof CrawlError)) throw error
      const reason = error.message.replace(/\.$/, '')
      return {
        probe: { ok: false, reason: `${where} could not be fetched (${reason})` },
        keep: error.kind !== 'timeout' && error.kind !== 'network',
      }
    }
    if (answer.status < 200 || answer.status >= 300) {
      return {
        probe: { ok: false, reason: `${where} answered ${statusWords(answer.status)}` },
        keep: answer.status < 500,
      }
    }
    const probe = measureImage(
      answer.body,
      String(answer.headers['content-type'] ?? ''),
      where,
      answer.truncated,
    )
    return { probe, keep: true }
  }

  /** The head, its images without sizes measured (at most maxImagesPerPage of them). */
  async function completeHead(html: string, pageUrl: string, signal: AbortSignal) {
    const first = readHead(html, pageUrl)
    if (!measureImages || first.withoutSize.length === 0) {
      return { metadata: first.metadata, unmapped: first.unmapped }
    }
    const measured = first.withoutSize.slice(0, Math.max(0, maxImagesPerPage))
    const probes = new Map<string, ImageProbe>(
      await Promise.all(measured.map(async (url) => [url, await probeImage(url, signal)] as const)),
    )
    for (const url of first.withoutSize.slice(measured.length)) {
      probes.set(url, {
        ok: false,
        reason: `only the first ${maxImagesPerPage} images without a size are measured on a page`,
      })
    }
    const { metadata, unmapped } = readHead(html, pageUrl, probes)
    return { metadata, unmapped }
  }

  /**
   * The `yoast_head_json` of the post, else the page, whose slug is the URL's last path segment
   * and whose `link` is the URL; null when there is none (or no WordPress REST API).
   */
  async function yoastHeadJson(
    page: URL,
    signal: AbortSignal,
  ): Promise<Record<string, unknown> | null> {
    const slug = page.pathname.split('/').filter(Boolean).at(-1)
    if (!slug) return null
    let decoded = slug
    try {
      decoded = decodeURIComponent(slug)
    } catch {
      // A malformed escape: asked for as written.
    }
    const same = (link: unknown) =>
      typeof link === 'string' &&
      URL.canParse(link) &&
      new URL(link).href.replace(/\/$/, '') === page.href.replace(/\/$/, '')
    for (const type of ['posts', 'pages']) {
      const endpoint = new URL(`/wp-json/wp/v2/${type}`, page.origin)
      endpoint.searchParams.set('slug', decoded)
      endpoint.searchParams.set('_fields', 'yoast_head_json,link')
      let items: unknown
      try {
        items = await readJson(endpoint, signal, 'WordPress')
      } catch (error) {
        if (error instanceof CrawlError && error.kind === 'http') continue
        throw error
      }
      if (!Array.isArray(items)) continue
      const found = (items as Array<{ link?: unknown; yoast_head_json?: unknown } | null>).find(
        (item) => item && same(item.link),
      )
      const json = found?.yoast_head_json
      if (json && typeof json === 'object' && !Array.isArray(json)) {
        return json as Record<string, unknown>
      }
    }
    return null
  }

  const failure = (url: string, error: CrawlError): Extract<FetchHeadResult, { ok: false }> => ({
    ok: false,
    url,
    kind: error.kind,
    reason: error.message,
    ...(error.status !== undefined ? { status: error.status } : {}),
  })

  return {
    async fetchHead(url, fetchOptions = {}) {
      const signal = signalOf(fetchOptions.signal)
      const source = fetchOptions.headSource ?? 'html'
      try {
        const start = checkCrawlUrl(url, policy)
        if (source !== 'html') {
          const { status, head } = await wordpressHead(start, source, signal)
          return { ok: true, url, finalUrl: start.href, status, head }
        }
        const { answer, html } = await readHtml(start, signal, true)
        return {
          ok: true,
          url,
          finalUrl: answer.url,
          status: answer.status,
          head: applyRobotsHeader(
            await completeHead(html, answer.url, signal),
            headerValues(answer.rawHeaders, 'x-robots-tag'),
          ),
          bytesRead: answer.bytesRead,
        }
      } catch (error) {
        if (error instanceof CrawlError) return failure(url, error)
        throw error
      }
    },

    async fetchPage(url, pageOptions = {}) {
      const signal = signalOf(pageOptions.signal)
      const started = performance.now()
      try {
        const start = checkCrawlUrl(url, policy)
        const answer = await follow(start, {
          maxBytes: pageOptions.maxBytes ?? maxHeadBytes,
          accept: HTML_ACCEPT,
          signal,
          robots: false,
          userAgent: pageOptions.userAgent ? `${pageOptions.userAgent} ${userAgent}` : userAgent,
        })
        const contentType = String(answer.headers['content-type'] ?? '')
        const mediaType = contentType.split(';')[0]?.trim().toLowerCase() ?? ''
        const ok = answer.status >= 200 && answer.status < 300
        if (ok && mediaType && mediaType !== 'text/html' && mediaType !== 'application/xhtml+xml') {
          throw new CrawlError(
            'not-html',
            `${answer.url} serves ${mediaType}, not an HTML page.`,
            answer.status,
          )
        }
        const headers: Record<string, string[]> = {}
        for (let i = 0; i + 1 < answer.rawHeaders.length; i += 2) {
          const name = (answer.rawHeaders[i] as string).toLowerCase()
          ;(headers[name] ??= []).push(answer.rawHeaders[i + 1] as string)
        }
        return {
          ok: true,
          url,
          finalUrl: answer.url,
          status: answer.status,
          html: decodeHtml(answer.body, contentType),
          headers,
          ms: Math.round(performance.now() - started),
        }
      } catch (error) {
        if (error instanceof CrawlError) return failure(url, error)
        throw error
      }
    },

    probeImage(url, probeOptions = {}) {
      return probeImage(url, signalOf(probeOptions.signal))
    },

    discover(source, discoverOptions) {
      return discover(source, discoverOptions)
    },

    async verifyOwnership(origin, token, verifyOptions = {}) {
      const signal = signalOf(verifyOptions.signal)
      const wanted = token.trim()
      if (!wanted) return { ok: false, reason: 'There is no verification token to look for.' }
      let home: URL
      try {
        home = new URL('/', checkCrawlUrl(origin, policy).origin)
      } catch (error) {
        if (error instanceof CrawlError) return { ok: false, reason: error.message }
        throw error
      }
      // The owner asked for this check: like search engines' verification, robots.txt is not read.
      let metaSays: string
      try {
        const { html } = await readHtml(home, signal, false)
        const tag = parseHead(html, home.href).metadata.customTags?.find(
          (custom) => custom.name.toLowerCase() === VERIFICATION_NAME,
        )
        if (tag?.content.trim() === wanted) return { ok: true, method: 'meta' }
        metaSays = tag
          ? `the home page's <meta name="${VERIFICATION_NAME}"> holds another token`
          : `the home page has no <meta name="${VERIFICATION_NAME}">`
      } catch (error) {
        if (!(error instanceof CrawlError)) throw error
        metaSays = `the home page could not be read (${error.message})`
      }
      const file = new URL(`/.well-known/${VERIFICATION_NAME}.txt`, home)
      let fileSays: string
      try {
        const answer = await follow(file, {
          maxBytes: 4096,
          accept: 'text/plain,*/*;q=0.1',
          signal,
          robots: false,
        })
        if (answer.status >= 200 && answer.status < 300) {
          if (answer.body.toString('utf8').trim() === wanted)
            return { ok: true, method: 'well-known' }
          fileSays = `${file.pathname} holds another text than the token`
        } else fileSays = `${file.pathname} answered ${statusWords(answer.status)}`
      } catch (error) {
        if (!(error instanceof CrawlError)) throw error
        fileSays = `${file.pathname} could not be read (${error.message})`
      }
      return {
        ok: false,
        reason: `Ownership of ${home.origin} is not proven: ${metaSays}, and ${fileSays}. Add <meta name="${VERIFICATION_NAME}" content="${wanted}"> to the home page's <head>, or serve the token as ${file.pathname}.`,
      }
    },

    async close() {
      closing.abort(new Error('The crawler was closed.'))
      hopper.close()
    },
  }

  async function* discover(
    source: CrawlSource,
    {
      limit,
      signal: given,
      onSkip = () => {},
    }: {
      limit: number
      signal?: AbortSignal
      onSkip?: (skipped: { url: string; reason: string }) => void
    },
  ): AsyncGenerator<string> {
    const signal = signalOf(given)
    const seen = new Set<string>()
    let count = 0
    if (limit <= 0) return
    if (source.kind === 'urls') {
      for (const raw of source.urls) {
        signal.throwIfAborted()
        let url: URL
        try {
          url = checkCrawlUrl(raw.trim(), policy)
        } catch (error) {
          onSkip({ url: raw, reason: (error as Error).message })
          continue
        }
        if (seen.has(url.href)) continue
        seen.add(url.href)
        yield url.href
        count += 1
        if (count >= limit) return
      }
      return
    }

    const origin = checkCrawlUrl(source.origin, policy)
    const onOrigin = (url: URL) => url.host === origin.host
    let starts: string[]
    if (source.sitemapUrl) starts = [source.sitemapUrl]
    else {
      const rules = await robotsFor(origin, signal)
      starts = rules.sitemaps.length > 0 ? rules.sitemaps : [new URL('/sitemap.xml', origin).href]
    }
    const sitemapsSeen = new Set<string>()
    let firstFailure: CrawlError | null = null
    let anySitemapRead = false

    async function* walk(raw: string, depth: number): AsyncGenerator<string, boolean> {
      if (!URL.canParse(raw) || !onOrigin(new URL(raw))) {
        onSkip({ url: raw, reason: `The sitemap is not on ${origin.host}.` })
        return false
      }
      if (sitemapsSeen.has(raw) || sitemapsSeen.size >= SITEMAP_MAX_FILES) return false
      sitemapsSeen.add(raw)
      let entries
      try {
        const url = checkCrawlUrl(raw, policy)
        const answer = await follow(url, {
          maxBytes: maxSitemapBytes,
          accept: 'application/xml,text/xml;q=0.9,*/*;q=0.1',
          signal,
          robots: true,
        })
        if (answer.status < 200 || answer.status >= 300) {
          throw new CrawlError(
            'http',
            `The sitemap ${url.pathname} answered ${statusWords(answer.status)}.`,
            answer.status,
          )
        }
        if (answer.truncated) {
          throw new CrawlError(
            'http',
            `The sitemap ${url.pathname} is larger than ${Math.round(maxSitemapBytes / 1024 / 1024)} MiB.`,
          )
        }
        try {
          entries = readSitemap(answer.body, maxSitemapBytes)
        } catch (error) {
          throw new CrawlError('http', `The sitemap ${url.pathname}: ${(error as Error).message}.`)
        }
      } catch (error) {
        if (!(error instanceof CrawlError)) throw error
        firstFailure ??= error
        onSkip({ url: raw, reason: error.message })
        return false
      }
      anySitemapRead = true
      if (entries.kind === 'index') {
        if (depth >= SITEMAP_MAX_DEPTH) {
          onSkip({
            url: raw,
            reason: `Sitemap indexes nested more than ${SITEMAP_MAX_DEPTH} deep are not followed.`,
          })
          return false
        }
        for (const child of entries.locations) {
          const stop = yield* walk(child, depth + 1)
          if (stop) return true
        }
        return false
      }
      for (const location of entries.locations) {
        let url: URL
        try {
          url = checkCrawlUrl(location, policy)
        } catch (error) {
          onSkip({ url: location, reason: (error as Error).message })
          continue
        }
        if (!onOrigin(url)) {
          onSkip({ url: location, reason: `Not on ${origin.host}.` })
          continue
        }
        if (seen.has(url.href)) continue
        seen.add(url.href)
        yield url.href
        count += 1
        if (count >= limit) return true
      }
      return false
    }

    for (const start of starts) {
      const stop = yield* walk(start, 1)
      if (stop || count >= limit) return
    }
    if (!anySitemapRead) {
      const failed = firstFailure as CrawlError | null
      throw new CrawlError(
        failed?.kind ?? 'http',
        `No sitemap could be read for ${origin.origin}${failed ? `: ${failed.message}` : ''} Give the sitemap's URL, or a list of URLs.`,
        failed?.status,
      )
    }
  }
}
