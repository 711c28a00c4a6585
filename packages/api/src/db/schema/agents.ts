import { index, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { organization, user } from './auth.ts'
import { createdAt } from './columns.ts'
import { oauthClient } from './oauth.ts'

/** What a connected agent may do: read, propose changes (as drafts), run checks. */
export const AGENT_SCOPES = ['read', 'propose', 'checks'] as const
export type AgentScope = (typeof AGENT_SCOPES)[number]

/**
 * A person's connection of an agent (an OAuth client) to one organization: the sites it may see
 * (null: every site of the organization the person may see) and the scopes the person granted.
 * The agent's access tokens are honoured only while the connection is live (not revoked), and
 * each call runs as the person, with their role at the time of the call. One live connection per
 * person and client: connecting the same client again replaces it.
 */
export const agentConnection = pgTable(
  'agent_connection',
  {
    id: text('id').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClient.clientId, { onDelete: 'cascade' }),
    /** The client's name when connected, kept for the audit log and the list. */
    clientName: text('client_name').notNull(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    siteIds: text('site_ids').array(),
    scopes: text('scopes', { enum: AGENT_SCOPES }).array().notNull(),
    createdAt: createdAt(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    revokedById: text('revoked_by_id').references(() => user.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('agent_connection_user_client_idx').on(table.userId, table.clientId),
    index('agent_connection_organization_idx').on(table.organizationId),
  ],
)
