// The find & replace, set-field and review dialogs load when one first opens.
const OperationDialog = lazy(() =>
  import('./operation-dialog.tsx').then(({ OperationDialog }) => ({ default: OperationDialog })),
)
const ReviewDialog = lazy(() =>
  import('./review-dialog.tsx').then(({ ReviewDialog }) => ({ default: ReviewDialog })),
)

import type { Metadata } from '@headmark/metadata'
import {
  type KeyboardEvent,
  lazy,
  Suspense,
  useCallback,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Alert } from '../alert/alert.tsx'
import { Button } from '../button/button.tsx'
import { EmptyState } from '../empty-state/empty-state.tsx'
import { cx } from '../lib/cx.ts'
import { Spinner } from '../spinner/spinner.tsx'
import {
  BULK_FIELDS,
  type BulkFieldKey,
  bulkField,
  DEFAULT_BULK_COLUMNS,
  setBulkField,
} from './fields.ts'
import { BulkFilterBar, hasFilter } from './filter-bar.tsx'
import { BulkGrid, type GridHandlers } from './grid.tsx'
import type { OperationScopeChoice } from './operation-dialog.tsx'
import { runBulkOperation } from './operations.ts'
import type {
  BulkApplyRequest,
  BulkApplyResult,
  BulkEditInput,
  BulkFilter,
  BulkOperation,
  BulkPreview,
  BulkRow,
  BulkScope,
  BulkSort,
} from './types.ts'
import { type UseBulkEdits, useBulkEdits } from './use-bulk-edits.ts'

export interface BulkEditorProps {
  /** The pages loaded so far, in the order of `sort`. */
  rows: readonly BulkRow[]
  /** Pages matching the filter, when the server counted them. */
  total: number | null
  /** More pages follow the loaded ones. */
  hasMore?: boolean
  /** Called when the rows in view near the end of the loaded ones (load the next keyset page). */
  onLoadMore?: () => void
  /** A page of rows is loading (the first one shows placeholder rows). */
  loading?: boolean
  /** Loading failed: shown with "Try again" when `onRetry` is given. */
  error?: Error | string | null
  onRetry?: () => void
  filter: BulkFilter
  onFilterChange: (filter: BulkFilter) => void
  sort: BulkSort
  onSortChange: (sort: BulkSort) => void
  /** The people who changed pages, for the "Changed by" filter. */
  authors?: ReadonlyArray<{ id: string; name: string }>
  /** The field columns shown, in order; DEFAULT_BULK_COLUMNS by default. */
  columns?: readonly BulkFieldKey[]
  onColumnsChange?: (columns: BulkFieldKey[]) => void
  /** The pending changes, from `useBulkEdits()` held above; the editor holds its own otherwise. */
  edits?: UseBulkEdits
  /** Saves the pending changes; conflicts returned stay pending. */
  onApply: (request: BulkApplyRequest) => Promise<BulkApplyResult>
  /** Counts and samples what an operation would change over every page in scope (server side). */
  onPreviewOperation?: (operation: BulkOperation, scope: BulkScope) => Promise<BulkPreview>
  /** Builds the operation's edits over every page in scope; they join the pending changes. */
  onRunOperation?: (operation: BulkOperation, scope: BulkScope) => Promise<BulkEditInput[]>
  /** The fields the "Missing" filter offers (those the server can check); every field by default. */
  missingFields?: readonly BulkFieldKey[]
  /** The fields "Find and replace" and "Set field" offer; every field by default. */
  operationFields?: readonly BulkFieldKey[]
  /** Names the grid. */
  label?: string
  /** Pixels per row; rows are one line high. */
  rowHeight?: number
  className?: string
}

interface Selection {
  /** The filter the selection was made in. */
  key: string
  ids: ReadonlySet<string>
  /** Every page matching the filter, loaded or not. */
  all: boolean
  /** Where a shift-click range starts. */
  anchor: number | null
}

const emptySelection = (key: string): Selection => ({
  key,
  ids: new Set(),
  all: false,
  anchor: null,
})

const plural = (count: number, one: string, many = `${one}s`) =>
  `${count.toLocaleString('en')} ${count === 1 ? one : many}`

function ColumnChooser({
  columns,
  onChange,
}: {
  columns: readonly BulkFieldKey[]
  onChange: (columns: BulkFieldKey[]) => void
}) {
  const shown = new Set(columns)
  return (
    <details className="hm-bulk-editor__columns">
      <summary className="hm-button hm-button--secondary hm-button--sm">
        Columns <span className="hm-bulk-editor__muted">({columns.length})</span>
      </summary>
      <fieldset className="hm-bulk-editor__columns-list">
        <legend className="hm-visually-hidden">Fields shown as columns</legend>
        {BULK_FIELDS.map((field) => (
          <label key={field.key}>
            <input
              type="checkbox"
              checked={shown.has(field.key)}
              onChange={(event) =>
                onChange(
                  event.target.checked
                    ? // Keep the table's order, whatever order they were chosen in.
                      BULK_FIELDS.map((f) => f.key).filter(
                        (key) => key === field.key || shown.has(key),
                      )
                    : columns.filter((key) => key !== field.key),
                )
              }
            />{' '}
            {field.label}
          </label>
        ))}
      </fieldset>
    </details>
  )
}

/**
 * Every page × the metadata fields chosen as columns, for sites of any size: rows arrive by keyset
 * pages as the grid scrolls and only those in view are drawn. Cells edit in place with the
 * editor's field rules; find & replace and "Set field" work on the selection or the filter. Edits
 * collect as pending changes, reviewed page by page as diffs before they are applied.
 *
 * Keys: arrows, Home/End (with ⌘/Ctrl: first/last page), PageUp/PageDown move; Enter or F2 edits,
 * Escape cancels, Enter commits and moves down, Tab right; Space toggles a yes/no cell or the
 * row's selection; ⌘/Ctrl+Z undoes the last pending edit.
 */
export function BulkEditor({
  rows,
  total,
  hasMore = false,
  onLoadMore,
  loading = false,
  error,
  onRetry,
  filter,
  onFilterChange,
  sort,
  onSortChange,
  authors = [],
  columns: columnsProp,
  onColumnsChange,
  edits: editsProp,
  onApply,
  onPreviewOperation,
  onRunOperation,
  missingFields,
  operationFields,
  label = 'Pages and their metadata',
  rowHeight = 44,
  className,
}: BulkEditorProps) {
  const own = useBulkEdits()
  const bulk = editsProp ?? own
  const [chosenColumns, setChosenColumns] = useState<readonly BulkFieldKey[]>(DEFAULT_BULK_COLUMNS)
  const columns = columnsProp ?? chosenColumns
  const changeColumns = (next: BulkFieldKey[]) => {
    setChosenColumns(next)
    onColumnsChange?.(next)
  }

  // Selection: chosen page ids, or every page matching the filter. It belongs to one filter: a
  // new filter is a new list, where what was selected in the old one no longer applies.
  const filterKey = JSON.stringify(filter)
  const [selection, setSelection] = useState<Selection>(() => emptySelection(filterKey))
  const current = selection.key === filterKey ? selection : emptySelection(filterKey)
  const selected = current.ids
  const allMatching = current.all

  const latest = useRef({ rows, bulk, filterKey })
  useLayoutEffect(() => {
    latest.current = { rows, bulk, filterKey }
  })
  const currentOf = useCallback(
    (row: BulkRow): Metadata => latest.current.bulk.edits.get(row.id)?.after ?? row.metadata,
    [],
  )

  // The grid calls these through a ref, so its memoised rows never re-render for new callbacks.
  const handlers = useRef<GridHandlers>({
    check: (row, key, value) => setBulkField(currentOf(row), key, value).error,
    commit: (row, key, value) => {
      const result = setBulkField(currentOf(row), key, value)
      if (result.error !== undefined) return result.error
      latest.current.bulk.add([
        {
          pageId: row.id,
          path: row.path,
          baseRevisionId: row.currentRevisionId,
          before: row.metadata,
          after: result.metadata,
        },
      ])
      return undefined
    },
    toggle: (row, key) => {
      handlers.current.commit(row, key, bulkField(key).get(currentOf(row)) !== true)
    },
    toggleSelected: (index, shift) => {
      const { rows: list, filterKey: key } = latest.current
      const row = list[index]
      if (!row) return
      setSelection((previous) => {
        const base = previous.key === key ? previous : emptySelection(key)
        const next = new Set(base.all ? list.map((item) => item.id) : base.ids)
        const on = !next.has(row.id)
        const from = shift && base.anchor !== null ? Math.min(base.anchor, index) : index
        const to = shift && base.anchor !== null ? Math.max(base.anchor, index) : index
        for (let at = from; at <= to; at += 1) {
          const id = list[at]?.id
          if (id === undefined) continue
          if (on) next.add(id)
          else next.delete(id)
        }
        return { key, ids: next, all: false, anchor: index }
      })
    },
    activate: () => undefined,
  })
  const onSelectAll = useCallback((checked: boolean) => {
    const { rows: list, filterKey: key } = latest.current
    setSelection({
      key,
      ids: checked ? new Set(list.map((row) => row.id)) : new Set(),
      all: false,
      anchor: null,
    })
  }, [])
  const selectAllMatching = () => setSelection({ ...current, all: true })

  const selectedCount = allMatching ? total : selected.size
  const scopeOf = (choice: OperationScopeChoice): BulkScope =>
    choice === 'selection' && !allMatching
      ? { kind: 'pages', pageIds: [...selected] }
      : { kind: 'filter', filter }
  const rowsIn = (choice: OperationScopeChoice) =>
    choice === 'selection' && !allMatching ? rows.filter((row) => selected.has(row.id)) : rows
  const local = !onPreviewOperation || !onRunOperation
  const preview = (operation: BulkOperation, choice: OperationScopeChoice) =>
    local
      ? runBulkOperation(operation, rowsIn(choice), currentOf)
      : onPreviewOperation(operation, scopeOf(choice))
  const run = async (operation: BulkOperation, choice: OperationScopeChoice) => {
    if (local) {
      bulk.add(runBulkOperation(operation, rowsIn(choice), currentOf).edits)
      return
    }
    const built = await onRunOperation(operation, scopeOf(choice))
    bulk.add(built)
  }

  const [dialog, setDialog] = useState<'replace' | 'set' | 'review' | null>(null)
  const [applying, setApplying] = useState(false)
  const [outcome, setOutcome] = useState<{ result?: BulkApplyResult; error?: string } | null>(null)
  const apply = async (note: string) => {
    const pending = [...bulk.edits.values()]
    setApplying(true)
    setOutcome(null)
    try {
      const result = await onApply({
        edits: pending.map((edit) => ({
          pageId: edit.pageId,
          path: edit.path,
          baseRevisionId: edit.baseRevisionId,
          metadata: edit.after,
        })),
        ...(note ? { note } : {}),
      })
      bulk.settle(
        pending.map((edit) => edit.pageId),
        result,
      )
      setOutcome({ result })
    } catch (failure) {
      setOutcome({
        error: failure instanceof Error ? failure.message : 'The server did not answer; try again.',
      })
    } finally {
      setApplying(false)
    }
  }
  const drop = (pageId: string) => {
    const edit = bulk.edits.get(pageId)
    if (edit) bulk.add([{ ...edit, after: edit.before }])
  }

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const target = event.target as HTMLElement
    if (target.closest('input, textarea, select, [contenteditable="true"]')) return
    if ((event.metaKey || event.ctrlKey) && !event.shiftKey && event.key.toLowerCase() === 'z') {
      if (!bulk.canUndo) return
      event.preventDefault()
      bulk.undo()
    }
  }

  const loadedCount = rows.length
  const errorText = error ? (typeof error === 'string' ? error : error.message) : null
  const countText =
    total === null
      ? `${plural(loadedCount, 'page')} loaded${hasMore ? ', more to load' : ''}`
      : loadedCount < total
        ? `${plural(total, 'page')} (${loadedCount.toLocaleString('en')} loaded)`
        : plural(total, 'page')
  const firstLoad = loading && rows.length === 0
  const empty = !loading && !errorText && rows.length === 0
  const conflicts = useMemo(
    () => [...bulk.edits.values()].filter((edit) => edit.conflict).length,
    [bulk.edits],
  )

  return (
    <div className={cx('hm-bulk-editor', className)} onKeyDown={onKeyDown}>
      <BulkFilterBar
        filter={filter}
        onFilterChange={onFilterChange}
        authors={authors}
        missingFields={missingFields}
      />
      <div className="hm-bulk-editor__toolbar">
        <p className="hm-bulk-editor__count" role="status">
          {firstLoad ? 'Loading pages…' : errorText && loadedCount === 0 ? '' : countText}
          {selectedCount ? (
            <span>
              {' · '}
              {allMatching
                ? `All ${plural(total ?? loadedCount, 'page')} selected`
                : `${plural(selectedCount, 'page')} selected`}
            </span>
          ) : null}
        </p>
        {!allMatching &&
        total !== null &&
        total > loadedCount &&
        selected.size === loadedCount &&
        loadedCount > 0 ? (
          <Button size="sm" variant="ghost" onClick={selectAllMatching}>
            Select all {plural(total, 'page')} matching
          </Button>
        ) : null}
        <div className="hm-bulk-editor__actions">
          <ColumnChooser columns={columns} onChange={changeColumns} />
          <Button size="sm" onClick={() => setDialog('replace')} disabled={rows.length === 0}>
            Find and replace
          </Button>
          <Button size="sm" onClick={() => setDialog('set')} disabled={rows.length === 0}>
            Set field
          </Button>
          <Button
            size="sm"
            variant="ghost"
            onClick={bulk.undo}
            disabled={!bulk.canUndo}
            aria-keyshortcuts="Control+Z Meta+Z"
          >
            Undo
          </Button>
        </div>
      </div>
      {bulk.count > 0 ? (
        <div className="hm-bulk-editor__pending" role="status">
          <span>
            <strong>{plural(bulk.count, 'page')} changed</strong>
            {conflicts ? (
              <span className="hm-bulk-editor__conflict"> {plural(conflicts, 'conflict')}</span>
            ) : null}
          </span>
          <Button
            size="sm"
            variant="primary"
            onClick={() => {
              setOutcome(null)
              setDialog('review')
            }}
          >
            Review changes
          </Button>
        </div>
      ) : null}
      {errorText ? (
        <Alert
          tone="danger"
          live="assertive"
          title="The pages could not be loaded"
          action={onRetry ? <Button onClick={onRetry}>Try again</Button> : undefined}
        >
          {errorText}
        </Alert>
      ) : null}
      {empty ? (
        hasFilter(filter) ? (
          <EmptyState
            headingLevel={3}
            title="No pages match these filters"
            description="Change or clear the filters to see more pages."
            action={<Button onClick={() => onFilterChange({})}>Clear filters</Button>}
          />
        ) : (
          <EmptyState
            headingLevel={3}
            title="No pages yet"
            description="Pages appear here once the site's metadata has been saved for them or they have been imported."
          />
        )
      ) : errorText && rows.length === 0 ? null : (
        <div className="hm-bulk-editor__frame">
          <BulkGrid
            label={label}
            rows={rows}
            total={total}
            fields={columns}
            edits={bulk.edits}
            selected={selected}
            allMatching={allMatching}
            onSelectAll={onSelectAll}
            sort={sort}
            onSortChange={onSortChange}
            loading={loading}
            hasMore={hasMore}
            onLoadMore={onLoadMore}
            handlers={handlers}
            rowHeight={rowHeight}
            placeholderRows={firstLoad ? 8 : 0}
          />
          {applying ? (
            <div className="hm-bulk-editor__busy">
              <Spinner label="Applying changes…" />
            </div>
          ) : null}
        </div>
      )}
      {loading && rows.length > 0 ? (
        <p className="hm-bulk-editor__more">
          <Spinner size="sm" label={null} /> Loading more pages…
        </p>
      ) : null}
      {dialog === 'replace' || dialog === 'set' ? (
        <Suspense fallback={null}>
          <OperationDialog
            kind={dialog}
            open
            onOpenChange={(open) => !open && setDialog(null)}
            selectedCount={selectedCount || null}
            filterCount={local ? loadedCount : total}
            local={local}
            preview={preview}
            run={run}
            fields={operationFields}
          />
        </Suspense>
      ) : null}
      {dialog === 'review' ? (
        <Suspense fallback={null}>
          <ReviewDialog
            open={dialog === 'review'}
            onOpenChange={(open) => setDialog(open ? 'review' : null)}
            edits={bulk.edits}
            applying={applying}
            outcome={outcome}
            onApply={apply}
            onDiscard={() => {
              bulk.discard()
              setDialog(null)
            }}
            onDrop={drop}
          />
        </Suspense>
      ) : null}
    </div>
  )
}
