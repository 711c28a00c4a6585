import { mkdtempSync, rmSync } from 'node:fs'
import { get as httpGet } from 'node:http'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { eq, sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { webhookCall } from '../db/schema.ts'
import { loadServerEnv } from '../env.ts'
import { createHeadmark } from '../headmark.ts'
import { testDatabaseUrl } from '../../test/database.ts'
import { postJson, startInstanceProcess } from '../../test/instance-process.ts'
import { getLatestTarget, rawRequest } from '../../test/public-api-server.ts'
import { startReceiver } from '../../test/webhook-fixtures.ts'
import type { SiteFixture } from '../../test/webhook-fixtures.ts'

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

/** The database the instance runs on: a PGlite folder (read after it exits) or a PostgreSQL one. */
async function instanceDatabase(): Promise<{ env: Record<string, string>; url: string | null }> {
  const url = await testDatabaseUrl()
  if (url !== 'pglite:memory') return { env: { DATABASE_URL: url }, url }
  const folder = mkdtempSync(join(tmpdir(), 'headmark-shutdown-'))
  folders.push(folder)
  return { env: { DATA_DIR: folder }, url: null }
}

/** Opens an event stream; `ended` resolves when the server ends it. */
async function openStream(url: string): Promise<{ ended: Promise<void> }> {
  return new Promise((resolve, reject) => {
    const req = httpGet(url, (res) => {
      const ended = new Promise<void>((done) => res.on('end', done).on('close', done))
      res.once('data', () => resolve({ ended }))
      res.resume()
    })
    req.on('error', reject)
  })
}

describe('SIGTERM', () => {
  it('turns the instance not ready while it still serves, lets the request and the webhook attempt in flight finish, ends live streams, writes usage and exits 0', async () => {
    let answered = 0
    const receiver = await startReceiver(async () => {
      await new Promise((resolve) => setTimeout(resolve, 1500))
      answered++
      return Response.json({ ok: true })
    })
    const database = await instanceDatabase()
    const instance = await startInstanceProcess({ ...database.env, SHUTDOWN_DELAY_SECONDS: '1' })
    try {
      expect((await rawRequest(instance.origin, '/readyz')).status).toBe(200)
      const { site, webhookId } = await postJson<{ site: SiteFixture; webhookId: string }>(
        instance.origin,
        '/test/site',
        {
          webhookUrl: receiver.url,
        },
      )
      for (let i = 0; i < 3; i++) {
        expect((await rawRequest(instance.origin, getLatestTarget(site.dsn, '/'))).status).toBe(200)
      }
      await postJson(instance.origin, '/test/save', { site, path: '/', metadata: { title: 'v2' } })
      await receiver.received(1)
      const slow = rawRequest(instance.origin, '/test/slow?ms=1500')
      const stream = await openStream(`${instance.origin}/test/stream`)
      await new Promise((resolve) => setTimeout(resolve, 50))

      const stoppedAt = performance.now()
      instance.child.kill('SIGTERM')
      await new Promise((resolve) => setTimeout(resolve, 200))
      const ready = await rawRequest(instance.origin, '/readyz')
      expect(ready.status).toBe(503)
      expect(JSON.parse(ready.body.toString())).toMatchObject({ shutdown: 'shutting down' })
      expect((await rawRequest(instance.origin, '/healthz')).status).toBe(200)
      // Still serving while the balancer takes it out.
      const served = await rawRequest(instance.origin, getLatestTarget(site.dsn, '/'))
      expect(served.status).toBe(200)
      expect(JSON.parse(served.body.toString())).toMatchObject({ metadata: { title: 'v2' } })

      const finished = await slow
      expect(finished.status).toBe(200)
      expect(finished.body.toString()).toBe('done')
      expect(await instance.exited).toBe(0)
      // The live stream was ended, not waited for until the 25 s limit.
      await stream.ended
      expect(performance.now() - stoppedAt).toBeLessThan(20_000)
      expect(answered).toBe(1)
      await expect(rawRequest(instance.origin, '/healthz')).rejects.toThrow()

      const env = loadServerEnv({
        NODE_ENV: 'test',
        ...(database.url ? { DATABASE_URL: database.url } : database.env),
      })
      const after = await createHeadmark(env, { log: () => {} })
      try {
        const calls = await after.db
          .select({ status: webhookCall.responseStatus })
          .from(webhookCall)
          .where(eq(webhookCall.webhookId, webhookId))
        expect(calls).toEqual([{ status: 200 }])
        const usage = await after.db.execute(
          sql`select coalesce(sum(count), 0)::int as calls from usage
              where organization_id = ${site.organizationId} and kind = 'api_call'`,
        )
        const rows = (Array.isArray(usage) ? usage : (usage as { rows: unknown[] }).rows) as {
          calls: number
        }[]
        expect(rows[0]?.calls).toBe(4)
      } finally {
        if (!database.url) await after.close()
        else await after.webhooks.stop()
      }
    } finally {
      if (instance.child.exitCode === null) instance.child.kill('SIGKILL')
      await receiver.close()
    }
  }, 60_000)
})
