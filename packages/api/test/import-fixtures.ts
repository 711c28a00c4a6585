import { randomUUID } from 'node:crypto'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { sql } from 'drizzle-orm'
import { siteImport } from '../src/db/schema.ts'
import type { Headmark } from '../src/headmark.ts'
import type { SiteFixture } from './webhook-fixtures.ts'

// A small live site on loopback for imports: a sitemap, pages with heads, the ownership proof
// when told, Yoast's and Rank Math's REST heads, and a count of how often each path was fetched.

export interface FixtureSiteOptions {
  /** Paths of the site's pages, in sitemap order (default /, /about, /blog/one, /blog/two). */
  paths?: string[]
  /** Milliseconds each page takes to answer (default 0). */
  delayMs?: number
  /** Paths answered 500. */
  failing?: string[]
}

export interface FixtureSite {
  /** http://localhost:<port>: the site's hostname is `localhost`. */
  origin: string
  port: number
  /** How often each path was fetched as a page (not the sitemap, robots.txt or proofs). */
  hits: Map<string, number>
  /** The token the home page's meta tag carries; null: no tag. */
  verificationToken: string | null
  /** The token /.well-known/headmark-site-verification.txt answers; null: 404. */
  wellKnownToken: string | null
  /** Titles the pages serve (default `Title of <path>`). */
  titles: Map<string, string>
  /** More tags a page's head carries, as HTML (default none). */
  heads: Map<string, string>
  close(): Promise<void>
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

export function fixturePage(title: string, description: string, extraHead = ''): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><meta name="description" content="${escapeHtml(description)}"><meta property="og:title" content="${escapeHtml(title)}">${extraHead}</head><body><h1>${escapeHtml(title)}</h1></body></html>`
}

export async function startFixtureSite(options: FixtureSiteOptions = {}): Promise<FixtureSite> {
  const paths = options.paths ?? ['/', '/about', '/blog/one', '/blog/two']
  const failing = new Set(options.failing ?? [])
  const hits = new Map<string, number>()
  const titles = new Map<string, string>()
  const heads = new Map<string, string>()
  let server: Server | null = null
  const site: FixtureSite = {
    origin: '',
    port: 0,
    hits,
    verificationToken: null,
    wellKnownToken: null,
    titles,
    heads,
    close: () =>
      new Promise<void>((resolve) => {
        server?.closeAllConnections()
        server?.close(() => resolve())
      }),
  }
  const titleOf = (path: string) => titles.get(path) ?? `Title of ${path}`
  server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', site.origin)
    const path = url.pathname
    if (path === '/robots.txt') {
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`User-agent: *\nAllow: /\nSitemap: ${site.origin}/sitemap.xml\n`)
      return
    }
    if (path === '/sitemap.xml') {
      res.writeHead(200, { 'content-type': 'application/xml' })
      res.end(
        `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${paths
          .map((p) => `<url><loc>${site.origin}${p}</loc></url>`)
          .join('')}</urlset>`,
      )
      return
    }
    if (path === '/.well-known/headmark-site-verification.txt') {
      if (site.wellKnownToken === null) {
        res.writeHead(404).end()
        return
      }
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end(`${site.wellKnownToken}\n`)
      return
    }
    for (const [prefix, plugin] of [
      ['/wp-json/yoast/v1/get_head', 'Yoast'],
      ['/wp-json/rankmath/v1/getHead', 'Rank Math'],
    ] as const) {
      if (path === prefix) {
        const target = new URL(url.searchParams.get('url') ?? '/', site.origin).pathname
        const head = `<title>${escapeHtml(`${titleOf(target)} (${plugin})`)}</title><meta name="description" content="Intended by ${plugin}">`
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(
          JSON.stringify(
            plugin === 'Yoast'
              ? { status: 200, html: head, json: { title: `${titleOf(target)} (${plugin})` } }
              : { success: true, head },
          ),
        )
        return
      }
    }
    if (path === '/' && !paths.includes(path)) {
      // The home page carries the ownership proof even when it is not one of the pages.
      const extra =
        site.verificationToken !== null
          ? `<meta name="headmark-site-verification" content="${site.verificationToken}">`
          : ''
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(fixturePage('Home', 'The home page', extra))
      return
    }
    if (!paths.includes(path)) {
      res.writeHead(404, { 'content-type': 'text/html' }).end('<title>Not found</title>')
      return
    }
    hits.set(path, (hits.get(path) ?? 0) + 1)
    const answer = () => {
      if (failing.has(path)) {
        res.writeHead(500, { 'content-type': 'text/html' }).end('<title>Error</title>')
        return
      }
      const extra =
        (path === '/' && site.verificationToken !== null
          ? `<meta name="headmark-site-verification" content="${site.verificationToken}">`
          : '') + (heads.get(path) ?? '')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
      res.end(fixturePage(titleOf(path), `About ${path}`, extra))
    }
    if (options.delayMs) setTimeout(answer, options.delayMs)
    else answer()
  })
  // Every address of the machine's loopback (localhost may resolve to ::1 or 127.0.0.1).
  await new Promise<void>((resolve) => server.listen(0, resolve))
  site.port = (server.address() as AddressInfo).port
  site.origin = `http://localhost:${site.port}`
  return site
}

/** Queues an import of `urls` (on the site's hostname) as imports.start does; returns its id. */
export async function queueImport(
  headmark: Headmark,
  site: SiteFixture,
  urls: string[],
): Promise<string> {
  const id = randomUUID()
  const items = urls.map((url) => ({ url, path: new URL(url).pathname }))
  await headmark.db.transaction(async (tx) => {
    await tx.insert(siteImport).values({
      id,
      siteId: site.id,
      organizationId: site.organizationId,
      startedById: null,
      source: { kind: 'urls', count: urls.length },
      headSource: 'html',
      pageCap: urls.length,
      foundCount: urls.length,
      discoveredAt: new Date(),
    })
    await tx.execute(sql`
      insert into site_import_item (id, import_id, url, path)
      select gen_random_uuid()::text, ${id}, v.url, v.path
      from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as v(url text, path text)`)
    await headmark.imports.enqueue(id, tx)
  })
  return id
}
