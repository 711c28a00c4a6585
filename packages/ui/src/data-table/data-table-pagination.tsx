import { Button } from '../button/button.tsx'
import { Select } from '../select/select.tsx'

export type DataTablePaginationProps =
  | {
      kind: 'pages'
      /** The current page, counted from 0. */
      page: number
      pageCount: number
      onPageChange: (page: number) => void
      /** Names the controls, e.g. "Pages of users". */
      label: string
      /** Said after the page, e.g. "42 users". */
      summary?: string
      pageSize?: number
      pageSizes?: readonly number[]
      onPageSizeChange?: (pageSize: number) => void
    }
  | {
      kind: 'more'
      hasMore: boolean
      onLoadMore: () => void
      /** The next rows are loading. */
      loading?: boolean
      /** The button's label; "Load more" by default. */
      label?: string
    }

/** Page controls under a table: Previous/Next with the page (and a page size), or "Load more". */
export function DataTablePagination(props: DataTablePaginationProps) {
  if (props.kind === 'more') {
    if (!props.hasMore) return null
    return (
      <div className="hm-data-table__pagination">
        <Button onClick={props.onLoadMore} loading={props.loading}>
          {props.label ?? 'Load more'}
        </Button>
      </div>
    )
  }
  const { page, pageCount, onPageChange, label, summary, pageSize, pageSizes, onPageSizeChange } =
    props
  const pages = Math.max(1, pageCount)
  return (
    <nav className="hm-data-table__pagination" aria-label={label}>
      <Button size="sm" disabled={page <= 0} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className="hm-data-table__page" aria-live="polite">
        Page {page + 1} of {pages}
        {summary ? ` · ${summary}` : ''}
      </span>
      <Button size="sm" disabled={page + 1 >= pages} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
      {pageSizes && pageSize !== undefined && onPageSizeChange ? (
        <Select
          aria-label="Rows per page"
          className="hm-data-table__page-size"
          value={String(pageSize)}
          options={pageSizes.map((size) => ({ value: String(size), label: `${size} per page` }))}
          onValueChange={(value) => onPageSizeChange(Number(value))}
        />
      ) : null}
    </nav>
  )
}
