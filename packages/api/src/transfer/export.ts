import type { Metadata } from '@headmark/metadata'
import { stringify } from 'csv-stringify/sync'
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { metadataRevision, page } from '../db/schema.ts'
import { guardCell, metadataToJsonRow, metadataToRow, TRANSFER_HEADER } from './layout.ts'

/** `csv`: the layout's columns, one row per page. `json`: NDJSON, one object per line. */
export type TransferFormat = 'csv' | 'json'

export interface ExportOptions {
  siteId: string
  format: TransferFormat
  /** Only pages whose path starts with this text (e.g. `/blog/`). */
  pathPrefix?: string
  /** Pages read per query; each query costs the same whatever the site's size (keyset paging). */
  batchSize?: number
}

/** The media type and file extension of each format. */
export const EXPORT_FORMATS = {
  csv: { contentType: 'text/csv; charset=utf-8', extension: 'csv' },
  json: { contentType: 'application/x-ndjson; charset=utf-8', extension: 'ndjson' },
} as const satisfies Record<TransferFormat, { contentType: string; extension: string }>

const BOM = '\uFEFF'

/** Byte-order comparison and sort, matching the index `page_site_path_c_idx` (as pages.list). */
const pathBytes = sql`${page.path} collate "C"`

/**
 * A site's pages with their own current metadata (`{}` for a page never saved), by path in byte
 * order, read `batchSize` at a time so that memory stays flat whatever the site's size. The
 * defaults page is not included: it is not a path, and the editor's defaults screen owns it.
 */
export async function* sitePages(
  db: Database,
  { siteId, pathPrefix, batchSize = 1000 }: Omit<ExportOptions, 'format'>,
): AsyncGenerator<Array<{ path: string; metadata: Metadata }>> {
  let cursor: string | undefined
  for (;;) {
    const rows = await db
      .select({ path: page.path, metadata: metadataRevision.metadata })
      .from(page)
      .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
      .where(
        and(
          eq(page.siteId, siteId),
          isNotNull(page.path),
          cursor === undefined ? undefined : gt(pathBytes, cursor),
          pathPrefix ? sql`starts_with(${page.path}, ${pathPrefix})` : undefined,
        ),
      )
      .orderBy(asc(pathBytes))
      .limit(batchSize)
    if (rows.length === 0) return
    yield rows.map((row) => ({ path: row.path ?? '', metadata: row.metadata ?? {} }))
    if (rows.length < batchSize) return
    cursor = rows.at(-1)?.path ?? undefined
  }
}

/**
 * A site's export as text chunks, one per batch of pages:
 *
 * - `csv`: a UTF-8 byte-order mark (so spreadsheets read accents right), the header row of every
 *   layout column, then one row per page, CRLF line ends (RFC 4180). A cell a spreadsheet would run
 *   as a formula (starting with =, +, -, @, tab or carriage return) gets one leading `'`, which
 *   the importer removes again.
 * - `json`: NDJSON, one object per page keyed by the same columns, null for unset fields.
 */
export async function* exportSite(db: Database, options: ExportOptions): AsyncGenerator<string> {
  if (options.format === 'csv') {
    yield BOM + stringify([TRANSFER_HEADER as string[]], { record_delimiter: 'windows' })
  }
  for await (const batch of sitePages(db, options)) {
    if (options.format === 'csv') {
      const rows = batch.map(({ path, metadata }) => {
        const row = metadataToRow(path, metadata)
        return TRANSFER_HEADER.map((key) => guardCell(row[key] ?? ''))
      })
      yield stringify(rows, { record_delimiter: 'windows' })
    } else {
      yield batch
        .map(({ path, metadata }) => `${JSON.stringify(metadataToJsonRow(path, metadata))}\n`)
        .join('')
    }
  }
}

/** {@link exportSite} as a byte stream (a Response body), pulled as the client reads. */
export function exportStream(db: Database, options: ExportOptions): ReadableStream<Uint8Array> {
  const chunks = exportSite(db, options)
  const encoder = new TextEncoder()
  return new ReadableStream<Uint8Array>(
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
}
