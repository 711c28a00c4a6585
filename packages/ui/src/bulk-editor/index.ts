export { BulkEditor, type BulkEditorProps } from './bulk-editor.tsx'
export {
  BULK_FIELDS,
  type BulkFieldDefinition,
  type BulkFieldKey,
  type BulkFieldKind,
  type BulkFieldValue,
  bulkField,
  DEFAULT_BULK_COLUMNS,
  isBulkFieldKey,
  setBulkField,
} from './fields.ts'
export { replacePattern, runBulkOperation } from './operations.ts'
export type {
  BulkApplyRequest,
  BulkApplyResult,
  BulkEditInput,
  BulkFilter,
  BulkOperation,
  BulkPreview,
  BulkPreviewSample,
  BulkReplaceOperation,
  BulkRow,
  BulkScope,
  BulkSetOperation,
  BulkSort,
} from './types.ts'
export {
  addBulkEdits,
  type BulkEditsState,
  type BulkPendingEdit,
  EMPTY_BULK_EDITS,
  settleBulkEdits,
  undoBulkEdit,
  type UseBulkEdits,
  useBulkEdits,
} from './use-bulk-edits.ts'
