// Headmark's production server: static assets from the client build, then the TanStack Start
// handler. Being our own entry, it is the place where hot public endpoints can be answered
// before the framework stack.
import { randomBytes } from 'node:crypto'
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { Duplex } from 'node:stream'
import { fileURLToPath } from 'node:url'
import zlib from 'node:zlib'
import { toNodeHandler } from 'srvx/node'
import { proxyIngest } from './ingest-proxy.mjs'

const root = fileURLToPath(new URL('.', import.meta.url))
const clientDir = join(root, 'dist', 'client')

const contentTypes = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
}

/** The encodings a request accepts, among the ones we produce: brotli first, then gzip. */
function preferredEncoding(req) {
  const header = String(req.headers['accept-encoding'] ?? '').toLowerCase()
  const accepts = (name) =>
    header.split(',').some((part) => {
      const [token, ...params] = part.trim().split(';')
      if (token.trim() !== name) return false
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='))
      return !q || Number(q.slice(2)) > 0
    })
  if (accepts('br')) return 'br'
  if (accepts('gzip')) return 'gzip'
  return null
}

/**
 * Serves a file of the client build, or answers false when there is none at that path. Files
 * precompressed at build (`.br`, `.gz`, see scripts/precompress.mjs) are sent when the request
 * accepts them.
 */
async function serveStatic(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  let pathname
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
  } catch {
    return false
  }
  if (pathname.endsWith('/') || pathname.includes('\0')) return false
  const file = normalize(join(clientDir, pathname))
  if (!file.startsWith(clientDir + sep)) return false
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return false
  const hashed = pathname.startsWith('/assets/')
  const encoding = preferredEncoding(req)
  const suffix = encoding === 'br' ? '.br' : encoding === 'gzip' ? '.gz' : null
  const compressed = suffix ? await stat(file + suffix).catch(() => null) : null
  const sent = compressed?.isFile() ? file + suffix : file
  res.writeHead(200, {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'content-length': compressed?.isFile() ? compressed.size : info.size,
    ...(compressed?.isFile() ? { 'content-encoding': encoding } : {}),
    vary: 'Accept-Encoding',
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
  })
  if (req.method === 'HEAD') res.end()
  else createReadStream(sent).pipe(res)
  return true
}

const COMPRESSIBLE = /^(text\/|application\/(json|javascript|xml|manifest\+json)|image\/svg\+xml)/
/** Smaller answers are not worth the compressor's time. */
const COMPRESS_MIN_BYTES = 1024

/** Compresses an answer on the fly (HTML, JSON…) when the client accepts it and it is big enough. */
function compress(response, encoding) {
  if (!encoding || !response.body || response.headers.has('content-encoding')) return response
  const type = response.headers.get('content-type') ?? ''
  // An event stream must reach the browser event by event: a compressor would hold it back.
  if (!COMPRESSIBLE.test(type) || type.startsWith('text/event-stream')) return response
  const length = Number(response.headers.get('content-length') ?? Number.NaN)
  if (Number.isFinite(length) && length < COMPRESS_MIN_BYTES) return response
  const compressor =
    encoding === 'br'
      ? zlib.createBrotliCompress({
          params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 },
        })
      : zlib.createGzip({ level: 6 })
  const headers = new Headers(response.headers)
  headers.delete('content-length')
  headers.set('content-encoding', encoding)
  headers.append('vary', 'Accept-Encoding')
  return new Response(response.body.pipeThrough(Duplex.toWeb(compressor)), {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
}

// Everything the server needs comes from the server bundle, which builds the app's one Headmark
// instance from the environment (src/server/env.ts): its settings, the public API, the edge.
const entry = await import('./dist/server/server.js')
const edge = await entry.prepareServer()
const { logger, port, host } = edge

/** The methods the app answers; the public API (answered before) has its own. */
const ALLOWED_METHODS = new Set(['GET', 'HEAD', 'POST'])
/** Methods the Fetch standard forbids: no Request can be made of them. */
const UNREQUESTABLE = new Set(['TRACE', 'TRACK', 'CONNECT'])

/**
 * Every answer that is not a static file passes here: bodies over MAX_BODY_BYTES get 413 before
 * the framework reads them, the security headers and the CSP nonce are set, personal answers
 * are never cached, and big text answers are compressed.
 */
const appHandler = toNodeHandler(async (request) => {
  const nodeReq = request.runtime?.node?.req
  const limited = await edge.limitRequestBody(request, edge.maxBodyBytes)
  const response = limited instanceof Response ? limited : await entry.default.fetch(limited)
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(securityHeadersOf(edge.currentRequestFacts()))) {
    if (!headers.has(name)) headers.set(name, value)
  }
  const pathname = new URL(request.url).pathname
  const personal =
    (headers.get('content-type') ?? '').startsWith('text/html') ||
    edge.surfaceOf(pathname) !== 'other'
  if (personal || !headers.has('cache-control')) headers.set('cache-control', 'private, no-store')
  const secured = new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  })
  return compress(secured, nodeReq ? preferredEncoding(nodeReq) : null)
})

// The security headers of a request's answers, made once per request (its nonce is its own).
const securityHeadersByFacts = new WeakMap()
function securityHeadersOf(facts) {
  if (!facts) return edge.securityHeaders({ nonce: '', https: edge.https })
  let headers = securityHeadersByFacts.get(facts)
  if (!headers) {
    headers = edge.securityHeaders({ nonce: facts.nonce ?? '', https: edge.https })
    securityHeadersByFacts.set(facts, headers)
  }
  return headers
}

/** Which client reads the answer to `req` (see edge.ts): rpc, auth, or anything else. */
function surfaceOfRequest(req) {
  return edge.surfaceOf((req.url ?? '/').split('?')[0] ?? '/')
}

/**
 * True when the address of a page (not /api/rpc or /api/auth, which answer in their own error
 * shape), decoded, holds a NUL character: no page has one.
 */
function addressHasNul(req, surface) {
  if (surface !== 'other') return false
  const path = (req.url ?? '/').split('?')[0] ?? ''
  try {
    return decodeURIComponent(path).includes('\0')
  } catch {
    return false
  }
}

/** Writes a Web Response (a short one, already complete) to Node's response. */
async function sendResponse(res, facts, response) {
  res.writeHead(response.status, {
    ...securityHeadersOf(facts),
    ...Object.fromEntries(response.headers),
  })
  res.end(Buffer.from(await response.arrayBuffer()))
}

/** A short plain-text answer that is not the app's: never cached, with the security headers. */
function plainAnswer(res, facts, status, message, extra = {}) {
  res.writeHead(status, {
    ...securityHeadersOf(facts),
    'content-type': 'text/plain; charset=utf-8',
    'cache-control': 'no-store',
    ...extra,
  })
  res.end(message)
}

/** One request, answered with what the edge established about it (see request-facts.ts). */
async function answer(req, res, facts) {
  // /api/rpc and /api/auth refuse other methods themselves, in their clients' error shape; the
  // methods a Web Request can not even carry (TRACE, TRACK, CONNECT) are refused here for all.
  const method = String(req.method)
  const surface = surfaceOfRequest(req)
  if (!ALLOWED_METHODS.has(method) && (surface === 'other' || UNREQUESTABLE.has(method))) {
    const allow = surface === 'other' ? [...ALLOWED_METHODS].join(', ') : 'GET, POST'
    const message = `${method.slice(0, 20)} is not supported here: use ${allow}.`
    if (surface === 'other') return plainAnswer(res, facts, 405, message, { allow })
    return sendResponse(
      res,
      facts,
      edge.errorResponse(surface, 405, 'METHOD_NOT_SUPPORTED', message, { allow }),
    )
  }
  if (addressHasNul(req, surface)) {
    return plainAnswer(
      res,
      facts,
      400,
      'The address contains a NUL character (%00), which no page of Headmark has.',
    )
  }
  const ingest = {
    address: facts.address,
    limit: edge.limitIngest,
    headers: securityHeadersOf(facts),
  }
  if (await proxyIngest(req, res, edge.analyticsHost, ingest)) return
  if (await serveStatic(req, res)) return
  await appHandler(req, res)
}

async function handle(req, res) {
  // Probes and scrapes first: no logs, no limits, no analytics, whatever the app is doing.
  if (edge.operations.handle(req, res)) return
  try {
    // The public metadata API (/api/openapi/*) is answered first, before any work its hot path
    // does not need.
    if (edge.handlePublicApi(req, res)) return
    // What the app learns of the client comes from here, never from the request's own headers:
    // a client's copy of an internal header is dropped, and the facts travel out of band.
    edge.dropInternalHeaders(req)
    const facts = {
      address: edge.clientAddress(
        req.socket.remoteAddress,
        req.headers['x-forwarded-for'],
        edge.trustedProxies,
      ),
      nonce: randomBytes(16).toString('base64'),
    }
    await edge.runWithRequestFacts(facts, () => answer(req, res, facts))
  } catch (error) {
    logger.error('[server] request failed', error)
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('Internal Server Error')
  }
}

// With development features on (the mailbox, loopback webhooks) and no HOST set, only this
// machine can connect: both loopback addresses, so `localhost` works whichever it resolves to.
const hosts = host ? [host] : edge.development ? ['127.0.0.1', '::1'] : [undefined]
const servers = []
for (const listenHost of hosts) {
  const server = http.createServer(handle)
  try {
    await new Promise((resolve, reject) => {
      server.once('error', reject)
      server.listen(port, listenHost, resolve)
    })
    servers.push(server)
  } catch (error) {
    // A machine without IPv6 has no ::1; the other loopback address is enough.
    if (listenHost !== '::1' || servers.length === 0) throw error
  }
}
const shown = servers[0].address()?.port ?? port
const loopbackOnly = !host && edge.development
logger.info(
  `Headmark is listening on http://localhost:${shown}${loopbackOnly ? ' (this machine only: set HOST to serve others)' : ''}`,
)

let closing = false
// Not ready at once, then requests and webhook attempts in flight finish, usage is written, the
// database closes (see packages/api/src/operations/shutdown.ts).
async function shutdown(signal) {
  if (closing) return
  closing = true
  logger.info(`${signal}: closing`)
  await edge.operations
    .shutdown(servers)
    .catch((error) => logger.error('[server] closing failed', error))
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
