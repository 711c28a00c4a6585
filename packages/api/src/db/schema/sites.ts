import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
} from 'drizzle-orm/pg-core'
import type { Metadata } from '@headmark/metadata'
import type { SiteLocales } from '../../domain/site-locales.ts'
import { organization, user } from './auth.ts'
import { changeSet } from './change-sets.ts'
import { createdAt, updatedAt } from './columns.ts'

/** A customer website, identified by its hostname within an organization. */
export const site = pgTable(
  'site',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** Lowercase, punycode, no scheme, port, path or trailing dot. */
    hostname: text('hostname').notNull(),
    /** The public identifier customer sites call the API with; random, never changes. */
    dsn: text('dsn').notNull().unique(),
    /** Applied to every served title, e.g. `%s · Acme`. */
    titleTemplate: text('title_template'),
    requireApiKey: boolean('require_api_key').notNull().default(false),
    /**
     * When what the site serves last changed (a revision, a page renamed or deleted). Kept here
     * so the site list does not scan every page's revisions.
     */
    lastChangedAt: timestamp('last_changed_at', { withTimezone: true }),
    /**
     * The token the site publishes to prove it is the organization's (a meta tag on its home
     * page, or `/.well-known/headmark-site-verification.txt`) before a site-wide import.
     */
    ownershipToken: text('ownership_token')
      .notNull()
      .default(sql`('hm-' || replace(gen_random_uuid()::text, '-', ''))`),
    ownershipVerifiedAt: timestamp('ownership_verified_at', { withTimezone: true }),
    ownershipMethod: text('ownership_method', { enum: ['meta', 'well-known'] }),
    /**
     * The site's first successful public API call and the page path it asked for: written once
     * by the public API's usage flush (`UPDATE … WHERE first_request_at IS NULL`), never per call.
     */
    firstRequestAt: timestamp('first_request_at', { withTimezone: true }),
    firstRequestPath: text('first_request_path'),
    /**
     * The site's languages and how each maps to URLs (`domain/site-locales.ts`); null when the
     * site has one language. The default locale's metadata is each page's own (its
     * `currentRevisionId`); other locales' sets are in `page_locale`.
     */
    locales: jsonb('locales').$type<SiteLocales>(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [unique('site_organization_hostname_unique').on(table.organizationId, table.hostname)],
)

/** A page of a site. The page whose path is null holds the site's defaults. */
export const page = pgTable(
  'page',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    /** Normalised by `normalizePath`; null = the site's defaults. */
    path: text('path'),
    currentRevisionId: text('current_revision_id'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    unique('page_site_path_unique').on(table.siteId, table.path).nullsNotDistinct(),
    // Byte order ("C"): the same sort and keyset paging on PGlite and on any PostgreSQL locale.
    index('page_site_path_c_idx').on(table.siteId, sql`${table.path} collate "C"`),
  ],
)

/** One saved version of a page's metadata. Immutable: never updated, never deleted alone. */
export const metadataRevision = pgTable(
  'metadata_revision',
  {
    id: text('id').primaryKey(),
    pageId: text('page_id')
      .notNull()
      .references(() => page.id, { onDelete: 'cascade' }),
    /** 1, 2, … per page. */
    number: integer('number').notNull(),
    metadata: jsonb('metadata').$type<Metadata>().notNull(),
    authorId: text('author_id').references(() => user.id, { onDelete: 'set null' }),
    source: text('source', { enum: ['editor', 'restore', 'import', 'api', 'bulk'] }).notNull(),
    restoredFromId: text('restored_from_id'),
    /** The locale of a site with locales this revision is for; null = the default locale's set. */
    locale: text('locale'),
    /** The change set that wrote this revision (bulk edits, imports, undos). */
    changeSetId: text('change_set_id').references((): AnyPgColumn => changeSet.id, {
      onDelete: 'set null',
    }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex('metadata_revision_page_number_idx').on(table.pageId, table.number),
    index('metadata_revision_change_set_idx').on(table.changeSetId),
  ],
)

/**
 * A page's metadata set in one locale other than the site's default (whose set is the page's
 * own). A locale without a row inherits the default locale's set.
 */
export const pageLocale = pgTable(
  'page_locale',
  {
    pageId: text('page_id')
      .notNull()
      .references(() => page.id, { onDelete: 'cascade' }),
    locale: text('locale').notNull(),
    currentRevisionId: text('current_revision_id').notNull(),
    createdAt: createdAt(),
  },
  (table) => [primaryKey({ columns: [table.pageId, table.locale] })],
)

/** A key a customer's server sends as `Authorization: Bearer …`; only its hash is kept. */
export const siteApiKey = pgTable(
  'site_api_key',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    /** The first characters of the key, shown so people can tell keys apart. */
    prefix: text('prefix').notNull(),
    /** SHA-256 of the key, hex. */
    keyHash: text('key_hash').notNull().unique(),
    createdById: text('created_by_id').references(() => user.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('site_api_key_site_id_idx').on(table.siteId)],
)

/** Paths customer sites asked the public API for that have no page yet (bounded per site). */
export const discoveredPath = pgTable(
  'discovered_path',
  {
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    path: text('path').notNull(),
    requestCount: integer('request_count').notNull().default(0),
    firstSeenAt: createdAt(),
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.siteId, table.path] })],
)
