import type { ReactNode } from 'react'
import { cx } from '../lib/cx.ts'
import {
  type EmptyContent,
  type QueryErrorProps,
  type QueryLike,
  QueryState,
  type QueryStatus,
} from '../query-state/query-state.tsx'
import { Skeleton } from '../skeleton/skeleton.tsx'
import {
  Table,
  TableBody,
  TableCaption,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
} from '../table/table.tsx'
import { DataTablePagination, type DataTablePaginationProps } from './data-table-pagination.tsx'

export interface DataTableColumn<Row> {
  /** Unique among the columns; also the cell's key. */
  id: string
  header: ReactNode
  cell: (row: Row) => ReactNode
  /** The cell names its row: rendered as `<th scope="row">`, and as the card's title when stacked. */
  rowHeader?: boolean
  /** The header is read by assistive tech but not shown (e.g. "Actions"). */
  hideHeader?: boolean
  /** `end` for numbers. */
  align?: 'start' | 'end'
  /** On the column's header and cells. */
  className?: string
}

export interface DataTableProps<Row> extends QueryErrorProps {
  columns: readonly DataTableColumn<Row>[]
  /** A React Query–like result of the rows: its status, data, error and refetch. */
  query?: QueryLike<readonly Row[]>
  /** The rows, when not given through `query`. */
  rows?: readonly Row[] | undefined
  /** The row's key; by default its `id`. */
  getRowId?: (row: Row) => string
  /** Names the table (a caption only screen readers hear) and its scroll region. */
  label: string
  /** A visible caption instead of the hidden one. */
  caption?: ReactNode
  status?: QueryStatus
  /** Placeholder rows while loading. */
  loadingRows?: number
  /** Shown instead of the table when there are no rows. */
  empty?: EmptyContent
  /** A search or a page is loading over rows still shown. */
  busy?: boolean
  /** Page controls or "Load more" below the table. */
  pagination?: DataTablePaginationProps
  className?: string
}

/**
 * Rows of data in a real table: caption, column headers, row headers, placeholder rows while
 * loading, the error with "Try again", an empty state and page controls. Narrower than 40rem
 * (its own width, not the window's), each row becomes a card that labels its values.
 *
 * @example
 * <DataTable label="Sites" rows={sites}
 *   columns={[{ id: 'name', header: 'Name', rowHeader: true, cell: (site) => site.name }]}
 *   empty={{ title: 'No sites yet' }} />
 */
const idOf = (row: unknown) => String((row as { id: unknown }).id)

export function DataTable<Row>({
  columns,
  query,
  rows = query?.data,
  getRowId = idOf,
  label,
  caption,
  status = query?.status ?? 'success',
  error = query?.error,
  onRetry = query?.refetch,
  loadingRows = 3,
  empty,
  busy = false,
  pagination,
  className,
  ...errorProps
}: DataTableProps<Row>) {
  const table = (body: ReactNode, isLoading: boolean) => (
    <Table scrollLabel={label} aria-busy={isLoading || busy || undefined}>
      <TableCaption className={caption ? undefined : 'hm-visually-hidden'}>
        {caption ?? label}
      </TableCaption>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.id} className={columnClass(column)}>
              {column.hideHeader ? (
                <span className="hm-visually-hidden">{column.header}</span>
              ) : (
                column.header
              )}
            </TableHead>
          ))}
        </TableRow>
      </TableHeader>
      <TableBody>{body}</TableBody>
    </Table>
  )

  return (
    <div className={cx('hm-data-table hm-table-cards', className)}>
      <QueryState
        status={status}
        data={rows}
        isEmpty={(loaded) => !loaded || loaded.length === 0}
        empty={empty}
        loadingLabel={`Loading ${label}`}
        error={error}
        onRetry={onRetry}
        loading={table(
          Array.from({ length: loadingRows }, (_, index) => (
            // Static placeholders never reorder, so the index is a stable key.
            <TableRow key={index} className="hm-data-table__loading-row">
              {columns.map((column) => (
                <TableCell key={column.id} className={columnClass(column)}>
                  <Skeleton width={column.hideHeader ? '4rem' : '70%'} />
                </TableCell>
              ))}
            </TableRow>
          )),
          true,
        )}
        {...errorProps}
      >
        {table(
          (rows ?? []).map((row) => (
            <TableRow key={getRowId(row)}>
              {columns.map((column) => (
                <DataCell key={column.id} column={column} row={row} />
              ))}
            </TableRow>
          )),
          false,
        )}
      </QueryState>
      {pagination && status === 'success' ? <DataTablePagination {...pagination} /> : null}
    </div>
  )
}

function columnClass<Row>(column: DataTableColumn<Row>) {
  return cx(column.align === 'end' && 'hm-data-table__end', column.className)
}

function DataCell<Row>({ column, row }: { column: DataTableColumn<Row>; row: Row }) {
  const content = column.cell(row)
  // The label repeats the column header in the stacked layout; assistive tech already hears the
  // header through the table, so the label is hidden from it.
  const label =
    column.rowHeader || column.hideHeader ? null : (
      <span className="hm-data-table__label" aria-hidden="true">
        {column.header}
      </span>
    )
  if (column.rowHeader) {
    return (
      <th
        scope="row"
        className={cx('hm-table__cell', 'hm-data-table__row-header', columnClass(column))}
      >
        {content}
      </th>
    )
  }
  return (
    <TableCell className={columnClass(column)}>
      {label}
      <div className="hm-data-table__value">{content}</div>
    </TableCell>
  )
}
