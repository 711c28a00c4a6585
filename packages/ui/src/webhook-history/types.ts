/** A captured HTTP message body; long bodies are cut by the server and marked truncated. */
export interface WebhookBody {
  body: string
  truncated?: boolean
}

/** One delivery attempt of a webhook, as the history shows it. */
export interface WebhookCall {
  id: string
  /** When the attempt was made: an ISO 8601 string or a Date. */
  createdAt: string | Date
  /** The payload's `_type`, e.g. `metadata_update`, or `placeholder` (shown as "Test event"). */
  eventType: string
  /** The receiver's HTTP status; `null` when no response came back (network error, timeout). */
  status: number | null
  /** What went wrong when there was no response, e.g. "connect ECONNREFUSED". */
  networkError?: string
  durationMs: number | null
  attempt: number
  maxAttempts: number
  trigger: 'automatic' | 'manual'
  request: WebhookBody & { headers: Record<string, string> }
  response?: WebhookBody | null
}

export type WebhookCallFilter = 'all' | 'succeeded' | 'failed'

export type WebhookCallOutcome = 'success' | 'failure' | 'network-error'

export function callOutcome(call: Pick<WebhookCall, 'status'>): WebhookCallOutcome {
  if (call.status === null) return 'network-error'
  return call.status >= 200 && call.status < 300 ? 'success' : 'failure'
}
