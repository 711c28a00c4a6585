import { ORPCError } from '@orpc/server'
import { z } from 'zod'
import { AUDIT_ACTOR_KINDS } from '../db/schema.ts'
import { effectivePlan } from '../billing/quotas.ts'
import {
  AUDIT_ACTION_NAMES,
  AUDIT_ACTIONS,
  type AuditFilters,
  listAuditEvents,
  retentionCutoff,
} from '../domain/audit.ts'
import type { Database } from '../db/client.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'

const text = (what: string, max = 256) =>
  z
    .string()
    .trim()
    .min(1, `${what} can not be empty.`)
    .max(max, `${what} can have at most ${max} characters.`)

/** The filters of `auditLog.list` and of the export's query string. */
export const auditFiltersSchema = z.object({
  /** A person's, key's or agent's id, or `system`. */
  actorId: text('The actor').optional(),
  /** An action (`member.role_changed`) or a family ending with a dot (`webhook.`). */
  action: text('The action', 100)
    .refine(
      (value) =>
        value.endsWith('.')
          ? AUDIT_ACTION_NAMES.some((name) => name.startsWith(value))
          : value in AUDIT_ACTIONS,
      'Pick an action from the list (or a family such as “webhook.”).',
    )
    .optional(),
  targetKind: text('The target kind', 50).optional(),
  targetId: text('The target').optional(),
  from: z.coerce.date({ error: 'Give the start as a date and time.' }).optional(),
  to: z.coerce.date({ error: 'Give the end as a date and time.' }).optional(),
})

const auditEventSchema = z.object({
  id: z.string(),
  occurredAt: z.date(),
  actorKind: z.enum(AUDIT_ACTOR_KINDS),
  actorId: z.string().nullable(),
  actorLabel: z.string(),
  action: z.string(),
  targetKind: z.string(),
  targetId: z.string().nullable(),
  targetLabel: z.string(),
  clientAddress: z.string().nullable(),
  summary: z.object({
    before: z.record(z.string(), z.unknown()).nullable().optional(),
    after: z.record(z.string(), z.unknown()).nullable().optional(),
  }),
})

const cursorSchema = z.object({ occurredAt: z.coerce.date(), id: z.string().min(1).max(100) })

/** Entries older than the plan's history are not shown (see `pruneAuditLog`). */
export async function organizationCutoff(db: Database, organizationId: string) {
  const { plan } = await effectivePlan(db, organizationId)
  return {
    cutoff: retentionCutoff(plan.quotas.historyRetentionDays),
    days: plan.quotas.historyRetentionDays,
  }
}

export function checkRange(filters: AuditFilters): void {
  if (filters.from && filters.to && filters.from > filters.to) {
    throw new ORPCError('BAD_REQUEST', {
      message: 'The start of the time range is after its end.',
      data: { issues: [{ path: ['from'], message: 'The start is after the end.' }] },
    })
  }
}

/** The organization's audit log, for its owners and admins (members get FORBIDDEN). */
export const auditLogRouter = {
  /**
   * One page of the log, newest first, with `nextCursor` for the next page (null at the end).
   * Filters: actor, action (or family), target, time range. Entries older than the plan's
   * history (`retentionDays`, null for unlimited) are not shown.
   */
  list: organizationProcedure({ auditLog: ['read'] })
    .route({ method: 'GET' })
    .input(
      z.object({
        organizationSlug: z.string(),
        filters: auditFiltersSchema.optional(),
        cursor: cursorSchema.optional(),
        limit: z.number().int().min(1).max(200).optional(),
      }),
    )
    .output(
      z.object({
        events: z.array(auditEventSchema),
        nextCursor: cursorSchema.nullable(),
        retentionDays: z.number().int().nullable(),
      }),
    )
    .handler(async ({ context, input }) => {
      const filters = input.filters ?? {}
      checkRange(filters)
      const { cutoff, days } = await organizationCutoff(context.db, context.organization.id)
      const page = await listAuditEvents(context.db, context.organization.id, {
        filters,
        cursor: input.cursor,
        limit: input.limit ?? 50,
        cutoff,
      })
      return { ...page, retentionDays: days }
    }),

  /** The actions the log records, with their names as people read them (for the filter). */
  listActions: organizationProcedure({ auditLog: ['read'] })
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.array(z.object({ action: z.string(), label: z.string() })))
    .handler(() => Object.entries(AUDIT_ACTIONS).map(([action, label]) => ({ action, label }))),
}
