import { orpc, type RpcClient } from '~/lib/orpc.ts'

// The audit log's named queries (mirrors packages/api/src/routers/audit-log.ts).

export type AuditEvent = Awaited<ReturnType<RpcClient['auditLog']['list']>>['events'][number]
type Cursor = { occurredAt: Date; id: string }

/** What the screen filters by; an empty value is "any". */
export interface AuditFilters {
  actorId?: string
  action?: string
  targetKind?: string
  targetId?: string
  /** `YYYY-MM-DD`, the reader's own day. */
  from?: string
  to?: string
}

/** The start of a `YYYY-MM-DD` day (or the end, for `to`), in the reader's time zone. */
export function dayBound(day: string | undefined, end: boolean): Date | undefined {
  if (!day) return undefined
  const [year, month, date] = day.split('-').map(Number)
  if (!year || !month || !date) return undefined
  return end
    ? new Date(year, month - 1, date, 23, 59, 59, 999)
    : new Date(year, month - 1, date, 0, 0, 0, 0)
}

/** The filters as `auditLog.list` and the download take them. */
export function serverFilters(filters: AuditFilters) {
  const from = dayBound(filters.from, false)
  const to = dayBound(filters.to, true)
  return {
    ...(filters.actorId ? { actorId: filters.actorId } : {}),
    ...(filters.action ? { action: filters.action } : {}),
    ...(filters.targetKind ? { targetKind: filters.targetKind } : {}),
    ...(filters.targetId ? { targetId: filters.targetId } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
  }
}

export const AUDIT_PAGE_SIZE = 50

/** The organization's log, newest first, 50 entries a page. */
export const auditLogQuery = (organizationSlug: string, filters: AuditFilters) =>
  orpc.auditLog.list.infiniteOptions({
    input: (cursor: Cursor | undefined) => ({
      organizationSlug,
      filters: serverFilters(filters),
      limit: AUDIT_PAGE_SIZE,
      ...(cursor ? { cursor } : {}),
    }),
    initialPageParam: undefined as Cursor | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const auditActionsQuery = (organizationSlug: string) =>
  orpc.auditLog.listActions.queryOptions({ input: { organizationSlug } })

/**
 * Where the log is downloaded with the filters shown.
 *
 * @example
 * auditExportUrl('acme', 'csv', { action: 'webhook.' }) // "/api/audit/acme.csv?action=webhook."
 */
export function auditExportUrl(
  organizationSlug: string,
  format: 'csv' | 'jsonl',
  filters: AuditFilters,
): string {
  const params = new URLSearchParams()
  for (const [key, value] of Object.entries(serverFilters(filters))) {
    params.set(key, value instanceof Date ? value.toISOString() : value)
  }
  const query = params.toString()
  return `/api/audit/${encodeURIComponent(organizationSlug)}.${format}${query ? `?${query}` : ''}`
}
