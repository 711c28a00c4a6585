// Headmark's production server: static assets from the client build, then the TanStack Start
// handler. Being our own entry, it is the place where hot public endpoints can be answered
// before the framework stack.
import { createReadStream } from 'node:fs'
import { stat } from 'node:fs/promises'
import http from 'node:http'
import { extname, join, normalize, sep } from 'node:path'
import { fileURLToPath } from 'node:url'
import { toNodeHandler } from 'srvx/node'
import { handlePublicApi, preparePublicApi } from '@headmark/api'

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

/** Serves a file of the client build, or answers false when there is none at that path. */
async function serveStatic(req, res) {
  if (req.method !== 'GET' && req.method !== 'HEAD') return false
  let pathname
  try {
    pathname = decodeURIComponent(new URL(req.url ?? '/', 'http://x').pathname)
  } catch {
    return false
  }
  if (pathname.endsWith('/')) return false
  const file = normalize(join(clientDir, pathname))
  if (!file.startsWith(clientDir + sep)) return false
  const info = await stat(file).catch(() => null)
  if (!info?.isFile()) return false
  const hashed = pathname.startsWith('/assets/')
  res.writeHead(200, {
    'content-type': contentTypes[extname(file)] ?? 'application/octet-stream',
    'content-length': info.size,
    'cache-control': hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600',
    'x-content-type-options': 'nosniff',
  })
  if (req.method === 'HEAD') res.end()
  else createReadStream(file).pipe(res)
  return true
}

const entry = await import('./dist/server/server.js')
await entry.prepareServer()
// The public metadata API (/api/openapi/*) is answered here, before static files and Start.
await preparePublicApi()
const appHandler = toNodeHandler(entry.default.fetch)

const server = http.createServer(async (req, res) => {
  try {
    if (handlePublicApi(req, res)) return
    if (await serveStatic(req, res)) return
    await appHandler(req, res)
  } catch (error) {
    console.error(error)
    if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
    res.end('Internal Server Error')
  }
})

server.listen(port, host, () => {
  const address = server.address()
  const shown = typeof address === 'object' && address ? address.port : port
  console.log(`Headmark is listening on http://localhost:${shown}`)
})

let closing = false
async function shutdown(signal) {
  if (closing) return
  closing = true
  console.log(`${signal}: closing`)
  server.close()
  server.closeIdleConnections()
  await entry.closeServer().catch((error) => console.error(error))
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
