import { index, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core'
import { organization } from './auth.ts'

/** Who did something: a person, a site's API key, an agent (MCP, reserved), or Headmark itself. */
export const AUDIT_ACTOR_KINDS = ['person', 'api_key', 'agent', 'system'] as const
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number]

/** A small before/after of what an action changed (the fields that changed, clipped). */
export interface AuditSummary {
  before?: Record<string, unknown> | null
  after?: Record<string, unknown> | null
}

/**
 * One thing that happened in an organization, written in the transaction of the action itself.
 * Append-only: a trigger (migration 0012) refuses UPDATE and DELETE, except the deletes of
 * deleting its organization (ON DELETE CASCADE) and of pruning past the plan's history. The
 * actor's and target's labels are copies, so the record still reads after they are deleted.
 */
export const auditEvent = pgTable(
  'audit_event',
  {
    id: text('id').primaryKey(),
    organizationId: text('organization_id')
      .notNull()
      .references(() => organization.id, { onDelete: 'cascade' }),
    occurredAt: timestamp('occurred_at', { withTimezone: true }).notNull().defaultNow(),
    actorKind: text('actor_kind', { enum: AUDIT_ACTOR_KINDS }).notNull(),
    /** The user's, API key's or agent's id; null for the system. */
    actorId: text('actor_id'),
    /** The actor as people read it (name and e-mail, key name), kept after its deletion. */
    actorLabel: text('actor_label').notNull(),
    /** A dotted name, e.g. `member.role_changed`. */
    action: text('action').notNull(),
    /** What was acted on: `member`, `site`, `webhook`, `page`… */
    targetKind: text('target_kind').notNull(),
    targetId: text('target_id'),
    targetLabel: text('target_label').notNull().default(''),
    /** The client's address as the server's edge established it; null outside a request. */
    clientAddress: text('client_address'),
    summary: jsonb('summary').$type<AuditSummary>().notNull().default({}),
  },
  (table) => [
    index('audit_event_org_time_idx').on(
      table.organizationId,
      table.occurredAt.desc(),
      table.id.desc(),
    ),
    index('audit_event_org_action_idx').on(table.organizationId, table.action, table.occurredAt),
    index('audit_event_org_actor_idx').on(table.organizationId, table.actorId, table.occurredAt),
    index('audit_event_org_target_idx').on(
      table.organizationId,
      table.targetKind,
      table.targetId,
      table.occurredAt,
    ),
  ],
)
