import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerEnv } from '../env.ts'
import { createHeadmark, type Headmark } from '../headmark.ts'
import type { PublicApi } from '../public-api/handler.ts'
import { SITE_CHANGED_CHANNEL } from '../public-api/instance.ts'
import { testDatabaseUrl } from '../../test/database.ts'
import { rawRequest } from '../../test/public-api-server.ts'
import { startTcpProxy, type TcpProxy } from '../../test/tcp-proxy.ts'
import { createOperations, type Operations } from './index.ts'

// PostgreSQL only: the database is taken away (a proxy between the instance and PostgreSQL drops
// every connection and refuses new ones) and given back.

let proxy: TcpProxy
let headmark: Headmark
let api: PublicApi
let operations: Operations
let server: Server
let origin: string
let databaseUrl: string

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl()
  const direct = new URL(databaseUrl)
  proxy = await startTcpProxy({ host: direct.hostname, port: Number(direct.port || 5432) })
  const proxied = new URL(databaseUrl)
  proxied.host = `127.0.0.1:${proxy.port}`
  headmark = await createHeadmark(
    loadServerEnv({ NODE_ENV: 'test', DATABASE_URL: proxied.href, METRICS_TOKEN: 'x'.repeat(32) }),
    { log: () => {} },
  )
  api = await headmark.publicApi()
  operations = createOperations({ headmark, publicApi: () => api, log: () => {} })
  server = createServer((req, res) => {
    if (!operations.handle(req, res)) res.writeHead(404).end()
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  server?.closeAllConnections()
  server?.close()
  proxy?.restore()
  await headmark?.close()
  await proxy?.close()
})

const readyz = async () => {
  const response = await rawRequest(origin, '/readyz')
  return {
    status: response.status,
    body: JSON.parse(response.body.toString()) as Record<string, string>,
  }
}

/** Polls /readyz until it answers `status`; resolves with the ms it took. */
async function until(status: number, limitMs: number): Promise<number> {
  const started = performance.now()
  for (;;) {
    if ((await readyz()).status === status) return performance.now() - started
    if (performance.now() - started > limitMs)
      throw new Error(`/readyz did not answer ${status} within ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('/readyz when the database goes away', () => {
  it('answers 503 within a second, 200 again once it is back, with LISTEN working again', async () => {
    expect(await readyz()).toEqual({
      status: 200,
      body: {
        status: 'ready',
        database: 'ok',
        migrations: 'ok',
        queue: 'ok',
        listener: 'ok',
        shutdown: 'ok',
      },
    })
    expect((await rawRequest(origin, '/healthz')).status).toBe(200)

    proxy.cut()
    expect(await until(503, 1000)).toBeLessThan(1000)
    const down = await readyz()
    expect(down.body.status).toBe('not ready')
    expect(down.body.listener).toBe('disconnected: reconnecting')
    // Alive all the same: an orchestrator must not restart an instance for its database.
    expect((await rawRequest(origin, '/healthz')).status).toBe(200)
    // Stays down while the database is away (postgres.js would have given up listening here).
    await new Promise((resolve) => setTimeout(resolve, 1500))
    expect((await readyz()).status).toBe(503)

    proxy.restore()
    await until(200, 20_000)

    // The listener is back: a change announced by another instance reaches this one.
    const before = api.stats.invalidations
    const other = postgres(databaseUrl, { max: 1 })
    try {
      await other.notify(SITE_CHANGED_CHANNEL, 'some-site')
    } finally {
      await other.end()
    }
    for (let i = 0; i < 100 && api.stats.invalidations === before; i++) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    expect(api.stats.invalidations).toBe(before + 1)
    expect(await operations.metrics.text()).toMatch(/^headmark_listen_reconnects_total [1-9]/m)
  })
})
