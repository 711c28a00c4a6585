import type { ServerEnv } from '../env.ts'
import { connectDatabase } from './client.ts'

/**
 * Applies the committed SQL migrations (packages/api/drizzle, or MIGRATIONS_FOLDER) to the
 * database the environment points at. Safe to run repeatedly: applied migrations are skipped.
 *
 * @example
 * await migrate(loadServerEnv(process.env))
 */
export async function migrate(
  env: Pick<ServerEnv, 'database' | 'MIGRATIONS_FOLDER'>,
): Promise<void> {
  const connection = await connectDatabase(env.database)
  await connection.migrate(env.MIGRATIONS_FOLDER)
}

/** Says where the database is, for log lines; never prints a password. */
export function describeDatabase(env: Pick<ServerEnv, 'database'>): string {
  const { database } = env
  if (database.kind === 'pglite') {
    return database.dataDir === null ? 'in-memory PGlite' : `PGlite at ${database.dataDir}`
  }
  const url = new URL(database.url)
  url.password = ''
  return `PostgreSQL at ${url.host}${url.pathname}`
}
