import { index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core'
import { organization } from './auth.ts'

/**
 * Slugs an organization had before its current one, so that old addresses
 * (`/app/organizations/<former-slug>/…`) lead its members to the same page under the new slug.
 * A former slug stays free for anyone to take: once another organization uses it as its live
 * slug, the live slug wins and the old address no longer redirects.
 */
export const organizationFormerSlug = pgTable(
  'organization_former_slug',
  {
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull(),
    /** When the organization stopped using this slug (the newest decides between several). */
    replacedAt: timestamp('replaced_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    primaryKey({ columns: [table.organizationId, table.slug] }),
    index('organization_former_slug_slug_idx').on(table.slug),
  ],
)
