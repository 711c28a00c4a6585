import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../../test/database.ts'
import { driftPeople, startDriftFixture } from '../../test/drift-fixtures.ts'
import {
  type InstanceProcess,
  postJson,
  sleep,
  startInstanceProcess,
  until,
} from '../../test/instance-process.ts'
import { type SiteFixture, startReceiver } from '../../test/webhook-fixtures.ts'
import { CRAWLER_AGENTS } from './drift.ts'

// PostgreSQL only (two server processes on one database): a drift check of 1,000 pages survives
// its server being killed (SIGKILL) mid-check. The instance started after it finishes the check
// without fetching again a page and crawler whose result was stored, and sends the check's
// alert — one `metadata_drift` webhook message, delivered once, and one e-mail to each owner and
// admin — exactly once.

const PAGES = 1000

describe('a drift check across SIGKILL', () => {
  it('finishes on the restarted instance without fetching again what was stored, and alerts once', async () => {
    const fixture = await startDriftFixture({ delayMs: 2 })
    const receiver = await startReceiver()
    const url = await testDatabaseUrl()
    const db = postgres(url, { max: 1, onnotice: () => {} })
    const env = {
      DATABASE_URL: url,
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
      CRAWLER_SITE_ORIGINS: `localhost=${fixture.origin}`,
      CRAWLER_CONCURRENCY_PER_HOST: '8',
      CRAWLER_REQUESTS_PER_SECOND: '1000',
      DRIFT_CHECK_HOURS: '0',
      DRIFT_MAX_PAGES: String(PAGES),
    }
    const first = await startInstanceProcess(env)
    let second: InstanceProcess | undefined
    try {
      const { site } = await postJson<{ site: SiteFixture }>(first.origin, '/test/drift-site', {
        pages: PAGES,
        webhookUrl: receiver.url,
      })
      const { id } = await postJson<{ id: string }>(first.origin, '/test/drift-check', {
        siteId: site.id,
      })
      const check = async () =>
        (
          await db<Array<{ state: string; result_count: number; alerted_at: Date | null }>>`
            select state, result_count, alerted_at from drift_check where id = ${id}`
        )[0]
      // Killed once a fifth of the pages are stored: really mid-way.
      await until(check, (row) => (row?.result_count ?? 0) >= (PAGES * 8) / 5, 120_000)
      first.child.kill('SIGKILL')
      expect(await first.exited).toBeNull()
      const stored = await db<Array<{ path: string; agent: string }>>`
        select path, agent from drift_result where check_id = ${id}`
      expect(stored.length).toBeLessThan(PAGES * 8)
      expect(await check()).toMatchObject({ state: 'running', alerted_at: null })

      second = await startInstanceProcess(env)
      await until(check, (row) => row?.state === 'done', 180_000)
      const [summary] = await db`
        select checked_count, drifting_count, result_count from drift_check where id = ${id}`
      expect(summary).toEqual({
        checked_count: PAGES,
        drifting_count: PAGES / 10,
        result_count: PAGES * 8,
      })
      // What was stored before the kill was fetched once; every page, as every crawler, at least once.
      const userAgentOf = new Map<string, string>(
        CRAWLER_AGENTS.map((agent) => [agent.id, agent.userAgent]),
      )
      const hitsOf = (path: string, agent: string) =>
        [...fixture.hits].filter(([key]) => key.startsWith(`${path} ${userAgentOf.get(agent)} `))
      for (const { path, agent } of stored) {
        expect(
          hitsOf(path, agent).map(([, count]) => count),
          `${path} ${agent}`,
        ).toEqual([1])
      }
      const fetched = [...fixture.hits.values()].reduce((sum, count) => sum + count, 0)
      // Only what was in flight when the process died is fetched twice.
      expect(fetched).toBeGreaterThanOrEqual(PAGES * 8)
      expect(fetched - PAGES * 8).toBeLessThanOrEqual(8 * 8)

      // The alert: one webhook message, delivered once; one e-mail to the owner and one to the admin.
      await until(
        async () =>
          receiver.requests.filter((request) => request.body.includes('"metadata_drift"')).length,
        (count) => count >= 1,
        60_000,
      )
      const mails = async () =>
        db<Array<{ to: string; n: number }>>`
          select "to", count(*)::int as n from mail_message
          where subject like 'localhost:%' group by "to" order by "to"`
      await until(mails, (rows) => rows.length >= 2, 60_000)
      // Both instances' queue workers poll a while longer: nothing is sent twice.
      await sleep(5000)
      expect(await mails()).toEqual([
        { to: driftPeople.admin, n: 1 },
        { to: driftPeople.owner, n: 1 },
      ])
      const messages = await db<Array<{ started: number }>>`
        select jsonb_array_length(payload->'started') as started from webhook_message
        where site_id = ${site.id} and type = 'metadata_drift'`
      expect(messages).toEqual([{ started: PAGES / 10 }])
      expect(
        receiver.requests.filter((request) => request.body.includes('"metadata_drift"')),
      ).toHaveLength(1)
    } finally {
      if (first.child.exitCode === null && first.child.signalCode === null) {
        first.child.kill('SIGKILL')
      }
      if (second) {
        second.child.kill('SIGTERM')
        await second.exited
      }
      await db.end()
      await receiver.close()
      await fixture.close()
    }
  }, 400_000)
})
