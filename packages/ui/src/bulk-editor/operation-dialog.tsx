import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { Alert } from '../alert/alert.tsx'
import { Button } from '../button/button.tsx'
import { Dialog, DialogClose, DialogContent } from '../dialog/dialog.tsx'
import {
  BULK_FIELDS,
  type BulkFieldKey,
  type BulkFieldValue,
  bulkField,
  isBulkFieldKey,
} from './fields.ts'
import { replacePattern } from './operations.ts'
import type { BulkOperation, BulkPreview } from './types.ts'

export type OperationScopeChoice = 'selection' | 'filter'

export interface OperationDialogProps {
  kind: 'replace' | 'set'
  open: boolean
  onOpenChange: (open: boolean) => void
  /** Pages selected, or null when none are. */
  selectedCount: number | null
  /** Pages matching the filter (all of them, or the loaded ones when computed here). */
  filterCount: number | null
  /** The operation is computed over loaded pages only. */
  local: boolean
  preview: (
    operation: BulkOperation,
    scope: OperationScopeChoice,
  ) => Promise<BulkPreview> | BulkPreview
  run: (operation: BulkOperation, scope: OperationScopeChoice) => Promise<void>
  /** The fields offered; every bulk field (text fields for replace) by default. */
  fields?: readonly BulkFieldKey[]
}

const TEXT_FIELDS = BULK_FIELDS.filter((field) => field.kind === 'text' || field.kind === 'url')
// Previews follow typing after a pause, so a server preview is not asked at every key.
const PREVIEW_DELAY_MS = 250

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`

/**
 * Find & replace, or "Set field", over the selected pages or every page matching the filter,
 * with a live count and the first changes before anything is added to the pending changes.
 */
export function OperationDialog({
  kind,
  open,
  onOpenChange,
  selectedCount,
  filterCount,
  local,
  preview,
  run,
  fields,
}: OperationDialogProps) {
  const ids = useId()
  const offered = (kind === 'replace' ? TEXT_FIELDS : BULK_FIELDS).filter(
    (option) => !fields || fields.includes(option.key),
  )
  const [field, setField] = useState<BulkFieldKey | 'all'>(kind === 'replace' ? 'all' : 'title')
  const [find, setFind] = useState('')
  const [replace, setReplace] = useState('')
  const [regex, setRegex] = useState(false)
  const [caseSensitive, setCaseSensitive] = useState(false)
  const [value, setValue] = useState<BulkFieldValue>('')
  const [scope, setScope] = useState<OperationScopeChoice>(selectedCount ? 'selection' : 'filter')
  // The preview answers one operation and scope; while they differ from what is asked, it loads.
  const [result, setResult] = useState<{
    for?: unknown
    preview?: BulkPreview
    error?: string
  }>({})
  const [running, setRunning] = useState(false)
  const [runError, setRunError] = useState<string>()

  const setFieldKey = field === 'all' ? 'title' : field
  const operation = useMemo<BulkOperation | { error: string }>(() => {
    if (kind === 'set') return { kind: 'set', field: setFieldKey, value }
    const compiled = replacePattern({ find, regex, caseSensitive })
    if (compiled.error !== undefined) return { error: compiled.error }
    return { kind: 'replace', field, find, replace, regex, caseSensitive }
  }, [kind, setFieldKey, value, field, find, replace, regex, caseSensitive])
  const asked = useMemo(() => ({ operation, scope }), [operation, scope])
  const invalid = 'error' in operation ? operation.error : undefined

  const previewRef = useRef(preview)
  useEffect(() => {
    previewRef.current = preview
  })
  useEffect(() => {
    if (!open || 'error' in asked.operation) return
    let current = true
    const { operation: ready, scope: within } = asked
    const timer = setTimeout(
      () => {
        Promise.resolve(previewRef.current(ready, within)).then(
          (next) => {
            if (current) setResult({ for: asked, preview: next })
          },
          (error: unknown) => {
            if (current)
              setResult({
                for: asked,
                error: error instanceof Error ? error.message : 'The preview could not be made.',
              })
          },
        )
      },
      local ? 0 : PREVIEW_DELAY_MS,
    )
    return () => {
      current = false
      clearTimeout(timer)
    }
  }, [open, asked, local])
  const loading = !invalid && result.for !== asked
  const shownError = invalid
    ? find === '' && kind === 'replace'
      ? undefined
      : invalid
    : loading
      ? undefined
      : result.error
  const shownPreview = invalid || loading ? undefined : result.preview

  const changed = shownPreview?.changedPages ?? 0
  const onRun = async () => {
    if ('error' in operation) return
    setRunning(true)
    setRunError(undefined)
    try {
      await run(operation, scope)
      onOpenChange(false)
    } catch (error) {
      setRunError(error instanceof Error ? error.message : 'The changes could not be made.')
    } finally {
      setRunning(false)
    }
  }

  const chosen = kind === 'set' ? bulkField(setFieldKey) : undefined
  const scopeCount = scope === 'selection' ? selectedCount : filterCount
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        className="hm-bulk-editor__dialog"
        title={kind === 'replace' ? 'Find and replace' : 'Set a field'}
        description={
          local
            ? 'Changes are added to the pending changes of the loaded pages; nothing is saved until you apply them.'
            : 'Changes are added to the pending changes; nothing is saved until you apply them.'
        }
        footer={
          <>
            <DialogClose asChild>
              <Button variant="ghost">Cancel</Button>
            </DialogClose>
            <Button
              variant="primary"
              loading={running}
              disabled={'error' in operation || changed === 0 || loading}
              onClick={onRun}
            >
              {kind === 'replace'
                ? `Replace on ${plural(changed, 'page')}`
                : `Set on ${plural(changed, 'page')}`}
            </Button>
          </>
        }
      >
        <div className="hm-bulk-editor__form">
          <fieldset className="hm-bulk-editor__scope">
            <legend>Pages</legend>
            <label>
              <input
                type="radio"
                name={`${ids}-scope`}
                checked={scope === 'selection'}
                disabled={!selectedCount}
                onChange={() => setScope('selection')}
              />{' '}
              Selected pages{selectedCount ? ` (${selectedCount.toLocaleString('en')})` : ''}
            </label>
            <label>
              <input
                type="radio"
                name={`${ids}-scope`}
                checked={scope === 'filter'}
                onChange={() => setScope('filter')}
              />{' '}
              {local ? 'All loaded pages' : 'All pages matching the filters'}
              {filterCount !== null ? ` (${filterCount.toLocaleString('en')})` : ''}
            </label>
          </fieldset>
          <div className="hm-bulk-editor__field">
            <label htmlFor={`${ids}-field`}>Field</label>
            <select
              id={`${ids}-field`}
              className="hm-bulk-editor__native-select"
              value={kind === 'set' ? setFieldKey : field}
              onChange={(event) => {
                const next = event.target.value
                if (next === 'all' || isBulkFieldKey(next)) setField(next)
                if (kind === 'set' && isBulkFieldKey(next))
                  setValue(bulkField(next).kind === 'boolean' ? false : '')
              }}
            >
              {kind === 'replace' ? <option value="all">All text fields</option> : null}
              {offered.map((option) => (
                <option key={option.key} value={option.key}>
                  {option.label}
                </option>
              ))}
            </select>
          </div>
          {kind === 'replace' ? (
            <>
              <div className="hm-bulk-editor__field">
                <label htmlFor={`${ids}-find`}>Find</label>
                <input
                  id={`${ids}-find`}
                  className="hm-input"
                  value={find}
                  onChange={(event) => setFind(event.target.value)}
                />
              </div>
              <div className="hm-bulk-editor__field">
                <label htmlFor={`${ids}-replace`}>Replace with</label>
                <input
                  id={`${ids}-replace`}
                  className="hm-input"
                  value={replace}
                  onChange={(event) => setReplace(event.target.value)}
                />
              </div>
              <div className="hm-bulk-editor__options">
                <label>
                  <input
                    type="checkbox"
                    checked={regex}
                    onChange={(event) => setRegex(event.target.checked)}
                  />{' '}
                  Regular expression
                </label>
                <label>
                  <input
                    type="checkbox"
                    checked={caseSensitive}
                    onChange={(event) => setCaseSensitive(event.target.checked)}
                  />{' '}
                  Match case
                </label>
              </div>
            </>
          ) : chosen?.kind === 'boolean' ? (
            <label className="hm-bulk-editor__options">
              <input
                type="checkbox"
                checked={value === true}
                onChange={(event) => setValue(event.target.checked)}
              />{' '}
              {chosen.label}
            </label>
          ) : chosen?.kind === 'select' ? (
            <div className="hm-bulk-editor__field">
              <label htmlFor={`${ids}-value`}>Value</label>
              <select
                id={`${ids}-value`}
                className="hm-bulk-editor__native-select"
                value={String(value)}
                onChange={(event) => setValue(event.target.value)}
              >
                <option value="">(not set)</option>
                {chosen.options?.map((option) => (
                  <option key={option} value={option}>
                    {option}
                  </option>
                ))}
              </select>
            </div>
          ) : (
            <div className="hm-bulk-editor__field">
              <label htmlFor={`${ids}-value`}>Value (leave empty to clear)</label>
              <input
                id={`${ids}-value`}
                className="hm-input"
                dir="auto"
                value={String(value)}
                onChange={(event) => setValue(event.target.value)}
              />
            </div>
          )}
        </div>
        <div
          className="hm-bulk-editor__preview"
          aria-live="polite"
          aria-busy={loading || undefined}
        >
          {shownError ? (
            <p className="hm-bulk-editor__cell-error">{shownError}</p>
          ) : shownPreview ? (
            <>
              <p className="hm-bulk-editor__preview-count">
                {kind === 'replace'
                  ? `Found on ${plural(shownPreview.matchedPages, 'page')}; ${plural(shownPreview.changedPages, 'page')} would change.`
                  : `${plural(shownPreview.changedPages, 'page')} of ${plural(scopeCount ?? shownPreview.matchedPages, 'page')} would change.`}
                {shownPreview.refusedPages
                  ? ` ${plural(shownPreview.refusedPages, 'page')} left out: the field rules refuse the new value.`
                  : ''}
              </p>
              {shownPreview.sample.length > 0 ? (
                <ul className="hm-bulk-editor__samples" aria-label="First changes">
                  {shownPreview.sample.map((sample, index) => (
                    // Samples are a fixed list for one preview.
                    <li key={index}>
                      <code dir="ltr">{sample.path}</code>{' '}
                      <span className="hm-bulk-editor__muted">{bulkField(sample.field).label}</span>
                      <del dir="auto">{sample.before || '(not set)'}</del>
                      <ins dir="auto">{sample.after || '(not set)'}</ins>
                    </li>
                  ))}
                </ul>
              ) : null}
            </>
          ) : null}
        </div>
        {runError ? (
          <Alert tone="danger" live="assertive">
            {runError}
          </Alert>
        ) : null}
      </DialogContent>
    </Dialog>
  )
}
