import { call, ORPCError } from '@orpc/server'
import { z } from 'zod'
import { contextActor, recordAudit } from '../domain/audit.ts'
import { errorResponse } from '../edge.ts'
import type { Context } from '../rpc/context.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { lookupText, requireSite } from '../rpc/site-guard.ts'
import { EXPORT_FORMATS, exportStream, type TransferFormat } from './export.ts'

/** Where a site's export is downloaded: `/api/export/<organization slug>/<hostname>.csv|.ndjson`. */
export const EXPORT_PREFIX = '/api/export'

/**
 * The site an export names, through the same guard as every RPC procedure: signed out is
 * UNAUTHORIZED, an organization the caller is not a member of (or does not exist) and a site of
 * another organization are NOT_FOUND, with the same messages.
 */
const exportTarget = organizationProcedure()
  .input(
    z.object({
      organizationSlug: z.string(),
      siteHostname: lookupText('The hostname', 4096),
      pathPrefix: lookupText('The path prefix', 2500).optional(),
      format: z.enum(['csv', 'json']),
      /** HEAD only asks whether the download would be allowed: nothing is recorded. */
      record: z.boolean(),
    }),
  )
  .handler(async ({ context, input }) => {
    const row = await requireSite(context.db, context.organization.id, input.siteHostname)
    if (input.record) {
      await recordAudit(context.db, {
        organizationId: context.organization.id,
        actor: contextActor(context),
        action: 'export.downloaded',
        target: { kind: 'site', id: row.id, label: row.hostname },
        summary: {
          after: { format: input.format, pathPrefix: input.pathPrefix ?? null },
        },
      })
    }
    return { id: row.id, hostname: row.hostname }
  })

const FILE = /^(.+)\.(csv|ndjson)$/

/**
 * Answers `GET /api/export/<slug>/<hostname>.csv` (or `.ndjson`) with the site's pages as a
 * download, streamed batch by batch as the client reads (see `exportSite`). `?pathPrefix=/blog/`
 * keeps the pages under a path. Errors are plain text with the RPC procedures' statuses and
 * messages (401 signed out, 404 for anything the caller can not reach).
 */
export async function answerExport(request: Request, context: Context): Promise<Response> {
  if (request.method !== 'GET' && request.method !== 'HEAD') {
    return errorResponse('other', 405, 'METHOD_NOT_SUPPORTED', 'Download an export with GET.', {
      allow: 'GET, HEAD',
    })
  }
  const url = new URL(request.url)
  const parts = url.pathname.slice(EXPORT_PREFIX.length + 1).split('/')
  const file = parts.length === 2 ? FILE.exec(parts[1] ?? '') : null
  if (!file || !parts[0]) {
    return errorResponse(
      'other',
      404,
      'NOT_FOUND',
      'Download an export at /api/export/<organization>/<hostname>.csv (or .ndjson).',
    )
  }
  let slug: string
  let hostname: string
  try {
    slug = decodeURIComponent(parts[0])
    hostname = decodeURIComponent(file[1] ?? '')
  } catch {
    return errorResponse('other', 400, 'BAD_REQUEST', 'The address has a malformed % escape.')
  }
  const format: TransferFormat = file[2] === 'csv' ? 'csv' : 'json'
  const pathPrefix = url.searchParams.get('pathPrefix') ?? undefined
  let target: { id: string; hostname: string }
  try {
    target = await call(
      exportTarget,
      {
        organizationSlug: slug,
        siteHostname: hostname,
        ...(pathPrefix ? { pathPrefix } : {}),
        format,
        record: request.method === 'GET',
      },
      { context },
    )
  } catch (error) {
    if (error instanceof ORPCError) {
      return errorResponse('other', error.status, error.code, error.message)
    }
    throw error
  }
  const { contentType, extension } = EXPORT_FORMATS[format]
  const day = new Date().toISOString().slice(0, 10)
  const headers = {
    'content-type': contentType,
    'content-disposition': `attachment; filename="${target.hostname}-pages-${day}.${extension}"`,
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
  }
  if (request.method === 'HEAD') return new Response(null, { headers })
  const body = exportStream(context.db, {
    siteId: target.id,
    format,
    ...(pathPrefix ? { pathPrefix } : {}),
  })
  return new Response(body, { headers })
}
