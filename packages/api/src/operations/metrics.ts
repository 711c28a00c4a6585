import { timingSafeEqual } from 'node:crypto'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { sql } from 'drizzle-orm'
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import type { Database, DatabaseConnection } from '../db/client.ts'
import type { PublicApi } from '../public-api/handler.ts'
import { DELIVERY_QUEUE } from '../webhooks/queue.ts'

// Nothing here is labelled by organization, site, path or user: a scrape shows how the instance
// runs, never whose data it serves.

/** Groups of routes requests are counted by: a bounded set, never the URL itself. */
export type RouteGroup = 'public_api' | 'rpc' | 'auth' | 'ingest' | 'assets' | 'page'

/** The route group of a request target. */
export function routeGroupOf(url: string): RouteGroup {
  if (url.startsWith('/api/openapi/')) return 'public_api'
  if (url.startsWith('/api/rpc/') || url === '/api/rpc') return 'rpc'
  if (url.startsWith('/api/auth/') || url === '/api/auth') return 'auth'
  if (url.startsWith('/ingest/') || url === '/ingest') return 'ingest'
  if (url.startsWith('/assets/')) return 'assets'
  return 'page'
}

export interface MetricsOptions {
  db: Database
  connection: Pick<DatabaseConnection, 'pubsub' | 'pool'>
  /** The public API of this instance (its cache and invalidation figures). */
  publicApi: () => PublicApi | null
  /** The bearer token a scrape must carry; null: /metrics does not exist. */
  token: string | null
  /** Database figures (queues, deliveries) are read at most this often, in ms. */
  databaseRefreshMs?: number
  log?: (error: unknown) => void
}

export interface Metrics {
  /** Counts one request once its answer is sent (call when it arrives). */
  observe(req: IncomingMessage, res: ServerResponse): void
  /** Answers `/metrics`: 404 when off, 401 without the token, else the exposition text. */
  handle(req: IncomingMessage, res: ServerResponse): Promise<void>
  /** The exposition text (tests, the benchmark). */
  text(): Promise<string>
  readonly registry: Registry
}

/** Methods counted by name; anything else (a client can send any token) is `other`. */
const KNOWN_METHODS = new Set(['GET', 'HEAD', 'POST', 'OPTIONS', 'PUT', 'PATCH', 'DELETE'])
const REQUEST_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10]

/** This instance's Prometheus metrics (prom-client, a registry of its own). */
export function createMetrics(options: MetricsOptions): Metrics {
  const { db, connection, log = console.error } = options
  const registry = new Registry()
  collectDefaultMetrics({ register: registry })
  const refreshMs = options.databaseRefreshMs ?? 5_000

  const requests = new Counter({
    name: 'headmark_http_requests_total',
    help: 'HTTP requests answered, by route group, method and status.',
    labelNames: ['route', 'method', 'status'] as const,
    registers: [registry],
  })
  const duration = new Histogram({
    name: 'headmark_http_request_duration_seconds',
    help: 'Time from a request arriving to its answer being sent, by route group.',
    labelNames: ['route'] as const,
    buckets: REQUEST_BUCKETS,
    registers: [registry],
  })

  const stats = () => options.publicApi()?.stats
  /** A counter whose value is read from a running total at scrape time. */
  const totalFrom = (name: string, help: string, read: () => number | undefined) =>
    new Counter({
      name,
      help,
      registers: [registry],
      collect() {
        const value = read()
        if (value === undefined) return
        this.reset()
        this.inc(value)
      },
    })
  totalFrom(
    'headmark_public_api_cache_hits_total',
    'Public API answers found in the memory cache.',
    () => stats()?.hits,
  )
  totalFrom(
    'headmark_public_api_cache_misses_total',
    'Public API requests not in the memory cache.',
    () => stats()?.misses,
  )
  new Counter({
    name: 'headmark_public_api_answers_total',
    help: 'Public API answers by where they came from: memory (the answer cache), database (a lookup), unknown_dsn (the negative cache).',
    labelNames: ['layer'] as const,
    registers: [registry],
    collect() {
      const current = stats()
      if (!current) return
      this.reset()
      this.inc({ layer: 'memory' }, current.hits)
      this.inc({ layer: 'database' }, current.lookups)
      this.inc({ layer: 'unknown_dsn' }, current.unknownDsnHits)
    },
  })
  new Gauge({
    name: 'headmark_public_api_cache_entries',
    help: 'Answers held in the memory cache.',
    registers: [registry],
    collect() {
      this.set(stats()?.entries ?? 0)
    },
  })
  new Gauge({
    name: 'headmark_public_api_cache_bytes',
    help: 'Bytes held by the memory cache (as counted against PUBLIC_API_CACHE_MB).',
    registers: [registry],
    collect() {
      this.set(stats()?.bytes ?? 0)
    },
  })
  totalFrom(
    'headmark_public_api_invalidations_total',
    'Sites dropped from the cache after a change (this instance or another, through NOTIFY).',
    () => stats()?.invalidations,
  )
  totalFrom(
    'headmark_public_api_cache_drops_total',
    'Whole-cache drops (each time the LISTEN connection comes (back) up).',
    () => stats()?.drops,
  )
  totalFrom(
    'headmark_public_api_notifies_sent_total',
    'NOTIFYs this instance sent to tell the others a site changed.',
    () => stats()?.notifies,
  )
  new Gauge({
    name: 'headmark_listen_connected',
    help: '1 while the LISTEN connection is up (PostgreSQL); always 1 on the embedded database.',
    registers: [registry],
    collect() {
      this.set(connection.pubsub ? (connection.pubsub.state.connected ? 1 : 0) : 1)
    },
  })
  totalFrom(
    'headmark_listen_reconnects_total',
    'Times the LISTEN connection came back after being lost.',
    () => connection.pubsub?.state.reconnects ?? 0,
  )

  // Figures kept in the database, shared by every instance: the same value from each (aggregate
  // them with max, not sum). Read at most every `refreshMs`, whatever the scrape rate.
  const queueJobs = new Gauge({
    name: 'headmark_queue_jobs',
    help: 'Jobs of each queue by state (created, retry, active, failed), all instances together.',
    labelNames: ['queue', 'state'] as const,
    registers: [registry],
  })
  const queueAge = new Gauge({
    name: 'headmark_queue_oldest_ready_job_age_seconds',
    help: 'How long the oldest job that is due has waited, per queue (0: none waiting).',
    labelNames: ['queue'] as const,
    registers: [registry],
  })
  const deliveries = new Gauge({
    name: 'headmark_webhook_attempts_recent',
    help: 'Webhook delivery attempts of the last 5 minutes by outcome (success, http_error, no_response), all instances together.',
    labelNames: ['outcome'] as const,
    registers: [registry],
  })
  const deliveryLatency = new Gauge({
    name: 'headmark_webhook_attempt_duration_recent_seconds',
    help: 'Duration of the webhook delivery attempts of the last 5 minutes, by quantile.',
    labelNames: ['quantile'] as const,
    registers: [registry],
  })
  const poolMax = new Gauge({
    name: 'headmark_database_pool_max',
    help: 'Connections the pool may open (DATABASE_POOL_MAX; 1 on the embedded database).',
    registers: [registry],
  })
  const poolConnections = new Gauge({
    name: 'headmark_database_pool_connections',
    help: "This instance's pool connections on the server, by state (active, idle, idle in transaction).",
    labelNames: ['state'] as const,
    registers: [registry],
  })
  poolMax.set(connection.pool?.max ?? 1)

  let refreshedAt = 0
  let refreshing: Promise<void> | null = null

  async function refresh(): Promise<void> {
    const rows = <T>(result: unknown) =>
      (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]
    const jobs = rows<{ name: string; state: string; jobs: number; oldest: number | null }>(
      await db.execute(sql`
        select name, state::text as state, count(*)::int as jobs,
          extract(epoch from now() - min(start_after)
            filter (where state in ('created', 'retry') and start_after <= now()))::float8 as oldest
        from pgboss.job
        where state in ('created', 'retry', 'active', 'failed')
        group by name, state`),
    )
    const queues = rows<{ name: string }>(await db.execute(sql`select name from pgboss.queue`))
    queueJobs.reset()
    queueAge.reset()
    const oldest = new Map<string, number>()
    // Every queue shows every state, 0 included, so a dashboard's series never vanish.
    for (const { name } of queues) {
      for (const state of ['created', 'retry', 'active', 'failed']) {
        queueJobs.set({ queue: name, state }, 0)
      }
      oldest.set(name, 0)
    }
    for (const row of jobs) {
      queueJobs.set({ queue: row.name, state: row.state }, row.jobs)
      oldest.set(row.name, Math.max(oldest.get(row.name) ?? 0, row.oldest ?? 0))
    }
    // Webhook deliveries have a table of their own: waiting first attempts (created), waiting
    // retries (retry), claimed by an instance (active); nothing there ever fails for good.
    const [delivery] = rows<{
      created: number
      retry: number
      active: number
      oldest: number | null
    }>(
      await db.execute(sql`
        select
          count(*) filter (where waiting and attempt = 1)::int as created,
          count(*) filter (where waiting and attempt > 1)::int as retry,
          count(*) filter (where not waiting)::int as active,
          extract(epoch from now() - min(run_at) filter (where waiting and run_at <= now()))::float8
            as oldest
        from (select attempt, run_at, (lease_until is null or lease_until < now()) as waiting
          from webhook_delivery) as delivery`),
    )
    queueJobs.set({ queue: DELIVERY_QUEUE, state: 'created' }, delivery?.created ?? 0)
    queueJobs.set({ queue: DELIVERY_QUEUE, state: 'retry' }, delivery?.retry ?? 0)
    queueJobs.set({ queue: DELIVERY_QUEUE, state: 'active' }, delivery?.active ?? 0)
    queueJobs.set({ queue: DELIVERY_QUEUE, state: 'failed' }, 0)
    oldest.set(DELIVERY_QUEUE, Math.max(0, delivery?.oldest ?? 0))
    for (const [queue, age] of oldest) queueAge.set({ queue }, age)

    const [recent] = rows<{
      success: number
      http_error: number
      no_response: number
      p50: number | null
      p95: number | null
    }>(
      await db.execute(sql`
        select
          count(*) filter (where response_status between 200 and 299)::int as success,
          count(*) filter (where response_status is not null
            and response_status not between 200 and 299)::int as http_error,
          count(*) filter (where response_status is null)::int as no_response,
          (percentile_cont(0.5) within group (order by duration_ms) / 1000)::float8 as p50,
          (percentile_cont(0.95) within group (order by duration_ms) / 1000)::float8 as p95
        from webhook_call
        where created_at > now() - interval '5 minutes'`),
    )
    for (const outcome of ['success', 'http_error', 'no_response'] as const) {
      deliveries.set({ outcome }, recent?.[outcome] ?? 0)
    }
    deliveryLatency.set({ quantile: '0.5' }, recent?.p50 ?? 0)
    deliveryLatency.set({ quantile: '0.95' }, recent?.p95 ?? 0)

    poolConnections.reset()
    if (connection.pool) {
      const states = rows<{ state: string; connections: number }>(
        await db.execute(sql`
          select coalesce(state, 'unknown') as state, count(*)::int as connections
          from pg_stat_activity
          where application_name = ${connection.pool.applicationName}
          group by state`),
      )
      for (const row of states) poolConnections.set({ state: row.state }, row.connections)
    }
  }

  async function text(): Promise<string> {
    if (Date.now() - refreshedAt >= refreshMs) {
      refreshing ??= refresh()
        .then(() => {
          refreshedAt = Date.now()
        })
        .catch(log)
        .finally(() => {
          refreshing = null
        })
      await refreshing
    }
    return registry.metrics()
  }

  const expected = options.token ? Buffer.from(`Bearer ${options.token}`) : null

  return {
    registry,
    text,
    observe(req, res) {
      const started = performance.now()
      const route = routeGroupOf(req.url ?? '/')
      res.once('finish', () => {
        const method = KNOWN_METHODS.has(req.method ?? '') ? (req.method as string) : 'other'
        requests.inc({ route, method, status: String(res.statusCode) })
        duration.observe({ route }, (performance.now() - started) / 1000)
      })
    },
    async handle(req, res) {
      const plain = { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'no-store' }
      if (!expected) {
        res.writeHead(404, plain)
        res.end('Not found\n')
        return
      }
      const given = Buffer.from(String(req.headers.authorization ?? ''))
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        res.writeHead(401, { ...plain, 'www-authenticate': 'Bearer realm="metrics"' })
        res.end('Send the METRICS_TOKEN as "Authorization: Bearer <token>".\n')
        return
      }
      const body = await text()
      res.writeHead(200, { 'content-type': registry.contentType, 'cache-control': 'no-store' })
      res.end(body)
    },
  }
}
