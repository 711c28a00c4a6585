/**
 * Names for event types a person would not recognize as sent: the test ping's `_type` is
 * `placeholder` on the wire, and the history calls it what it is.
 */
export const EVENT_LABELS: Readonly<Record<string, string>> = {
  placeholder: 'Test event',
}

/** How the history names an event type: its label when it has one, else the type as sent. */
export function eventLabel(eventType: string): string {
  return EVENT_LABELS[eventType] ?? eventType
}

/** An event type in the history: a label in words, or the `_type` as code. */
export function EventName({ eventType }: { eventType: string }) {
  const label = EVENT_LABELS[eventType]
  if (label) {
    return (
      <span className="hm-webhook-history__event-label" title={`_type: ${eventType}`}>
        {label}
      </span>
    )
  }
  return <code className="hm-webhook-history__event">{eventType}</code>
}
