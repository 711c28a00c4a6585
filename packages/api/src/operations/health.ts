import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import type { Database, DatabaseConnection } from '../db/client.ts'

/** One part readiness depends on: `ok`, or a short reason (never an error's text: no secrets). */
export type CheckResult = 'ok' | string

/** What `/readyz` answers. */
export interface Readiness {
  ready: boolean
  checks: {
    database: CheckResult
    migrations: CheckResult
    queue: CheckResult
    listener: CheckResult
    shutdown: CheckResult
  }
}

export interface HealthOptions {
  db: Database
  connection: Pick<DatabaseConnection, 'pubsub'>
  /** The SQL migrations this build ships (the folder `migrate` applied). */
  migrationsFolder: string
  /** True once the job queue (pg-boss) has started; false before and after it stops. */
  queueStarted(): boolean
  /** How long the database may take to answer before it counts as unreachable. */
  timeoutMs?: number
}

export interface Health {
  /** Checks every part the instance needs to serve; one check at a time, shared by concurrent probes. */
  readiness(): Promise<Readiness>
  /** From now on the instance is not ready (it is shutting down); it may still be alive. */
  drain(): void
  readonly draining: boolean
}

/**
 * Liveness and readiness of one instance. Ready means: the database answers (within
 * `timeoutMs`), every migration this build ships is applied, the job queue has started, the
 * LISTEN connection is up (PostgreSQL), and the instance is not shutting down.
 */
export function createHealth(options: HealthOptions): Health {
  const { db, connection, queueStarted } = options
  const timeoutMs = options.timeoutMs ?? 800
  const latestMigration = latestMigrationOf(options.migrationsFolder)
  let draining = false
  let running: Promise<Readiness> | null = null

  async function database(): Promise<{ database: CheckResult; migrations: CheckResult }> {
    let timer: NodeJS.Timeout | undefined
    const timeout = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs)
    })
    const query = db
      .execute(sql`select max(created_at)::text as applied from drizzle.__drizzle_migrations`)
      .then((result) => {
        const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as {
          applied: string | null
        }[]
        return Number(rows[0]?.applied ?? 0)
      })
    try {
      const applied = await Promise.race([query, timeout])
      if (applied === 'timeout') {
        query.catch(() => {})
        return { database: `no answer within ${timeoutMs} ms`, migrations: 'unknown' }
      }
      return {
        database: 'ok',
        migrations:
          applied >= latestMigration ? 'ok' : 'pending: run the migrations (npm run db:migrate)',
      }
    } catch {
      return { database: 'unreachable', migrations: 'unknown' }
    } finally {
      clearTimeout(timer)
    }
  }

  async function check(): Promise<Readiness> {
    const { database: databaseCheck, migrations } = await database()
    const listener = connection.pubsub
      ? connection.pubsub.state.connected
        ? 'ok'
        : 'disconnected: reconnecting'
      : 'ok'
    const checks = {
      database: databaseCheck,
      migrations,
      queue: queueStarted() ? 'ok' : 'not started',
      listener,
      shutdown: draining ? 'shutting down' : 'ok',
    }
    return { ready: Object.values(checks).every((value) => value === 'ok'), checks }
  }

  return {
    readiness() {
      running ??= check().finally(() => {
        running = null
      })
      return running
    },
    drain() {
      draining = true
    },
    get draining() {
      return draining
    },
  }
}

/** The `when` of the newest migration in drizzle's journal: what `created_at` holds once applied. */
function latestMigrationOf(folder: string): number {
  const journal = JSON.parse(readFileSync(join(folder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[]
  }
  return Math.max(0, ...journal.entries.map((entry) => entry.when))
}
