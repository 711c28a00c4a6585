// One Headmark server process for the multi-instance tests and the benchmark: the public API
// on a random port, plus a test-only endpoint that saves a revision the way the core does
// (write, then siteChanged). Prints `READY <port>` when it listens.
//   node --conditions=source test/public-api-instance.ts   (DATABASE_URL from the environment)
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark } from '../src/headmark.ts'
import { startPublicApi } from '../src/public-api/instance.ts'
import { saveFixtureRevision } from './public-api-fixtures.ts'

const env = loadServerEnv({
  NODE_ENV: 'test',
  DATABASE_URL: process.env.DATABASE_URL,
  PUBLIC_API_CACHE_ENTRIES: process.env.PUBLIC_API_CACHE_ENTRIES,
  PUBLIC_API_CACHE_MB: process.env.PUBLIC_API_CACHE_MB,
})
const headmark = await createHeadmark(env, { log: () => {} })
const api = await startPublicApi(headmark)

const server = createServer((req, res) => {
  if (api.handle(req, res)) return
  if (req.method === 'POST' && req.url === '/test/save') {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      const { siteId, path, metadata } = JSON.parse(Buffer.concat(chunks).toString()) as {
        siteId: string
        path: string | null
        metadata: Record<string, unknown>
      }
      saveFixtureRevision(headmark.db, siteId, path, metadata).then(
        (revisionId) => {
          headmark.events.siteChanged(siteId)
          res.writeHead(200, { 'content-type': 'application/json' })
          res.end(JSON.stringify({ revisionId }))
        },
        (error: unknown) => {
          res.writeHead(500)
          res.end(String(error))
        },
      )
    })
    return
  }
  if (req.url === '/test/stats') {
    res.writeHead(200, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ ...api.stats, rss: process.memoryUsage().rss }))
    return
  }
  res.writeHead(404)
  res.end()
})
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`)
})

process.on('SIGTERM', () => {
  server.close()
  server.closeAllConnections()
  // Closing the database flushes the public API's usage first.
  void headmark.close().then(() => process.exit(0))
})
