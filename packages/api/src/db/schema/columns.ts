import { timestamp } from 'drizzle-orm/pg-core'

/** `created_at`, set by the database when the row is inserted. */
export const createdAt = () =>
  timestamp('created_at', { withTimezone: true }).notNull().defaultNow()

/** `updated_at`, set on insert and refreshed by drizzle on every update. */
export const updatedAt = () =>
  timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date())
