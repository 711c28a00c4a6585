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
import { handlePublicApi, preparePublicApi } from '@headmark/api'
import { createIngestLimiter, INGEST_RATE, proxyIngest } from './ingest-proxy.mjs'

const root = fileURLToPath(new URL('.', import.meta.url))
const clientDir = join(root, 'dist', 'client')
const port = Number(process.env.PORT ?? 3000)
const host = process.env.HOST

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

const entry = await import('./dist/server/server.js')
const edge = await entry.prepareServer()
const { logger } = edge
// The public metadata API (/api/openapi/*) is answered here, before static files and Start.
await preparePublicApi()
// Analytics through the app's own /ingest path; a VITE_ANALYTICS_HOST set at start wins over the build's.
const ingestTarget = process.env.VITE_ANALYTICS_HOST ?? entry.analyticsHost
const ingestLimiter = createIngestLimiter(INGEST_RATE)

/**
 * Every answer that is not a static file passes here: bodies over MAX_BODY_BYTES get 413 before
 * the framework reads them, the security headers and the CSP nonce are set, personal answers
 * are never cached, and big text answers are compressed.
 */
const appHandler = toNodeHandler(async (request) => {
  const nodeReq = request.runtime?.node?.req
  const nonce = nodeReq?.headers[edge.CSP_NONCE_HEADER]
  const limited = await edge.limitRequestBody(request, edge.maxBodyBytes)
  const address = String(nodeReq?.headers[edge.CLIENT_ADDRESS_HEADER] ?? '')
  const response =
    limited instanceof Response
      ? limited
      : await edge.runAsClient(address, () => entry.default.fetch(limited))
  const headers = new Headers(response.headers)
  for (const [name, value] of Object.entries(
    edge.securityHeaders({ nonce: String(nonce ?? ''), https: edge.https }),
  )) {
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

const server = http.createServer(async (req, res) => {
  try {
    // What the app learns of the client comes from here, not from the request's own headers.
    req.headers[edge.CLIENT_ADDRESS_HEADER] = edge.clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      edge.trustedProxies,
    )
    req.headers[edge.CSP_NONCE_HEADER] = randomBytes(16).toString('base64')
    if (handlePublicApi(req, res)) return
    const ingest = { address: req.headers[edge.CLIENT_ADDRESS_HEADER], limiter: ingestLimiter }
    if (await proxyIngest(req, res, ingestTarget, ingest)) return
    if (await serveStatic(req, res)) return
    await appHandler(req, res)
  } catch (error) {
    logger.error('[server] request failed', error)
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('Internal Server Error')
  }
})

server.listen(port, host, () => {
  const address = server.address()
  const shown = typeof address === 'object' && address ? address.port : port
  logger.info(`Headmark is listening on http://localhost:${shown}`)
})

let closing = false
async function shutdown(signal) {
  if (closing) return
  closing = true
  logger.info(`${signal}: closing`)
  server.close()
  server.closeIdleConnections()
  await entry.closeServer().catch((error) => logger.error('[server] closing failed', error))
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
