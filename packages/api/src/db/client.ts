import { mkdirSync } from 'node:fs'
import { PGlite } from '@electric-sql/pglite'
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core'
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite'
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator'
import { drizzle as drizzlePostgres } from 'drizzle-orm/postgres-js'
import { migrate as migratePostgres } from 'drizzle-orm/postgres-js/migrator'
import postgres from 'postgres'
import type { DatabaseLocation } from '../env.ts'
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
  } | null
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
    // Notices such as "schema already exists, skipping" from the migrator are noise in the log.
    const client = postgres(location.url, { max: 10, onnotice: () => {} })
    const db = drizzlePostgres({ client, schema })
    return remember({
      db,
      location,
      pglite: null,
      beforeClose,
      migrate: (migrationsFolder) => migratePostgres(db, { migrationsFolder }),
      pubsub: {
        // postgres.js keeps LISTEN on a connection of its own and re-listens after a reconnect.
        listen: (channel, onMessage, onListen) => client.listen(channel, onMessage, onListen),
        notify: async (channel, payload) => void (await client.notify(channel, payload)),
      },
      close: once(() => client.end({ timeout: 5 })),
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
  }
}
