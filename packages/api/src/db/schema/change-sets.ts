import { sql } from 'drizzle-orm'
import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Metadata } from '@headmark/metadata'
import { user } from './auth.ts'
import { createdAt } from './columns.ts'
import { site } from './sites.ts'

/** What an applied change set did, counted when it was applied. */
export interface ChangeSetCounts {
  applied: number
  created: number
  conflicts: number
  unchanged: number
}

/**
 * Edits to many pages of a site, reviewed and then applied together in one transaction (bulk
 * editing, imports), or the undo of such a set. Pending sets can still grow; applied and
 * discarded ones never change again (except `undoneById`, set once when an undo is applied).
 */
export const changeSet = pgTable(
  'change_set',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    note: text('note'),
    /** `review`: the pages of a change request (see change-requests.ts), published with it. */
    source: text('source', { enum: ['bulk', 'import', 'undo', 'review'] }).notNull(),
    status: text('status', { enum: ['pending', 'applied', 'discarded'] })
      .notNull()
      .default('pending'),
    /** The change set this one undoes (source 'undo'). */
    undoesId: text('undoes_id'),
    /** The undo applied for this change set, once there is one. */
    undoneById: text('undone_by_id'),
    /** How many pages (items) the set edits. */
    itemCount: integer('item_count').notNull().default(0),
    counts: jsonb('counts').$type<ChangeSetCounts>(),
    createdAt: createdAt(),
    appliedAt: timestamp('applied_at', { withTimezone: true }),
  },
  (table) => [index('change_set_site_created_idx').on(table.siteId, table.createdAt, table.id)],
)

/**
 * One page's edit in a change set: one metadata set of the page after the edit — its own (the
 * default locale's, `locale` '') or, in a change request on a site with locales, another
 * locale's set (`page_locale`).
 */
export const changeSetItem = pgTable(
  'change_set_item',
  {
    changeSetId: text('change_set_id')
      .notNull()
      .references(() => changeSet.id, { onDelete: 'cascade' }),
    /** Null: a page to create at `path` (imports). No foreign key: a page deleted since is a conflict. */
    pageId: text('page_id'),
    path: text('path').notNull(),
    /** The revision the edit was made from; null when the page had none. */
    baseRevisionId: text('base_revision_id'),
    metadata: jsonb('metadata').$type<Metadata>().notNull(),
    /**
     * The locale whose set the edit drafts (its code, as the site declares it); '' for the page's
     * own set, the default locale's (every bulk edit, import and undo). '' rather than null, as
     * in drift_result, so that the unique index below holds one edit per path and set.
     */
    locale: text('locale').notNull().default(''),
    result: text('result', { enum: ['applied', 'conflict', 'unchanged'] }),
    /** The revision the apply wrote for this page. */
    revisionId: text('revision_id'),
  },
  (table) => [
    // One edit per path and locale in a set; byte order ("C") for keyset paging of a set's diff.
    uniqueIndex('change_set_item_path_idx').on(
      table.changeSetId,
      sql`${table.path} collate "C"`,
      table.locale,
    ),
  ],
)
