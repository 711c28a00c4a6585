// npm run bench:operations — the multi-instance topology under load, figures printed against a
// baseline from the same run:
//   1. save → the CDN's purge request received (p50, p95; goal p95 ≤ 2 s), against the save's own
//      round trip;
//   2. the public API through nginx to 3 instances against straight to 1 instance (throughput
//      ratio), and the NOTIFYs sent per 1,000 get-latest calls (goal 0: reads never notify),
//      counted by a LISTEN of our own.
// PgBouncer (transaction mode), nginx, the instances and a fake CDN API run on loopback; a
// database is created under BENCH_DATABASE_URL and dropped; everything stops by itself.
//   BENCH_DURATION=5 (seconds per throughput round)  BENCH_ROUNDS=2  BENCH_SAVES=100
import { randomBytes } from 'node:crypto'
import autocannon from 'autocannon'
import postgres from 'postgres'
import { startFakeCdnApi } from '../test/cdn-api.ts'
import { type InstanceProcess, postJson, startInstanceProcess } from '../test/instance-process.ts'
import { getLatestTarget } from '../test/public-api-server.ts'
import { freePort, startNginx, startPgBouncer } from '../test/topology.ts'
import type { SiteFixture } from '../test/webhook-fixtures.ts'
import { pathTag } from '../src/operations/cdn-purge.ts'
import { SITE_CHANGED_CHANNEL } from '../src/public-api/instance.ts'

const duration = Number(process.env.BENCH_DURATION ?? 5)
const rounds = Number(process.env.BENCH_ROUNDS ?? 2)
const saveCount = Number(process.env.BENCH_SAVES ?? 100)
const adminUrl = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4']

const quantile = (values: number[], q: number) => {
  const sorted = [...values].sort((a, b) => a - b)
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN
}
const ms = (value: number) => `${value.toFixed(1)} ms`

const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
const name = `headmark_bench_${randomBytes(4).toString('hex')}`
await admin.unsafe(`create database "${name}"`)
const databaseUrl = new URL(adminUrl)
databaseUrl.pathname = `/${name}`

const cleanups: Array<() => Promise<unknown>> = []
const instances: InstanceProcess[] = []
try {
  const cdn = await startFakeCdnApi('fastly')
  cleanups.push(() => cdn.close())
  const pgbouncer = await startPgBouncer(databaseUrl.href, 16)
  cleanups.push(() => pgbouncer.stop())
  const pooled = new URL(databaseUrl.href)
  pooled.host = `127.0.0.1:${pgbouncer.port}`
  const ports = await Promise.all(HOSTS.map((host) => freePort(host)))
  const nginx = await startNginx(HOSTS.map((host, i) => `${host}:${ports[i]}`))
  cleanups.push(() => nginx.stop())
  const origin = `http://127.0.0.1:${nginx.port}`
  const env = {
    DATABASE_URL: pooled.href,
    DATABASE_DIRECT_URL: databaseUrl.href,
    DATABASE_POOL_MAX: '8',
    BETTER_AUTH_URL: origin,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUSTED_PROXIES: '127.0.0.1',
    CDN_PURGE_PROVIDER: 'fastly',
    CDN_PURGE_TOKEN: 'bench-token',
    CDN_PURGE_ZONE: 'bench',
    CDN_PURGE_API_URL: cdn.origin,
  }
  const start = (i: number) =>
    startInstanceProcess({ ...env, HOST: HOSTS[i] as string, PORT: String(ports[i]) })
  instances.push(await start(0))
  instances.push(...(await Promise.all([start(1), start(2)])))
  cleanups.push(async () => {
    for (const instance of instances) instance.child.kill('SIGTERM')
    await Promise.all(instances.map((instance) => instance.exited))
  })
  const { site } = await postJson<{ site: SiteFixture }>(origin, '/test/site', {})

  // 1. Save → purge received.
  const purgeLatency: number[] = []
  const saveLatency: number[] = []
  for (let i = 0; i < saveCount; i++) {
    const path = `/bench/${i}`
    const tag = pathTag(site.id, path)
    const started = performance.now()
    await postJson(origin, '/test/save', { site, path, metadata: { title: `Page ${i}` } })
    saveLatency.push(performance.now() - started)
    await cdn.purged([tag])
    const received = cdn.requests.find((request) => request.tags.includes(tag))
    purgeLatency.push((received?.at ?? performance.now()) - started)
  }
  const p95 = quantile(purgeLatency, 0.95)
  console.log(`\nSave → CDN purge request received (${saveCount} saves through nginx, Fastly API):`)
  console.log(
    `  p50 ${ms(quantile(purgeLatency, 0.5))}, p95 ${ms(p95)}, max ${ms(Math.max(...purgeLatency))}` +
      ` — goal p95 ≤ 2000 ms: ${p95 <= 2000 ? 'met' : 'NOT met'}`,
  )
  console.log(
    `  baseline, the save's own round trip: p50 ${ms(quantile(saveLatency, 0.5))}, p95 ${ms(quantile(saveLatency, 0.95))}` +
      ` (purge p95 / save p95 = ${(p95 / quantile(saveLatency, 0.95)).toFixed(2)}×)`,
  )

  // 2. Throughput through nginx vs straight to one instance, and NOTIFYs per 1,000 reads.
  await postJson(origin, '/test/save', { site, path: '/pricing', metadata: { title: 'Pricing' } })
  const target = getLatestTarget(site.dsn, '/pricing')
  let notifies = 0
  const listener = postgres(databaseUrl.href, { max: 1, onnotice: () => {} })
  await listener.listen(SITE_CHANGED_CHANNEL, () => {
    notifies++
  })
  const measure = async (url: string) => {
    const result = await autocannon({ url, connections: 50, duration })
    if (result.errors > 0 || result.non2xx > 0) {
      throw new Error(`${url}: ${result.errors} errors, ${result.non2xx} non-2xx answers`)
    }
    return { rps: result.requests.average, calls: result.requests.total }
  }
  const direct = instances[0] as InstanceProcess
  await measure(`${direct.origin}${target}`) // warm-up
  const straight: number[] = []
  const balanced: number[] = []
  let calls = 0
  for (let round = 0; round < rounds; round++) {
    const one = await measure(`${direct.origin}${target}`)
    const three = await measure(`${origin}${target}`)
    straight.push(one.rps)
    balanced.push(three.rps)
    calls += one.calls + three.calls
  }
  await listener.end()
  const mean = (values: number[]) => values.reduce((a, b) => a + b, 0) / values.length
  console.log(
    `\nPublic API get-latest, ${rounds} alternating rounds of ${duration} s, 50 connections:`,
  )
  console.log(`  straight to 1 instance: ${Math.round(mean(straight))} req/s`)
  console.log(`  nginx → 3 instances:    ${Math.round(mean(balanced))} req/s`)
  console.log(
    `  ratio (nginx → 3) / (1): ${(mean(balanced) / mean(straight)).toFixed(2)}× on ${(
      await import('node:os')
    ).availableParallelism()} cores shared by nginx, the instances and the load generator`,
  )
  console.log(
    `  NOTIFYs sent during ${calls} get-latest calls: ${notifies} (${((notifies / calls) * 1000).toFixed(3)} per 1,000; goal 0)`,
  )
} finally {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {})
  await admin.unsafe(`drop database if exists "${name}" with (force)`)
  await admin.end()
}
