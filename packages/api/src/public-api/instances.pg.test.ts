import { type ChildProcess, spawn } from 'node:child_process'
import { once } from 'node:events'
import { fileURLToPath } from 'node:url'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { loadServerEnv } from '../env.ts'
import { createHeadmark, type Headmark } from '../headmark.ts'
import { usage } from '../db/schema.ts'
import { testDatabaseUrl } from '../../test/database.ts'
import { createFixtureSite, saveFixtureRevision } from '../../test/public-api-fixtures.ts'
import { getLatestTarget, rawRequest } from '../../test/public-api-server.ts'

// Three server processes on one PostgreSQL database, as in a deployment behind a load balancer.
// (PostgreSQL only: PGlite is one process.)

const packageRoot = fileURLToPath(new URL('../..', import.meta.url))

interface Instance {
  child: ChildProcess
  origin: string
}

async function startInstance(databaseUrl: string): Promise<Instance> {
  const child = spawn(process.execPath, ['--conditions=source', 'test/public-api-instance.ts'], {
    cwd: packageRoot,
    env: { ...process.env, DATABASE_URL: databaseUrl, NODE_ENV: 'test' },
    stdio: ['ignore', 'pipe', 'inherit'],
  })
  let output = ''
  for await (const chunk of child.stdout as AsyncIterable<Buffer>) {
    output += chunk.toString()
    const port = /READY (\d+)/.exec(output)?.[1]
    if (port) return { child, origin: `http://127.0.0.1:${port}` }
  }
  throw new Error(`The instance exited before it was ready: ${output}`)
}

let headmark: Headmark
let instances: Instance[] = []

beforeAll(async () => {
  const databaseUrl = await testDatabaseUrl()
  // Migrates the database once, before the instances start.
  headmark = await createHeadmark(loadServerEnv({ NODE_ENV: 'test', DATABASE_URL: databaseUrl }), {
    log: () => {},
  })
  instances = await Promise.all([1, 2, 3].map(() => startInstance(databaseUrl)))
})

afterAll(async () => {
  for (const { child } of instances) if (child.exitCode === null) child.kill('SIGKILL')
})

async function titleAt(instance: Instance, dsn: string): Promise<unknown> {
  const response = await rawRequest(instance.origin, getLatestTarget(dsn, '/pricing'))
  return (JSON.parse(response.body.toString()) as { metadata: { title?: string } }).metadata.title
}

/** Asks until the instance serves `title` (the test's timeout is the limit); returns the ms it took. */
async function until(instance: Instance, dsn: string, title: string): Promise<number> {
  const started = performance.now()
  while ((await titleAt(instance, dsn)) !== title) {
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
  return performance.now() - started
}

describe('three instances on one PostgreSQL', () => {
  it('serve a save made through one of them, drop everything when their listener reconnects, and flush usage on SIGTERM', async () => {
    const [a, b, c] = instances as [Instance, Instance, Instance]
    const site = await createFixtureSite(headmark.db)
    await saveFixtureRevision(headmark.db, site.id, '/pricing', { title: 'v1' })
    for (const instance of instances) expect(await titleAt(instance, site.dsn)).toBe('v1')

    const saved = await fetch(`${a.origin}/test/save`, {
      method: 'POST',
      body: JSON.stringify({ siteId: site.id, path: '/pricing', metadata: { title: 'v2' } }),
    })
    expect(saved.status).toBe(200)
    expect(await titleAt(a, site.dsn)).toBe('v2')
    const took = [await until(b, site.dsn, 'v2'), await until(c, site.dsn, 'v2')]
    console.info(
      `[instances] B and C served the save after ${took.map(Math.round).join(' and ')} ms`,
    )

    // A write nobody announced stays unseen (the cache answers)…
    await saveFixtureRevision(headmark.db, site.id, '/pricing', { title: 'v3' })
    expect(await titleAt(b, site.dsn)).toBe('v2')
    // …until the listeners lose their connection: on reconnect they drop everything.
    await headmark.db.execute(
      sql`select pg_terminate_backend(pid) from pg_stat_activity
          where datname = current_database() and query ilike 'listen%'`,
    )
    for (const instance of instances) await until(instance, site.dsn, 'v3')

    // Usage is written every 5 seconds and on SIGTERM: the calls made just before the signal are
    // written by the signal (a slow machine may have written earlier calls on the timer).
    const counted = async () => {
      const [row] = await headmark.db
        .select({ count: sql<number>`coalesce(sum(${usage.count}), 0)::int` })
        .from(usage)
      return row?.count ?? 0
    }
    const before = await counted()
    for (const instance of instances) {
      for (let call = 0; call < 3; call++) expect(await titleAt(instance, site.dsn)).toBe('v3')
    }
    for (const { child } of instances) {
      child.kill('SIGTERM')
      const [code] = (await once(child, 'exit')) as [number | null]
      expect(code).toBe(0)
    }
    expect(await counted()).toBeGreaterThanOrEqual(before + 9)
  })
})
