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
/**
 * Requests one client address may send: a burst of `burst`, refilled at `perSecond`. posthog-js
 * sends a batch every few seconds per tab; this allows dozens of tabs behind one address.
 */
export const INGEST_RATE = { burst: 200, perSecond: 10 }
/** How long, and how much of, a refused body is still read and dropped before closing. */
const LINGER = { bytes: 16 * 1024 * 1024, ms: 2000 }
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
 * A token bucket per client address, in this process's memory: analytics traffic is best-effort,
 * so several instances each keeping their own count is enough to stop one client flooding the
 * analytics host through this site. Buckets that have refilled are forgotten once more than
 * `maxClients` are held.
 *
 * @param {{ burst: number, perSecond: number, maxClients?: number, now?: () => number }} options
 */
export function createIngestLimiter({ burst, perSecond, maxClients = 10_000, now = Date.now }) {
  /** @type {Map<string, { tokens: number, at: number }>} */
  const buckets = new Map()
  const refilled = (bucket, time) =>
    Math.min(burst, bucket.tokens + ((time - bucket.at) / 1000) * perSecond)
  return {
    /**
     * Takes one request's token for `address`: 0 when allowed, otherwise the seconds to wait.
     * @param {string} address
     * @returns {number}
     */
    take(address) {
      const time = now()
      const bucket = buckets.get(address) ?? { tokens: burst, at: time }
      bucket.tokens = refilled(bucket, time)
      bucket.at = time
      if (bucket.tokens < 1) {
        buckets.set(address, bucket)
        return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond))
      }
      bucket.tokens -= 1
      buckets.set(address, bucket)
      if (buckets.size > maxClients) {
        for (const [key, held] of buckets) {
          if (refilled(held, time) >= burst) buckets.delete(key)
        }
      }
      return 0
    },
    /** How many addresses are held (for tests). */
    get size() {
      return buckets.size
    },
  }
}

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
 * its rate gets 429 with Retry-After.
 *
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string | undefined} target
 * @param {{ address?: string, limiter?: ReturnType<typeof createIngestLimiter>, maxBodyBytes?: number }} [options]
 * @returns {Promise<boolean>}
 */
export function proxyIngest(req, res, target, options = {}) {
  const url = req.url ?? '/'
  const ours =
    url === INGEST_PREFIX ||
    url.startsWith(`${INGEST_PREFIX}/`) ||
    url.startsWith(`${INGEST_PREFIX}?`)
  if (!ours) return Promise.resolve(false)
  const maxBodyBytes = options.maxBodyBytes ?? INGEST_MAX_BODY_BYTES
  /** @param {number} status @param {string} message @param {Record<string, string>} [extra] */
  const refuse = (status, message, extra = {}) => {
    res.writeHead(status, { 'content-type': 'text/plain; charset=utf-8', ...extra })
    res.end(message)
    discardRest(req)
    return Promise.resolve(true)
  }
  if (!target || !URL.canParse(target)) {
    return refuse(
      503,
      'Analytics is not configured: set VITE_ANALYTICS_HOST to the analytics host.',
    )
  }
  const wait = options.limiter?.take(options.address || req.socket.remoteAddress || '') ?? 0
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
    let refused = false
    const fail = (status, message) => {
      if (refused) return
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
    let received = 0
    req.on('data', (chunk) => {
      received += chunk.length
      if (received <= maxBodyBytes || res.headersSent) return
      refused = true
      req.unpipe(upstream)
      upstream.destroy()
      res.writeHead(413, { 'content-type': 'text/plain; charset=utf-8' })
      res.end(`An analytics request is at most ${maxBodyBytes} bytes.`)
      discardRest(req)
      resolve(true)
    })
    req.pipe(upstream)
  })
}
