import type { LookupAddress } from 'node:dns'
import type { Metadata } from '@headmark/metadata'
import type { OutboundPolicy } from '../webhooks/outbound-guard.ts'
import type { ImageProbe } from './parse-head.ts'

// The crawler's contract: what imports (and live verification) ask of it. Every fetch goes
// through the outbound guard on every hop, reads robots.txt first and stops after </head>.

/** How a crawler behaves toward the hosts it visits; the operator sets the rates. */
export interface CrawlerOptions {
  /** The outbound guard's policy (the webhooks' one): refused addresses are refused at every hop. */
  policy: OutboundPolicy
  /** `HeadmarkBot/<version> (+<app URL>/bot)`: see {@link crawlerUserAgent}. */
  userAgent: string
  /** Requests in flight at once per host (default 2). */
  concurrencyPerHost?: number
  /** Requests started per second per host (default 4); a longer robots.txt Crawl-delay wins. */
  requestsPerSecondPerHost?: number
  /** Each request's time limit, headers and body (default 10 s). */
  timeoutMs?: number
  /** Bytes read of an HTML page at most; reading stops after `</head>` (default 1 MiB). */
  maxHeadBytes?: number
  /** Bytes read of a sitemap or robots.txt at most, after decompression (default 50 MiB, 500 KiB). */
  maxSitemapBytes?: number
  /** Redirects followed at most, each re-checked by the guard (default 5). */
  maxRedirects?: number
  /**
   * Images (og:image, twitter:image, icons) a page names without a width, height or type are
   * fetched and measured, through the same guard and per-host gate, robots.txt not read
   * (default true). Each image URL is measured once per crawler (a site-wide logo once).
   */
  measureImages?: boolean
  /** Images measured per page at most; the others stay listed (default 8). */
  maxImagesPerPage?: number
  /** Bytes read of an image to measure it (default 256 KiB: sizes are in the first bytes). */
  maxImageBytes?: number
  /** Replaces DNS, for tests of what a name resolves to (the guard checks its answers the same). */
  resolver?: (host: string) => Promise<LookupAddress[]>
}

/** A tag of the page's head that Headmark's metadata object has no field for, kept to be listed. */
export interface UnmappedTag {
  /** The tag as written, shortened to 300 characters. */
  html: string
  /** Why it was not mapped, e.g. "a second <title>", "og:video is not a Headmark field". */
  reason: string
}

/** What one page's head holds, as Headmark's metadata object. */
export interface ParsedHead {
  /** Valid against the metadata schema: values that would be refused are left out and listed. */
  metadata: Metadata
  unmapped: UnmappedTag[]
}

export type FetchHeadResult =
  | {
      ok: true
      /** The URL asked for. */
      url: string
      /** Where the last redirect led (same as `url` without redirects). */
      finalUrl: string
      status: number
      head: ParsedHead
      /** Bytes received for this page, all hops, before decompression (reading stops after </head>). */
      bytesRead?: number
    }
  | {
      ok: false
      url: string
      /** The HTTP status when there was an answer. */
      status?: number
      /** Words a person can act on: "Disallowed by robots.txt", "Redirects to a private network address", "No answer within 10 s"… */
      reason: string
      /** What kind of failure, for counting and retries. */
      kind:
        'robots' | 'refused' | 'timeout' | 'http' | 'network' | 'not-html' | 'too-many-redirects'
    }

/** A whole page as served (health checks compare it with what the path should serve). */
export type FetchPageResult =
  | {
      ok: true
      url: string
      finalUrl: string
      /** Any status: a 404 or a 500 is an answer to report, not a failure to fetch. */
      status: number
      /** The page's text, its head and as much of its body as `maxBytes` allows. */
      html: string
      /** Response headers by lower-case name, repeated ones kept apart. */
      headers: Record<string, string[]>
      /** Milliseconds from the request to the last byte. */
      ms: number
    }
  | Extract<FetchHeadResult, { ok: false }>

/** Where an import finds its URLs. */
export type CrawlSource =
  | {
      kind: 'sitemap'
      /** the site's origin, e.g. https://example.com */ origin: string
      /** a sitemap URL to start from instead of robots.txt's Sitemap: lines and /sitemap.xml */ sitemapUrl?: string
    }
  | { kind: 'urls'; urls: string[] }

/** Which head an import reads: the page's own, or a WordPress SEO plugin's intended one. */
export type HeadSource = 'html' | 'yoast' | 'rankmath'

export interface Crawler {
  /**
   * Absolute URLs of the source's pages, each once, on the origin's host (others skipped and
   * counted), in sitemap order; sitemap indexes and gzipped sitemaps followed. Stops at `limit`.
   */
  discover(
    source: CrawlSource,
    options: {
      limit: number
      signal?: AbortSignal
      /** Told of each URL or child sitemap left out, with the reason (another host, refused, 404…). */
      onSkip?: (skipped: { url: string; reason: string }) => void
    },
  ): AsyncIterable<string>
  /** One page's head: robots.txt checked, redirects re-checked, reading stopped after </head>. */
  fetchHead(
    url: string,
    options?: { signal?: AbortSignal; headSource?: HeadSource },
  ): Promise<FetchHeadResult>
  /**
   * One whole page (head and body, up to `maxBytes`, default 1 MiB) as `userAgent` gets it: the
   * crawler's own User-Agent is appended to it, so that the site's logs say who asked. Asked by
   * the site's owners (health checks), so robots.txt is not read; the per-host rate applies.
   */
  fetchPage(
    url: string,
    options?: { signal?: AbortSignal; userAgent?: string; maxBytes?: number },
  ): Promise<FetchPageResult>
  /**
   * One image's size and type, read from its first bytes (through the guard and the per-host
   * rate; cached by URL for the crawler's life): `{ ok: false, reason }` when it is unreachable or
   * not an image.
   */
  probeImage(url: string, options?: { signal?: AbortSignal }): Promise<ImageProbe>
  /**
   * Whether the origin proves ownership with `token`: `<meta name="headmark-site-verification"
   * content="<token>">` on its home page, or the token as the body of
   * `/.well-known/headmark-site-verification.txt`.
   */
  verifyOwnership(
    origin: string,
    token: string,
    options?: { signal?: AbortSignal },
  ): Promise<{ ok: true; method: 'meta' | 'well-known' } | { ok: false; reason: string }>
  /** Stops timers and open connections. */
  close(): Promise<void>
}

/** The User-Agent the crawler sends; README documents it and /bot explains it. */
export function crawlerUserAgent(version: string, appUrl: string): string {
  return `HeadmarkBot/${version} (+${appUrl.replace(/\/+$/, '')}/bot)`
}
