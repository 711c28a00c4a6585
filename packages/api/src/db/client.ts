import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import type { DatabaseLocation } from '../env.ts'
import { createPgListener, type ListenerState } from './listener.ts'
import * as schema from './schema.ts'

/** The drizzle database, whichever driver is underneath (PGlite or postgres.js). */
export type Database = PgDatabase<PgQueryResultHKT, typeof schema>

export interface DatabaseConnection {
  readonly db: Database
  readonly location: DatabaseLocation
  /** The embedded database's client (shared with the webhook queue); null on PostgreSQL. */
  readonly pglite: PGlite | null
  /** Runs `task` before the connection closes (e.g. to let a queue's workers finish). */
  beforeClose(task: () => Promise<void>): void
  /** Applies the SQL migrations in `folder` that have not run yet. */
  migrate(folder: string): Promise<void>
  /**
   * PostgreSQL only (null on PGlite, a single process): `LISTEN channel` on a dedicated
   * connection. `onListen` runs each time the listener is (re)connected, since notifications sent
   * while it was down are lost. `notify` sends on the pool.
   */
  pubsub: {
    listen(
      channel: string,
      onMessage: (payload: string) => void,
      onListen: () => void,
    ): Promise<{ unlisten(): Promise<void> }>
    notify(channel: string, payload: string): Promise<void>
    /** Whether the LISTEN connection is up, and how often it came back. */
    readonly state: ListenerState
  } | null
  /**
   * PostgreSQL only (null on PGlite): the pool's size, and the `application_name` its connections
   * carry (one per process), so that `pg_stat_activity` tells this instance's connections apart.
   */
  pool: { readonly max: number; readonly applicationName: string } | null
  close(): Promise<void>
}

/** The connection a drizzle database came from (to listen, notify or hook its closing). */
export function connectionOf(db: Database): DatabaseConnection {
  const connection = registry.byDatabase.get(db)
  if (!connection) throw new Error('This database was not opened by connectDatabase().')
  return connection
}

// Kept on globalThis so that a module reloaded by vite (dev server, SSR bundle chunks) or a
// second copy of this module still finds the open connection: PGlite can not open one folder
// twice in a process, and a second postgres.js pool would only leak.
interface Registry {
  connections: Map<string, Promise<DatabaseConnection>>
  signalsHooked: boolean
  /** The handlers closeOnSignals installed, so a graceful shutdown can take their place. */
  signalHandlers?: Array<[NodeJS.Signals, () => void]>
  byDatabase: WeakMap<Database, DatabaseConnection>
}
const registryKey = Symbol.for('headmark.api.database-connections')
const registry: Registry = ((globalThis as Record<symbol, unknown>)[registryKey] as
  Registry | undefined) ?? {
  connections: new Map(),
  signalsHooked: false,
  byDatabase: new WeakMap(),
}
registry.byDatabase ??= new WeakMap()
;(globalThis as Record<symbol, unknown>)[registryKey] = registry

function keyOf(location: DatabaseLocation): string {
  if (location.kind === 'postgres') return location.url
  return location.dataDir === null ? 'pglite:memory' : `pglite:${location.dataDir}`
}

/**
 * Opens the database at `location`, once per process: later calls with the same location get the
 * same connection. The connection closes on SIGTERM/SIGINT so the process can exit.
 */
export function connectDatabase(location: DatabaseLocation): Promise<DatabaseConnection> {
  const key = keyOf(location)
  let connection = registry.connections.get(key)
  if (!connection) {
    connection = open(location, () => registry.connections.delete(key))
    registry.connections.set(key, connection)
    connection.catch(() => registry.connections.delete(key))
    closeOnSignals()
  }
  return connection
}

/** Closes every connection this process opened. */
export async function closeAllDatabases(): Promise<void> {
  const open = [...registry.connections.values()]
  await Promise.allSettled(open.map(async (connection) => (await connection).close()))
}

async function open(location: DatabaseLocation, forget: () => void): Promise<DatabaseConnection> {
  let closing: Promise<void> | undefined
  const tasks: Array<() => Promise<void>> = []
  const beforeClose = (task: () => Promise<void>) => void tasks.push(task)
  const once = (close: () => Promise<void>) => () => {
    forget()
    closing ??= (async () => {
      await Promise.allSettled(tasks.splice(0).map((task) => task()))
      await close()
    })()
    return closing
  }
  const remember = (connection: DatabaseConnection) => {
    registry.byDatabase.set(connection.db, connection)
    return connection
  }

  if (location.kind === 'postgres') {
    const directUrl = location.directUrl ?? location.url
    const pooled = directUrl !== location.url
    const max = location.poolMax ?? 10
    const applicationName = `headmark-${process.pid}`
    // Notices such as "schema already exists, skipping" from the migrator are noise in the log.
    const client = postgres(location.url, {
      max,
      onnotice: () => {},
      // A transaction-mode pooler (PgBouncer) hands each transaction to any server connection:
      // a statement prepared on one is unknown on the next.
      ...(pooled ? { prepare: false } : {}),
      connection: { application_name: applicationName },
    })
    const db = drizzlePostgres({ client, schema })
    // LISTEN needs a session of its own: straight to PostgreSQL, never through the pooler.
    const listener = createPgListener(directUrl)
    return remember({
      db,
      location,
      pglite: null,
      beforeClose,
      migrate: async (migrationsFolder) => {
        // Migrations take an advisory lock and run DDL: on the session connection.
        const direct = pooled ? postgres(directUrl, { max: 1, onnotice: () => {} }) : client
        try {
          await migratePostgres(drizzlePostgres({ client: direct, schema }), { migrationsFolder })
        } finally {
          if (direct !== client) await direct.end({ timeout: 5 })
        }
      },
      pubsub: {
        listen: (channel, onMessage, onListen) => listener.listen(channel, onMessage, onListen),
        notify: async (channel, payload) => void (await client.notify(channel, payload)),
        state: listener,
      },
      pool: { max, applicationName },
      close: once(async () => {
        await listener.close()
        await client.end({ timeout: 5 })
      }),
    })
  }

  if (location.dataDir !== null) mkdirSync(location.dataDir, { recursive: true })
  const client = await PGlite.create(location.dataDir ?? undefined)
  const db = drizzlePglite({ client, schema })
  return remember({
    db,
    location,
    pglite: client,
    beforeClose,
    migrate: (migrationsFolder) => migratePglite(db, { migrationsFolder }),
    pubsub: null,
    pool: null,
    close: once(() => client.close()),
  })
}

function closeOnSignals(): void {
  if (registry.signalsHooked) return
  registry.signalsHooked = true
  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    const onSignal = async () => {
      await closeAllDatabases()
      // Listening to a signal replaces Node's default exit. When nobody else (e.g. the HTTP
      // server's graceful shutdown) is listening, restore the default and re-raise it.
      if (process.listenerCount(signal) === 1) {
        process.off(signal, onSignal)
        process.kill(process.pid, signal)
      }
    }
    process.on(signal, onSignal)
    ;(registry.signalHandlers ??= []).push([signal, onSignal])
  }
}

/**
 * Hands SIGTERM/SIGINT to the caller (a server's graceful shutdown): the database then stays open
 * until the caller closes it, after requests and jobs in flight have finished.
 */
export function releaseSignals(): void {
  registry.signalsHooked = true
  for (const [signal, handler] of registry.signalHandlers?.splice(0) ?? []) {
    process.off(signal, handler)
  }
}
