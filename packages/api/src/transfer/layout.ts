import type { Metadata } from '@headmark/metadata'
import { compactMetadata } from '../domain/served-metadata.ts'

// The one column layout of a site's page metadata in a file, for both export formats:
//
// - CSV: one row per page, one column per entry below, every cell text.
// - NDJSON (format "json"): one JSON object per line, keyed by the same column names, each value
//   typed (text as a string, flags as true/false, numbers as numbers, JSON cells as JSON).
//
// Simple fields have their own column; lists and objects (images, icons, alternates, custom tags,
// structured data, alternate locales) are one cell holding JSON text. The layout is data, so the
// import screen and the docs show the same list as the code reads.
//
// Clearing versus keeping, on import:
// - a column absent from the file keeps every page's value of that field;
// - a column present with an empty cell (CSV) or null (NDJSON) unsets the field on that row's page;
// - a cell with a value sets it.
// `openGraph.determiner` has a value that is empty in the editor ("(none)"): its cell says `none`.

/** How a column's cell is read and written. */
export type ColumnKind = 'path' | 'text' | 'boolean' | 'integer' | 'determiner' | 'json'

export interface TransferColumn {
  /** The column's header (CSV) or key (NDJSON). */
  key: string
  kind: ColumnKind
  /** Where the value sits in the metadata object; empty for `path`. */
  field: readonly string[]
  /** What the column holds, for people reading the layout. */
  description: string
}

const column = (
  key: string,
  kind: ColumnKind,
  description: string,
  field: readonly string[] = key.split('.'),
): TransferColumn => ({ key, kind, field, description })

/** Every column, in file order. `path` is first and the only one a file must have. */
export const TRANSFER_COLUMNS: readonly TransferColumn[] = [
  column(
    'path',
    'path',
    'The page’s path, e.g. /pricing (a full URL on the site’s host also works).',
    [],
  ),
  column('title', 'text', 'The page title.'),
  column('description', 'text', 'The meta description.'),
  column('canonical', 'text', 'The canonical URL, absolute (https://…).'),
  column(
    'noindex',
    'boolean',
    'true keeps the page out of search results; false overrides a site default of true.',
  ),
  column('robots.noindex', 'boolean', 'Robots directive noindex (true/false).'),
  column('robots.nofollow', 'boolean', 'Robots directive nofollow (true/false).'),
  column('robots.noarchive', 'boolean', 'Robots directive noarchive (true/false).'),
  column('robots.noimageindex', 'boolean', 'Robots directive noimageindex (true/false).'),
  column('robots.maxSnippet', 'integer', 'max-snippet: characters, 0 (none) or -1 (no limit).'),
  column('robots.maxImagePreview', 'text', 'max-image-preview: none, standard or large.'),
  column(
    'robots.maxVideoPreview',
    'integer',
    'max-video-preview: seconds, 0 (still image) or -1 (no limit).',
  ),
  column(
    'alternates',
    'json',
    'Language versions as JSON: {"en":"https://…","fr-CA":"https://…"}.',
  ),
  column('openGraph.title', 'text', 'The Open Graph title.'),
  column('openGraph.description', 'text', 'The Open Graph description.'),
  column('openGraph.siteName', 'text', 'The Open Graph site name.'),
  column('openGraph.type', 'text', 'The Open Graph type, e.g. website or article.'),
  column('openGraph.url', 'text', 'The Open Graph URL, absolute.'),
  column('openGraph.locale', 'text', 'The Open Graph locale, e.g. en_US.'),
  column('openGraph.localeAlternate', 'json', 'Alternate locales as JSON: ["fr_FR","de_DE"].'),
  column(
    'openGraph.determiner',
    'determiner',
    'a, an, the, auto, or none (the word before the title).',
  ),
  column(
    'openGraph.image',
    'json',
    'The main Open Graph image as JSON: {"url":"https://…","width":1200,"height":630,"mimeType":"image/png","alt":"…"}.',
  ),
  column('openGraph.images', 'json', 'More Open Graph images as a JSON list of images.'),
  column('twitter.title', 'text', 'The X (Twitter) title.'),
  column('twitter.description', 'text', 'The X (Twitter) description.'),
  column('twitter.card', 'text', 'The X (Twitter) card: summary or summary_large_image.'),
  column('twitter.image', 'json', 'The X (Twitter) image as JSON (same shape as openGraph.image).'),
  column(
    'icon',
    'json',
    'Icons as a JSON list of images (url may be a path such as /favicon.svg).',
  ),
  column('appleTouchIcon', 'json', 'Apple touch icons as a JSON list of images.'),
  column(
    'customTags',
    'json',
    'Custom meta tags as JSON: [{"name":"google-site-verification","content":"…"}].',
  ),
  column('jsonLd', 'json', 'Structured data as a JSON list of objects, each with an "@type".'),
]

/** The header row of an export: every column key. */
export const TRANSFER_HEADER: readonly string[] = TRANSFER_COLUMNS.map((c) => c.key)

const byKey = new Map(TRANSFER_COLUMNS.map((c) => [c.key, c]))

/** The column named `key` exactly, if the layout has one. */
export function transferColumn(key: string): TransferColumn | undefined {
  return byKey.get(key)
}

/** A CSV row: each column's cell text ('' = unset). */
export type CsvRow = Record<string, string>
/** An NDJSON line: each column's typed value (null = unset). */
export type JsonRow = Record<string, unknown>

function getField(metadata: Metadata, field: readonly string[]): unknown {
  let node: unknown = metadata
  for (const key of field) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return undefined
    node = (node as Record<string, unknown>)[key]
  }
  return node
}

/** Sets (or with `undefined`, removes) the value at `field`, creating the objects on the way. */
export function setField(metadata: Metadata, field: readonly string[], value: unknown): void {
  let node = metadata as Record<string, unknown>
  for (const key of field.slice(0, -1)) {
    const next = node[key]
    if (next === null || typeof next !== 'object' || Array.isArray(next)) {
      if (value === undefined) return
      node[key] = {}
    }
    node = node[key] as Record<string, unknown>
  }
  const last = field.at(-1) as string
  if (value === undefined) delete node[last]
  else node[last] = value
}

/** One cell's text for a metadata value ('' when unset). */
function cellOf(kind: ColumnKind, value: unknown): string {
  if (value === undefined || value === null) return ''
  switch (kind) {
    case 'json':
      return JSON.stringify(value)
    case 'determiner':
      return value === '' ? 'none' : String(value)
    default:
      return String(value)
  }
}

/**
 * A page's own metadata as a CSV row: every column, '' for unset fields. Compacted first, so an
 * empty string or list is written as unset, as the page stores it.
 *
 * @example
 * metadataToRow('/pricing', { title: 'Pricing', openGraph: { determiner: '' } })
 * // { path: '/pricing', title: 'Pricing', 'openGraph.determiner': 'none', description: '', … }
 */
export function metadataToRow(path: string, metadata: Metadata): CsvRow {
  const compact = compactMetadata(metadata)
  const row: CsvRow = {}
  for (const c of TRANSFER_COLUMNS) {
    row[c.key] = c.kind === 'path' ? path : cellOf(c.kind, getField(compact, c.field))
  }
  return row
}

/** A page's own metadata as an NDJSON line's object: every column, null for unset fields. */
export function metadataToJsonRow(path: string, metadata: Metadata): JsonRow {
  const compact = compactMetadata(metadata)
  const row: JsonRow = {}
  for (const c of TRANSFER_COLUMNS) {
    row[c.key] = c.kind === 'path' ? path : (getField(compact, c.field) ?? null)
  }
  return row
}

/** What one cell means: a value to set, `undefined` to unset, or a message saying what is wrong. */
export type CellResult = { ok: true; value: unknown } | { ok: false; message: string }

const INTEGER = /^[+-]?\d+$/

/** Reads one CSV cell of `column` (already without its formula guard). */
export function readCsvCell(column: TransferColumn, cell: string): CellResult {
  if (cell === '') return { ok: true, value: undefined }
  switch (column.kind) {
    case 'path':
    case 'text':
      return { ok: true, value: cell }
    case 'boolean': {
      const folded = cell.trim().toLowerCase()
      if (folded === 'true') return { ok: true, value: true }
      if (folded === 'false') return { ok: true, value: false }
      return {
        ok: false,
        message: `Write true or false (or leave the cell empty), not “${clip(cell)}”.`,
      }
    }
    case 'integer': {
      const trimmed = cell.trim()
      if (!INTEGER.test(trimmed) || !Number.isSafeInteger(Number(trimmed))) {
        return {
          ok: false,
          message: `Write a whole number such as 160 or -1, not “${clip(cell)}”.`,
        }
      }
      return { ok: true, value: Number(trimmed) }
    }
    case 'determiner':
      return { ok: true, value: cell === 'none' ? '' : cell }
    case 'json':
      try {
        return { ok: true, value: JSON.parse(cell) as unknown }
      } catch (error) {
        const reason = error instanceof Error ? error.message : 'it is not JSON'
        return {
          ok: false,
          message: `This cell must hold JSON (${jsonShape(column)}), but ${clip(reason, 120)}. Check quotes and brackets.`,
        }
      }
  }
}

/** Reads one NDJSON value of `column`: null unsets; text columns also accept their CSV cell text. */
export function readJsonValue(column: TransferColumn, value: unknown): CellResult {
  if (value === null) return { ok: true, value: undefined }
  switch (column.kind) {
    case 'path':
    case 'text':
    case 'determiner':
      if (typeof value !== 'string')
        return { ok: false, message: 'Write this value as a JSON string (or null to unset).' }
      return column.kind === 'determiner' && value === 'none'
        ? { ok: true, value: '' }
        : { ok: true, value }
    case 'boolean':
      if (typeof value !== 'boolean')
        return { ok: false, message: 'Write true or false (or null to unset).' }
      return { ok: true, value }
    case 'integer':
      if (typeof value !== 'number' || !Number.isSafeInteger(value)) {
        return { ok: false, message: 'Write a whole number such as 160 or -1 (or null to unset).' }
      }
      return { ok: true, value }
    case 'json':
      return { ok: true, value }
  }
}

function jsonShape(column: TransferColumn): string {
  return column.key === 'alternates' || column.key.endsWith('.image')
    ? 'an object {…}'
    : 'a list […]'
}

/**
 * The metadata a full CSV row describes: each column's cell read, empty cells unset, compacted.
 * Throws on a cell that can not be read (the importer reports those per cell instead).
 */
export function rowToMetadata(row: CsvRow): Metadata {
  const metadata: Metadata = {}
  for (const c of TRANSFER_COLUMNS) {
    if (c.kind === 'path' || !Object.hasOwn(row, c.key)) continue
    const result = readCsvCell(c, row[c.key] ?? '')
    if (!result.ok) throw new Error(`${c.key}: ${result.message}`)
    setField(metadata, c.field, result.value)
  }
  return compactMetadata(metadata)
}

// Spreadsheets run a cell starting with one of these as a formula (OWASP "CSV injection").
const FORMULA_START = /^'*[=+\-@\t\r]/

/**
 * A cell as written to a CSV file: one `'` before text a spreadsheet would run as a formula, and
 * before text that already starts with `'`s and then such a character, so that
 * {@link unguardCell} gives back exactly the original.
 *
 * @example
 * guardCell('=HYPERLINK("…")') // "'=HYPERLINK(\"…\")"
 * guardCell("'=1")            // "''=1"
 */
export function guardCell(cell: string): string {
  return FORMULA_START.test(cell) ? `'${cell}` : cell
}

/** The inverse of {@link guardCell}: removes the one `'` it added, and nothing else. */
export function unguardCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell) ? cell.slice(1) : cell
}

/**
 * The layout column a metadata schema issue is about: the longest column whose field is a prefix
 * of the issue's path (`['openGraph','images',0,'url']` → `openGraph.images`).
 */
export function columnOfIssue(path: readonly PropertyKey[]): TransferColumn | undefined {
  let best: TransferColumn | undefined
  for (const c of TRANSFER_COLUMNS) {
    if (c.field.length === 0 || c.field.length > path.length) continue
    if (c.field.every((key, index) => path[index] === key)) {
      if (!best || c.field.length > best.field.length) best = c
    }
  }
  return best
}

function clip(value: string, length = 60): string {
  return value.length > length ? `${value.slice(0, length)}…` : value
}
