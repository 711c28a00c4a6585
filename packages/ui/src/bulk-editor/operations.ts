import type { Metadata } from '@headmark/metadata'
import {
  BULK_FIELDS,
  type BulkFieldKey,
  type BulkFieldValue,
  bulkField,
  setBulkField,
} from './fields.ts'
import type { BulkEditInput, BulkOperation, BulkPreview, BulkRow } from './types.ts'

// Text the replace operation may touch: select and boolean fields hold fixed choices.
const TEXT_FIELDS = BULK_FIELDS.filter((field) => field.kind === 'text' || field.kind === 'url')

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The pattern a replace operation looks for, or the reason it can not be used.
 *
 * @example
 * replacePattern({ find: 'a(', regex: true, … }) // { error: 'Not a regular expression: …' }
 */
export function replacePattern(
  operation: Pick<Extract<BulkOperation, { kind: 'replace' }>, 'find' | 'regex' | 'caseSensitive'>,
): { pattern: RegExp; error?: undefined } | { error: string; pattern?: undefined } {
  if (operation.find === '') return { error: 'Enter the text to find.' }
  try {
    const source = operation.regex ? operation.find : escapeRegExp(operation.find)
    const pattern = new RegExp(source, operation.caseSensitive ? 'gu' : 'giu')
    if (pattern.test(''))
      return { error: 'This expression matches empty text; make it match at least one character.' }
    return { pattern }
  } catch (error) {
    return { error: `Not a regular expression: ${(error as Error).message}` }
  }
}

/** The fields an operation reads and writes. */
export const operationFields = (operation: BulkOperation): BulkFieldKey[] =>
  operation.kind === 'set'
    ? [operation.field]
    : operation.field === 'all'
      ? TEXT_FIELDS.map((field) => field.key)
      : [operation.field]

// Samples read as the cells do: yes/no fields as Yes and No.
const shown = (value: BulkFieldValue) =>
  typeof value === 'boolean' ? (value ? 'Yes' : 'No') : value

interface PageResult {
  matched: boolean
  refused: boolean
  after: Metadata
  samples: Array<{ field: BulkFieldKey; before: string; after: string }>
}

function runOnPage(
  operation: BulkOperation,
  metadata: Metadata,
  pattern: RegExp | undefined,
): PageResult {
  let after = metadata
  let matched = operation.kind === 'set'
  let refused = false
  const samples: PageResult['samples'] = []
  for (const key of operationFields(operation)) {
    const field = bulkField(key)
    const before = field.get(after)
    let value = operation.kind === 'set' ? operation.value : before
    if (operation.kind === 'replace' && pattern && typeof before === 'string') {
      pattern.lastIndex = 0
      if (!pattern.test(before)) continue
      matched = true
      pattern.lastIndex = 0
      value = operation.regex
        ? before.replace(pattern, operation.replace)
        : before.replace(pattern, () => operation.replace)
    }
    if (value === before) continue
    const result = setBulkField(after, key, value)
    if (result.error !== undefined) {
      refused = true
      continue
    }
    samples.push({ field: key, before: shown(before), after: shown(value) })
    after = result.metadata
  }
  return { matched, refused, after, samples }
}

const SAMPLE_SIZE = 5

/**
 * Runs an operation over loaded pages (each one's pending metadata when it has some): what it
 * would change, and the edits to add to the pending set. Values the field rules refuse are left
 * out and counted.
 */
export function runBulkOperation(
  operation: BulkOperation,
  rows: readonly BulkRow[],
  current: (row: BulkRow) => Metadata,
  sampleSize = SAMPLE_SIZE,
): BulkPreview & { edits: BulkEditInput[]; error?: string } {
  let pattern: RegExp | undefined
  if (operation.kind === 'replace') {
    const compiled = replacePattern(operation)
    if (compiled.error !== undefined)
      return {
        matchedPages: 0,
        changedPages: 0,
        refusedPages: 0,
        sample: [],
        edits: [],
        error: compiled.error,
      }
    pattern = compiled.pattern
  }
  let matchedPages = 0
  let refusedPages = 0
  const sample: BulkPreview['sample'] = []
  const edits: BulkEditInput[] = []
  for (const row of rows) {
    const metadata = current(row)
    const result = runOnPage(operation, metadata, pattern)
    if (result.matched) matchedPages += 1
    if (result.refused) refusedPages += 1
    if (result.samples.length === 0) continue
    edits.push({
      pageId: row.id,
      path: row.path,
      baseRevisionId: row.currentRevisionId,
      before: row.metadata,
      after: result.after,
    })
    for (const change of result.samples)
      if (sample.length < sampleSize) sample.push({ path: row.path, ...change })
  }
  return { matchedPages, changedPages: edits.length, refusedPages, sample, edits }
}
