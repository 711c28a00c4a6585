import { Readable } from 'node:stream'
import type { ReadableStream as WebReadableStream } from 'node:stream/web'
import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { CsvError, parse } from 'csv-parse'
import { and, eq, inArray, isNotNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { metadataRevision, page, site } from '../db/schema.ts'
import { METADATA_MAX_BYTES, metadataBytes, metadataSchema } from '../domain/metadata-schema.ts'
import { pagePathFromInput } from '../domain/page-paths.ts'
import { compactMetadata } from '../domain/served-metadata.ts'
import type { TransferFormat } from './export.ts'
import {
  type CellResult,
  columnOfIssue,
  readCsvCell,
  readJsonValue,
  setField,
  TRANSFER_HEADER,
  type TransferColumn,
  transferColumn,
  unguardCell,
} from './layout.ts'
import type { ChangeSetEdit } from './types.ts'

/** The most data rows one import may have. */
export const MAX_IMPORT_ROWS = 100_000
/** The largest file one import may read (the RPC body limit is lower: see transfer.importPreview). */
export const MAX_IMPORT_BYTES = 64 * 1024 * 1024
/** The largest single row (a JSON cell of structured data included). */
const MAX_ROW_BYTES = 1024 * 1024
/** Errors listed in a plan; past this only `errorCount` grows. */
export const MAX_LISTED_ERRORS = 1000
/** Changes shown with their before and after; the rest are counted. */
export const MAX_SAMPLED_CHANGES = 50
/** Rows looked up in the database per query. */
const BATCH = 500

export interface ImportError {
  /** The row as a spreadsheet numbers it (the CSV header is 1), or the NDJSON line. */
  line: number
  /** The column (layout key, or the file's own header) the problem is in; null for the whole row. */
  column: string | null
  message: string
}

export interface PlannedChange {
  path: string
  /** The page's own metadata now ({} for a page to create). */
  before: Metadata
  after: Metadata
}

export interface ImportPlan {
  /** What applying does, one edit per changed or created page; empty when there are errors. */
  edits: ChangeSetEdit[]
  /** The first {@link MAX_SAMPLED_CHANGES} edits, with the metadata before. */
  changes: PlannedChange[]
  /** How many pages change (existing and created). */
  changeCount: number
  /** The first {@link MAX_LISTED_ERRORS} problems; any problem means nothing may be applied. */
  errors: ImportError[]
  errorCount: number
  /** Data rows read (blank lines not counted). */
  rows: number
  /** Rows whose page already has exactly this metadata. */
  unchanged: number
  /** Paths of pages the import creates (createMissing). */
  toCreate: string[]
  /** Paths the site has no page for, left alone because createMissing is off. */
  unknownPaths: string[]
}

export interface PlanImportOptions {
  siteId: string
  format: TransferFormat
  body: ReadableStream<Uint8Array> | string
  /** The file's own header (or NDJSON key) → a layout column, or null to ignore that column. */
  mapping?: Record<string, string | null>
  /** Create pages for paths the site does not have; otherwise they are listed in unknownPaths. */
  createMissing: boolean
  /** Lower caps than {@link MAX_IMPORT_ROWS} and {@link MAX_IMPORT_BYTES} (never higher). */
  limits?: { rows?: number; bytes?: number }
}

/** A row as read from the file: its line, its path cell and its other cells, by column. */
interface ReadRow {
  line: number
  path: unknown
  cells: Array<{ column: TransferColumn; value: unknown }>
}

class ImportTooLarge extends ORPCError<'PAYLOAD_TOO_LARGE', undefined> {
  constructor(message: string) {
    super('PAYLOAD_TOO_LARGE', { message })
  }
}

/**
 * Reads a CSV or NDJSON file of page metadata (the layout of `layout.ts`) and plans what importing
 * it would do, without writing anything: for each row, the page's own metadata after the file's
 * columns are applied to it (absent columns keep the page's values, empty cells unset them), checked
 * with the same rules as the editor. Every bad row is reported with its line and column; a file with
 * any error plans no edits. The file is streamed: memory grows with the rows that change, not with
 * the file's bytes.
 *
 * Refused with PAYLOAD_TOO_LARGE past {@link MAX_IMPORT_ROWS} rows or {@link MAX_IMPORT_BYTES}.
 */
export async function planImport(db: Database, options: PlanImportOptions): Promise<ImportPlan> {
  const [siteRow] = await db
    .select({ hostname: site.hostname })
    .from(site)
    .where(eq(site.id, options.siteId))
    .limit(1)
  if (!siteRow) throw new ORPCError('NOT_FOUND', { message: 'This site was just deleted.' })

  const plan: ImportPlan = {
    edits: [],
    changes: [],
    changeCount: 0,
    errors: [],
    errorCount: 0,
    rows: 0,
    unchanged: 0,
    toCreate: [],
    unknownPaths: [],
  }
  const report = (error: ImportError) => {
    plan.errorCount += 1
    if (plan.errors.length < MAX_LISTED_ERRORS) plan.errors.push(error)
  }
  const seen = new Map<string, number>()
  let batch: Array<{ row: ReadRow; path: string }> = []

  const flush = async () => {
    if (batch.length === 0) return
    const current = batch
    batch = []
    await planBatch(db, options, current, plan, report)
  }

  const maxRows = Math.min(options.limits?.rows ?? MAX_IMPORT_ROWS, MAX_IMPORT_ROWS)
  const maxBytes = Math.min(options.limits?.bytes ?? MAX_IMPORT_BYTES, MAX_IMPORT_BYTES)
  const rows =
    options.format === 'csv'
      ? readCsv(limitedBytes(options.body, maxBytes), options.mapping ?? {}, report)
      : readNdjson(limitedBytes(options.body, maxBytes), options.mapping ?? {}, report)
  for await (const row of rows) {
    plan.rows += 1
    if (plan.rows > maxRows) {
      throw new ImportTooLarge(
        `This file has more than ${maxRows.toLocaleString('en')} rows; split it into smaller files.`,
      )
    }
    if (typeof row.path !== 'string' || row.path.trim() === '') {
      report({
        line: row.line,
        column: 'path',
        message: 'Every row needs the page’s path, e.g. /pricing.',
      })
      continue
    }
    const normalised = pagePathFromInput(row.path, siteRow.hostname)
    if (!normalised.ok) {
      report({ line: row.line, column: 'path', message: normalised.message })
      continue
    }
    const earlier = seen.get(normalised.path)
    if (earlier !== undefined) {
      report({
        line: row.line,
        column: 'path',
        message: `The page ${clip(normalised.path)} is already on line ${earlier}; keep one row per page.`,
      })
      continue
    }
    seen.set(normalised.path, row.line)
    batch.push({ row, path: normalised.path })
    if (batch.length >= BATCH) await flush()
  }
  await flush()
  // Rows are checked in batches after reading: list the problems in file order.
  plan.errors.sort((a, b) => a.line - b.line)
  if (plan.errorCount > 0) plan.edits = []
  return plan
}

async function planBatch(
  db: Database,
  options: PlanImportOptions,
  batch: Array<{ row: ReadRow; path: string }>,
  plan: ImportPlan,
  report: (error: ImportError) => void,
): Promise<void> {
  const found = await db
    .select({
      id: page.id,
      path: page.path,
      currentRevisionId: page.currentRevisionId,
      metadata: metadataRevision.metadata,
    })
    .from(page)
    .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
    .where(
      and(
        eq(page.siteId, options.siteId),
        isNotNull(page.path),
        inArray(
          page.path,
          batch.map((item) => item.path),
        ),
      ),
    )
  const pages = new Map(found.map((row) => [row.path as string, row]))
  for (const { row, path } of batch) {
    const existing = pages.get(path)
    if (!existing && !options.createMissing) {
      plan.unknownPaths.push(path)
      continue
    }
    const before = compactMetadata(existing?.metadata ?? {})
    const draft = structuredClone(before) as Metadata
    let readable = true
    for (const { column, value } of row.cells) {
      const result: CellResult =
        options.format === 'csv'
          ? readCsvCell(column, value as string)
          : readJsonValue(column, value)
      if (!result.ok) {
        report({ line: row.line, column: column.key, message: result.message })
        readable = false
      } else {
        setField(draft, column.field, result.value)
      }
    }
    if (!readable) continue
    const after = compactMetadata(draft)
    const checked = metadataSchema.safeParse(after)
    if (!checked.success) {
      const reported = new Set<string>()
      for (const issue of checked.error.issues) {
        const column = columnOfIssue(issue.path)?.key ?? null
        const key = `${column}\u0000${issue.message}`
        if (reported.has(key)) continue
        reported.add(key)
        report({ line: row.line, column, message: issue.message })
      }
      continue
    }
    if (metadataBytes(after) > METADATA_MAX_BYTES) {
      report({
        line: row.line,
        column: null,
        message: `This page’s metadata would be larger than ${METADATA_MAX_BYTES / 1024} KiB; shorten its structured data or lists.`,
      })
      continue
    }
    if (existing && sameJson(before, after)) {
      plan.unchanged += 1
      continue
    }
    if (!existing) plan.toCreate.push(path)
    plan.changeCount += 1
    if (plan.changes.length < MAX_SAMPLED_CHANGES) plan.changes.push({ path, before, after })
    plan.edits.push({
      pageId: existing?.id ?? null,
      path,
      baseRevisionId: existing?.currentRevisionId ?? null,
      metadata: after,
    })
  }
}

/** The file's bytes as Node chunks, refused past MAX_IMPORT_BYTES. */
async function* limitedBytes(
  body: ReadableStream<Uint8Array> | string,
  maxBytes: number,
): AsyncGenerator<Buffer> {
  if (typeof body === 'string') {
    const bytes = Buffer.from(body, 'utf8')
    if (bytes.length > maxBytes) throw tooManyBytes(maxBytes)
    yield bytes
    return
  }
  let total = 0
  for await (const chunk of Readable.fromWeb(body as WebReadableStream)) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array)
    total += bytes.length
    if (total > maxBytes) throw tooManyBytes(maxBytes)
    yield bytes
  }
}

function tooManyBytes(maxBytes: number) {
  return new ImportTooLarge(
    `This file is larger than ${formatSize(maxBytes)}; split it into smaller files.`,
  )
}

function formatSize(bytes: number): string {
  return bytes >= 1024 * 1024
    ? `${Math.round(bytes / 1024 / 1024)} MiB`
    : `${Math.ceil(bytes / 1024)} KiB`
}

/**
 * The layout column a file's header means: the mapping's choice (null = ignore the column), else
 * the layout column of that name. Undefined for a header Headmark does not know.
 */
function columnOfHeader(
  header: string,
  mapping: Record<string, string | null>,
): TransferColumn | null | undefined {
  if (Object.hasOwn(mapping, header)) {
    const target = mapping[header]
    return target === null || target === undefined ? null : transferColumn(target)
  }
  return transferColumn(header)
}

function unknownHeader(header: string, mapping: Record<string, string | null>): string {
  if (Object.hasOwn(mapping, header)) {
    return `The mapping sends “${clip(header)}” to “${clip(String(mapping[header]))}”, which is not a column Headmark knows.`
  }
  return `“${clip(header)}” is not a column Headmark knows: rename it to one of ${TRANSFER_HEADER.slice(0, 4).join(', ')}… (see the column list), or map it to one.`
}

/**
 * Data rows of a CSV file. Line numbers are the rows a spreadsheet shows: the header is 1, a blank
 * line counts, a quoted cell spanning several lines is one row. Header problems end the reading.
 */
async function* readCsv(
  bytes: AsyncIterable<Buffer>,
  mapping: Record<string, string | null>,
  report: (error: ImportError) => void,
): AsyncGenerator<ReadRow> {
  const parser = parse({
    bom: true,
    relax_column_count: true,
    // A " inside a cell that is not wrapped in quotes is kept as written (hand-written JSON).
    relax_quotes: true,
    skip_empty_lines: false,
    max_record_size: MAX_ROW_BYTES,
  })
  const source = Readable.from(bytes)
  source.on('error', (error) => parser.destroy(error))
  source.pipe(parser)

  let line = 0
  let columns: Array<TransferColumn | null> | null = null
  let pathIndex = -1
  try {
    for await (const record of parser as AsyncIterable<string[]>) {
      line += 1
      if (columns === null) {
        const read = readHeader(record, mapping, report)
        if (!read) return
        columns = read
        pathIndex = columns.findIndex((column) => column?.key === 'path')
        continue
      }
      if (record.length === 1 && record[0] === '') continue
      if (record.length !== columns.length) {
        report({
          line,
          column: null,
          message: `This row has ${record.length} cells but the header has ${columns.length}; every row needs one cell per column (leave a cell empty to unset that field).`,
        })
        continue
      }
      const cells: ReadRow['cells'] = []
      columns.forEach((column, index) => {
        if (column && index !== pathIndex) {
          cells.push({ column, value: unguardCell(record[index] ?? '') })
        }
      })
      yield { line, path: unguardCell(record[pathIndex] ?? ''), cells }
    }
  } catch (error) {
    if (error instanceof CsvError) {
      // Records read ahead of the failure may not have reached this loop: the parser's own count.
      const at = (error as { lines?: number }).lines
      report({
        line: typeof at === 'number' && at > 0 ? at : line + 1,
        column: null,
        message: csvProblem(error),
      })
      return
    }
    throw error
  } finally {
    source.destroy()
  }
  if (columns === null) {
    report({
      line: 1,
      column: null,
      message: 'The file is empty: it needs a header row starting with path.',
    })
  }
}

function readHeader(
  record: string[],
  mapping: Record<string, string | null>,
  report: (error: ImportError) => void,
): Array<TransferColumn | null> | null {
  const columns: Array<TransferColumn | null> = []
  const taken = new Map<string, string>()
  let ok = true
  for (const raw of record) {
    const header = raw.trim()
    // A column without a name (often an empty last column a spreadsheet kept) is ignored.
    if (header === '' && !Object.hasOwn(mapping, header)) {
      columns.push(null)
      continue
    }
    const column = columnOfHeader(header, mapping)
    if (column === undefined) {
      report({ line: 1, column: header, message: unknownHeader(header, mapping) })
      ok = false
      columns.push(null)
      continue
    }
    if (column !== null) {
      const other = taken.get(column.key)
      if (other !== undefined) {
        report({
          line: 1,
          column: header,
          message: `Both “${clip(other)}” and “${clip(header)}” are the column ${column.key}; keep one.`,
        })
        ok = false
      }
      taken.set(column.key, header)
    }
    columns.push(column)
  }
  if (!taken.has('path')) {
    report({
      line: 1,
      column: 'path',
      message: 'The header has no path column: add one (or map your own column to path).',
    })
    ok = false
  }
  return ok ? columns : null
}

function csvProblem(error: CsvError): string {
  switch (error.code) {
    case 'CSV_MAX_RECORD_SIZE':
      return `A row is larger than ${MAX_ROW_BYTES / 1024} KiB; shorten its cells.`
    case 'CSV_INVALID_CLOSING_QUOTE':
    case 'CSV_QUOTE_NOT_CLOSED':
      return 'A quoted cell is not closed properly: a " inside a cell is written "" and the cell is wrapped in quotes.'
    default:
      return `The file is not valid CSV here: ${clip(error.message, 160)}`
  }
}

/** Data rows of an NDJSON file: one JSON object per line, keyed by layout columns. */
async function* readNdjson(
  bytes: AsyncIterable<Buffer>,
  mapping: Record<string, string | null>,
  report: (error: ImportError) => void,
): AsyncGenerator<ReadRow> {
  const decoder = new TextDecoder('utf-8')
  let pending = ''
  let line = 0
  const rowOf = (text: string): ReadRow | null => {
    line += 1
    const trimmed = (line === 1 ? text.replace(/^\uFEFF/, '') : text).trim()
    if (trimmed === '') return null
    let value: unknown
    try {
      value = JSON.parse(trimmed)
    } catch (error) {
      const reason = error instanceof Error ? error.message : 'it is not JSON'
      report({ line, column: null, message: `This line is not valid JSON: ${clip(reason, 120)}.` })
      return null
    }
    if (value === null || typeof value !== 'object' || Array.isArray(value)) {
      report({
        line,
        column: null,
        message: 'Each line must be one JSON object such as {"path":"/pricing","title":"…"}.',
      })
      return null
    }
    const row: ReadRow = { line, path: undefined, cells: [] }
    for (const [key, item] of Object.entries(value)) {
      const column = columnOfHeader(key, mapping)
      if (column === null) continue
      if (column === undefined) {
        report({ line, column: key, message: unknownHeader(key, mapping) })
        continue
      }
      if (column.kind === 'path') row.path = item
      else row.cells.push({ column, value: item })
    }
    return row
  }
  for await (const chunk of bytes) {
    pending += decoder.decode(chunk, { stream: true })
    if (pending.length > MAX_ROW_BYTES && !pending.includes('\n')) {
      throw new ImportTooLarge(
        `Line ${line + 1} is longer than ${MAX_ROW_BYTES / 1024} KiB; shorten it.`,
      )
    }
    let start = 0
    let end = pending.indexOf('\n')
    while (end !== -1) {
      const row = rowOf(pending.slice(start, end))
      if (row) yield row
      start = end + 1
      end = pending.indexOf('\n', start)
    }
    pending = pending.slice(start)
  }
  pending += decoder.decode()
  if (pending.trim() !== '') {
    const row = rowOf(pending)
    if (row) yield row
  }
}

/** Deep equality of two JSON values, whatever their keys' order. */
function sameJson(a: unknown, b: unknown): boolean {
  if (a === b) return true
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false
  if (Array.isArray(a) !== Array.isArray(b)) return false
  if (Array.isArray(a) && Array.isArray(b)) {
    return a.length === b.length && a.every((item, index) => sameJson(item, b[index]))
  }
  const aKeys = Object.keys(a)
  const bRecord = b as Record<string, unknown>
  if (aKeys.length !== Object.keys(b).length) return false
  return aKeys.every(
    (key) =>
      Object.hasOwn(bRecord, key) && sameJson((a as Record<string, unknown>)[key], bRecord[key]),
  )
}

function clip(value: string, length = 64): string {
  return value.length > length ? `${value.slice(0, length)}…` : value
}
