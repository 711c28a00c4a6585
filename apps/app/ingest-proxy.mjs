// Forwards the app's own /ingest/* to the analytics host, so analytics traffic is same-origin:
// content blockers and the Content Security Policy see only this site. The visitor's cookies and
// credentials for this app are never forwarded.
import http from 'node:http'
import https from 'node:https'

export const INGEST_PREFIX = '/ingest'
const TIMEOUT_MS = 10_000
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'cookie',
  'authorization',
  'connection',
  'keep-alive',
  'proxy-authorization',
  'te',
  'trailer',
  'upgrade',
])

/**
 * Answers requests under /ingest by forwarding them to `target` (a URL, e.g.
 * https://eu.i.posthog.com). Returns false, without touching the response, for other paths.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string | undefined} target
 * @returns {Promise<boolean>}
 */
export function proxyIngest(req, res, target) {
  const url = req.url ?? '/'
  const ours =
    url === INGEST_PREFIX ||
    url.startsWith(`${INGEST_PREFIX}/`) ||
    url.startsWith(`${INGEST_PREFIX}?`)
  if (!ours) return Promise.resolve(false)
  if (!target || !URL.canParse(target)) {
    res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('Analytics is not configured: set VITE_ANALYTICS_HOST to the analytics host.')
    return Promise.resolve(true)
  }
  // Only the path and query are taken from the request: the host is always the target's.
  const rest = new URL(url.slice(INGEST_PREFIX.length) || '/', 'http://ingest.invalid')
  const upstreamUrl = new URL(target)
  upstreamUrl.pathname = upstreamUrl.pathname.replace(/\/+$/, '') + rest.pathname
  upstreamUrl.search = rest.search
  const headers = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (!DROPPED_REQUEST_HEADERS.has(name) && value !== undefined) headers[name] = value
  }
  headers.host = upstreamUrl.host
  const forwarded = req.socket.remoteAddress
  if (forwarded) {
    headers['x-forwarded-for'] = req.headers['x-forwarded-for']
      ? `${req.headers['x-forwarded-for']}, ${forwarded}`
      : forwarded
  }

  return new Promise((resolve) => {
    const transport = upstreamUrl.protocol === 'https:' ? https : http
    const upstream = transport.request(
      upstreamUrl,
      { method: req.method, headers, timeout: TIMEOUT_MS },
      (answer) => {
        const out = { ...answer.headers }
        delete out['set-cookie']
        delete out.connection
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
        answer.on('end', () => resolve(true))
        answer.on('error', () => resolve(true))
      },
    )
    const fail = (status, message) => {
      if (!res.headersSent) {
        res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' })
        res.end(message)
      } else res.destroy()
      resolve(true)
    }
    upstream.on('timeout', () => {
      upstream.destroy()
      fail(504, 'The analytics host did not answer in time.')
    })
    upstream.on('error', () => fail(502, 'The analytics host could not be reached.'))
    req.pipe(upstream)
  })
}
