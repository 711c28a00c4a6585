import { randomBytes } from 'node:crypto'
import { getTableName, is, sql } from 'drizzle-orm'
import { PgTable } from 'drizzle-orm/pg-core'
import postgres from 'postgres'
import { inject } from 'vitest'
import type { Database } from '../src/db/client.ts'
import * as schema from '../src/db/schema.ts'

const workerKey = Symbol.for('headmark.api.test-database-url')

/**
 * The DATABASE_URL this test worker uses: in-memory PGlite, or — in the postgres project — a
 * database of its own created under the run's prefix (dropped by the global teardown). The same
 * worker reuses it across test files.
 */
export function testDatabaseUrl(): Promise<string> {
  if (process.env.HEADMARK_TEST_DATABASE !== 'postgres') return Promise.resolve('pglite:memory')
  const store = globalThis as Record<symbol, Promise<string> | undefined>
  store[workerKey] ??= createWorkerDatabase()
  return store[workerKey]
}

/** A brand-new, empty PostgreSQL database for this run (dropped by the global teardown). */
export async function createWorkerDatabase(): Promise<string> {
  const adminUrl = inject('postgresAdminUrl')
  const name = `${inject('postgresDatabasePrefix')}_${randomBytes(4).toString('hex')}`
  const admin = postgres(adminUrl, { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`create database "${name}"`)
  } finally {
    await admin.end()
  }
  const url = new URL(adminUrl)
  url.pathname = `/${name}`
  return url.href
}

/**
 * Kept between tests: the instance's own configuration, written once when better-auth starts
 * (the MCP resource tokens are bound to, the keys that sign them), as a real instance keeps it.
 */
const INSTANCE_TABLES = new Set(['oauth_resource', 'jwks'])

const tables = Object.values(schema)
  .filter((value) => is(value, PgTable))
  .filter((table) => !INSTANCE_TABLES.has(getTableName(table)))

/** Empties every table, so each test starts from a fresh database without reopening it. */
export async function resetDatabase(db: Database): Promise<void> {
  const names = tables.map((table) => `"${getTableName(table)}"`).join(', ')
  // The truncate takes every table's exclusive lock in turn while the webhook engine's periodic
  // look at the queue may hold a share lock on one and want the next: PostgreSQL then ends one
  // of the two as a deadlock. The engine's look is retried by the engine; the truncate is here.
  for (let attempt = 1; ; attempt++) {
    try {
      await db.execute(sql.raw(`truncate ${names} cascade`))
      break
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code
      if (code !== '40P01' || attempt >= 5) throw error
    }
  }
  // Queued webhook attempts live in pg-boss's own schema: a test must not inherit another's.
  await db.execute(
    sql.raw(
      `do $$ begin if to_regclass('pgboss.job') is not null then delete from pgboss.job; end if; end $$`,
    ),
  )
}
