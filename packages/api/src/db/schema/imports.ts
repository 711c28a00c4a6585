import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Metadata } from '@headmark/metadata'
import { organization, user } from './auth.ts'
import { changeSet } from './change-sets.ts'
import { createdAt } from './columns.ts'
import { site } from './sites.ts'

/** Where an import finds its URLs, as stored (the sitemap's address, or the pasted list's size). */
export type SiteImportSource =
  | { kind: 'sitemap'; origin: string; sitemapUrl: string | null }
  | { kind: 'urls'; count: number }
  | { kind: 'url'; url: string }

/** A tag of an imported head that Headmark's metadata object has no field for. */
export interface ImportedUnmappedTag {
  html: string
  reason: string
}

/**
 * One import of a live site's pages (a durable job on the queue): discovery stores the URLs as
 * items, fetching stores each page's head as it arrives, and the end turns new paths into pages
 * and existing ones into one pending change set.
 */
export const siteImport = pgTable(
  'site_import',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    startedById: text('started_by_id').references(() => user.id, { onDelete: 'set null' }),
    source: jsonb('source').$type<SiteImportSource>().notNull(),
    headSource: text('head_source', { enum: ['html', 'yoast', 'rankmath'] }).notNull(),
    state: text('state', { enum: ['queued', 'running', 'cancelled', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Why a failed import failed, in words a person can act on. */
    error: text('error'),
    /** Pages at most, fixed at the start from the plan's page quota. */
    pageCap: integer('page_cap').notNull(),
    foundCount: integer('found_count').notNull().default(0),
    fetchedCount: integer('fetched_count').notNull().default(0),
    failedCount: integer('failed_count').notNull().default(0),
    skippedCount: integer('skipped_count').notNull().default(0),
    /** Pages created (first revision source `import`). */
    createdCount: integer('created_count').notNull().default(0),
    /** When discovery finished: the items are all stored. */
    discoveredAt: timestamp('discovered_at', { withTimezone: true }),
    /** When the current run began, and how many items were done then (for the ETA). */
    runStartedAt: timestamp('run_started_at', { withTimezone: true }),
    doneAtRunStart: integer('done_at_run_start').notNull().default(0),
    /** The pending change set of the pages that already existed. */
    changeSetId: text('change_set_id').references(() => changeSet.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('site_import_site_created_idx').on(table.siteId, table.createdAt, table.id)],
)

/** One URL of an import, and what came of it. */
export const siteImportItem = pgTable(
  'site_import_item',
  {
    id: text('id').primaryKey(),
    importId: text('import_id')
      .notNull()
      .references(() => siteImport.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    /** `normalizePath` of the URL's path: the page the SDK asks for. */
    path: text('path').notNull(),
    status: text('status', { enum: ['pending', 'fetched', 'failed', 'skipped'] })
      .notNull()
      .default('pending'),
    /** Why it failed or was skipped. */
    reason: text('reason'),
    metadata: jsonb('metadata').$type<Metadata>(),
    unmapped: jsonb('unmapped').$type<ImportedUnmappedTag[]>(),
    /** What the end of the import did with it: a page created, or an edit in the change set. */
    outcome: text('outcome', { enum: ['created', 'changed'] }),
    fetchedAt: timestamp('fetched_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('site_import_item_path_idx').on(table.importId, sql`${table.path} collate "C"`),
    index('site_import_item_status_idx').on(table.importId, table.status),
  ],
)
