import { sql } from 'drizzle-orm'
import { index, integer, pgTable, text } from 'drizzle-orm/pg-core'
import { createdAt } from './columns.ts'

/** The development mailbox: every e-mail the server would have sent, when no SMTP server is set. */
export const mailMessage = pgTable(
  'mail_message',
  {
    id: text('id').primaryKey(),
    // Orders the mailbox: several messages can share one created_at (clock resolution).
    sequence: integer('sequence').generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    createdAt: createdAt(),
  },
  (table) => [index('mail_message_to_idx').on(sql`lower(${table.to})`)],
)
