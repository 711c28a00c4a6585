import { Badge } from '../badge/badge.tsx'
import { EventName } from './event-name.tsx'

/** An attempt waiting in the delivery queue: due now, or a retry scheduled for later. */
export interface QueuedWebhookAttempt {
  id: string
  /** The payload's `_type`, e.g. `metadata_update`; `placeholder` is shown as "Test event". */
  eventType: string
  attempt: number
  maxAttempts: number
  trigger: 'automatic' | 'manual' | 'test'
  /** When it runs: an ISO 8601 string or a Date; in the past, it is due and waits its turn. */
  nextAttemptAt: string | Date
  /** An instance is sending it now. */
  running: boolean
}

export const TRIGGER_LABELS: Record<QueuedWebhookAttempt['trigger'], string> = {
  automatic: 'Automatic',
  manual: 'Manual',
  // The event column says it is a test event; it was sent by hand.
  test: 'Manual',
}

function State({ attempt, now }: { attempt: QueuedWebhookAttempt; now: Date }) {
  if (attempt.running) return <Badge tone="accent">Sending</Badge>
  if (new Date(attempt.nextAttemptAt) <= now) return <Badge>Due</Badge>
  return <Badge tone="warning">{attempt.attempt > 1 ? 'Retry scheduled' : 'Scheduled'}</Badge>
}

export interface WebhookBacklogProps {
  /** Soonest first, as `webhooks.getCalls` lists them (at most a page). */
  queued: readonly QueuedWebhookAttempt[]
  /** All attempts waiting, when more than the listed ones. */
  total?: number
  formatTime: (date: Date) => string
  /** The time "due" is measured against; defaults to now. */
  now?: Date
}

/**
 * What waits in the delivery queue for one webhook, soonest first: each attempt's next
 * attempt time and whether it is being sent, due, or a retry scheduled for later. Nothing is
 * rendered when nothing waits.
 */
export function WebhookBacklog({
  queued,
  total,
  formatTime,
  now = new Date(),
}: WebhookBacklogProps) {
  if (queued.length === 0) return null
  const count = Math.max(total ?? 0, queued.length)
  const first = queued[0]
  return (
    <section className="hm-webhook-history__backlog" aria-labelledby="hm-webhook-backlog-heading">
      <h3 id="hm-webhook-backlog-heading" className="hm-webhook-history__backlog-heading">
        Waiting to be sent
      </h3>
      <p className="hm-webhook-history__muted">
        {count === 1 ? '1 attempt waits' : `${count.toLocaleString()} attempts wait`}
        {first ? (
          <>
            ; the next at{' '}
            <time dateTime={new Date(first.nextAttemptAt).toISOString()}>
              {formatTime(new Date(first.nextAttemptAt))}
            </time>
          </>
        ) : null}
        {count > queued.length ? ` (the first ${queued.length} are listed)` : ''}.
      </p>
      <ol className="hm-webhook-history__queue">
        {queued.map((attempt) => {
          const at = new Date(attempt.nextAttemptAt)
          return (
            <li key={attempt.id} className="hm-webhook-history__queued">
              <time dateTime={at.toISOString()} className="hm-webhook-history__nowrap">
                {formatTime(at)}
              </time>
              <EventName eventType={attempt.eventType} />
              <State attempt={attempt} now={now} />
              <span className="hm-webhook-history__muted">
                Attempt {attempt.attempt} of {attempt.maxAttempts} ·{' '}
                {TRIGGER_LABELS[attempt.trigger]}
              </span>
            </li>
          )
        })}
      </ol>
    </section>
  )
}
