import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../../test/database.ts'
import {
  type InstanceProcess,
  postJson,
  startInstanceProcess,
} from '../../test/instance-process.ts'
import { getLatestTarget, rawRequest } from '../../test/public-api-server.ts'
import { freePort, type Service, startNginx, startPgBouncer } from '../../test/topology.ts'
import { type Receiver, type SiteFixture, startReceiver } from '../../test/webhook-fixtures.ts'

// The README's "Running several instances", for real: three instances whose queries go through
// PgBouncer in transaction mode (each with its one direct session connection for LISTEN and the
// queue), nginx balancing over them. While reads, saves, webhooks and sign-ins go through nginx,
// one instance is SIGKILLed and restarted. (PostgreSQL only.)

const HOSTS = ['127.0.0.2', '127.0.0.3', '127.0.0.4'] as const

let databaseUrl: string
let pgbouncer: Service
let nginx: Service
let receiver: Receiver
let env: Record<string, string>
const ports: number[] = []
const instances: Array<InstanceProcess | null> = []
let origin: string

beforeAll(async () => {
  databaseUrl = await testDatabaseUrl()
  pgbouncer = await startPgBouncer(databaseUrl, 8)
  const pooled = new URL(databaseUrl)
  pooled.host = `127.0.0.1:${pgbouncer.port}`
  for (const host of HOSTS) ports.push(await freePort(host))
  nginx = await startNginx(HOSTS.map((host, i) => `${host}:${ports[i]}`))
  origin = `http://127.0.0.1:${nginx.port}`
  receiver = await startReceiver()
  env = {
    DATABASE_URL: pooled.href,
    DATABASE_DIRECT_URL: databaseUrl,
    DATABASE_POOL_MAX: '4',
    BETTER_AUTH_URL: origin,
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
    TRUSTED_PROXIES: '127.0.0.1',
    RATE_LIMIT: 'on',
  }
  // The first applies the migrations; the others find them applied.
  instances.push(await start(0))
  instances.push(...(await Promise.all([start(1), start(2)])))
}, 120_000)

afterAll(async () => {
  await Promise.all(
    instances.map(async (instance) => {
      if (!instance || instance.child.exitCode !== null) return
      instance.child.kill('SIGTERM')
      await instance.exited
    }),
  )
  await nginx?.stop()
  await pgbouncer?.stop()
  await receiver?.close()
})

function start(index: number): Promise<InstanceProcess> {
  return startInstanceProcess({
    ...env,
    HOST: HOSTS[index] as string,
    PORT: String(ports[index]),
  })
}

const titleAt = async (at: string, dsn: string) => {
  const response = await rawRequest(at, getLatestTarget(dsn, '/pricing'))
  if (response.status !== 200) return `status ${response.status}`
  return (JSON.parse(response.body.toString()) as { metadata: { title?: string } }).metadata.title
}

describe('three instances behind nginx, on PostgreSQL through PgBouncer', () => {
  it('lose and double nothing, serve no stale answer, share sign-in limits and show no errors but the killed instance’s', async () => {
    for (const instance of instances) {
      expect((await rawRequest(instance?.origin as string, '/readyz')).status).toBe(200)
    }
    const { site } = await postJson<{ site: SiteFixture }>(origin, '/test/site', {
      webhookUrl: receiver.url,
    })
    await postJson(origin, '/test/save', { site, path: '/pricing', metadata: { title: 'v0' } })

    const errors: string[] = []
    let reads = 0
    let stop = false
    let killedAt = 0
    let killed: number | null = null
    let maxLagMs = 0
    let saves = 0

    // Public API reads through nginx, one after the other, all along.
    const readLoop = (async () => {
      while (!stop) {
        const response = await rawRequest(origin, getLatestTarget(site.dsn, '/pricing')).catch(
          (error: Error) => ({ status: 0, body: Buffer.from(error.message) }),
        )
        reads++
        if (response.status !== 200) errors.push(`read: ${response.status}`)
      }
    })()

    // Saves through nginx; after each, every live instance must serve it (no stale answer).
    const saveLoop = (async () => {
      for (let i = 1; !stop; i++) {
        const title = `v${i}`
        const saved = await fetch(`${origin}/test/save`, {
          method: 'POST',
          body: JSON.stringify({ site, path: '/pricing', metadata: { title } }),
        }).catch(() => null)
        if (!saved?.ok) {
          // Only a save in flight on the instance killed at that moment may fail.
          errors.push(
            `save ${title}: ${saved?.status ?? 'no answer'} ${Date.now() - killedAt} ms after the kill`,
          )
          continue
        }
        saves++
        const savedAt = performance.now()
        for (const [index, instance] of instances.entries()) {
          if (!instance || index === killed) continue
          // An instance killed while it is asked is not asked again (its read fails, and it no
          // longer counts); a live instance that fails to answer keeps being asked until 2 s.
          while (
            index !== killed &&
            (await titleAt(instance.origin, site.dsn).catch(() => null)) !== title
          ) {
            if (performance.now() - savedAt > 2_000) {
              errors.push(`instance ${index} still served an older answer 2 s after ${title}`)
              break
            }
            await new Promise((resolve) => setTimeout(resolve, 5))
          }
          maxLagMs = Math.max(maxLagMs, performance.now() - savedAt)
        }
        await new Promise((resolve) => setTimeout(resolve, 50))
      }
    })()

    await new Promise((resolve) => setTimeout(resolve, 1_500))
    killed = 1
    killedAt = Date.now()
    instances[1]?.child.kill('SIGKILL')
    await instances[1]?.exited
    instances[1] = null
    await new Promise((resolve) => setTimeout(resolve, 1_000))
    instances[1] = await start(1)
    killed = null
    await new Promise((resolve) => setTimeout(resolve, 1_500))
    stop = true
    await Promise.all([readLoop, saveLoop])

    // Sign-in limits hold across instances: nginx spreads the attempts, the counts are shared.
    const signIn = async (email: string, forwardedFor?: string) => {
      const response = await fetch(`${origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          origin,
          ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}),
        },
        body: JSON.stringify({ email, password: 'not the password' }),
      })
      return response.status
    }
    const address = `198.51.100.${1 + ((randomBytes(1)[0] as number) % 200)}`
    // Per client address (better-auth's limit on /sign-in/email: 3 in 10 s).
    const perAddress: number[] = []
    for (let i = 0; i < 6; i++)
      perAddress.push(await signIn(`a${i}-${address}@example.com`, address))
    expect(perAddress).toEqual([401, 401, 401, 429, 429, 429])
    // Per account, whatever the address (Headmark's limit: 5 wrong passwords in 15 minutes).
    const email = `nobody-${randomBytes(4).toString('hex')}@example.com`
    const perAccount: number[] = []
    for (let i = 0; i < 7; i++) perAccount.push(await signIn(email, `203.0.113.${10 + i}`))
    expect(perAccount).toEqual([401, 401, 401, 401, 401, 429, 429])

    // Every committed save reached the receiver; a message came twice only if the killed
    // instance was sending it when it died.
    const direct = postgres(databaseUrl, { max: 1, onnotice: () => {} })
    try {
      const messages = await direct<{ id: string }[]>`
        select id from webhook_message where site_id = ${site.id}`
      const expected = new Set(messages.map((row) => row.id))
      const deadline = Date.now() + 45_000
      const received = () => new Set(receiver.requests.map((r) => r.headers.get('webhook-id')))
      while ([...expected].some((id) => !received().has(id)) && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 100))
      }
      expect([...expected].filter((id) => !received().has(id))).toEqual([])
      const counts = new Map<string, number>()
      for (const request of receiver.requests) {
        const id = request.headers.get('webhook-id') as string
        counts.set(id, (counts.get(id) ?? 0) + 1)
      }
      const doubled = [...counts].filter(([, count]) => count > 1)
      expect(doubled.length).toBeLessThanOrEqual(1)
      // A save that got no answer (killed in flight) may or may not have committed.
      const unanswered = errors.filter((error) => error.startsWith('save')).length
      expect(messages.length).toBeGreaterThanOrEqual(saves + 1)
      expect(messages.length).toBeLessThanOrEqual(saves + 1 + unanswered)
      console.info(
        `[topology] ${reads} reads, ${saves} saves, ${messages.length} messages delivered` +
          ` (${doubled.length} twice), slowest instance served a save after ${Math.round(maxLagMs)} ms;` +
          ` errors: ${errors.length ? errors.join('; ') : 'none'}`,
      )
    } finally {
      await direct.end()
    }
    expect(errors.filter((error) => !error.startsWith('save'))).toEqual([])
    expect(errors.length).toBeLessThanOrEqual(1)
  })
})
