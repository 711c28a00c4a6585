import { readFileSync } from 'node:fs'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliCompressSync, deflateSync, gzipSync } from 'node:zlib'

/** The outbound targets every server-side fetch must refuse (the shared corpus). */
export const outboundTargets = (
  JSON.parse(readFileSync(new URL('./outbound-targets.json', import.meta.url), 'utf8')) as {
    refuse: string[]
  }
).refuse

/** A site to crawl, served on loopback, that counts what it is asked. */
export interface CrawlFixture {
  /** e.g. http://127.0.0.1:40123 */
  origin: string
  /** How many requests a path (without its query) received. */
  count(path: string): number
  /** When each request to a path arrived (performance.now(), in ms). */
  times(path: string): number[]
  /** The User-Agent headers received, in order. */
  userAgents: string[]
  /** The most requests that were in flight at once (robots.txt included). */
  maxInFlight(): number
  /** What the 20 MB page wrote before the connection closed, and whether it got to its end. */
  huge: { bytesWritten: number; finished: boolean; closed: Promise<void> }
  /** The verification token the home page and the well-known file carry. */
  token: string
  close(): Promise<void>
}

export interface CrawlFixtureOptions {
  /** robots.txt's Crawl-delay for HeadmarkBot, in seconds (none by default). */
  crawlDelay?: number
  /** Where the home page's verification tag and the well-known file are ('none' serves neither). */
  verification?: 'meta' | 'well-known' | 'none'
  /** How long /slow waits before answering, in ms (default 5000). */
  slowMs?: number
  /**
   * The loopback address to listen on (default 127.0.0.1). On 127.0.0.2, a policy that denies
   * 127.0.0.1/32 and ::1/128 reaches the fixture while refusing every loopback target of the
   * corpus, as a production policy would.
   */
  host?: string
}

export const HUGE_PAGE_BYTES = 20 * 1024 * 1024

const html = (head: string, body = '<p>Hello</p>') =>
  `<!doctype html>\n<html lang="en">\n<head>\n${head}\n</head>\n<body>${body}</body>\n</html>\n`

/** The page with every kind of tag: what maps, and what is listed. */
export const FULL_HEAD = `<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="X-UA-Compatible" content="IE=edge">
<title>Full &amp; rich page</title>
<meta name="description" content="Everything a head can say.">
<meta name="robots" content="noindex, nofollow, max-snippet:120, max-image-preview:large, max-video-preview:-1, notranslate">
<link rel="canonical" href="/full">
<link rel="alternate" hreflang="en" href="/full">
<link rel="alternate" hreflang="fr-CA" href="https://fr.example.com/complet">
<link rel="alternate" hreflang="x-default" href="/full">
<link rel="alternate" type="application/rss+xml" title="Feed" href="/feed.xml">
<link rel="icon" href="/favicon-32.png" sizes="32x32" type="image/png">
<link rel="icon" href="/favicon.ico">
<link rel="apple-touch-icon" href="/apple-touch-icon.png" sizes="180x180">
<link rel="preload" href="/font.woff2" as="font">
<link rel="stylesheet" href="/style.css">
<meta property="og:title" content="Full, for sharing">
<meta property="og:description" content="Shared description">
<meta property="og:type" content="article">
<meta property="og:url" content="/full">
<meta property="og:site_name" content="Fixture">
<meta property="og:locale" content="en_US">
<meta property="og:locale:alternate" content="fr_CA">
<meta property="og:locale:alternate" content="de_DE">
<meta property="og:determiner" content="the">
<meta property="og:image" content="/images/card.png">
<meta property="og:image:width" content="1200">
<meta property="og:image:height" content="630">
<meta property="og:image:alt" content="A card">
<meta property="og:image" content="https://cdn.example.com/second.jpg">
<meta property="og:image:width" content="800">
<meta property="og:image:height" content="600">
<meta property="og:image:type" content="image/jpeg">
<meta property="og:image" content="/images/no-size.png">
<meta property="og:video" content="/video.mp4">
<meta property="article:published_time" content="2026-01-02T03:04:05Z">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:site" content="@fixture">
<meta name="twitter:title" content="Full, on X">
<meta name="twitter:image" content="/images/card.png">
<meta name="twitter:image:alt" content="A card on X">
<meta name="google-site-verification" content="abc123">
<meta name="author" content="Fixture Team">
<meta name="theme-color" content="#123456">
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Article","headline":"Full"}</script>
<script>window.analytics = true</script>`

/** A PNG's first 33 bytes: signature and IHDR (all a reader needs for the size). */
export function tinyPng(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(33)
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]).copy(bytes, 0)
  bytes.writeUInt32BE(13, 8)
  bytes.write('IHDR', 12, 'latin1')
  bytes.writeUInt32BE(width, 16)
  bytes.writeUInt32BE(height, 20)
  bytes[24] = 8 // bit depth
  bytes[25] = 6 // RGBA
  return bytes
}

/** A baseline JPEG: SOI, a JFIF APP0 segment, SOF0 with the size, EOI. */
export function tinyJpeg(width: number, height: number): Buffer {
  const app0 = [
    0xff,
    0xe0,
    0x00,
    0x10,
    ...Buffer.from('JFIF\0', 'latin1'),
    1,
    1,
    0,
    0,
    1,
    0,
    1,
    0,
    0,
  ]
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 0x08, height >> 8, height & 255, width >> 8, width & 255]
  const components = [0x03, 1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1]
  return Buffer.from([0xff, 0xd8, ...app0, ...sof0, ...components, 0xff, 0xd9])
}

/** A GIF's logical screen descriptor. */
export function tinyGif(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(13)
  bytes.write('GIF89a', 0, 'latin1')
  bytes.writeUInt16LE(width, 6)
  bytes.writeUInt16LE(height, 8)
  return bytes
}

/** An extended WebP (RIFF, VP8X with the canvas size). */
export function tinyWebp(width: number, height: number): Buffer {
  const bytes = Buffer.alloc(30)
  bytes.write('RIFF', 0, 'latin1')
  bytes.writeUInt32LE(22, 4)
  bytes.write('WEBP', 8, 'latin1')
  bytes.write('VP8X', 12, 'latin1')
  bytes.writeUInt32LE(10, 16)
  bytes.writeUIntLE(width - 1, 24, 3)
  bytes.writeUIntLE(height - 1, 27, 3)
  return bytes
}

/** An .ico with one directory entry (256 is written 0). */
export function tinyIco(size: number): Buffer {
  const bytes = Buffer.alloc(22)
  bytes.writeUInt16LE(1, 2) // type: icon
  bytes.writeUInt16LE(1, 4) // one image
  bytes[6] = size % 256
  bytes[7] = size % 256
  bytes.writeUInt16LE(1, 10)
  bytes.writeUInt16LE(32, 12)
  bytes.writeUInt32LE(22, 18)
  return bytes
}

/** Images served by the fixture, by path, with their Content-Type. */
const IMAGES: Record<string, [type: string, body: Buffer | string]> = {
  '/img/card.png': ['image/png', tinyPng(1200, 630)],
  '/img/photo.jpg': ['image/jpeg', tinyJpeg(800, 600)],
  '/img/anim.gif': ['image/gif', tinyGif(40, 30)],
  // No extension, and a generic Content-Type: only the bytes tell it is a WebP.
  '/img/picture': ['application/octet-stream', tinyWebp(1024, 512)],
  '/img/logo.svg': [
    'image/svg+xml',
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 64 48"><path d="M0 0h64v48H0z"/></svg>',
  ],
  '/img/sized.svg': [
    'image/svg+xml',
    '<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="120" height="90"></svg>',
  ],
  '/img/unsized.svg': ['image/svg+xml', '<svg xmlns="http://www.w3.org/2000/svg"></svg>'],
  '/img/touch.png': ['image/png', tinyPng(180, 180)],
  '/favicon.ico': ['image/x-icon', tinyIco(48)],
  // An HTML page posing as an image (by its name).
  '/img/not-really.png': ['text/html; charset=utf-8', html('<title>Not an image</title>')],
  '/img/garbage.bin': ['application/octet-stream', Buffer.from('just some bytes, not a picture')],
}

/** A page naming images without sizes (all readable). */
const IMAGES_HEAD = `<title>Pictures</title>
<meta property="og:image" content="/img/card.png">
<meta property="og:image:alt" content="The card">
<meta property="og:image" content="/img/photo.jpg">
<meta property="og:image" content="/img/anim.gif">
<meta property="og:image" content="/img/picture">
<meta property="og:image" content="/img/sized.svg">
<meta name="twitter:card" content="summary_large_image">
<meta name="twitter:image" content="/img/card.png">
<link rel="icon" href="/favicon.ico">
<link rel="icon" href="/img/logo.svg" type="image/svg+xml">
<link rel="apple-touch-icon" href="/img/touch.png">`

/** A page naming images that can not be measured. */
const BROKEN_IMAGES_HEAD = `<title>Broken pictures</title>
<meta property="og:image" content="/img/missing.png">
<meta property="og:image" content="/img/redirect-private.png">
<meta property="og:image" content="/img/not-really.png">
<meta property="og:image" content="/img/unsized.svg">
<link rel="icon" href="/img/garbage.bin">
<link rel="icon" href="/favicon.ico">`

const LATIN1_HEAD = `<title>Café crème à Noël</title>
<meta name="description" content="Ça coûte 5 £, garçon ; « voilà ».">`

function pages(origin: string, token: string, verification: string): Record<string, string> {
  const verificationMeta =
    verification === 'meta' ? `<meta name="headmark-site-verification" content="${token}">` : ''
  return {
    '/': html(`<title>Fixture home</title>${verificationMeta}`),
    '/utf8': html(
      `<meta charset="utf-8"><title>Crème brûlée — 東京 🍮</title><meta name="description" content="Ünïcödé">`,
    ),
    '/broken': `<html><title>Broken <b>page</title><meta name=description content=unquoted value>
<meta property="og:title" content="Never closed"
<link rel=canonical href=/broken><meta name="keywords" content="a, b">
<div><p>Body without a body tag`,
    '/duplicates': html(`<title>First title</title>
<title>Second title</title>
<meta name="description" content="First description">
<meta name="description" content="Second description">
<link rel="canonical" href="/duplicates">
<link rel="canonical" href="/other">
<meta property="og:title" content="First OG">
<meta property="og:title" content="Second OG">
<meta name="author" content="A">
<meta name="Author" content="B">`),
    '/jsonld': html(`<title>Structured</title>
<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Fixture","url":"${origin}/"}</script>
<script type="application/ld+json">[{"@type":"BreadcrumbList","itemListElement":[]},{"@context":"https://schema.org","@graph":[{"@type":"WebSite"}]}]</script>
<script type="application/ld+json">{"@type": "Broken", </script>
<script type="application/ld+json">{"name":"no type"}</script>`),
    '/full': html(FULL_HEAD),
    '/pictures': html(IMAGES_HEAD),
    '/pictures/again': html(`<title>Same icon</title><link rel="icon" href="/favicon.ico">
<meta property="og:image" content="${origin}/img/card.png">`),
    '/pictures/broken': html(BROKEN_IMAGES_HEAD),
    '/private/secret': html('<title>Secret</title>'),
    '/compressed': html(
      '<title>Compressed page</title><meta name="description" content="Squeezed">',
    ),
    '/base': html(`<base href="https://static.example.com/assets/"><title>Based</title>
<link rel="canonical" href="page.html"><meta property="og:image" content="img/a.png">`),
  }
}

/**
 * Starts the fixture site on 127.0.0.1: robots.txt (a disallowed section for HeadmarkBot, an
 * optional Crawl-delay, a Sitemap: line to a sitemap index), a sitemap index with a gzipped child
 * sitemap, redirects (a chain, a loop, to a link-local and a private address, to any target),
 * a slow page, a 20 MB page, pages in UTF-8 and Latin-1, broken HTML, duplicate tags, JSON-LD,
 * gzip, br and deflate pages, a PDF, the ownership proofs, and images named without sizes (tiny
 * PNG, JPEG, GIF, WebP, SVG and ICO files; a 404, a redirect to a private address, an HTML page
 * named .png, bytes of no image format, an SVG without a size).
 */
export async function startCrawlFixture(options: CrawlFixtureOptions = {}): Promise<CrawlFixture> {
  const { crawlDelay, verification = 'meta', slowMs = 5000, host = '127.0.0.1' } = options
  const token = 'hm-verify-7f3c2a'
  const counts = new Map<string, number>()
  const stamps = new Map<string, number[]>()
  const userAgents: string[] = []
  const timers = new Set<NodeJS.Timeout>()
  let resolveHugeClosed: () => void = () => {}
  const huge = {
    bytesWritten: 0,
    finished: false,
    closed: new Promise<void>((resolve) => {
      resolveHugeClosed = resolve
    }),
  }
  let origin = ''
  let inFlight = 0
  let maxInFlight = 0

  const send = (
    response: ServerResponse,
    status: number,
    type: string,
    body: string | Buffer,
    headers: Record<string, string | string[]> = {},
  ) => {
    response.writeHead(status, { 'content-type': type, ...headers })
    response.end(body)
  }

  const handle = (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', origin)
    const path = url.pathname
    counts.set(path, (counts.get(path) ?? 0) + 1)
    stamps.set(path, [...(stamps.get(path) ?? []), performance.now()])
    userAgents.push(String(request.headers['user-agent'] ?? ''))
    inFlight += 1
    maxInFlight = Math.max(maxInFlight, inFlight)
    response.on('close', () => {
      inFlight -= 1
    })
    const htmlType = 'text/html; charset=utf-8'
    const page = pages(origin, token, verification)[path]

    switch (path) {
      case '/robots.txt':
        return send(
          response,
          200,
          'text/plain',
          [
            'User-agent: *',
            'Disallow: /admin/',
            '',
            'User-agent: HeadmarkBot',
            'Disallow: /private/',
            ...(crawlDelay !== undefined ? [`Crawl-delay: ${crawlDelay}`] : []),
            '',
            `Sitemap: ${origin}/sitemap-index.xml`,
            '',
          ].join('\n'),
        )
      case '/sitemap-index.xml':
        return send(
          response,
          200,
          'application/xml',
          `<?xml version="1.0" encoding="UTF-8"?>
<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
  <sitemap><loc>${origin}/sitemaps/pages.xml.gz</loc></sitemap>
  <sitemap><loc>${origin}/sitemaps/posts.xml</loc></sitemap>
  <sitemap><loc>${origin}/sitemaps/missing.xml</loc></sitemap>
  <sitemap><loc>http://10.0.0.1/sitemap.xml</loc></sitemap>
  <sitemap><loc>${origin}/sitemaps/nested-index.xml</loc></sitemap>
</sitemapindex>`,
        )
      case '/sitemaps/pages.xml.gz':
        // A .gz file served as it is, without Content-Encoding: gzip's magic bytes tell.
        return send(
          response,
          200,
          'application/x-gzip',
          gzipSync(
            urlset([
              `${origin}/`,
              `${origin}/utf8`,
              `${origin}/latin1`,
              `${origin}/utf8`,
              `${origin}/search?q=a&amp;b=c`,
              'https://elsewhere.example.com/page',
              ...outboundTargets.map((target) => target.replaceAll('&', '&amp;')),
              `${origin}/broken`,
            ]),
          ),
        )
      case '/sitemaps/posts.xml':
        // Compressed in transit (Content-Encoding), as many servers do.
        return send(
          response,
          200,
          'application/xml',
          gzipSync(urlset([`${origin}/duplicates`, `${origin}/jsonld`, `${origin}/full`])),
          { 'content-encoding': 'gzip' },
        )
      case '/sitemaps/nested-index.xml':
        return send(
          response,
          200,
          'application/xml',
          `<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${origin}/sitemaps/more.xml</loc></sitemap></sitemapindex>`,
        )
      case '/sitemaps/more.xml':
        return send(
          response,
          200,
          'text/xml',
          urlset([`${origin}/compressed`, `${origin}/full`, `${origin}/private/secret`]),
        )
      case '/sitemap-corpus.xml':
        return send(
          response,
          200,
          'application/xml',
          urlset([...outboundTargets.map((t) => t.replaceAll('&', '&amp;')), `${origin}/utf8`]),
        )
      case '/latin1':
        return send(
          response,
          200,
          'text/html; charset=ISO-8859-1',
          Buffer.from(html(LATIN1_HEAD), 'latin1'),
        )
      case '/latin1-meta':
        // No charset in the header: the <meta charset> says windows-1252 (0x80 is €).
        return send(
          response,
          200,
          'text/html',
          Buffer.concat([
            Buffer.from('<html><head><meta charset="windows-1252"><title>Prix 5 ', 'latin1'),
            // € (0x80), an em dash (0x97) and é (0xe9), as windows-1252 writes them.
            Buffer.from([0x80, 0x20, 0x97, 0x20, 0x63, 0x61, 0x66, 0xe9]),
            Buffer.from('</title></head><body></body></html>', 'latin1'),
          ]),
        )
      case '/gzip':
      case '/br':
      case '/deflate': {
        const body = Buffer.from(pages(origin, token, verification)['/compressed'] as string)
        const encoded =
          path === '/gzip'
            ? gzipSync(body)
            : path === '/br'
              ? brotliCompressSync(body)
              : deflateSync(body)
        return send(response, 200, htmlType, encoded, { 'content-encoding': path.slice(1) })
      }
      case '/slow': {
        const timer = setTimeout(() => {
          timers.delete(timer)
          if (!response.destroyed) send(response, 200, htmlType, html('<title>Slow</title>'))
        }, slowMs)
        timers.add(timer)
        return
      }
      case '/huge': {
        response.writeHead(200, { 'content-type': htmlType })
        const head = html('<title>A 20 MB page</title><meta name="description" content="Huge">', '')
        const start = head.slice(0, head.indexOf('</body>'))
        let written = 0
        const chunk = Buffer.alloc(64 * 1024, '<p>filler filler filler filler</p>\n')
        response.on('close', () => {
          huge.finished = response.writableFinished
          resolveHugeClosed()
        })
        const pump = () => {
          while (written < HUGE_PAGE_BYTES) {
            if (response.destroyed) return
            const piece = written === 0 ? Buffer.from(start) : chunk
            written += piece.length
            huge.bytesWritten = written
            if (!response.write(piece)) {
              response.once('drain', pump)
              return
            }
          }
          response.end('</body></html>')
        }
        pump()
        return
      }
      case '/redirect/chain':
        return send(response, 301, htmlType, '', { location: '/redirect/step2' })
      case '/redirect/step2':
        return send(response, 302, htmlType, '', { location: `${origin}/utf8` })
      case '/redirect/loop':
        return send(response, 302, htmlType, '', { location: '/redirect/loop' })
      case '/redirect/link-local':
        return send(response, 302, htmlType, '', {
          location: 'http://169.254.169.254/latest/meta-data/',
        })
      case '/redirect/private':
        return send(response, 307, htmlType, '', { location: 'http://10.0.0.1/admin' })
      case '/redirect/to':
        return send(response, 302, htmlType, '', {
          location: url.searchParams.get('target') ?? '/',
        })
      case '/redirect/disallowed':
        return send(response, 302, htmlType, '', { location: '/private/secret' })
      case '/robots-header':
        // Several X-Robots-Tag lines: for all crawlers, for Google only, for HeadmarkBot only.
        return send(
          response,
          200,
          htmlType,
          html(
            '<title>Header robots</title><meta name="robots" content="max-snippet:120, max-image-preview:large">',
          ),
          {
            'x-robots-tag': [
              'nofollow, max-snippet:50',
              'max-image-preview:standard, unavailable_after: 25 Jun 2030 15:00:00 PST',
              'googlebot: noindex',
              'HeadmarkBot: noarchive',
            ],
          },
        )
      case '/robots-header/looser':
        // The header is looser than the page's meta on some counts, stricter on others.
        return send(
          response,
          200,
          htmlType,
          html(
            '<title>Mixed</title><meta name="robots" content="max-snippet:-1, max-video-preview:10, max-image-preview:none">',
          ),
          {
            'x-robots-tag':
              'noindex, max-snippet:200, max-video-preview:-1, max-image-preview:large',
          },
        )
      case '/img/redirect-private.png':
        return send(response, 302, 'text/html', '', { location: 'http://10.0.0.1/card.png' })
      case '/document.pdf':
        return send(response, 200, 'application/pdf', '%PDF-1.4\n%…')
      case '/.well-known/headmark-site-verification.txt':
        if (verification === 'well-known') return send(response, 200, 'text/plain', `  ${token}\n`)
        return send(response, 404, 'text/plain', 'Not found')
      default: {
        const image = IMAGES[path]
        if (image) return send(response, 200, image[0], image[1])
        if (page) return send(response, 200, htmlType, page)
        return send(response, 404, htmlType, html('<title>Not found</title>'))
      }
    }
  }

  const server = createServer(handle)
  await new Promise<void>((resolve) => server.listen(0, host, resolve))
  origin = `http://${host}:${(server.address() as AddressInfo).port}`
  return {
    origin,
    token,
    count: (path) => counts.get(path) ?? 0,
    times: (path) => stamps.get(path) ?? [],
    userAgents,
    maxInFlight: () => maxInFlight,
    huge,
    async close() {
      for (const timer of timers) clearTimeout(timer)
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

function urlset(locations: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${locations.map((loc) => `  <url><loc>${loc}</loc><lastmod>2026-01-01</lastmod></url>`).join('\n')}
</urlset>`
}
