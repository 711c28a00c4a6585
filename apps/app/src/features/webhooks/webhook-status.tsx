import { Badge } from '@headmark/ui'

/** The outcome of a webhook's last call, as a badge. */
export function LastCallBadge({
  call,
}: {
  call: { status: number | null; error: string | null } | null
}) {
  if (!call) return <span className="muted">No calls yet</span>
  if (call.status === null) {
    return (
      <Badge tone="danger" title={call.error ?? undefined}>
        No answer
      </Badge>
    )
  }
  const ok = call.status >= 200 && call.status < 300
  return <Badge tone={ok ? 'success' : 'danger'}>{`${call.status} ${ok ? 'OK' : 'Failed'}`}</Badge>
}

/** Paused by its owners or admins (`webhooks.update` with `enabled: false`). */
export function isPaused(hook: { enabled: boolean; disabledReason: string | null }): boolean {
  return !hook.enabled && hook.disabledReason === 'manual'
}

/** A webhook's state as a badge: Enabled, Paused (by a person) or Disabled (by Headmark). */
export function WebhookStateBadge({
  hook,
}: {
  hook: { enabled: boolean; disabledReason: string | null }
}) {
  if (hook.enabled) return <Badge tone="success">Enabled</Badge>
  if (isPaused(hook)) return <Badge>Paused</Badge>
  return <Badge tone="warning">Disabled</Badge>
}

/** Why Headmark disabled a webhook, in a sentence. */
export function disabledReasonText(reason: string | null): string {
  if (reason === 'gone') return 'The receiver answered 410 Gone, so Headmark disabled this webhook.'
  if (reason === 'failing') {
    return 'Every delivery failed for 5 days, so Headmark disabled this webhook.'
  }
  return 'This webhook is disabled: nothing is sent to it.'
}
