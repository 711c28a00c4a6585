import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { connectionOf } from '../db/client.ts'
import { loadServerEnv } from '../env.ts'
import { createHeadmark, type Headmark } from '../headmark.ts'
import type { PublicApi } from '../public-api/handler.ts'
import { resetDatabase, testDatabaseUrl } from '../../test/database.ts'
import { createFixtureSite, saveFixtureRevision } from '../../test/public-api-fixtures.ts'
import { getLatestTarget, rawRequest } from '../../test/public-api-server.ts'
import { insertWebhook, saveRevision } from '../../test/webhook-fixtures.ts'
import { createOperations, type Operations } from './index.ts'
import { createMetrics } from './metrics.ts'

const TOKEN = 'metrics-token-for-tests-0123456789abcdef'
let headmark: Headmark
let api: PublicApi
let operations: Operations
let server: Server
let origin: string

beforeAll(async () => {
  headmark = await createHeadmark(
    loadServerEnv({
      NODE_ENV: 'test',
      DATABASE_URL: await testDatabaseUrl(),
      METRICS_TOKEN: TOKEN,
    }),
    { log: () => {} },
  )
  await resetDatabase(headmark.db)
  api = await headmark.publicApi()
  operations = createOperations({ headmark, publicApi: () => api, log: () => {} })
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    if (operations.handle(req, res)) return
    if (api.handle(req, res)) return
    res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.closeAllConnections()
  server?.close()
  await headmark?.webhooks.stop()
})

const scrape = (authorization?: string) =>
  rawRequest(origin, '/metrics', authorization ? { headers: { authorization } } : {})

describe('/healthz and /readyz', () => {
  it('answer 200 while the instance can serve, and /readyz 503 once it is shutting down', async () => {
    expect((await rawRequest(origin, '/healthz')).status).toBe(200)
    const ready = await rawRequest(origin, '/readyz')
    expect(ready.status).toBe(200)
    expect(JSON.parse(ready.body.toString())).toEqual({
      status: 'ready',
      database: 'ok',
      migrations: 'ok',
      queue: 'ok',
      listener: 'ok',
      shutdown: 'ok',
    })
    expect((await rawRequest(origin, '/readyz', { method: 'POST' })).status).toBe(405)
    // A second instance's view: draining says so, the first stays ready.
    const other = createOperations({ headmark, publicApi: () => api, log: () => {} })
    other.health.drain()
    expect(await other.health.readiness()).toMatchObject({
      ready: false,
      checks: { shutdown: 'shutting down', database: 'ok' },
    })
    expect((await rawRequest(origin, '/readyz')).status).toBe(200)
  })
})

describe('/metrics', () => {
  it('is refused without the token, and does not exist when no token is set', async () => {
    expect((await scrape()).status).toBe(401)
    expect((await scrape(`Bearer ${TOKEN}x`)).status).toBe(401)
    expect((await scrape(TOKEN)).status).toBe(401)
    const off = createMetrics({
      db: headmark.db,
      connection: connectionOf(headmark.db),
      publicApi: () => api,
      token: null,
    })
    const answers: number[] = []
    const fake = { headers: { authorization: `Bearer ${TOKEN}` } } as unknown as IncomingMessage
    const res = {
      writeHead: (status: number) => answers.push(status),
      end: () => {},
    } as unknown as ServerResponse
    await off.handle(fake, res)
    expect(answers).toEqual([404])
  })

  it('shows requests, the cache and the queues, without naming any site or organization', async () => {
    const site = await createFixtureSite(headmark.db)
    await saveFixtureRevision(headmark.db, site.id, '/pricing', { title: 'Pricing' })
    // One delivery waiting in the queue while the worker is paused.
    await headmark.webhooks.pause()
    await insertWebhook(headmark, site.id, 'http://127.0.0.1:9/hook')
    await saveRevision(headmark, site, { path: '/', metadata: { title: 'Home' } })
    for (let i = 0; i < 3; i++) {
      expect((await rawRequest(origin, getLatestTarget(site.dsn, '/pricing'))).status).toBe(200)
    }
    const response = await scrape(`Bearer ${TOKEN}`)
    expect(response.status).toBe(200)
    expect(response.headers['content-type']).toMatch(/^text\/plain/)
    const text = response.body.toString()
    expect(text).toMatch(
      /^headmark_http_requests_total\{route="public_api",method="GET",status="200"\} 3$/m,
    )
    expect(text).toMatch(/^headmark_http_request_duration_seconds_count\{route="public_api"\} 3$/m)
    expect(text).toMatch(/^headmark_public_api_cache_hits_total [2-9]/m)
    expect(text).toMatch(/^headmark_public_api_answers_total\{layer="database"\} [1-9]/m)
    expect(text).toMatch(/^headmark_public_api_cache_entries [1-9]/m)
    expect(text).toMatch(/^headmark_queue_jobs\{queue="webhook-delivery",state="created"\} 1$/m)
    expect(text).toMatch(/^headmark_queue_jobs\{queue="webhook-delivery",state="failed"\} 0$/m)
    expect(text).toMatch(
      /^headmark_queue_oldest_ready_job_age_seconds\{queue="webhook-delivery"\} \d/m,
    )
    await headmark.webhooks.resume()
    expect(text).toMatch(/^headmark_webhook_attempts_recent\{outcome="success"\} \d+$/m)
    expect(text).toMatch(/^headmark_listen_connected 1$/m)
    expect(text).toMatch(/^process_resident_memory_bytes /m)
    // Probes and scrapes are not requests of the product.
    expect(text).not.toMatch(/route="page"/)
    for (const secret of [site.dsn, site.id, site.organizationId, site.hostname, TOKEN]) {
      expect(text).not.toContain(secret)
    }
  })
})
