import { randomUUID } from 'node:crypto'
import { and, desc, eq, gte, lt, lte, or, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { type AuditActorKind, auditEvent, type AuditSummary } from '../db/schema.ts'
import { currentClientAddress } from '../request-facts.ts'
import type { Transaction } from './events.ts'

/**
 * Every action the audit log records, by its dotted name, with how the screen words it. An action
 * not listed here is refused by {@link recordAudit} (a typo would otherwise make an entry no filter
 * finds).
 */
export const AUDIT_ACTIONS = {
  'organization.created': 'Organization created',
  'organization.updated': 'Organization renamed or slug changed',
  'member.role_changed': 'Member role changed',
  'member.removed': 'Member removed',
  'member.left': 'Member left',
  'invitation.sent': 'Invitation sent',
  'invitation.resent': 'Invitation resent',
  'invitation.cancelled': 'Invitation cancelled',
  'invitation.accepted': 'Invitation accepted',
  'invitation.rejected': 'Invitation declined',
  'site.created': 'Site created',
  'site.updated': 'Site settings changed',
  'site.ownership_checked': 'Site ownership checked',
  'site.deleted': 'Site deleted',
  'api_key.created': 'API key created',
  'api_key.revoked': 'API key revoked',
  'webhook.created': 'Webhook created',
  'webhook.updated': 'Webhook edited',
  'webhook.secret_rotated': 'Webhook secret rotated',
  'webhook.paused': 'Webhook paused',
  'webhook.resumed': 'Webhook resumed',
  'webhook.deleted': 'Webhook deleted',
  'webhook.test_sent': 'Webhook test event sent',
  'page.created': 'Page created',
  'page.renamed': 'Page path changed',
  'page.deleted': 'Page deleted',
  'page.revision_saved': 'Page metadata saved',
  'page.revision_restored': 'Page revision restored',
  'site_defaults.saved': 'Site defaults saved',
  'site_defaults.restored': 'Site defaults revision restored',
  'path_rule.created': 'Path rule created',
  'path_rule.updated': 'Path rule edited',
  'path_rule.renamed': 'Path rule pattern changed',
  'path_rule.restored': 'Path rule revision restored',
  'path_rule.deleted': 'Path rule deleted',
  'change_set.applied': 'Change set applied',
  'change_set.undone': 'Change set undone',
  'change_set.discarded': 'Change set discarded',
  'import.applied': 'File imported',
  'export.downloaded': 'Pages exported',
  'audit_log.exported': 'Audit log exported',
  'audit_log.pruned': 'Audit log entries past the plan’s history deleted',
  'plan.changed': 'Plan changed',
  'change_request.opened': 'Change request opened',
  'change_request.draft_saved': 'Draft saved in a change request',
  'change_request.edit_dropped': 'Edit dropped from a change request',
  'change_request.updated': 'Change request edited',
  'change_request.commented': 'Change request commented on',
  'change_request.approved': 'Change request approved',
  'change_request.changes_requested': 'Changes requested on a change request',
  'change_request.published': 'Change request published',
  'change_request.scheduled': 'Change request release scheduled',
  'change_request.schedule_cancelled': 'Change request release cancelled',
  'change_request.closed': 'Change request closed',
  'publishing_policy.changed': 'Publishing policy changed',
  'site_import.started': 'Site import started',
} as const

export type AuditAction = keyof typeof AUDIT_ACTIONS

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[]

/** Who acted: the id (null for the system) and a label kept for when the actor is gone. */
export interface AuditActor {
  kind: AuditActorKind
  id: string | null
  label: string
}

/** What was acted on. */
export interface AuditTarget {
  kind: string
  id: string | null
  label: string
}

export interface AuditEntry {
  organizationId: string
  actor: AuditActor
  action: AuditAction
  target: AuditTarget
  /** A small before/after: the fields that changed. Long strings are clipped. */
  summary?: AuditSummary
  /**
   * The client's address; by default the one the edge recorded for the request being answered
   * (never a header the client sent). Null outside a request (a queued job, Stripe's webhook).
   */
  clientAddress?: string | null
}

/** Headmark itself: a queued job, a Stripe event, the operator's command line. */
export const SYSTEM_ACTOR: AuditActor = { kind: 'system', id: null, label: 'Headmark' }

/** A signed-in person, labelled "Name <email>" so the entry reads after their account is gone. */
export function personActor(user: { id: string; name: string; email: string }): AuditActor {
  const name = user.name.trim()
  return {
    kind: 'person',
    id: user.id,
    label: clipText(name && name !== user.email ? `${name} <${user.email}>` : user.email),
  }
}

/**
 * An agent acting through a person's connection: the connection's id, labelled with the agent's
 * name and its person's, so the entry reads after the connection is revoked.
 */
export function agentActor(
  agent: { connectionId: string; clientName: string },
  user: { id: string; name: string; email: string },
): AuditActor {
  return {
    kind: 'agent',
    id: agent.connectionId,
    label: clipText(
      `${clipText(agent.clientName, 100)} (agent connected by ${personActor(user).label})`,
    ),
  }
}

/** Who an RPC procedure runs for: the person, or the agent they connected. */
export function contextActor(context: {
  user: { id: string; name: string; email: string }
  agent?: { connectionId: string; clientName: string } | undefined
}): AuditActor {
  return context.agent ? agentActor(context.agent, context.user) : personActor(context.user)
}

const LABEL_LENGTH = 300
const SUMMARY_STRING_LENGTH = 500
const SUMMARY_KEYS = 40

export function clipText(value: string, length = LABEL_LENGTH): string {
  return value.length > length ? `${value.slice(0, length)}…` : value
}

/** A summary kept small: strings clipped, nesting cut at three levels, at most 40 keys a level. */
function smallValue(value: unknown, depth: number): unknown {
  if (typeof value === 'string') return clipText(value, SUMMARY_STRING_LENGTH)
  if (value === null || typeof value !== 'object') {
    return typeof value === 'number' || typeof value === 'boolean' ? value : (value ?? null)
  }
  if (value instanceof Date) return value.toISOString()
  if (depth >= 3) return '…'
  if (Array.isArray(value)) return value.slice(0, SUMMARY_KEYS).map((v) => smallValue(v, depth + 1))
  return Object.fromEntries(
    Object.entries(value)
      .slice(0, SUMMARY_KEYS)
      .map(([key, v]) => [clipText(key, 100), smallValue(v, depth + 1)]),
  )
}

function smallSummary(summary: AuditSummary | undefined): AuditSummary {
  if (!summary) return {}
  const out: AuditSummary = {}
  if (summary.before !== undefined) {
    out.before = smallValue(summary.before, 0) as AuditSummary['before']
  }
  if (summary.after !== undefined) out.after = smallValue(summary.after, 0) as AuditSummary['after']
  return out
}

/**
 * Records one action in the organization's audit log. Call it with the transaction of the action
 * itself, so that the entry exists exactly when the action committed: an action that fails (and
 * rolls back) leaves no entry.
 */
export async function recordAudit(tx: Transaction | Database, entry: AuditEntry): Promise<void> {
  if (!(entry.action in AUDIT_ACTIONS)) {
    throw new Error(`recordAudit: "${entry.action}" is not an audit action (AUDIT_ACTIONS).`)
  }
  const address =
    entry.clientAddress === undefined ? (currentClientAddress() ?? null) : entry.clientAddress
  await tx.insert(auditEvent).values({
    id: randomUUID(),
    organizationId: entry.organizationId,
    actorKind: entry.actor.kind,
    actorId: entry.actor.id,
    actorLabel: clipText(entry.actor.label),
    action: entry.action,
    targetKind: entry.target.kind,
    targetId: entry.target.id,
    targetLabel: clipText(entry.target.label),
    clientAddress: address ? clipText(address, 100) : null,
    summary: smallSummary(entry.summary),
  })
}

/**
 * Only the fields whose value differs between `before` and `after` (compared as JSON): the
 * summary of an edit.
 */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): AuditSummary {
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  const changed = keys.filter(
    (key) => JSON.stringify(before[key] ?? null) !== JSON.stringify(after[key] ?? null),
  )
  return {
    before: Object.fromEntries(changed.map((key) => [key, before[key] ?? null])),
    after: Object.fromEntries(changed.map((key) => [key, after[key] ?? null])),
  }
}

/** What the log shows and exports of one entry. */
export interface AuditEventView {
  id: string
  occurredAt: Date
  actorKind: AuditActorKind
  actorId: string | null
  actorLabel: string
  action: string
  targetKind: string
  targetId: string | null
  targetLabel: string
  clientAddress: string | null
  summary: AuditSummary
}

export interface AuditFilters {
  /** An actor's id, or `system` for Headmark itself. */
  actorId?: string | undefined
  /** A dotted action name, or a prefix ending with a dot (`webhook.`) for a family. */
  action?: string | undefined
  targetKind?: string | undefined
  targetId?: string | undefined
  from?: Date | undefined
  to?: Date | undefined
}

/** Where a page of the log continues: the last entry shown. */
export interface AuditCursor {
  occurredAt: Date
  id: string
}

/**
 * The oldest entry the log still shows for a plan keeping `retentionDays` of history (null: all).
 * Entries past it are hidden at once, and pruned by {@link pruneAuditLog}.
 */
export function retentionCutoff(retentionDays: number | null, now = new Date()): Date | null {
  return retentionDays === null ? null : new Date(now.getTime() - retentionDays * 86_400_000)
}

function filterConditions(organizationId: string, filters: AuditFilters, cutoff: Date | null) {
  const action = filters.action
  return and(
    eq(auditEvent.organizationId, organizationId),
    cutoff ? gte(auditEvent.occurredAt, cutoff) : undefined,
    filters.actorId === undefined
      ? undefined
      : filters.actorId === 'system'
        ? eq(auditEvent.actorKind, 'system')
        : eq(auditEvent.actorId, filters.actorId),
    action === undefined
      ? undefined
      : action.endsWith('.')
        ? sql`starts_with(${auditEvent.action}, ${action})`
        : eq(auditEvent.action, action),
    filters.targetKind === undefined ? undefined : eq(auditEvent.targetKind, filters.targetKind),
    filters.targetId === undefined ? undefined : eq(auditEvent.targetId, filters.targetId),
    filters.from ? gte(auditEvent.occurredAt, filters.from) : undefined,
    filters.to ? lte(auditEvent.occurredAt, filters.to) : undefined,
  )
}

const viewColumns = {
  id: auditEvent.id,
  occurredAt: auditEvent.occurredAt,
  actorKind: auditEvent.actorKind,
  actorId: auditEvent.actorId,
  actorLabel: auditEvent.actorLabel,
  action: auditEvent.action,
  targetKind: auditEvent.targetKind,
  targetId: auditEvent.targetId,
  targetLabel: auditEvent.targetLabel,
  clientAddress: auditEvent.clientAddress,
  summary: auditEvent.summary,
}

/**
 * One page of the organization's log, newest first, after `cursor` (keyset paging on
 * (occurred_at, id): each page costs the same however deep). Answers the next cursor, or null
 * at the end.
 */
export async function listAuditEvents(
  db: Database,
  organizationId: string,
  options: {
    filters: AuditFilters
    cursor?: AuditCursor | undefined
    limit: number
    cutoff: Date | null
  },
): Promise<{ events: AuditEventView[]; nextCursor: AuditCursor | null }> {
  const { cursor, limit } = options
  const rows = await db
    .select(viewColumns)
    .from(auditEvent)
    .where(
      and(
        filterConditions(organizationId, options.filters, options.cutoff),
        cursor
          ? or(
              lt(auditEvent.occurredAt, cursor.occurredAt),
              and(eq(auditEvent.occurredAt, cursor.occurredAt), lt(auditEvent.id, cursor.id)),
            )
          : undefined,
      ),
    )
    .orderBy(desc(auditEvent.occurredAt), desc(auditEvent.id))
    .limit(limit + 1)
  const events = rows.slice(0, limit)
  const last = events.at(-1)
  return {
    events,
    nextCursor: rows.length > limit && last ? { occurredAt: last.occurredAt, id: last.id } : null,
  }
}

/** Every matching entry, newest first, `batchSize` at a time (for the streamed export). */
export async function* auditEventBatches(
  db: Database,
  organizationId: string,
  filters: AuditFilters,
  cutoff: Date | null,
  batchSize = 1000,
): AsyncGenerator<AuditEventView[]> {
  let cursor: AuditCursor | undefined
  for (;;) {
    const page = await listAuditEvents(db, organizationId, {
      filters,
      cursor,
      limit: batchSize,
      cutoff,
    })
    if (page.events.length > 0) yield page.events
    if (!page.nextCursor) return
    cursor = page.nextCursor
  }
}

/**
 * Deletes the organization's entries older than `cutoff`, which the log no longer shows, and
 * records the prune (as Headmark) in the same transaction. The append-only trigger lets a delete
 * through only with `headmark.audit_prune` set for the transaction (SET LOCAL: it ends with it),
 * and only for entries older than 30 days (the shortest plan history). The daily job
 * (operations/audit-prune.ts) calls it for every organization.
 */
export async function pruneAuditLog(
  db: Database,
  organizationId: string,
  cutoff: Date,
): Promise<number> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('headmark.audit_prune', 'on', true)`)
    const deleted = await tx
      .delete(auditEvent)
      .where(and(eq(auditEvent.organizationId, organizationId), lt(auditEvent.occurredAt, cutoff)))
      .returning({ id: auditEvent.id })
    // The prune itself stays on record: how many entries, older than when.
    if (deleted.length > 0) {
      await recordAudit(tx, {
        organizationId,
        actor: SYSTEM_ACTOR,
        action: 'audit_log.pruned',
        target: { kind: 'organization', id: organizationId, label: 'Audit log' },
        summary: { after: { deleted: deleted.length, olderThan: cutoff.toISOString() } },
        clientAddress: null,
      })
    }
    return deleted.length
  })
}
