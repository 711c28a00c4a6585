import { boolean, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { createdAt, updatedAt } from './columns.ts'
import { site } from './sites.ts'

/** Where a site's changes are delivered. */
export const webhook = pgTable(
  'webhook',
  {
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    description: text('description').notNull().default(''),
    enabled: boolean('enabled').notNull().default(true),
    /** Also send `Authorization: Bearer <secret>` for receivers that predate signatures. */
    legacyBearer: boolean('legacy_bearer').notNull().default(false),
    /** `whsec_…`, encrypted with a key derived from the server secret. */
    secretEncrypted: text('secret_encrypted').notNull(),
    /** The secret before the last rotation; it keeps signing until it expires. */
    previousSecretEncrypted: text('previous_secret_encrypted'),
    previousSecretExpiresAt: timestamp('previous_secret_expires_at', { withTimezone: true }),
    /** Set while deliveries keep failing; cleared by the next success. */
    failingSince: timestamp('failing_since', { withTimezone: true }),
    disabledAt: timestamp('disabled_at', { withTimezone: true }),
    disabledReason: text('disabled_reason'),
    /** At most this many deliveries per second (like Svix's `throttle`); null: no limit. */
    throttle: integer('throttle'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index('webhook_site_id_idx').on(table.siteId)],
)

/** One event, whatever the number of webhooks and attempts; its id is the `webhook-id` header. */
export const webhookMessage = pgTable(
  'webhook_message',
  {
    /** `msg_…` */
    id: text('id').primaryKey(),
    siteId: text('site_id')
      .notNull()
      .references(() => site.id, { onDelete: 'cascade' }),
    /** The payload's `_type`. */
    type: text('type').notNull(),
    payload: jsonb('payload').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('webhook_message_site_id_idx').on(table.siteId, table.createdAt)],
)

/** One HTTP attempt to deliver a message to a webhook: the history the dashboard shows. */
export const webhookCall = pgTable(
  'webhook_call',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhook.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessage.id, { onDelete: 'cascade' }),
    attempt: integer('attempt').notNull(),
    trigger: text('trigger', { enum: ['automatic', 'manual', 'test'] }).notNull(),
    url: text('url').notNull(),
    /** Secrets redacted. */
    requestHeaders: jsonb('request_headers').$type<Record<string, string>>().notNull(),
    requestBody: text('request_body').notNull(),
    responseStatus: integer('response_status'),
    responseHeaders: jsonb('response_headers').$type<Record<string, string>>(),
    /** At most 64 KiB; `responseBodyTruncated` says when it was cut. */
    responseBody: text('response_body'),
    responseBodyTruncated: boolean('response_body_truncated').notNull().default(false),
    /** Why no response came back (refused address, timeout, connection error). */
    error: text('error'),
    durationMs: integer('duration_ms'),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_call_webhook_id_idx').on(table.webhookId, table.createdAt),
    index('webhook_call_message_id_idx').on(table.messageId),
  ],
)

/**
 * The delivery queue: one row per attempt waiting to run or running. An instance claims rows
 * (`FOR UPDATE SKIP LOCKED`) by writing its id and a lease; the row is deleted in the transaction
 * that records the attempt's call (and queues the next attempt), so an attempt is recorded once
 * and a crashed instance's rows are claimed again once their lease has run out.
 */
export const webhookDelivery = pgTable(
  'webhook_delivery',
  {
    id: text('id').primaryKey(),
    webhookId: text('webhook_id')
      .notNull()
      .references(() => webhook.id, { onDelete: 'cascade' }),
    messageId: text('message_id')
      .notNull()
      .references(() => webhookMessage.id, { onDelete: 'cascade' }),
    /** 1-based; automatic deliveries go up to the schedule's length. */
    attempt: integer('attempt').notNull(),
    trigger: text('trigger', { enum: ['automatic', 'manual', 'test'] }).notNull(),
    /** When it is due. */
    runAt: timestamp('run_at', { withTimezone: true }).notNull().defaultNow(),
    /** The instance running it, until `leaseUntil`; null while it waits. */
    leasedBy: text('leased_by'),
    leaseUntil: timestamp('lease_until', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (table) => [
    index('webhook_delivery_webhook_id_idx').on(table.webhookId, table.runAt),
    index('webhook_delivery_message_id_idx').on(table.messageId),
  ],
)
