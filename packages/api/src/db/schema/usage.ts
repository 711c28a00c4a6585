import { date, integer, pgTable, primaryKey, text } from 'drizzle-orm/pg-core'
import { organization } from './auth.ts'

/** What an organization used, per day and kind (`api_call`, `webhook_delivery`, …), written in batches. */
export const usage = pgTable(
  'usage',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    /** UTC day, `YYYY-MM-DD`. */
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    count: integer('count').notNull().default(0),
  },
  (table) => [primaryKey({ columns: [table.organizationId, table.day, table.kind] })],
)
