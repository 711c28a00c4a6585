import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Metadata } from '@headmark/metadata'
import { createdAt } from './columns.ts'
import { metadataRevision, page, site } from './sites.ts'

/** A difference between what a path should serve and what the site served, as stored. */
export interface StoredFinding {
  kind: string
  field?: string
  message: string
  drift: boolean
  intended?: unknown
  served?: unknown
}

/**
 * "Live after save": once a page's revision is saved, a queue job fetches the path from the site
 * until it serves the new head or the bound passes. One row per saved revision; the newest
 * {@link LIVE_CHECKS_KEPT_PER_PAGE} of a page are kept.
 */
export const liveCheck = pgTable(
  'live_check',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => page.id, { onDelete: 'cascade' }),
    revisionId: text('revision_id')
      .notNull()
      .references(() => metadataRevision.id, { onDelete: 'cascade' }),
    /** The URL fetched (the site's origin and the page's path, in the saved set's locale). */
    url: text('url').notNull(),
    /** The locale whose set was saved, on a site with locales; null for the page's own set. */
    locale: text('locale'),
    state: text('state', { enum: ['pending', 'live', 'not_live'] })
      .notNull()
      .default('pending'),
    /** What the path serves at this revision (servedMetadata), and at the one before it. */
    intended: jsonb('intended').$type<Metadata>().notNull(),
    previous: jsonb('previous').$type<Metadata>(),
    /** The revision's save: what elapsed time is counted from. */
    savedAt: timestamp('saved_at', { withTimezone: true }).notNull(),
    /** How long after the save the site served the new head (live), or gave up (not live). */
    elapsedMs: integer('elapsed_ms'),
    /** Fetches made so far. */
    attempts: integer('attempts').notNull().default(0),
    /** The HTTP status of the last answer, when there was one. */
    status: integer('status'),
    /** What the site served at the last fetch, as Headmark's metadata object. */
    served: jsonb('served').$type<Metadata>(),
    /** The differences at the last fetch (empty once live). */
    findings: jsonb('findings').$type<StoredFinding[]>(),
    /** Why the last fetch got no page (robots.txt, refused address, timeout…). */
    error: text('error'),
    createdAt: createdAt(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('live_check_revision_idx').on(table.revisionId),
    index('live_check_page_created_idx').on(table.pageId, table.createdAt),
  ],
)

/**
 * A drift check: a site's pages (or one page) fetched as each crawler and compared with what
 * they should serve. The newest {@link DRIFT_CHECKS_KEPT_PER_SITE} of a site (and as many of single pages) are kept, with
 * their results.
 */
export const driftCheck = pgTable(
  'drift_check',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    /** `page`: one page's Check; `site`: Check now; `scheduled`: the site's schedule. */
    kind: text('kind', { enum: ['page', 'site', 'scheduled'] }).notNull(),
    /** The page of a `page` check. */
    pageId: text('page_id').references(() => page.id, { onDelete: 'cascade' }),
    requestedById: text('requested_by_id'),
    state: text('state', { enum: ['queued', 'running', 'done', 'failed'] })
      .notNull()
      .default('queued'),
    /** Pages to check (fixed when the run lists them), checked so far, and drifting. */
    pageCount: integer('page_count'),
    checkedCount: integer('checked_count').notNull().default(0),
    driftingCount: integer('drifting_count').notNull().default(0),
    /** Rows written to drift_result by this check. */
    resultCount: integer('result_count').notNull().default(0),
    error: text('error'),
    /** When its alert (e-mail, webhook) went out: never twice. */
    alertedAt: timestamp('alerted_at', { withTimezone: true }),
    createdAt: createdAt(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
  },
  (table) => [index('drift_check_site_created_idx').on(table.siteId, table.createdAt)],
)

/** One page fetched as one crawler in a drift check, and what was found. */
export const driftResult = pgTable(
  'drift_result',
  {
    checkId: text('check_id')
      .notNull()
      .references(() => driftCheck.id, { onDelete: 'cascade' }),
    pageId: text('page_id')
      .notNull()
      .references(() => page.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    /**
     * The language version fetched, on a site with locales (its code, the default locale's
     * included); '' on a site without locales.
     */
    locale: text('locale').notNull().default(''),
    /** `googlebot`, `bingbot`, `facebook`, `twitter`, `linkedin`, `slack`, `discord`, `browser`. */
    agent: text('agent').notNull(),
    status: integer('status'),
    drifting: boolean('drifting').notNull(),
    findings: jsonb('findings').$type<StoredFinding[]>().notNull(),
    /** What this crawler got, as Headmark's metadata object. */
    served: jsonb('served').$type<Metadata>(),
    /** Why the page could not be fetched. */
    error: text('error'),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.checkId, table.pageId, table.locale, table.agent] })],
)
