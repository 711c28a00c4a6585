import { integer, jsonb, pgTable, text, unique, uniqueIndex } from 'drizzle-orm/pg-core'
import type { Metadata } from '@headmark/metadata'
import { user } from './auth.ts'
import { createdAt, updatedAt } from './columns.ts'
import { site } from './sites.ts'

/**
 * Defaults and a title template for the paths a pattern matches (`/blog/*`, `/docs/**`), served
 * between the site's defaults and each page's own revision. The pattern is stored normalised.
 */
export const pathRule = pgTable(
  'path_rule',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    pattern: text('pattern').notNull(),
    currentRevisionId: text('current_revision_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique('path_rule_site_pattern_unique').on(table.siteId, table.pattern)],
)

/** One saved version of a rule. Immutable: never updated, never deleted alone. */
export const pathRuleRevision = pgTable(
  'path_rule_revision',
  {
    id: text('id').primaryKey(),
    ruleId: text('rule_id')
      .notNull()
      .references(() => pathRule.id, { onDelete: 'cascade' }),
    /** 1, 2, … per rule. */
    number: integer('number').notNull(),
    /** Compact metadata, without canonical or alternates (they name one page). */
    metadata: jsonb('metadata').$type<Metadata>().notNull(),
    /** Contains `%s`; null = the site's (or a broader rule's) template. */
    titleTemplate: text('title_template'),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['editor', 'restore'] }).notNull(),
    restoredFromId: text('restored_from_id'),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex('path_rule_revision_rule_number_idx').on(table.ruleId, table.number)],
)
