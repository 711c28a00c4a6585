// One Headmark instance as the production server composes it (operations first, then the public
// API, then auth and RPC), for the operations tests and the multi-instance topology: the server's
// env comes from the environment, it prints `READY <port>` when it listens, and SIGTERM runs the
// graceful shutdown. Test-only endpoints: POST /test/site (a site, with a webhook), POST /test/save
// (a revision saved the way the core saves one), POST /test/release (a change request scheduled
// `inMs` ahead), POST /test/import (an import of a list of URLs, queued), POST /test/drift-site
// (a connected site of many pages) and POST /test/drift-check (a check of it, queued),
// GET /test/slow?ms= (a request that takes its time) and GET /test/stream (an event stream that
// never ends by itself).
//   node --conditions=source test/operations-instance.ts
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { clientAddress } from '../src/edge.ts'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark } from '../src/headmark.ts'
import { createOperations } from '../src/operations/index.ts'
import { dropInternalHeaders, runWithRequestFacts } from '../src/request-facts.ts'
import { send, toRequest } from './server.ts'
import { seedDriftSite } from './drift-fixtures.ts'
import { queueImport } from './import-fixtures.ts'
import { scheduledRelease } from './release-fixtures.ts'
import { createSite, insertWebhook, saveRevision, type SiteFixture } from './webhook-fixtures.ts'

const env = loadServerEnv(process.env)
const headmark = await createHeadmark(env, { log: () => {} })
const api = await headmark.publicApi()
const operations = createOperations({ headmark, publicApi: () => api, log: () => {} })
const port = Number(process.env.PORT ?? 0)

const server = createServer((req, res) => {
  if (operations.handle(req, res)) return
  if (api.handle(req, res)) return
  dropInternalHeaders(req)
  const facts = {
    address: clientAddress(
      req.socket.remoteAddress,
      req.headers['x-forwarded-for'],
      env.trustedProxies,
    ),
  }
  runWithRequestFacts(facts, async () => {
    const url = new URL(req.url ?? '/', env.BETTER_AUTH_URL)
    if (url.pathname === '/test/slow') {
      await new Promise((resolve) => setTimeout(resolve, Number(url.searchParams.get('ms'))))
      res.writeHead(200, { 'content-type': 'text/plain' })
      res.end('done')
      return
    }
    if (url.pathname === '/test/stream') {
      // A live stream that never ends by itself, as a History page's.
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-store' })
      res.write(': connected\n\n')
      return
    }
    if (url.pathname === '/test/site' && req.method === 'POST') {
      const { webhookUrl, organizationId } = JSON.parse(await body(req))
      const site = await createSite(headmark, organizationId ? { organizationId } : {})
      const hook = webhookUrl ? await insertWebhook(headmark, site.id, webhookUrl) : null
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ site, webhookId: hook?.id ?? null }))
      return
    }
    if (url.pathname === '/test/drift-site' && req.method === 'POST') {
      // A connected site of `pages` pages (drift-fixtures.ts), with a webhook to `webhookUrl`.
      const { pages, webhookUrl } = JSON.parse(await body(req))
      const site = await seedDriftSite(headmark, { pages: Number(pages) })
      if (webhookUrl) await insertWebhook(headmark, site.id, webhookUrl)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ site }))
      return
    }
    if (url.pathname === '/test/drift-check' && req.method === 'POST') {
      // A check of the whole site, queued as Check now queues one.
      const { siteId } = JSON.parse(await body(req))
      const id = await headmark.drift.request({ siteId, kind: 'site' })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id }))
      return
    }
    if (url.pathname === '/test/release' && req.method === 'POST') {
      const { site, paths, inMs } = JSON.parse(await body(req))
      const id = await scheduledRelease(headmark, site, {
        paths,
        at: new Date(Date.now() + Number(inMs)),
      })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id }))
      return
    }
    if (url.pathname === '/test/save' && req.method === 'POST') {
      const { site, path, metadata } = JSON.parse(await body(req))
      const saved = await saveRevision(headmark, site, { path, metadata })
      headmark.events.siteChanged(site.id, { revisionSaved: true })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify(saved))
      return
    }
    if (url.pathname === '/test/import' && req.method === 'POST') {
      // An import of `urls` on the site, queued as imports.start queues one.
      const { site, urls } = JSON.parse(await body(req)) as { site: SiteFixture; urls: string[] }
      const id = await queueImport(headmark, site, urls)
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(JSON.stringify({ id }))
      return
    }
    const request = await toRequest(req, env.BETTER_AUTH_URL)
    const response = url.pathname.startsWith('/api/auth/')
      ? await headmark.handleAuth(request)
      : url.pathname.startsWith('/api/rpc/')
        ? await headmark.handleRpc(request)
        : new Response('Not Found', { status: 404 })
    await send(res, response)
  }).catch((error: unknown) => {
    console.error(error)
    if (!res.headersSent) res.writeHead(500)
    res.end()
  })
})
async function body(req: AsyncIterable<unknown>): Promise<string> {
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  return Buffer.concat(chunks).toString()
}

server.listen(port, process.env.HOST ?? '127.0.0.1', () => {
  process.stdout.write(`READY ${(server.address() as AddressInfo).port}\n`)
})

let closing = false
process.on('SIGTERM', () => {
  if (closing) return
  closing = true
  void operations.shutdown([server]).then(() => process.exit(0))
})
