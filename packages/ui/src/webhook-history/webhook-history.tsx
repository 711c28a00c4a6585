import { Fragment, type ReactNode, useState } from 'react'
import { Badge } from '../badge/badge.tsx'
import { Button } from '../button/button.tsx'
import { EmptyState } from '../empty-state/empty-state.tsx'
import { cx } from '../lib/cx.ts'
import { Skeleton } from '../skeleton/skeleton.tsx'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table/table.tsx'
import { type QueuedWebhookAttempt, WebhookBacklog } from './backlog.tsx'
import { CallDetails } from './call-details.tsx'
import { EventName } from './event-name.tsx'
import { HistoryFilter, HistoryPagination } from './history-controls.tsx'
import { callOutcome, type WebhookCall, type WebhookCallFilter } from './types.ts'

export interface WebhookHistoryProps {
  calls: readonly WebhookCall[]
  filter?: WebhookCallFilter
  onFilterChange?: (filter: WebhookCallFilter) => void
  /** 1-based page shown; the app fetches it. */
  page?: number
  /** Total pages when known; otherwise `hasNextPage` drives the Next button. */
  pageCount?: number
  hasNextPage?: boolean
  onPageChange?: (page: number) => void
  loading?: boolean
  /** A load failure: shown instead of the table, with Retry when `onRetry` is given. */
  error?: ReactNode
  onRetry?: () => void
  /** Sends the call's payload again; omit to hide the action. */
  onRedeliver?: (call: WebhookCall) => void
  /** The call whose redelivery is in flight. */
  redeliveringId?: string | null
  formatTime?: (date: Date) => string
  /** Attempts waiting in the delivery queue, soonest first: listed above the calls. */
  queued?: readonly QueuedWebhookAttempt[]
  /** How many attempts wait in all, when more than `queued` lists. */
  queuedTotal?: number
  className?: string
}

const COLUMNS = ['Time', 'Event', 'Status', 'Duration', 'Attempt', 'Trigger', 'Actions'] as const

const defaultFormat = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'medium',
})

function StatusBadge({ call }: { call: WebhookCall }) {
  const outcome = callOutcome(call)
  if (outcome === 'network-error') return <Badge tone="danger">Network error</Badge>
  return (
    <Badge tone={outcome === 'success' ? 'success' : 'danger'}>
      {call.status} {outcome === 'success' ? 'Succeeded' : 'Failed'}
    </Badge>
  )
}

/**
 * The call history of one webhook: one row per delivery attempt, expandable to the request
 * and response; filter, pagination, loading and errors are all driven by props.
 */
export function WebhookHistory({
  calls,
  filter = 'all',
  onFilterChange,
  page = 1,
  pageCount,
  hasNextPage,
  onPageChange,
  loading = false,
  error,
  onRetry,
  onRedeliver,
  redeliveringId,
  formatTime = (date) => defaultFormat.format(date),
  queued = [],
  queuedTotal,
  className,
}: WebhookHistoryProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(() => new Set())
  const toggle = (id: string) =>
    setExpanded((current) => {
      const next = new Set(current)
      if (!next.delete(id)) next.add(id)
      return next
    })

  let body: ReactNode
  if (error) {
    body = (
      <div role="alert" className="hm-webhook-history__error">
        <EmptyState
          headingLevel={3}
          title="Could not load the call history"
          description={error}
          action={onRetry ? <Button onClick={onRetry}>Retry</Button> : undefined}
        />
      </div>
    )
  } else if (!loading && calls.length === 0) {
    body = (
      <EmptyState
        headingLevel={3}
        title={filter === 'all' ? 'No calls yet' : `No ${filter} calls`}
        description={
          filter === 'all'
            ? 'Calls appear here when metadata changes or you send a test event.'
            : 'Try another filter.'
        }
      />
    )
  } else {
    body = (
      <Table scrollLabel="Webhook calls" aria-busy={loading || undefined}>
        <TableHeader>
          <TableRow>
            {COLUMNS.map((column) => (
              <TableHead key={column}>
                {column === 'Actions' ? (
                  <span className="hm-visually-hidden">Actions</span>
                ) : (
                  column
                )}
              </TableHead>
            ))}
          </TableRow>
        </TableHeader>
        <TableBody>
          {loading
            ? Array.from({ length: 5 }, (_, row) => (
                // Placeholder rows never reorder.
                <TableRow key={row}>
                  {COLUMNS.map((column) => (
                    <TableCell key={column}>
                      <Skeleton width={column === 'Time' ? '9rem' : '4rem'} />
                    </TableCell>
                  ))}
                </TableRow>
              ))
            : calls.map((call) => {
                const open = expanded.has(call.id)
                const detailsId = `hm-webhook-call-${call.id}`
                const time = new Date(call.createdAt)
                return (
                  <Fragment key={call.id}>
                    <TableRow data-state={open ? 'open' : 'closed'}>
                      <TableCell className="hm-webhook-history__nowrap hm-webhook-history__time">
                        <time dateTime={time.toISOString()}>{formatTime(time)}</time>
                      </TableCell>
                      <TableCell className="hm-webhook-history__nowrap" data-label="Event">
                        <EventName eventType={call.eventType} />
                      </TableCell>
                      <TableCell data-label="Status">
                        <StatusBadge call={call} />
                      </TableCell>
                      <TableCell className="hm-webhook-history__number" data-label="Duration">
                        {call.durationMs === null ? '—' : `${call.durationMs} ms`}
                      </TableCell>
                      <TableCell className="hm-webhook-history__number" data-label="Attempt">
                        {call.attempt} of {call.maxAttempts}
                      </TableCell>
                      <TableCell className="hm-webhook-history__nowrap" data-label="Trigger">
                        {call.trigger === 'manual' ? 'Manual' : 'Automatic'}
                      </TableCell>
                      <TableCell className="hm-webhook-history__actions-cell">
                        <div className="hm-webhook-history__actions">
                          <Button
                            size="sm"
                            variant="ghost"
                            aria-expanded={open}
                            aria-controls={open ? detailsId : undefined}
                            onClick={() => toggle(call.id)}
                          >
                            {open ? 'Hide details' : 'Details'}
                            <span className="hm-visually-hidden">
                              {' '}
                              of the call at {formatTime(time)}
                            </span>
                          </Button>
                          {onRedeliver ? (
                            <Button
                              size="sm"
                              loading={redeliveringId === call.id}
                              onClick={() => onRedeliver(call)}
                            >
                              Redeliver
                              <span className="hm-visually-hidden">
                                {' '}
                                the call at {formatTime(time)}
                              </span>
                            </Button>
                          ) : null}
                        </div>
                      </TableCell>
                    </TableRow>
                    {open ? (
                      <TableRow className="hm-webhook-history__expanded">
                        <TableCell colSpan={COLUMNS.length} id={detailsId}>
                          <CallDetails call={call} />
                        </TableCell>
                      </TableRow>
                    ) : null}
                  </Fragment>
                )
              })}
        </TableBody>
      </Table>
    )
  }

  return (
    <div className={cx('hm-webhook-history hm-table-cards', className)}>
      {error ? null : (
        <WebhookBacklog
          queued={queued}
          formatTime={formatTime}
          {...(queuedTotal === undefined ? {} : { total: queuedTotal })}
        />
      )}
      <div className="hm-webhook-history__toolbar">
        <HistoryFilter value={filter} onChange={onFilterChange} />
        {loading ? (
          <span className="hm-webhook-history__muted" role="status">
            Loading calls…
          </span>
        ) : null}
      </div>
      {body}
      {onPageChange && !error ? (
        <HistoryPagination
          page={page}
          pageCount={pageCount}
          hasNextPage={hasNextPage}
          disabled={loading}
          onPageChange={onPageChange}
        />
      ) : null}
    </div>
  )
}
