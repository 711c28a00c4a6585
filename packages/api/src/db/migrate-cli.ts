// `npm run db:migrate`: applies pending migrations to the database DATABASE_URL points at.
import { loadServerEnv } from '../env.ts'
import { closeAllDatabases } from './client.ts'
import { describeDatabase, migrate } from './migrate.ts'

const env = loadServerEnv(process.env)
const started = performance.now()
try {
  await migrate(env)
  const ms = Math.round(performance.now() - started)
  console.info(`db:migrate: ${describeDatabase(env)} is up to date (${ms} ms)`)
} finally {
  await closeAllDatabases()
}
