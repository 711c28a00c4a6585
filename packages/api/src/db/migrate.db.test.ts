import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { sql } from 'drizzle-orm'
import { afterAll, describe, expect, it } from 'vitest'
import { createWorkerDatabase } from '../../test/database.ts'
import type { DatabaseLocation } from '../env.ts'
import { connectDatabase, type Database } from './client.ts'
import { migrate } from './migrate.ts'

const MIGRATIONS_FOLDER = join(import.meta.dirname, '..', '..', 'drizzle')
const journal = JSON.parse(
  readFileSync(join(MIGRATIONS_FOLDER, 'meta', '_journal.json'), 'utf8'),
) as { entries: unknown[] }

const expectedTables = [
  'account',
  'agent_connection',
  'audit_event',
  'change_request',
  'change_request_comment',
  'change_request_review',
  'change_request_reviewer',
  'change_request_rule_edit',
  'change_set',
  'change_set_item',
  'discovered_path',
  'drift_check',
  'drift_result',
  'invitation',
  'jwks',
  'live_check',
  'mail_message',
  'member',
  'metadata_revision',
  'oauth_access_token',
  'oauth_client',
  'oauth_client_assertion',
  'oauth_client_resource',
  'oauth_consent',
  'oauth_refresh_token',
  'oauth_resource',
  'organization',
  'organization_former_slug',
  'page',
  'page_locale',
  'passkey',
  'path_rule',
  'path_rule_revision',
  'publishing_policy',
  'rate_limit',
  'session',
  'site',
  'site_api_key',
  'site_import',
  'site_import_item',
  'subscription',
  'team',
  'team_member',
  'two_factor',
  'usage',
  'user',
  'verification',
  'webhook',
  'webhook_call',
  'webhook_delivery',
  'webhook_message',
]

async function publicTables(db: Database): Promise<string[]> {
  const rows = await db
    .execute(sql`select table_name from information_schema.tables where table_schema = 'public'`)
    .then(rowsOf)
  return rows.map((row) => String(row.table_name)).sort()
}

async function appliedMigrations(db: Database): Promise<number> {
  const [row] = await db
    .execute(sql`select count(*) as count from drizzle.__drizzle_migrations`)
    .then(rowsOf)
  return Number(row?.count)
}

/** postgres.js answers an array of rows, PGlite an object with `rows`. */
function rowsOf(result: unknown): Array<Record<string, unknown>> {
  return Array.isArray(result) ? result : (result as { rows: Array<Record<string, unknown>> }).rows
}

/** A database nobody has touched: a fresh PGlite folder, or a new PostgreSQL database. */
async function freshLocation(): Promise<DatabaseLocation> {
  if (process.env.HEADMARK_TEST_DATABASE === 'postgres') {
    return { kind: 'postgres', url: await createWorkerDatabase() }
  }
  const dataDir = mkdtempSync(join(tmpdir(), 'headmark-pglite-'))
  folders.push(dataDir)
  return { kind: 'pglite', dataDir }
}

const folders: string[] = []
afterAll(() => {
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

describe('migrations', () => {
  it('create every table on an empty database, and apply only once', async () => {
    const location = await freshLocation()
    const connection = await connectDatabase(location)
    expect(await publicTables(connection.db)).toEqual([])

    await migrate({ database: location, MIGRATIONS_FOLDER })
    expect(await publicTables(connection.db)).toEqual(expectedTables)
    expect(await appliedMigrations(connection.db)).toBe(journal.entries.length)

    await migrate({ database: location, MIGRATIONS_FOLDER })
    expect(await appliedMigrations(connection.db)).toBe(journal.entries.length)
    await connection.close()
  })

  it('open one connection per database per process, and reopen after closing', async () => {
    const location = await freshLocation()
    const first = await connectDatabase(location)
    expect(await connectDatabase(location)).toBe(first)
    await migrate({ database: location, MIGRATIONS_FOLDER })
    await first.close()
    await first.close()

    const reopened = await connectDatabase(location)
    expect(reopened).not.toBe(first)
    // The data outlived the connection: the embedded database persists to its folder.
    expect(await publicTables(reopened.db)).toEqual(expectedTables)
    await reopened.close()
    // Migrating an embedded database on disk from nothing takes long on a busy machine.
  }, 120_000)
})
