import { Button } from '../button/button.tsx'
import type { WebhookCallFilter } from './types.ts'

const FILTERS: { value: WebhookCallFilter; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'succeeded', label: 'Succeeded' },
  { value: 'failed', label: 'Failed' },
]

export function HistoryFilter({
  value,
  onChange,
}: {
  value: WebhookCallFilter
  onChange: ((filter: WebhookCallFilter) => void) | undefined
}) {
  if (!onChange) return <span />
  return (
    <fieldset className="hm-webhook-history__filter">
      <legend className="hm-visually-hidden">Show calls</legend>
      {FILTERS.map((filter) => (
        <button
          key={filter.value}
          type="button"
          className="hm-webhook-history__filter-option"
          aria-pressed={value === filter.value}
          onClick={() => onChange(filter.value)}
        >
          {filter.label}
        </button>
      ))}
    </fieldset>
  )
}

export function HistoryPagination({
  page,
  pageCount,
  hasNextPage,
  disabled,
  onPageChange,
}: {
  page: number
  pageCount: number | undefined
  hasNextPage: boolean | undefined
  disabled: boolean
  onPageChange: (page: number) => void
}) {
  const hasNext = pageCount !== undefined ? page < pageCount : hasNextPage === true
  return (
    <nav className="hm-webhook-history__pagination" aria-label="Call history pages">
      <Button size="sm" disabled={disabled || page <= 1} onClick={() => onPageChange(page - 1)}>
        Previous
      </Button>
      <span className="hm-webhook-history__page" aria-current="page">
        Page {page}
        {pageCount !== undefined ? ` of ${pageCount}` : ''}
      </span>
      <Button size="sm" disabled={disabled || !hasNext} onClick={() => onPageChange(page + 1)}>
        Next
      </Button>
    </nav>
  )
}
