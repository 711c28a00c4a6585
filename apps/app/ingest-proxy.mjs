// Forwards the app's own /ingest/* to the analytics host, so analytics traffic is same-origin:
// content blockers and the Content Security Policy see only this site. The visitor's cookies and
// credentials for this app are never forwarded.
import http from 'node:http'
import https from 'node:https'

export const INGEST_PREFIX = '/ingest'
const TIMEOUT_MS = 10_000
/**
 * The largest body forwarded. posthog-js keeps each request under 1 MB (a session recording's
 * snapshots are split below that); 5 MiB leaves room for any batch it sends.
 */
export const INGEST_MAX_BODY_BYTES = 5 * 1024 * 1024
/** How long, and how much of, a refused body is still read and dropped before closing. */
const LINGER = { bytes: 16 * 1024 * 1024, ms: 2000 }
// The client's own forwarding claims are not passed on: the analytics host learns the client's
// address from X-Forwarded-For, which is set to the address the edge established.
const DROPPED_REQUEST_HEADERS = new Set([
  'host',
  'forwarded',
  'x-forwarded-for',
  'x-forwarded-host',
  'x-forwarded-proto',
  'x-real-ip',
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
 * Reads and drops what is left of a refused body — at most LINGER.bytes for at most LINGER.ms —
 * then closes the connection, so a client still sending reads its answer instead of a reset.
 *
 * @param {import('node:http').IncomingMessage} req
 */
function discardRest(req) {
  let dropped = 0
  const stop = () => req.destroy()
  const timer = setTimeout(stop, LINGER.ms)
  timer.unref()
  req.on('data', (chunk) => {
    dropped += chunk.length
    if (dropped > LINGER.bytes) stop()
  })
  req.on('close', () => clearTimeout(timer))
  req.resume()
}

/**
 * Answers requests under /ingest by forwarding them to `target` (a URL, e.g.
 * https://eu.i.posthog.com). Returns false, without touching the response, for other paths.
 * Bodies over `maxBodyBytes` get 413 (declared or counted as they stream); a client address over
 * its limit (`limit`, which answers the seconds to wait, or 0) gets 429 with Retry-After. Every
 * answer, the analytics host's included, carries `headers` (the app's security headers); no
 * header of Headmark's own (`x-headmark-*`) and none of the client's forwarding claims go
 * upstream.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string | undefined} target
 * @param {{ address?: string, limit?: (address: string) => Promise<number>, maxBodyBytes?: number, headers?: Record<string, string> }} [options]
 * @returns {Promise<boolean>}
 */
export async function proxyIngest(req, res, target, options = {}) {
  const url = req.url ?? '/'
  const ours =
    url === INGEST_PREFIX ||
    url.startsWith(`${INGEST_PREFIX}/`) ||
    url.startsWith(`${INGEST_PREFIX}?`)
  if (!ours) return false
  const maxBodyBytes = options.maxBodyBytes ?? INGEST_MAX_BODY_BYTES
  const secure = options.headers ?? {}
  const address = options.address || req.socket.remoteAddress || ''
  /** @param {number} status @param {string} message @param {Record<string, string>} [extra] */
  const plain = (status, message, extra = {}) => {
    res.writeHead(status, {
      ...secure,
      'content-type': 'text/plain; charset=utf-8',
      'cache-control': 'no-store',
      ...extra,
    })
    res.end(message)
  }
  /** @param {number} status @param {string} message @param {Record<string, string>} [extra] */
  const refuse = (status, message, extra = {}) => {
    plain(status, message, extra)
    discardRest(req)
    return true
  }
  if (!target || !URL.canParse(target)) {
    return refuse(
      503,
      'Analytics is not configured: set VITE_ANALYTICS_HOST to the analytics host.',
    )
  }
  const wait = options.limit ? await options.limit(address) : 0
  if (wait > 0) {
    return refuse(429, `Too many analytics requests from this address; try again in ${wait} s.`, {
      'retry-after': String(wait),
    })
  }
  const declared = Number(req.headers['content-length'] ?? Number.NaN)
  if (Number.isFinite(declared) && declared > maxBodyBytes) {
    return refuse(413, `An analytics request is at most ${maxBodyBytes} bytes.`)
  }
  // Only the path and query are taken from the request: the host is always the target's.
  const rest = new URL(url.slice(INGEST_PREFIX.length) || '/', 'http://ingest.invalid')
  const upstreamUrl = new URL(target)
  upstreamUrl.pathname = upstreamUrl.pathname.replace(/\/+$/, '') + rest.pathname
  upstreamUrl.search = rest.search
  const headers = {}
  for (const [name, value] of Object.entries(req.headers)) {
    if (DROPPED_REQUEST_HEADERS.has(name) || name.startsWith('x-headmark-')) continue
    if (value !== undefined) headers[name] = value
  }
  headers.host = upstreamUrl.host
  if (address) headers['x-forwarded-for'] = address

  return new Promise((resolve) => {
    const transport = upstreamUrl.protocol === 'https:' ? https : http
    const upstream = transport.request(
      upstreamUrl,
      { method: req.method, headers, timeout: TIMEOUT_MS },
      (answer) => {
        const out = { ...answer.headers }
        delete out['set-cookie']
        delete out.connection
        // Served on the app's origin: the app's security headers, whatever the host sent.
        for (const [name, value] of Object.entries(secure)) out[name] = value
        res.writeHead(answer.statusCode ?? 502, out)
        answer.pipe(res)
        answer.on('end', () => resolve(true))
        answer.on('error', () => resolve(true))
      },
    )
    let refused = false
    const fail = (status, message) => {
      if (refused) return
      if (!res.headersSent) plain(status, message)
      else res.destroy()
      resolve(true)
    }
    upstream.on('timeout', () => {
      upstream.destroy()
      fail(504, 'The analytics host did not answer in time.')
    })
    upstream.on('error', () => fail(502, 'The analytics host could not be reached.'))
    let received = 0
    req.on('data', (chunk) => {
      received += chunk.length
      if (received <= maxBodyBytes || res.headersSent) return
      refused = true
      req.unpipe(upstream)
      upstream.destroy()
      plain(413, `An analytics request is at most ${maxBodyBytes} bytes.`)
      discardRest(req)
      resolve(true)
    })
    req.pipe(upstream)
  })
}
