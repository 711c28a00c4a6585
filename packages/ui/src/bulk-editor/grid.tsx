import { lintMetadata, type Metadata } from '@headmark/metadata'
import {
  type ColumnDef,
  type ColumnVisibilityState,
  columnVisibilityFeature,
  type RowSelectionState,
  rowSelectionFeature,
  tableFeatures,
  useTable,
} from '@tanstack/react-table'
import {
  type KeyboardEvent,
  type MouseEvent,
  memo,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import { Checkbox } from '../checkbox/checkbox.tsx'
import { cx } from '../lib/cx.ts'
import { Skeleton } from '../skeleton/skeleton.tsx'
import { CellEditor, type CommitMove } from './cell-editor.tsx'
import {
  BULK_FIELDS,
  type BulkFieldDefinition,
  type BulkFieldKey,
  type BulkFieldValue,
  formatBulkValue,
} from './fields.ts'
import { useFixedRows } from './fixed-rows.ts'
import type { BulkPendingEdit } from './use-bulk-edits.ts'
import type { BulkRow, BulkSort } from './types.ts'

const features = tableFeatures({ columnVisibilityFeature, rowSelectionFeature })

type Column = ColumnDef<typeof features, BulkRow>

const FIELD_WIDTHS: Record<BulkFieldDefinition['kind'], number> = {
  text: 240,
  url: 260,
  boolean: 120,
  select: 160,
}
const width = (id: string) =>
  id === 'select'
    ? 48
    : id === 'path'
      ? 260
      : id === 'checks'
        ? 120
        : id === 'changed'
          ? 200
          : id.endsWith('description')
            ? 320
            : FIELD_WIDTHS[BULK_FIELDS.find((field) => field.key === id)?.kind ?? 'text']

const PATH_WIDTH = 'min(260px, 45vw)'

const FIELD_BY_ID = new Map<string, BulkFieldDefinition>(
  BULK_FIELDS.map((field) => [field.key, field]),
)

// Every column the grid can show; the chosen fields are the visible ones.
const COLUMNS: Column[] = [
  { id: 'select', header: 'Select' },
  { id: 'path', header: 'Path', accessorFn: (row) => row.path },
  ...BULK_FIELDS.map((field): Column => ({ id: field.key, header: field.label })),
  { id: 'checks', header: 'Checks' },
  { id: 'changed', header: 'Last changed' },
]

const dateFormat = new Intl.DateTimeFormat('en', { dateStyle: 'medium' })

export interface GridHandlers {
  commit: (row: BulkRow, key: BulkFieldKey, value: BulkFieldValue) => string | undefined
  check: (row: BulkRow, key: BulkFieldKey, value: BulkFieldValue) => string | undefined
  /** Flips a boolean field of the page's current metadata. */
  toggle: (row: BulkRow, key: BulkFieldKey) => void
  toggleSelected: (index: number, shift: boolean) => void
  activate: (row: number, column: number, edit?: boolean) => void
}

interface RowProps {
  row: BulkRow
  index: number
  pending: BulkPendingEdit | undefined
  columns: readonly string[]
  template: string
  selected: boolean
  /** The active column in this row, or -1. */
  activeColumn: number
  editing: boolean
  /** The character that started the edit, typed on the cell. */
  seed: string | undefined
  start: number
  height: number
  handlers: { current: GridHandlers }
  onEditEnd: (move: CommitMove) => void
}

function lintCounts(row: BulkRow, pending: BulkPendingEdit | undefined) {
  if (!pending) return row.lint
  const findings = lintMetadata(pending.after, { url: row.path })
  return {
    errors: findings.filter((finding) => finding.severity === 'error').length,
    warnings: findings.filter((finding) => finding.severity === 'warning').length,
  }
}

const GridRow = memo(function GridRow({
  row,
  index,
  pending,
  columns,
  template,
  selected,
  activeColumn,
  editing,
  seed,
  start,
  height,
  handlers,
  onEditEnd,
}: RowProps) {
  const metadata: Metadata = pending?.after ?? row.metadata
  const lint = useMemo(() => lintCounts(row, pending), [row, pending])
  const cells = columns.map((id, column) => {
    const active = column === activeColumn
    const common = {
      'data-cell': `${index}:${column}`,
      tabIndex: active ? 0 : -1,
      'aria-colindex': column + 1,
      className: cx(
        'hm-bulk-editor__cell',
        `hm-bulk-editor__cell--${id === 'path' || id === 'select' ? id : 'data'}`,
      ),
      onMouseDown: (event: MouseEvent) => {
        if (!(event.target as HTMLElement).closest('input, select, button'))
          handlers.current.activate(index, column)
      },
    }
    if (id === 'select')
      return (
        <div key={id} role="gridcell" {...common}>
          <Checkbox
            checked={selected}
            aria-label={`Select ${row.path}`}
            tabIndex={-1}
            onClick={(event) => {
              event.preventDefault()
              handlers.current.activate(index, column)
              handlers.current.toggleSelected(index, event.shiftKey)
            }}
          />
        </div>
      )
    if (id === 'path')
      return (
        <div key={id} role="rowheader" {...common}>
          <code className="hm-bulk-editor__path" dir="ltr" title={row.path}>
            {row.path}
          </code>
          {pending?.conflict ? (
            <span className="hm-bulk-editor__conflict" title={pending.conflict}>
              Conflict
            </span>
          ) : null}
        </div>
      )
    if (id === 'checks')
      return (
        <div key={id} role="gridcell" {...common}>
          {lint.errors + lint.warnings === 0 ? (
            <span className="hm-bulk-editor__muted">No problems</span>
          ) : (
            <span className="hm-bulk-editor__lint">
              {lint.errors > 0 ? (
                <span data-tone="danger">
                  {lint.errors} {lint.errors === 1 ? 'error' : 'errors'}
                </span>
              ) : null}
              {lint.warnings > 0 ? (
                <span data-tone="warning">
                  {lint.warnings} {lint.warnings === 1 ? 'warning' : 'warnings'}
                </span>
              ) : null}
            </span>
          )}
        </div>
      )
    if (id === 'changed')
      return (
        <div key={id} role="gridcell" {...common}>
          {row.lastChangedAt ? (
            <span className="hm-bulk-editor__changed">
              <time dateTime={row.lastChangedAt.toISOString()}>
                {dateFormat.format(row.lastChangedAt)}
              </time>
              {row.lastChangedBy ? (
                <span className="hm-bulk-editor__muted">{row.lastChangedBy.name}</span>
              ) : null}
            </span>
          ) : (
            <span className="hm-bulk-editor__muted">Never</span>
          )}
        </div>
      )
    const field = FIELD_BY_ID.get(id) as BulkFieldDefinition & { key: BulkFieldKey }
    const value = field.get(metadata)
    const edited = pending !== undefined && field.get(pending.before) !== value
    const label = `${field.label} of ${row.path}`
    let content: ReactNode
    if (active && editing && field.kind !== 'boolean')
      content = (
        <CellEditor
          field={field}
          value={String(value)}
          seed={seed}
          label={label}
          check={(next) => handlers.current.check(row, field.key, next)}
          onCommit={(next, move) => {
            if (next !== value) handlers.current.commit(row, field.key, next)
            onEditEnd(move)
          }}
          onCancel={() => onEditEnd('none')}
        />
      )
    else if (field.kind === 'boolean')
      content = (
        <span className="hm-bulk-editor__flag" data-on={value === true || undefined}>
          {value ? 'Yes' : 'No'}
        </span>
      )
    else
      content =
        value === '' ? (
          <span className="hm-bulk-editor__muted" aria-label="Not set">
            —
          </span>
        ) : (
          <span className="hm-bulk-editor__value" dir="auto">
            {formatBulkValue(value)}
          </span>
        )
    return (
      <div
        key={id}
        role="gridcell"
        {...common}
        className={cx(common.className, edited && 'hm-bulk-editor__cell--edited')}
        aria-readonly={false}
        data-edited={edited || undefined}
        onDoubleClick={() => handlers.current.activate(index, column, true)}
      >
        {content}
        {edited ? <span className="hm-visually-hidden"> (changed)</span> : null}
      </div>
    )
  })
  return (
    <div
      role="row"
      aria-rowindex={index + 2}
      aria-selected={selected}
      className="hm-bulk-editor__row"
      data-pending={pending ? true : undefined}
      data-conflict={pending?.conflict ? true : undefined}
      data-editing={editing || undefined}
      style={{ gridTemplateColumns: template, transform: `translateY(${start}px)`, height }}
    >
      {cells}
    </div>
  )
})

export interface BulkGridProps {
  label: string
  rows: readonly BulkRow[]
  total: number | null
  fields: readonly BulkFieldKey[]
  edits: ReadonlyMap<string, BulkPendingEdit>
  selected: ReadonlySet<string>
  /** Every page matching the filter is selected, loaded or not. */
  allMatching: boolean
  onSelectAll: (checked: boolean) => void
  sort: BulkSort
  onSortChange: (sort: BulkSort) => void
  loading: boolean
  hasMore: boolean
  onLoadMore?: () => void
  handlers: { current: GridHandlers }
  /** Pixels per row. */
  rowHeight: number
  /** Placeholder rows while the first page loads. */
  placeholderRows?: number
}

/** Keys that move the active cell by this many rows and columns (PageUp/Down use the viewport). */
const MOVES: Record<string, [number, number]> = {
  ArrowUp: [-1, 0],
  ArrowDown: [1, 0],
  ArrowLeft: [0, -1],
  ArrowRight: [0, 1],
}

/**
 * The grid of pages × fields: only the rows in view are in the document, a roving tab stop
 * moves with the arrow keys and a cell edits in place.
 */
export function BulkGrid({
  label,
  rows,
  total,
  fields,
  edits,
  selected,
  allMatching,
  onSelectAll,
  sort,
  onSortChange,
  loading,
  hasMore,
  onLoadMore,
  handlers,
  rowHeight,
  placeholderRows = 0,
}: BulkGridProps) {
  const columnVisibility = useMemo<ColumnVisibilityState>(() => {
    const shown = new Set<string>(fields)
    return Object.fromEntries(BULK_FIELDS.map((field) => [field.key, shown.has(field.key)]))
  }, [fields])
  const rowSelection = useMemo<RowSelectionState>(
    () => Object.fromEntries([...selected].map((id) => [id, true])),
    [selected],
  )
  const table = useTable(
    {
      features,
      columns: COLUMNS,
      data: rows as BulkRow[],
      getRowId: (row) => row.id,
      enableRowSelection: true,
      state: { columnVisibility, rowSelection },
    },
    () => null,
  )
  // The adapter hands out a new table object at each render: key the columns on the visible ids,
  // so the memoised rows see the same array until the chosen fields change.
  const visibleKey = table
    .getVisibleLeafColumns()
    .map((column) => column.id)
    .join('\n')
  const columnIds = useMemo(() => {
    const visible = new Set(visibleKey.split('\n'))
    // Fields in the order they were chosen, between the page and its checks.
    return ['select', 'path', ...fields.filter((key) => visible.has(key)), 'checks', 'changed']
  }, [visibleKey, fields])
  // On a phone the path column takes at most about half the screen, leaving room for a field.
  const template = useMemo(
    () => columnIds.map((id) => (id === 'path' ? PATH_WIDTH : `${width(id)}px`)).join(' '),
    [columnIds],
  )
  const gridWidth = useMemo(
    () =>
      `calc(${columnIds.reduce((sum, id) => (id === 'path' ? sum : sum + width(id)), 0)}px + ${PATH_WIDTH})`,
    [columnIds],
  )
  const tableRows = table.getRowModel().rows

  const scroller = useRef<HTMLDivElement>(null)
  // Before the first measure, and where nothing is laid out (a hidden panel, a DOM without
  // layout), assume a screenful rather than drawing no rows at all.
  const { items, totalSize, scrollToIndex } = useFixedRows({
    count: tableRows.length,
    rowHeight,
    scroller,
    overscan: 8,
    fallbackHeight: rowHeight * 16,
  })

  // Ask for the next keyset page as the window nears the end of what is loaded.
  const lastRequested = useRef(-1)
  const lastIndex = items.at(-1)?.index ?? -1
  useEffect(() => {
    if (!hasMore || loading || !onLoadMore) return
    if (lastIndex < tableRows.length - 40 || lastRequested.current === tableRows.length) return
    lastRequested.current = tableRows.length
    onLoadMore()
  }, [lastIndex, tableRows.length, hasMore, loading, onLoadMore])

  const [active, setActive] = useState({ row: 0, column: 1 })
  const [editing, setEditing] = useState(false)
  const [seed, setSeed] = useState<string>()
  const focusCell = useRef(false)
  const rowCount = tableRows.length
  const columnCount = columnIds.length
  const clamp = useCallback(
    (row: number, column: number) => ({
      row: Math.max(0, Math.min(rowCount - 1, row)),
      column: Math.max(0, Math.min(columnCount - 1, column)),
    }),
    [rowCount, columnCount],
  )
  const moveTo = useCallback(
    (row: number, column: number) => {
      const next = clamp(row, column)
      focusCell.current = true
      setActive(next)
      scrollToIndex(next.row)
    },
    [clamp, scrollToIndex],
  )
  // Columns may be hidden and rows replaced by a new filter: keep the active cell inside.
  const bounded = rowCount === 0 ? active : clamp(active.row, active.column)

  useLayoutEffect(() => {
    if (!focusCell.current || editing) return
    const cell = scroller.current?.querySelector<HTMLElement>(
      `[data-cell="${bounded.row}:${bounded.column}"]`,
    )
    if (cell) {
      focusCell.current = false
      cell.focus({ preventScroll: false })
    }
  })

  const activeRef = useRef({ bounded, columnIds, tableRows })
  useLayoutEffect(() => {
    activeRef.current = { bounded, columnIds, tableRows }
  })
  // The rows reach the grid's callbacks through the `handlers` ref its owner holds.
  const activate = useCallback(
    // eslint-disable-next-line react-hooks/preserve-manual-memoization
    (row: number, column: number, edit = false) => {
      moveTo(row, column)
      const id = activeRef.current.columnIds[column]
      const field = id ? FIELD_BY_ID.get(id) : undefined
      if (edit && field) {
        if (field.kind === 'boolean') {
          const target = activeRef.current.tableRows[row]?.original
          if (target) handlers.current.toggle(target, field.key as BulkFieldKey)
        } else {
          setSeed(undefined)
          setEditing(true)
        }
      }
    },
    [moveTo, handlers],
  )
  useLayoutEffect(() => {
    // eslint-disable-next-line react-hooks/immutability
    handlers.current.activate = activate
  }, [handlers, activate])

  const onEditEnd = useCallback(
    (move: CommitMove) => {
      setEditing(false)
      focusCell.current = true
      const { bounded: at } = activeRef.current
      if (move === 'down') moveTo(at.row + 1, at.column)
      else if (move === 'right') moveTo(at.row, at.column + 1)
      else if (move === 'left') moveTo(at.row, at.column - 1)
      else setActive({ ...at })
    },
    [moveTo],
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (editing || rowCount === 0) return
    if ((event.target as HTMLElement).closest('[role="columnheader"]')) return
    const { row, column } = bounded
    const page = Math.max(
      1,
      Math.floor((scroller.current?.clientHeight ?? rowHeight * 10) / rowHeight) - 2,
    )
    const id = columnIds[column] ?? ''
    const field = FIELD_BY_ID.get(id)
    const target = tableRows[row]?.original
    const mod = event.ctrlKey || event.metaKey
    const move = MOVES[event.key]
    let handled = true
    if (move) moveTo(row + move[0], column + move[1])
    else if (event.key === 'Home') moveTo(mod ? 0 : row, 0)
    else if (event.key === 'End') moveTo(mod ? rowCount - 1 : row, columnCount - 1)
    else if (event.key === 'PageDown') moveTo(row + page, column)
    else if (event.key === 'PageUp') moveTo(row - page, column)
    else if ((event.key === 'Enter' || event.key === 'F2') && field && target) {
      if (field.kind === 'boolean') handlers.current.toggle(target, field.key as BulkFieldKey)
      else {
        setSeed(undefined)
        setEditing(true)
      }
    } else if (event.key === ' ' && field?.kind === 'boolean' && target)
      handlers.current.toggle(target, field.key as BulkFieldKey)
    else if (event.key === ' ' && (id === 'select' || id === 'path'))
      handlers.current.toggleSelected(row, event.shiftKey)
    // Typing on a text cell replaces its value, as in a spreadsheet.
    else if (
      event.key.length === 1 &&
      !mod &&
      !event.altKey &&
      (field?.kind === 'text' || field?.kind === 'url')
    ) {
      setSeed(event.key)
      setEditing(true)
    } else handled = false
    if (handled) {
      event.preventDefault()
      event.stopPropagation()
    }
  }

  const loadedAll = useMemo(
    () =>
      rows.length > 0 && selected.size >= rows.length && rows.every((row) => selected.has(row.id)),
    [rows, selected],
  )
  const headerChecked =
    allMatching || loadedAll ? true : selected.size > 0 ? 'indeterminate' : false
  const sortHeader = (by: BulkSort['by'], text: string) => {
    const current = sort.by === by
    return (
      <button
        type="button"
        className="hm-bulk-editor__sort"
        onClick={() =>
          onSortChange({
            by,
            direction:
              current && sort.direction === 'asc'
                ? 'desc'
                : current
                  ? 'asc'
                  : by === 'changed'
                    ? 'desc'
                    : 'asc',
          })
        }
      >
        {text}
        <span aria-hidden="true" className="hm-bulk-editor__sort-icon">
          {current ? (sort.direction === 'asc' ? '↑' : '↓') : '↕'}
        </span>
      </button>
    )
  }
  const ariaSort = (by: BulkSort['by']) =>
    sort.by === by ? (sort.direction === 'asc' ? 'ascending' : 'descending') : undefined

  const activeVisible = items.some((item) => item.index === bounded.row)
  const placeholders = rowCount === 0 ? placeholderRows : 0

  return (
    <div
      ref={scroller}
      role="grid"
      aria-label={label}
      // -1: the count is not known yet.
      aria-rowcount={total !== null ? total + 1 : hasMore ? -1 : rowCount + 1}
      aria-colcount={columnCount}
      aria-multiselectable
      aria-busy={loading || undefined}
      className="hm-bulk-editor__grid"
      // When the active row has scrolled out of the document, the grid itself keeps the tab stop.
      tabIndex={activeVisible || rowCount === 0 ? -1 : 0}
      onFocus={(event) => {
        if (event.target === event.currentTarget && rowCount > 0)
          moveTo(bounded.row, bounded.column)
      }}
      onKeyDown={onKeyDown}
    >
      <div className="hm-bulk-editor__grid-inner" style={{ width: gridWidth }}>
        <div role="rowgroup" className="hm-bulk-editor__head">
          <div
            role="row"
            aria-rowindex={1}
            className="hm-bulk-editor__row hm-bulk-editor__row--head"
            style={{ gridTemplateColumns: template }}
          >
            {columnIds.map((id, column) => {
              const headerClass = cx(
                'hm-bulk-editor__cell',
                'hm-bulk-editor__header',
                (id === 'path' || id === 'select') && `hm-bulk-editor__cell--${id}`,
              )
              if (id === 'select')
                return (
                  <div
                    key={id}
                    role="columnheader"
                    aria-colindex={column + 1}
                    className={headerClass}
                  >
                    <Checkbox
                      checked={headerChecked}
                      aria-label={
                        headerChecked === true ? 'Clear the selection' : 'Select all loaded pages'
                      }
                      disabled={rowCount === 0}
                      onCheckedChange={(checked) => onSelectAll(checked === true)}
                    />
                  </div>
                )
              if (id === 'path' || id === 'changed')
                return (
                  <div
                    key={id}
                    role="columnheader"
                    aria-colindex={column + 1}
                    aria-sort={ariaSort(id === 'path' ? 'path' : 'changed')}
                    className={headerClass}
                  >
                    {sortHeader(
                      id === 'path' ? 'path' : 'changed',
                      id === 'path' ? 'Path' : 'Last changed',
                    )}
                  </div>
                )
              const field = FIELD_BY_ID.get(id)
              return (
                <div
                  key={id}
                  role="columnheader"
                  aria-colindex={column + 1}
                  className={headerClass}
                  title={field?.key}
                >
                  <span className="hm-bulk-editor__value">{field?.label ?? 'Checks'}</span>
                </div>
              )
            })}
          </div>
        </div>
        <div
          role="rowgroup"
          className="hm-bulk-editor__body"
          style={{ height: placeholders ? placeholders * rowHeight : totalSize }}
        >
          {Array.from({ length: placeholders }, (_, index) => (
            // Static placeholders never reorder, so the index is a stable key.
            <div
              key={index}
              className="hm-bulk-editor__row hm-bulk-editor__row--placeholder"
              aria-hidden="true"
              style={{
                gridTemplateColumns: template,
                transform: `translateY(${index * rowHeight}px)`,
                height: rowHeight,
              }}
            >
              {columnIds.map((id) => (
                <div
                  key={id}
                  className={cx(
                    'hm-bulk-editor__cell',
                    (id === 'path' || id === 'select') && `hm-bulk-editor__cell--${id}`,
                  )}
                >
                  <Skeleton width={id === 'select' ? '1rem' : '70%'} />
                </div>
              ))}
            </div>
          ))}
          {items.map((item) => {
            const row = tableRows[item.index]?.original
            if (!row) return null
            const isActive = item.index === bounded.row
            return (
              <GridRow
                key={row.id}
                row={row}
                index={item.index}
                pending={edits.get(row.id)}
                columns={columnIds}
                template={template}
                selected={allMatching || selected.has(row.id)}
                activeColumn={isActive ? bounded.column : -1}
                editing={isActive && editing}
                seed={isActive && editing ? seed : undefined}
                start={item.start}
                height={rowHeight}
                handlers={handlers}
                onEditEnd={onEditEnd}
              />
            )
          })}
        </div>
      </div>
    </div>
  )
}
