export {
  type QueuedWebhookAttempt,
  TRIGGER_LABELS,
  WebhookBacklog,
  type WebhookBacklogProps,
} from './backlog.tsx'
export { EVENT_LABELS, EventName, eventLabel } from './event-name.tsx'
export {
  callOutcome,
  type WebhookBody,
  type WebhookCall,
  type WebhookCallFilter,
  type WebhookCallOutcome,
} from './types.ts'
export { WebhookHistory, type WebhookHistoryProps } from './webhook-history.tsx'
