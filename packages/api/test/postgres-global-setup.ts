import { randomBytes } from 'node:crypto'
import postgres from 'postgres'
import type { TestProject } from 'vitest/node'

declare module 'vitest' {
  export interface ProvidedContext {
    postgresAdminUrl: string
    postgresDatabasePrefix: string
  }
}

/**
 * Gives this run a unique database-name prefix; each worker creates its own database under it
 * (test/database.ts). Afterwards every database with the prefix is dropped, so parallel and
 * repeated runs never see each other's data.
 */
export default function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL
  if (!adminUrl) throw new Error('TEST_DATABASE_URL must be set for the postgres project.')
  const prefix = `headmark_test_${randomBytes(4).toString('hex')}`
  project.provide('postgresAdminUrl', adminUrl)
  project.provide('postgresDatabasePrefix', prefix)

  return async () => {
    const sql = postgres(adminUrl, { max: 1, onnotice: () => {} })
    try {
      const rows = await sql<{ datname: string }[]>`
        select datname from pg_database where datname like ${`${prefix}\\_%`}`
      for (const { datname } of rows) {
        await sql.unsafe(`drop database if exists "${datname}" with (force)`)
      }
    } finally {
      await sql.end()
    }
  }
}
