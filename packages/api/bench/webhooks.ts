// Webhook delivery benchmark (`npm run bench:webhooks`), on loopback only:
//   1. save → receiver latency (p50/p95/p99) of revisions saved one after another;
//   2. the drain rate of 10,000 queued deliveries to a fast local receiver, beside the baseline
//      measured in the same run: a bare loop that signs and POSTs the same bodies to the same
//      receiver with the same HTTP client (the engine's sender) and concurrency, recording nothing;
//      with the SQL statements per delivery the engine sent (and, on PostgreSQL, the server's
//      committed transactions per delivery, all clients of the database together);
//   3. fairness: 10,000 deliveries queued for an endpoint that answers in 2 s, then 100 saves for a
//      fast one (one after another): the fast one's save → receipt p95 beside its p95 alone.
// On the embedded PGlite and, when it answers, on PostgreSQL (TEST_DATABASE_URL or the local one).
import { randomBytes, randomUUID } from 'node:crypto'
import { createServer } from 'node:http'
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
import { createSender, signHeaders } from '../src/webhooks/deliver.ts'
import { generateWebhookSecret } from '../src/webhooks/secrets.ts'
import * as worker from '../src/webhooks/worker.ts'

const { messageBody } = worker
// The engine's per-endpoint concurrency (absent from engines that had none).
const DEFAULT_ENDPOINT_CONCURRENCY = (worker as { DEFAULT_ENDPOINT_CONCURRENCY?: number })
  .DEFAULT_ENDPOINT_CONCURRENCY

const SAVES = Number(process.env.BENCH_SAVES ?? 200)
const DRAIN = Number(process.env.BENCH_DRAIN ?? 10_000)
const SLOW_BACKLOG = Number(process.env.BENCH_SLOW_BACKLOG ?? 10_000)
const FAST_SAVES = 100
/** The save → receiver figures of the engine before this one (same bench, same machine). */
const BEFORE: Record<string, string> = {
  PGlite: process.env.BENCH_BEFORE_PGLITE ?? 'p50 14.4 ms, p95 32.4 ms, p99 54.9 ms',
  PostgreSQL: process.env.BENCH_BEFORE_POSTGRES ?? 'p50 14.9 ms, p95 28.4 ms, p99 34.9 ms',
}
const P95_GOAL_MS = 1_000

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN

async function startReceiver(delayMs = 0) {
  const arrivals = new Map<string, number>()
  let count = 0
  const waiters: Array<{ count: number; resolve: () => void }> = []
  const revisions = new Map<string, () => void>()
  const server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (chunk: Buffer) => chunks.push(chunk))
    req.on('end', () => {
      count++
      const id = req.headers['webhook-id']
      if (typeof id === 'string' && !arrivals.has(id)) arrivals.set(id, performance.now())
      if (revisions.size > 0) {
        const revision = (
          JSON.parse(Buffer.concat(chunks).toString('utf8')) as {
            metadataRevisionId?: string
          }
        ).metadataRevisionId
        const resolve = revision ? revisions.get(revision) : undefined
        if (revision && resolve) {
          revisions.delete(revision)
          resolve()
        }
      }
      for (const waiter of [...waiters]) {
        if (count >= waiter.count) {
          waiters.splice(waiters.indexOf(waiter), 1)
          waiter.resolve()
        }
      }
      const answer = () => {
        res.setHeader('content-type', 'application/json')
        res.end('{"ok":true}')
      }
      if (delayMs > 0) setTimeout(answer, delayMs)
      else answer()
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
    /** Resolves when the delivery of revision `id` arrives (call before it can arrive). */
    revision: (id: string) => new Promise<void>((resolve) => revisions.set(id, resolve)),
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

/**
 * The baseline: `total` signed POSTs of the same body to the same receiver, through the engine's
 * own sender (outbound guard, keep-alive agent), `concurrency` at a time, recording nothing.
 */
async function bareLoop(
  headmark: Headmark,
  url: string,
  secret: string,
  total: number,
  concurrency: number,
): Promise<number> {
  const sender = createSender({ policy: headmark.webhooks.policy })
  const body = messageBody({ _type: 'placeholder' })
  let sent = 0
  const started = performance.now()
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (sent < total) {
        sent++
        const headers = signHeaders({
          body,
          messageId: `msg_${randomBytes(16).toString('base64url')}`,
          secrets: { current: secret, previous: null },
          legacyBearer: false,
          timestamp: Date.now(),
        })
        const result = await sender.post(url, body, headers)
        if (result.status !== 200) throw new Error(`The receiver answered ${result.status}.`)
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000
  sender.close()
  return total / seconds
}

/** The database's committed transactions so far (PostgreSQL; null on PGlite). */
async function commits(headmark: Headmark): Promise<number | null> {
  if (headmark.env.database.kind !== 'postgres') return null
  const result = await headmark.db.execute(
    sql`select xact_commit::float8 as n from pg_stat_database where datname = current_database()`,
  )
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    n: number
  }>
  return Number(rows[0]?.n ?? 0)
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
  const secret = generateWebhookSecret()
  await headmark.db.insert(webhook).values({
    id: hookId,
    siteId: target.id,
    url: `http://localhost:${receiverPort}/hook`,
    secretEncrypted: headmark.webhooks.secrets.seal(secret),
  })
  return { target, pageId, hookId, secret }
}

/** A save as the core does it: revision, page pointer and the event, in one transaction. */
async function save(
  headmark: Headmark,
  target: { id: string; organizationId: string; hostname: string; dsn: string },
  pageId: string,
  number: number,
  revisionId: string = randomUUID(),
) {
  return headmark.db.transaction(async (tx) => {
    const revision = {
      id: revisionId,
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

/** Queues `count` deliveries of a placeholder to one webhook, 500 per transaction. */
async function enqueueMany(headmark: Headmark, siteId: string, hookId: string, count: number) {
  for (let offset = 0; offset < count; offset += 500) {
    await headmark.db.transaction(async (tx) => {
      for (let i = offset; i < Math.min(count, offset + 500); i++) {
        await headmark.webhooks.enqueueMessage(tx, {
          siteId,
          payload: { _type: 'placeholder' },
          webhookIds: [hookId],
          trigger: 'test',
        })
      }
    })
  }
}

/** `FAST_SAVES` saves, one after another, each timed from its start to its receipt. */
async function timedSaves(
  headmark: Headmark,
  target: Awaited<ReturnType<typeof setUp>>,
  receiver: Awaited<ReturnType<typeof startReceiver>>,
  firstNumber: number,
) {
  const times: number[] = []
  for (let index = 0; index < FAST_SAVES; index++) {
    const revisionId = randomUUID()
    const arrived = receiver.revision(revisionId)
    const started = performance.now()
    await save(headmark, target.target, target.pageId, firstNumber + index, revisionId)
    await arrived
    times.push(performance.now() - started)
  }
  times.sort((a, b) => a - b)
  return { p50: percentile(times, 50), p95: percentile(times, 95) }
}

async function failedCount(headmark: Headmark, hookId: string): Promise<number> {
  const [row] = await headmark.db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookCall)
    .where(
      sql`${webhookCall.webhookId} = ${hookId} and ${webhookCall.responseStatus} is distinct from 200`,
    )
  return row?.count ?? 0
}

async function callCount(headmark: Headmark, hookId: string): Promise<number> {
  const [row] = await headmark.db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookCall)
    .where(eq(webhookCall.webhookId, hookId))
  return row?.count ?? 0
}

const trace = process.env.BENCH_TRACE ? (...args: unknown[]) => console.error(...args) : () => {}

async function run(label: string, databaseUrl: string) {
  const receiver = await startReceiver()
  const slowReceiver = await startReceiver(2_000)
  const fastReceiver = await startReceiver()
  const env = loadServerEnv({
    NODE_ENV: 'test',
    DATABASE_URL: databaseUrl,
    BETTER_AUTH_URL: 'http://127.0.0.1:3999',
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  })
  const headmark = await createHeadmark(env, { log: () => {} })
  try {
    const { target, pageId, hookId, secret } = await setUp(headmark, receiver.port)

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

    trace('drain', headmark.webhooks.stats())
    // 2. Drain: 10,000 deliveries queued while the worker is paused, then released at once.
    await headmark.webhooks.pause()
    receiver.reset()
    const before = await callCount(headmark, hookId)
    await enqueueMany(headmark, target.id, hookId, DRAIN)
    const statsBefore = headmark.webhooks.stats?.()
    const commitsBefore = await commits(headmark)
    const drainStarted = performance.now()
    await headmark.webhooks.resume()
    // Done when every attempt is recorded (one that failed, e.g. on a connection reset, included).
    while ((await callCount(headmark, hookId)) < before + DRAIN) {
      await new Promise((resolve) => setTimeout(resolve, 20))
    }
    const failed = await failedCount(headmark, hookId)
    const drainSeconds = (performance.now() - drainStarted) / 1000
    const drainRate = DRAIN / drainSeconds
    const statsAfter = headmark.webhooks.stats?.()
    const commitsAfter = await commits(headmark)

    // The baseline, same run: the same bodies, receiver, sender and concurrency, nothing recorded.
    const concurrency = DEFAULT_ENDPOINT_CONCURRENCY ?? 16
    const baseline = await bareLoop(
      headmark,
      `http://localhost:${receiver.port}/hook`,
      secret,
      DRAIN,
      concurrency,
    )

    trace('fairness', headmark.webhooks.stats())
    // 3. Fairness: the fast endpoint alone, then behind a slow endpoint's backlog.
    const fast = await setUp(headmark, fastReceiver.port)
    await timedSaves(headmark, fast, fastReceiver, 1) // warm-up
    trace('warmed up', headmark.webhooks.stats())
    const fastAlone = await timedSaves(headmark, fast, fastReceiver, FAST_SAVES + 1)
    const slow = await setUp(headmark, slowReceiver.port)
    await headmark.webhooks.pause()
    await enqueueMany(headmark, slow.target.id, slow.hookId, SLOW_BACKLOG)
    await headmark.webhooks.resume()
    trace('slow backlog queued', headmark.webhooks.stats())
    await slowReceiver.until(1)
    trace('slow receiving', headmark.webhooks.stats())
    const fastBehind = await timedSaves(headmark, fast, fastReceiver, 2 * FAST_SAVES + 1)
    await headmark.webhooks.pause()
    await headmark.webhooks.cancelQueued(slow.hookId)

    const statements =
      statsBefore && statsAfter ? (statsAfter.statements - statsBefore.statements) / DRAIN : null
    const batch =
      statsBefore && statsAfter
        ? (statsAfter.recorded - statsBefore.recorded) /
          Math.max(1, statsAfter.batches - statsBefore.batches)
        : null
    const ratio = drainRate / baseline
    const goal = label.startsWith('PostgreSQL') ? 0.5 : 0.25
    console.log(`\n${label}`)
    console.log(
      `  save → receiver, ${SAVES} saves: p50 ${p50.toFixed(1)} ms, p95 ${p95.toFixed(1)} ms, p99 ${p99.toFixed(1)} ms  (before: ${BEFORE[label.split(' ')[0] as string]}; goal p95 ≤ ${P95_GOAL_MS} ms: ${p95 <= P95_GOAL_MS ? 'met' : 'NOT met'})`,
    )
    console.log(
      `  drain of ${DRAIN.toLocaleString('en')} queued deliveries: ${drainRate.toFixed(0)} deliveries/s (${drainSeconds.toFixed(1)} s${failed > 0 ? `; ${failed} failed` : ''})`,
    )
    console.log(
      `  baseline, same run (sign + POST, same sender, ${concurrency} at a time, nothing recorded): ${baseline.toFixed(0)} requests/s`,
    )
    console.log(
      `  drain ÷ baseline: ${ratio.toFixed(2)}  (goal ≥ ${goal}: ${ratio >= goal ? 'met' : 'NOT met'})`,
    )
    console.log(
      `  SQL statements per delivery (engine, BEGIN/COMMIT counted): ${statements === null ? 'n/a' : statements.toFixed(2)}${batch === null ? '' : `, ${batch.toFixed(1)} calls recorded per transaction`}  (goal ≤ 1.5)`,
    )
    if (commitsBefore !== null && commitsAfter !== null) {
      console.log(
        `  committed transactions per delivery (server-side, every client of the database): ${((commitsAfter - commitsBefore) / DRAIN).toFixed(3)}`,
      )
    }
    const ratioFair = fastBehind.p95 / fastAlone.p95
    console.log(
      `  fairness: ${FAST_SAVES} saves for a fast endpoint, save → receipt p95 ${fastBehind.p95.toFixed(1)} ms behind ${SLOW_BACKLOG.toLocaleString('en')} queued for an endpoint answering in 2 s, ${fastAlone.p95.toFixed(1)} ms alone: ${ratioFair.toFixed(2)}×  (goal ≤ 2×: ${ratioFair <= 2 ? 'met' : 'NOT met'}; p50 ${fastBehind.p50.toFixed(1)} vs ${fastAlone.p50.toFixed(1)} ms)`,
    )
  } finally {
    await headmark.close()
    await receiver.close()
    await slowReceiver.close()
    await fastReceiver.close()
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
