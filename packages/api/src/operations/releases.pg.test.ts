import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testDatabaseUrl } from '../../test/database.ts'
import {
  type InstanceProcess,
  postJson,
  sleep,
  startInstanceProcess,
  until,
} from '../../test/instance-process.ts'
import { type Receiver, type SiteFixture, startReceiver } from '../../test/webhook-fixtures.ts'
import { RELEASE_QUEUE } from './releases.ts'

// PostgreSQL only: a scheduled release is published exactly once by two server processes on one
// database, and by the survivor when the process holding it is SIGKILLed mid-release.

let sql: postgres.Sql
let receiver: Receiver
let env: Record<string, string>
const running: InstanceProcess[] = []

beforeAll(async () => {
  const url = await testDatabaseUrl()
  sql = postgres(url, { max: 2, onnotice: () => {} })
  receiver = await startReceiver()
  env = {
    DATABASE_URL: url,
    WEBHOOKS_ALLOW_LOOPBACK: 'true',
    // Every instance opens the webhooks' secrets with the same key.
    BETTER_AUTH_SECRET: randomBytes(32).toString('base64url'),
  }
}, 60_000)

afterAll(async () => {
  for (const instance of running) {
    if (instance.child.exitCode === null && instance.child.signalCode === null) {
      instance.child.kill('SIGTERM')
      await instance.exited
    }
  }
  await receiver?.close()
  await sql?.end()
})

async function start(): Promise<InstanceProcess> {
  const instance = await startInstanceProcess(env)
  running.push(instance)
  return instance
}

const statusOf = async (id: string) =>
  (await sql`select status from change_request where id = ${id}`)[0]?.status as string

/** The revisions the release wrote (one per page it changed). */
async function releasedRevisions(id: string) {
  return sql`
    select p.path, count(*)::int as count from metadata_revision r
    join page p on p.id = r.page_id
    join change_request c on c.change_set_id = r.change_set_id
    where c.id = ${id} group by p.path order by p.path`
}

/** Webhook messages announcing a released title, per path. */
async function releasedMessages(siteId: string) {
  return sql`
    select payload->>'path' as path, count(*)::int as count from webhook_message
    where site_id = ${siteId} and payload->'metadata'->>'title' like 'Released %'
    group by 1 order by 1`
}

describe('scheduled releases across instances', () => {
  it('two instances publish a release scheduled a second ahead exactly once, with one webhook message per page', async () => {
    const [a, b] = [await start(), await start()]
    const { site } = await postJson<{ site: SiteFixture }>(a.origin, '/test/site', {
      webhookUrl: receiver.url,
    })
    const { id } = await postJson<{ id: string }>(b.origin, '/test/release', {
      site,
      paths: ['/a', '/b', '/c'],
      inMs: 1000,
    })
    expect(await statusOf(id)).toBe('scheduled')
    await until(
      () => statusOf(id),
      (status) => status === 'published',
      30_000,
    )
    // Both instances keep polling the queue a while longer: nothing runs twice.
    await sleep(3000)
    expect(await releasedRevisions(id)).toEqual([
      { path: '/a', count: 1 },
      { path: '/b', count: 1 },
      { path: '/c', count: 1 },
    ])
    expect(await releasedMessages(site.id)).toEqual([
      { path: '/a', count: 1 },
      { path: '/b', count: 1 },
      { path: '/c', count: 1 },
    ])
    const jobs = await sql`
      select state from pgboss.job where name = ${RELEASE_QUEUE} and data->>'changeRequestId' = ${id}`
    expect(jobs.map((job) => job.state)).toEqual(['completed'])
  }, 90_000)

  it('the instance holding a release is SIGKILLed mid-release: another publishes it once', async () => {
    for (const instance of running.splice(0)) {
      instance.child.kill('SIGTERM')
      await instance.exited
    }
    const first = await start()
    const { site } = await postJson<{ site: SiteFixture }>(first.origin, '/test/site', {
      webhookUrl: receiver.url,
    })
    const { id } = await postJson<{ id: string }>(first.origin, '/test/release', {
      site,
      paths: ['/x', '/y'],
      inMs: 1000,
    })
    // Hold the request's row: the instance that takes the release waits inside its publishing
    // transaction, holding the job.
    await sql.begin(async (tx) => {
      await tx`select id from change_request where id = ${id} for update`
      await until(
        async () =>
          (
            await tx`select state from pgboss.job where name = ${RELEASE_QUEUE}
              and data->>'changeRequestId' = ${id}`
          )[0]?.state as string,
        (state) => state === 'active',
        30_000,
      )
      first.child.kill('SIGKILL')
      expect(await first.exited).toBeNull()
    })
    expect(await statusOf(id)).toBe('scheduled')
    expect(await releasedRevisions(id)).toEqual([])

    // A new instance takes the release over once the dead one's claim has expired.
    await start()
    await until(
      () => statusOf(id),
      (status) => status === 'published',
      60_000,
    )
    expect(await releasedRevisions(id)).toEqual([
      { path: '/x', count: 1 },
      { path: '/y', count: 1 },
    ])
    expect(await releasedMessages(site.id)).toEqual([
      { path: '/x', count: 1 },
      { path: '/y', count: 1 },
    ])
  }, 120_000)
})
