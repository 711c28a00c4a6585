import { call, ORPCError } from '@orpc/server'
import { stringify } from 'csv-stringify/sync'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import {
  auditEventBatches,
  type AuditEventView,
  type AuditFilters,
  contextActor,
  recordAudit,
} from '../domain/audit.ts'
import { errorResponse } from '../edge.ts'
import type { Context } from '../rpc/context.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { auditFiltersSchema, checkRange, organizationCutoff } from '../routers/audit-log.ts'
import { guardCell } from './layout.ts'

/** Where an organization's audit log is downloaded: `/api/audit/<organization slug>.csv|.jsonl`. */
export const AUDIT_EXPORT_PREFIX = '/api/audit'

export const AUDIT_EXPORT_FORMATS = {
  csv: { contentType: 'text/csv; charset=utf-8' },
  jsonl: { contentType: 'application/jsonl; charset=utf-8' },
} as const

type AuditExportFormat = keyof typeof AUDIT_EXPORT_FORMATS

export const AUDIT_CSV_HEADER = [
  'occurred_at',
  'actor_kind',
  'actor_id',
  'actor',
  'action',
  'target_kind',
  'target_id',
  'target',
  'client_address',
  'before',
  'after',
  'id',
] as const

/**
 * The organization an export names, through the same guard as `auditLog.list` (owners and admins;
 * members FORBIDDEN, strangers NOT_FOUND), recorded in the log itself as `audit_log.exported`.
 */
const auditExportTarget = organizationProcedure({ auditLog: ['read'] })
  .input(
    z.object({
      organizationSlug: z.string(),
      format: z.enum(['csv', 'jsonl']),
      filters: auditFiltersSchema,
      /** HEAD asks only whether the download would be allowed: nothing is exported or recorded. */
      record: z.boolean(),
    }),
  )
  .handler(async ({ context, input }) => {
    checkRange(input.filters)
    const { cutoff } = await organizationCutoff(context.db, context.organization.id)
    if (!input.record)
      return { id: context.organization.id, slug: context.organization.slug, cutoff }
    await recordAudit(context.db, {
      organizationId: context.organization.id,
      actor: contextActor(context),
      action: 'audit_log.exported',
      target: {
        kind: 'organization',
        id: context.organization.id,
        label: context.organization.name,
      },
      summary: { after: { format: input.format, filters: input.filters } },
    })
    return { id: context.organization.id, slug: context.organization.slug, cutoff }
  })

function csvRow(event: AuditEventView): string[] {
  return [
    event.occurredAt.toISOString(),
    event.actorKind,
    event.actorId ?? '',
    event.actorLabel,
    event.action,
    event.targetKind,
    event.targetId ?? '',
    event.targetLabel,
    event.clientAddress ?? '',
    event.summary.before ? JSON.stringify(event.summary.before) : '',
    event.summary.after ? JSON.stringify(event.summary.after) : '',
    event.id,
  ].map(guardCell)
}

function jsonLine(event: AuditEventView): string {
  return `${JSON.stringify({
    id: event.id,
    occurredAt: event.occurredAt.toISOString(),
    actor: { kind: event.actorKind, id: event.actorId, label: event.actorLabel },
    action: event.action,
    target: { kind: event.targetKind, id: event.targetId, label: event.targetLabel },
    clientAddress: event.clientAddress,
    summary: event.summary,
  })}\n`
}

/**
 * The log as text chunks, newest first, one per batch. CSV: a byte-order mark, a header row, CRLF
 * line ends, and a cell a spreadsheet would run as a formula (=, +, -, @, tab, CR) prefixed with
 * one `'`, as the pages export does. JSON Lines: one object per entry.
 */
export async function* exportAuditLog(
  db: Database,
  organizationId: string,
  format: AuditExportFormat,
  filters: AuditFilters,
  cutoff: Date | null,
): AsyncGenerator<string> {
  if (format === 'csv') {
    yield `\uFEFF${stringify([[...AUDIT_CSV_HEADER]], { record_delimiter: 'windows' })}`
  }
  for await (const batch of auditEventBatches(db, organizationId, filters, cutoff)) {
    yield format === 'csv'
      ? stringify(batch.map(csvRow), { record_delimiter: 'windows' })
      : batch.map(jsonLine).join('')
  }
}

const FILE = /^(.+)\.(csv|jsonl)$/

/**
 * Answers `GET /api/audit/<slug>.csv` (or `.jsonl`) with the organization's audit log as a
 * streamed download. The query string takes the filters of `auditLog.list` (actorId, action,
 * targetKind, targetId, from, to). Errors are plain text with the RPC statuses and messages.
 */
export async function answerAuditExport(request: Request, context: Context): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse('other', 405, 'METHOD_NOT_SUPPORTED', 'Download the audit log with GET.', {
      allow: 'GET, HEAD',
    })
  }
  const url = new URL(request.url)
  const rest = url.pathname.slice(AUDIT_EXPORT_PREFIX.length + 1)
  const file = rest.includes('/') ? null : FILE.exec(rest)
  if (!file?.[1]) {
    return errorResponse(
      'other',
      404,
      'NOT_FOUND',
      'Download the audit log at /api/audit/<organization>.csv (or .jsonl).',
    )
  }
  let slug: string
  try {
    slug = decodeURIComponent(file[1])
  } catch {
    return errorResponse('other', 400, 'BAD_REQUEST', 'The address has a malformed % escape.')
  }
  const format: AuditExportFormat = file[2] === 'csv' ? 'csv' : 'jsonl'
  const filters: Record<string, string> = {}
  for (const key of ['actorId', 'action', 'targetKind', 'targetId', 'from', 'to']) {
    const value = url.searchParams.get(key)
    if (value) filters[key] = value
  }
  let target: { id: string; slug: string; cutoff: Date | null }
  let parsed: AuditFilters
  try {
    parsed = auditFiltersSchema.parse(filters)
    target = await call(
      auditExportTarget,
      { organizationSlug: slug, format, filters: parsed, record: request.method === 'GET' },
      { context },
    )
  } catch (error) {
    if (error instanceof z.ZodError) {
      return errorResponse('other', 400, 'BAD_REQUEST', error.issues[0]?.message ?? 'Bad filters.')
    }
    if (error instanceof ORPCError) {
      return errorResponse('other', error.status, error.code, error.message)
    }
    throw error
  }
  const day = new Date().toISOString().slice(0, 10)
  const headers = {
    'content-type': AUDIT_EXPORT_FORMATS[format].contentType,
    'content-disposition': `attachment; filename="${target.slug}-audit-log-${day}.${format}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  }
  if (request.method === 'HEAD') return new Response(null, { headers })
  const chunks = exportAuditLog(context.db, target.id, format, parsed, target.cutoff)
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        const next = await chunks.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      async cancel() {
        await chunks.return(undefined)
      },
    },
    { highWaterMark: 1 },
  )
  return new Response(body, { headers })
}
