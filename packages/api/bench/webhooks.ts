// Webhook delivery benchmark (`npm run bench:webhooks`), on loopback only:
//   1. save → receiver latency (p50/p95/p99) of revisions saved one after another;
//   2. the drain rate of 10,000 queued deliveries to a fast local receiver, beside that receiver's
//      own request rate measured in the same run by a plain keep-alive client.
// On the embedded PGlite and, when it answers, on PostgreSQL (TEST_DATABASE_URL or the local one).
import { randomBytes, randomUUID } from 'node:crypto'
import { Agent, createServer, request } from 'node:http'
import type { AddressInfo } from 'node:net'
import { eq, sql } from 'drizzle-orm'
import postgres from 'postgres'
import {
  metadataRevision,
  organization,
  page,
  site,
  webhook,
  webhookCall,
} from '../src/db/schema.ts'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark, type Headmark } from '../src/headmark.ts'
import { generateWebhookSecret } from '../src/webhooks/secrets.ts'

const SAVES = Number(process.env.BENCH_SAVES ?? 200)
const DRAIN = Number(process.env.BENCH_DRAIN ?? 10_000)
const P95_GOAL_MS = 1_000

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN

async function startReceiver() {
  const arrivals = new Map<string, number>()
  let count = 0
  const waiters: Array<{ count: number; resolve: () => void }> = []
  const server = createServer((req, res) => {
    req.resume()
    req.on('end', () => {
      count++
      const id = req.headers['webhook-id']
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now())
      for (const waiter of [...waiters]) {
        if (count >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
      res.setHeader('content-type', 'application/json')
      res.end('{"ok":true}')
    })
  })
  server.keepAliveTimeout = 30_000
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    port,
    arrivals,
    get count() {
      return count
    },
    reset() {
      count = 0
      arrivals.clear()
    },
    until: (target: number) =>
      new Promise<void>((resolve) =>
        count >= target ? resolve() : waiters.push({ count: target, resolve }),
      ),
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** The receiver's own capacity: `total` POSTs from a keep-alive client, `concurrency` at a time. */
async function receiverRate(port: number, total: number, concurrency: number): Promise<number> {
  const agent = new Agent({ keepAlive: true, maxSockets: concurrency })
  const body = JSON.stringify({ _type: 'placeholder' })
  let sent = 0
  const one = () =>
    new Promise<void>((resolve, reject) => {
      const req = request(
        {
          host: '127.0.0.1',
          port,
          path: '/hook',
          method: 'POST',
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(body),
          },
        },
        (res) => {
          res.resume()
          res.on('end', resolve)
        },
      )
      req.on('error', reject)
      req.end(body)
    })
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent++
        await one()
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  agent.destroy()
  return total / seconds
}

async function setUp(headmark: Headmark, receiverPort: number) {
  const orgId = randomUUID()
  await headmark.db
    .insert(organization)
    .values({ id: orgId, name: 'Bench', slug: `bench-${randomBytes(3).toString('hex')}` })
  const target = {
    id: randomUUID(),
    organizationId: orgId,
    name: 'Bench',
    hostname: 'localhost',
    dsn: randomBytes(16).toString('base64url'),
  }
  await headmark.db.insert(site).values(target)
  const pageId = randomUUID()
  await headmark.db.insert(page).values({ id: pageId, siteId: target.id, path: '/bench' })
  const hookId = randomUUID()
  await headmark.db.insert(webhook).values({
    id: hookId,
    siteId: target.id,
    url: `http://localhost:${receiverPort}/hook`,
    secretEncrypted: headmark.webhooks.secrets.seal(generateWebhookSecret()),
  })
  return { target, pageId, hookId }
}

/** A save as the core does it: revision, page pointer and the event, in one transaction. */
async function save(
  headmark: Headmark,
  target: { id: string; organizationId: string; hostname: string; dsn: string },
  pageId: string,
  number: number,
) {
  return headmark.db.transaction(async (tx) => {
    const revision = {
      id: randomUUID(),
      pageId,
      number,
      metadata: { title: `Title ${number}` },
      source: 'editor' as const,
      createdAt: new Date(),
    }
    await tx.insert(metadataRevision).values(revision)
    await tx.update(page).set({ currentRevisionId: revision.id }).where(eq(page.id, pageId))
    await headmark.events.revisionSaved(tx, {
      site: target,
      page: { id: pageId, path: '/bench' },
      revision: { id: revision.id, number, source: 'editor', createdAt: revision.createdAt },
      served: revision.metadata,
    })
  })
}

async function callCount(headmark: Headmark, hookId: string): Promise<number> {
  const [row] = await headmark.db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookCall)
    .where(eq(webhookCall.webhookId, hookId))
  return row?.count ?? 0
}

async function run(label: string, databaseUrl: string) {
  const receiver = await startReceiver()
  const env = loadServerEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_URL: 'http://127.0.0.1:3999',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  })
  const headmark = await createHeadmark(env, { log: () => {} })
  try {
    const { target, pageId, hookId } = await setUp(headmark, receiver.port)

    // 1. Latency: one save at a time, from the start of the transaction to the receiver.
    const latencies: number[] = []
    for (let number = 1; number <= SAVES; number++) {
      const started = performance.now()
      await save(headmark, target, pageId, number)
      await receiver.until(number)
      latencies.push(performance.now() - started)
    }
    latencies.sort((a, b) => a - b)
    const [p50, p95, p99] = [50, 95, 99].map((p) => percentile(latencies, p)) as [
      number,
      number,
      number,
    ]

    // 2. Drain: 10,000 deliveries queued while the worker is paused, then released at once.
    await headmark.webhooks.pause()
    receiver.reset()
    const before = await callCount(headmark, hookId)
    for (let offset = 0; offset < DRAIN; offset += 500) {
      await headmark.db.transaction(async (tx) => {
        for (let i = offset; i < Math.min(DRAIN, offset + 500); i++) {
          await headmark.webhooks.enqueueMessage(tx, {
            siteId: target.id,
            payload: { _type: 'placeholder' },
            webhookIds: [hookId],
            trigger: 'test',
          })
        }
      })
    }
    const drainStarted = performance.now()
    await headmark.webhooks.resume()
    await receiver.until(DRAIN)
    while ((await callCount(headmark, hookId)) < before + DRAIN) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const drainSeconds = (performance.now() - drainStarted) / 1000
    const drainRate = DRAIN / drainSeconds

    // The receiver's own rate, same run, the same concurrency as the worker (2 × batches of 8).
    const baseline = await receiverRate(receiver.port, DRAIN, 16)

    console.log(`\n${label}`)
    console.log(
      `  save → receiver, ${SAVES} saves: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms  (goal p95 ≤ ${P95_GOAL_MS} ms: ${p95 <= P95_GOAL_MS ? 'met' : 'NOT met'})`,
    )
    console.log(
      `  drain of ${DRAIN.toLocaleString('en')} queued deliveries: ${drainRate.toFixed(0)} deliveries/s (${drainSeconds.toFixed(1)} s)`,
    )
    console.log(
      `  the receiver alone, same run: ${baseline.toFixed(0)} requests/s → delivery runs at ${((drainRate / baseline) * 100).toFixed(1)} % of the receiver's rate`,
    )
  } finally {
    await headmark.close()
    await receiver.close()
  }
}

async function postgresDatabase(): Promise<string | null> {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {}, connect_timeout: 3 })
  const name = `headmark_bench_${randomBytes(4).toString('hex')}`
  try {
    await admin.unsafe(`create database "${name}"`)
  } catch (error) {
    console.log(`\nPostgreSQL: not measured (${(error as Error).message})`)
    return null
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.href
}

async function dropDatabase(url: string) {
  const adminUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  await admin.unsafe(`drop database if exists "${new URL(url).pathname.slice(1)}" with (force)`)
  await admin.end()
}

console.log(`Webhook delivery benchmark (loopback, ${SAVES} saves, ${DRAIN} queued deliveries)`)
await run('PGlite (embedded, in memory)', 'pglite:memory')
const pg = await postgresDatabase()
if (pg) {
  try {
    await run('PostgreSQL', pg)
  } finally {
    await dropDatabase(pg)
  }
}
