import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { gunzipSync } from 'node:zlib'

/** The small live site imports read (see {@link fixtureSite}); its hostname is `localhost`. */
export const E2E_FIXTURE_SITE_ORIGIN = `http://localhost:${Number(process.env.E2E_FIXTURES_PORT ?? 4319)}`

/** The fixture site's pages: a shop of 12 products, served slowly enough to cancel an import. */
export const FIXTURE_SITE_PATHS = [
  '/',
  '/about',
  ...Array.from({ length: 12 }, (_, i) => `/shop/product-${i + 1}`),
]

const escapeHtml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const siteTitle = (path: string) =>
  path === '/'
    ? 'Fixture Shop'
    : path === '/about'
      ? 'About the Fixture Shop'
      : `Product ${path.split('-').at(-1)} · Fixture Shop`

/**
 * The fixture site: `/sitemap.xml`, `/robots.txt`, its pages (each answers after 1.5 s, so an import can be cancelled mid-way), the
 * ownership meta tag on `/` once `POST /site/verification` set a token, and Yoast's REST head
 * (`/wp-json/yoast/v1/get_head?url=`) with the plugin's titles.
 */
function fixtureSite(url: URL, body: () => Promise<Buffer>, res: ServerResponse): boolean {
  const path = url.pathname
  if (path === '/site/live') {
    // The head a /live/… page serves from `delayMs` from now (a cache that expires).
    void body().then((raw) => {
      const { page, title, delayMs } = JSON.parse(raw.toString('utf8')) as {
        page: string
        title: string
        delayMs: number
      }
      const entry = liveHeads.get(page) ?? { title: 'Untitled' }
      liveHeads.set(page, { ...entry, next: { title, at: Date.now() + delayMs } })
      res.writeHead(204).end()
    })
    return true
  }
  if (path.startsWith('/live/')) {
    // Pages whose head says what a test told it to, after a while or never.
    const entry = liveHeads.get(path) ?? { title: 'Untitled' }
    if (entry.next && Date.now() >= entry.next.at) {
      entry.title = entry.next.title
      delete entry.next
    }
    liveHeads.set(path, entry)
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(entry.title)}</title></head><body><h1>${escapeHtml(entry.title)}</h1></body></html>`,
    )
    return true
  }
  if (path === '/site/verification') {
    void body().then((raw) => {
      siteState.token = (JSON.parse(raw.toString('utf8')) as { token: string }).token
      res.writeHead(204).end()
    })
    return true
  }
  if (path === '/robots.txt') {
    res.writeHead(200, { 'content-type': 'text/plain' })
    res.end(`User-agent: *\nAllow: /\nSitemap: ${E2E_FIXTURE_SITE_ORIGIN}/sitemap.xml\n`)
    return true
  }
  if (path === '/sitemap.xml') {
    res.writeHead(200, { 'content-type': 'application/xml' })
    res.end(
      `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${FIXTURE_SITE_PATHS.map(
        (page) => `<url><loc>${E2E_FIXTURE_SITE_ORIGIN}${page}</loc></url>`,
      ).join('')}</urlset>`,
    )
    return true
  }
  if (path === '/wp-json/yoast/v1/get_head') {
    const target = new URL(url.searchParams.get('url') ?? '/', E2E_FIXTURE_SITE_ORIGIN).pathname
    const title = `${siteTitle(target)} | Yoast`
    const html = `<title>${escapeHtml(title)}</title><meta name="description" content="The description Yoast intends for ${escapeHtml(target)}"><meta property="og:title" content="${escapeHtml(title)}">`
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ html, json: { title }, status: 200 }))
    return true
  }
  if (!FIXTURE_SITE_PATHS.includes(path)) return false
  const verification =
    path === '/' && siteState.token
      ? `<meta name="headmark-site-verification" content="${escapeHtml(siteState.token)}">`
      : ''
  // A tag Headmark has no field for: the import lists it with its page, not imported.
  const video =
    path === '/about' ? '<meta property="og:video" content="https://video.example/tour.mp4">' : ''
  setTimeout(() => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(siteTitle(path))}</title><meta name="description" content="Live description of ${escapeHtml(path)}">${verification}${video}</head><body><h1>${escapeHtml(siteTitle(path))}</h1></body></html>`,
    )
  }, 1500)
  return true
}

const siteState: { token: string | null } = { token: null }
const liveHeads = new Map<string, { title: string; next?: { title: string; at: number } }>()

/**
 * A local stand-in for two third parties, so the browser tests reach nothing on the network:
 * - `/capture/*`: the analytics host behind the app's /ingest proxy. It records every event it
 *   receives; `GET /captured` lists them.
 * - `/chat/<property>/<widget>`: the chat provider's script. It installs a Tawk.to-like API on
 *   the page that records the attributes it is given in `window.__chat`.
 * - the rest: a small live site for imports (sitemap, pages, Yoast's REST head).
 */
export const E2E_FIXTURES_PORT = Number(process.env.E2E_FIXTURES_PORT ?? 4319)
export const E2E_FIXTURES_ORIGIN = `http://127.0.0.1:${E2E_FIXTURES_PORT}`

export interface CapturedEvent {
  event: string
  properties: Record<string, unknown>
  /** Person properties, on `$identify` events. */
  $set?: Record<string, unknown>
}

const CHAT_SCRIPT = `(function () {
  var api = window.Tawk_API || (window.Tawk_API = {});
  var chat = (window.__chat = { calls: [], initialVisitor: api.visitor || null, attributes: null });
  api.setAttributes = function (attributes, callback) {
    chat.calls.push(['setAttributes', attributes]);
    chat.attributes = attributes;
    if (callback) callback();
  };
  api.logout = function (callback) {
    chat.calls.push(['logout']);
    if (callback) callback();
  };
  if (typeof api.onLoad === 'function') api.onLoad();
})();`

function decode(raw: Buffer, url: URL, contentType: string): unknown[] {
  let body = raw
  if (url.searchParams.get('compression') === 'gzip-js' || (raw[0] === 0x1f && raw[1] === 0x8b)) {
    body = gunzipSync(raw)
  }
  let text = body.toString('utf8')
  if (contentType.includes('application/x-www-form-urlencoded') || text.startsWith('data=')) {
    const data = new URLSearchParams(text).get('data') ?? ''
    text =
      data.trimStart().startsWith('{') || data.trimStart().startsWith('[')
        ? data
        : Buffer.from(data, 'base64').toString('utf8')
  }
  if (!text.trim()) return []
  const parsed: unknown = JSON.parse(text)
  if (Array.isArray(parsed)) return parsed
  const batch = (parsed as { batch?: unknown[] }).batch
  return Array.isArray(batch) ? batch : [parsed]
}

async function readBody(req: IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks)
}

export function startFixturesServer(): Promise<Server> {
  const events: CapturedEvent[] = []
  const server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', E2E_FIXTURES_ORIGIN)
    try {
      if (url.pathname === '/captured') {
        res.writeHead(200, {
          'content-type': 'application/json',
          'access-control-allow-origin': '*',
        })
        res.end(JSON.stringify(events))
        return
      }
      if (url.pathname.startsWith('/chat/')) {
        // The page loads it with crossorigin, as the provider's snippet does.
        res.writeHead(200, {
          'content-type': 'text/javascript; charset=utf-8',
          'access-control-allow-origin': '*',
        })
        res.end(CHAT_SCRIPT)
        return
      }
      if (url.pathname.startsWith('/capture/') && url.pathname.endsWith('.js')) {
        // The library's remote configuration script: none here.
        res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' })
        res.end('/* no remote configuration */')
        return
      }
      if (url.pathname.startsWith('/capture/')) {
        const raw = await readBody(req)
        if (req.method === 'POST' && raw.length > 0) {
          try {
            for (const item of decode(raw, url, req.headers['content-type'] ?? '')) {
              const event = item as CapturedEvent
              if (typeof event?.event === 'string') events.push(event)
            }
          } catch (error) {
            console.warn('[fixtures] could not decode an analytics request', url.pathname, error)
          }
        }
        res.writeHead(200, { 'content-type': 'application/json' })
        res.end(JSON.stringify({ status: 1 }))
        return
      }
      if (fixtureSite(url, () => readBody(req), res)) return
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not Found')
    } catch (error) {
      res.writeHead(500)
      res.end(String(error))
    }
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(E2E_FIXTURES_PORT, '127.0.0.1', () => resolve(server))
  })
}
