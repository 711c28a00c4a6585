import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core'
import type { Metadata } from '@headmark/metadata'
import { agentConnection } from './agents.ts'
import { organization, user } from './auth.ts'
import { changeSet } from './change-sets.ts'
import { createdAt, updatedAt } from './columns.ts'
import { site } from './sites.ts'

/**
 * How an organization publishes metadata (owners set it). `direct`: every member's save goes
 * live at once (the default). `review`: members propose change requests, owners and admins
 * approve and publish. With `twoPersonRule`, dangerous changes (site defaults, path rules,
 * `noindex` turned on for more than one page, more than `largeChangePages` pages) always need a
 * change request approved by a second person, whoever asks.
 */
export const publishingPolicy = pgTable('publishing_policy', {
  organizationId: text('organization_id')
    .primaryKey()
    .references(() => organization.id, { onDelete: 'cascade' }),
  mode: text('mode', { enum: ['direct', 'review'] })
    .notNull()
    .default('direct'),
  twoPersonRule: boolean('two_person_rule').notNull().default(false),
  largeChangePages: integer('large_change_pages').notNull().default(50),
  updatedById: text('updated_by_id').references(() => user.id, { onDelete: 'set null' }),
  updatedAt: updatedAt(),
})

/** What publishing a change request did (or why it could not). */
export interface ChangeRequestOutcome {
  applied: number
  created: number
  unchanged: number
  defaults: boolean
  /** Path rules created, changed, renamed or deleted. */
  rules?: number
  /**
   * A page (path; `locale`: that locale's set, absent for the page's own), the defaults (path
   * null), or a path rule (`rule`: its pattern).
   */
  conflicts: Array<{
    path: string | null
    currentRevisionId: string | null
    rule?: string
    locale?: string
  }>
  /** Set when a scheduled release could not be published (it went back to `approved`). */
  failure?: string
}

/**
 * Drafted edits of a site, proposed for review and published together: its pages' edits live
 * in a change set (source `review`, pending until published), its site-defaults edit here.
 * open → approved → scheduled → published, or closed.
 */
export const changeRequest = pgTable(
  'change_request',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    changeSetId: text('change_set_id')
      .notNull()
      .unique()
      .references(() => changeSet.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    description: text('description'),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    /** The agent connection that opened it (its person is the author); null when a person did. */
    agentConnectionId: text('agent_connection_id').references(() => agentConnection.id, {
      onDelete: 'set null',
    }),
    status: text('status', { enum: ['open', 'approved', 'scheduled', 'published', 'closed'] })
      .notNull()
      .default('open'),
    /** The site defaults' own metadata after the edit; null when the request leaves them alone. */
    defaultsMetadata: jsonb('defaults_metadata').$type<Metadata>(),
    /** The defaults' revision the edit was made from (null: they had none). */
    defaultsBaseRevisionId: text('defaults_base_revision_id'),
    /** The approval that counts: cleared when the content changes or changes are requested. */
    approvedById: text('approved_by_id').references(() => user.id, { onDelete: 'set null' }),
    approvedAt: timestamp('approved_at', { withTimezone: true }),
    scheduledFor: timestamp('scheduled_for', { withTimezone: true }),
    scheduledById: text('scheduled_by_id').references(() => user.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }),
    publishedById: text('published_by_id').references(() => user.id, { onDelete: 'set null' }),
    outcome: jsonb('outcome').$type<ChangeRequestOutcome>(),
    /** When its edits last changed (an approval older than this no longer counts). */
    contentChangedAt: timestamp('content_changed_at', { withTimezone: true })
      .notNull()
      .defaultNow(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    index('change_request_site_idx').on(table.siteId, table.createdAt),
    index('change_request_org_status_idx').on(
      table.organizationId,
      table.status,
      table.scheduledFor,
    ),
    index('change_request_author_idx').on(table.authorId, table.siteId, table.status),
  ],
)

/** The members asked to review a change request. */
export const changeRequestReviewer = pgTable(
  'change_request_reviewer',
  {
    changeRequestId: text('change_request_id')
      .notNull()
      .references(() => changeRequest.id, { onDelete: 'cascade' }),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.changeRequestId, table.userId] })],
)

/** A review decision: approve, or request changes. */
export const changeRequestReview = pgTable(
  'change_request_review',
  {
    id: text('id').primaryKey(),
    changeRequestId: text('change_request_id')
      .notNull()
      .references(() => changeRequest.id, { onDelete: 'cascade' }),
    reviewerId: text('reviewer_id').references(() => user.id, { onDelete: 'set null' }),
    decision: text('decision', { enum: ['approve', 'request_changes'] }).notNull(),
    body: text('body'),
    createdAt: createdAt(),
  },
  (table) => [index('change_request_review_idx').on(table.changeRequestId, table.createdAt)],
)

/** The discussion of a change request: comments, each optionally answering another. */
export const changeRequestComment = pgTable(
  'change_request_comment',
  {
    id: text('id').primaryKey(),
    changeRequestId: text('change_request_id')
      .notNull()
      .references(() => changeRequest.id, { onDelete: 'cascade' }),
    /** The comment this one answers (one level of threads). */
    parentId: text('parent_id'),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    body: text('body').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('change_request_comment_idx').on(table.changeRequestId, table.createdAt)],
)

/**
 * A drafted change of one path rule in a change request: a new rule (`ruleId` null), a new
 * revision of a rule (its metadata and title template, and its pattern when renamed), or its
 * deletion. Publishing checks the rule is still at `baseRevisionId` (else a conflict).
 */
export const changeRequestRuleEdit = pgTable(
  'change_request_rule_edit',
  {
    id: text('id').primaryKey(),
    changeRequestId: text('change_request_id')
      .notNull()
      .references(() => changeRequest.id, { onDelete: 'cascade' }),
    /** The rule edited; null for a rule the request creates. No key: a rule deleted meanwhile is a conflict. */
    ruleId: text('rule_id'),
    /** One edit per rule: the rule's id, or `new:` and the pattern of a rule the request creates. */
    key: text('key').notNull(),
    /** The rule's pattern once published (normalised; a different one renames it). */
    pattern: text('pattern').notNull(),
    deleted: boolean('deleted').notNull().default(false),
    metadata: jsonb('metadata').$type<Metadata>().notNull().default({}),
    titleTemplate: text('title_template'),
    /** The rule's current revision when drafted (null for a new rule). */
    baseRevisionId: text('base_revision_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique('change_request_rule_edit_key_unique').on(table.changeRequestId, table.key)],
)
