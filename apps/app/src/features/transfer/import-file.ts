/**
 * What the import screen reads from a chosen file in the browser, before anything is sent: its
 * format from the name, whether it fits the server's limit, and its headers for the mapping step.
 */

/** The most characters the server takes in one import (`MAX_PREVIEW_CHARACTERS`, under 1 MiB). */
export const MAX_IMPORT_CHARACTERS = 1_000_000

export type ImportFormat = 'csv' | 'json'

/** The format a file's name says: .ndjson/.json/.jsonl are NDJSON, anything else CSV. */
export function formatOfName(name: string): ImportFormat {
  return /\.(nd)?jsonl?$/i.test(name) ? 'json' : 'csv'
}

/** A size as people read it: "812 KB", "3.4 MB". */
export function readableSize(bytes: number): string {
  if (bytes < 1000) return `${bytes} bytes`
  if (bytes < 1_000_000) return `${Math.ceil(bytes / 1000)} KB`
  return `${(bytes / 1_000_000).toFixed(1)} MB`
}

/**
 * The first record of a CSV text: its cells, quotes undone ("" inside quotes is one "), a
 * leading byte order mark dropped. Enough for the header row; the server reads the rest.
 *
 * @example
 * csvHeader('path,"Title, long"\n/a,b') // ['path', 'Title, long']
 */
export function csvHeader(text: string): string[] {
  const cells: string[] = []
  let cell = ''
  let quoted = false
  let index = text.charCodeAt(0) === 0xfeff ? 1 : 0
  for (; index < text.length; index += 1) {
    const char = text[index]
    if (quoted) {
      if (char === '"') {
        if (text[index + 1] === '"') {
          cell += '"'
          index += 1
        } else quoted = false
      } else cell += char
      continue
    }
    if (char === '"' && cell === '') quoted = true
    else if (char === ',') {
      cells.push(cell)
      cell = ''
    } else if (char === '\n' || char === '\r') break
    else cell += char
  }
  cells.push(cell)
  return cells.map((header) => header.trim()).filter((header) => header !== '')
}

/** The keys of an NDJSON file's objects, in the order first seen (the first 50 lines). */
export function ndjsonKeys(text: string): string[] {
  const keys = new Set<string>()
  for (const line of text.split(/\r?\n/).slice(0, 50)) {
    if (line.trim() === '') continue
    try {
      const value: unknown = JSON.parse(line)
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        for (const key of Object.keys(value)) keys.add(key)
      }
    } catch {
      // A line that is not JSON is the server's to report, with its line number.
    }
  }
  return [...keys]
}

/** The headers (CSV) or keys (NDJSON) of a file's text. */
export function fileHeaders(text: string, format: ImportFormat): string[] {
  return format === 'csv' ? csvHeader(text) : ndjsonKeys(text)
}

/**
 * Whether a check's errors say the file's headers are not the layout's: a header Headmark does
 * not know, or no path column. Then the screen offers the mapping step.
 */
export function needsMapping(
  errors: readonly { line: number; column: string | null; message: string }[],
  headers: readonly string[],
  layout: readonly string[],
): boolean {
  return errors.some(
    (error) =>
      (error.column !== null && headers.includes(error.column) && !layout.includes(error.column)) ||
      (error.line === 1 && error.column === 'path' && /no path column/.test(error.message)),
  )
}

/**
 * The first guess of a mapping: a header that is a layout column (ignoring case, spaces and
 * punctuation) goes to it; the others are left for the person to choose (undefined).
 */
export function guessMapping(
  headers: readonly string[],
  layout: readonly string[],
): Record<string, string | null | undefined> {
  const simple = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '')
  const byName = new Map(layout.map((key) => [simple(key), key]))
  return Object.fromEntries(headers.map((header) => [header, byName.get(simple(header))]))
}
