import type { Metadata } from '@headmark/metadata'
import type { BulkFieldKey, BulkFieldValue } from './fields.ts'

/** One page as the bulk editor lists it. */
export interface BulkRow {
  id: string
  path: string
  /** The revision the page's metadata comes from; sent back with an edit to detect conflicts. */
  currentRevisionId: string | null
  /** The page's own metadata (not the site's defaults). */
  metadata: Metadata
  lastChangedAt: Date | null
  lastChangedBy: { id: string; name: string } | null
  /** The counts of lintMetadata's findings. */
  lint: { errors: number; warnings: number }
}

/** The filters the server applies; every one is optional and they combine (AND). */
export interface BulkFilter {
  /** Paths starting with this, e.g. `/blog/`. */
  pathPrefix?: string
  /** Paths matching this glob, e.g. `/blog/**` or `/docs/*.html`. */
  glob?: string
  /** Pages whose own metadata lacks this field. */
  missing?: BulkFieldKey
  /** Pages with lint errors, or with warnings (or errors). */
  lint?: 'error' | 'warning'
  /** Pages hidden from (true) or shown to (false) search engines. */
  noindex?: boolean
  /** Pages changed on or after this day (ISO date, `2026-11-01`). */
  changedSince?: string
  /** Pages whose last change was made by this person. */
  authorId?: string
}

export interface BulkSort {
  by: 'path' | 'changed'
  direction: 'asc' | 'desc'
}

/** Replace text in one field or in every text field. */
export interface BulkReplaceOperation {
  kind: 'replace'
  field: BulkFieldKey | 'all'
  find: string
  replace: string
  /** `find` is a regular expression; `replace` may use `$1`, `$<name>`. */
  regex: boolean
  caseSensitive: boolean
}

/** Give one field the same value on every page in scope ('' or false clears it). */
export interface BulkSetOperation {
  kind: 'set'
  field: BulkFieldKey
  value: BulkFieldValue
}

export type BulkOperation = BulkReplaceOperation | BulkSetOperation

/** Which pages an operation covers: every page matching the filter, or the chosen ones. */
export type BulkScope =
  { kind: 'filter'; filter: BulkFilter } | { kind: 'pages'; pageIds: string[] }

export interface BulkPreviewSample {
  path: string
  field: BulkFieldKey
  before: string
  after: string
}

/** What an operation would do, before it is run. */
export interface BulkPreview {
  /** Pages where the text is found (replace) or in scope (set). */
  matchedPages: number
  /** Pages whose metadata would change and pass the field rules. */
  changedPages: number
  /** Pages whose new value the field rules refuse; they are left out. */
  refusedPages?: number
  /** The first changes, for a person to check. */
  sample: BulkPreviewSample[]
}

/** One page's pending change, as it is sent to be applied. */
export interface BulkEditInput {
  pageId: string
  path: string
  baseRevisionId: string | null
  before: Metadata
  after: Metadata
}

export interface BulkApplyRequest {
  edits: Array<{ pageId: string; path: string; baseRevisionId: string | null; metadata: Metadata }>
  /** The note saved with each new revision. */
  note?: string
}

export interface BulkApplyResult {
  applied: number
  /** Pages changed by someone else since they were loaded: their edits stay pending. */
  conflicts: Array<{ pageId: string; path: string; message?: string }>
}
