import type { QueuedWebhookAttempt } from './backlog.tsx'
import type { WebhookCall } from './types.ts'

const body = JSON.stringify({
  _type: 'metadata_update',
  path: '/pricing',
  metadataRevisionId: 'rev_01HZX3',
  metadata: { title: 'Pricing — Acme Analytics' },
  site: { hostname: 'acme.example', dsn: 'dsn_acme' },
  timestamp: '2026-11-20T09:14:03.000Z',
})

const headers = {
  'content-type': 'application/json',
  'x-webhook-timestamp': '1795166043000',
  'x-webhook-signature': 'sha256=5d41402abc4b2a76b9719d911017c592ae9c2b8e3f3a3e1e4b1c7b9f0a6d2c11',
  'webhook-id': 'msg_2b7Yq1',
}

/** Calls covering each outcome, for stories and tests. */
export const sampleCalls: WebhookCall[] = [
  {
    id: 'call_1',
    createdAt: '2026-11-20T09:14:03.000Z',
    eventType: 'metadata_update',
    status: 200,
    durationMs: 182,
    attempt: 1,
    maxAttempts: 5,
    trigger: 'automatic',
    request: { headers, body },
    response: { body: '{"ok":true}' },
  },
  {
    id: 'call_2',
    createdAt: '2026-11-20T09:12:40.000Z',
    eventType: 'metadata_update',
    status: 500,
    durationMs: 1034,
    attempt: 2,
    maxAttempts: 5,
    trigger: 'automatic',
    request: { headers, body },
    response: {
      body: `{"ok":false,"error":"Failed to run webhook handler","metadata":{"message":"${'Cannot read properties of undefined (reading title) '.repeat(8)}`,
      truncated: true,
    },
  },
  {
    id: 'call_3',
    createdAt: '2026-11-20T09:10:02.000Z',
    eventType: 'placeholder',
    status: null,
    networkError: 'connect ECONNREFUSED 203.0.113.7:443',
    durationMs: null,
    attempt: 1,
    maxAttempts: 1,
    trigger: 'manual',
    request: { headers, body: '{"_type":"placeholder"}' },
    response: null,
  },
  {
    id: 'call_4',
    createdAt: '2026-11-20T09:02:55.000Z',
    eventType: 'metadata_update',
    status: 401,
    durationMs: 64,
    attempt: 5,
    maxAttempts: 5,
    trigger: 'automatic',
    request: { headers, body },
    response: { body: '{"ok":false,"error":"Unauthorized"}' },
  },
]

/** A backlog: one attempt being sent, one due, a retry scheduled for later. */
export const sampleQueued: QueuedWebhookAttempt[] = [
  {
    id: 'delivery_1',
    eventType: 'metadata_update',
    attempt: 1,
    maxAttempts: 5,
    trigger: 'automatic',
    nextAttemptAt: '2026-05-04T09:59:58.000Z',
    running: true,
  },
  {
    id: 'delivery_2',
    eventType: 'placeholder',
    attempt: 1,
    maxAttempts: 1,
    trigger: 'test',
    nextAttemptAt: '2026-05-04T09:59:59.000Z',
    running: false,
  },
  {
    id: 'delivery_3',
    eventType: 'metadata_update',
    attempt: 3,
    maxAttempts: 5,
    trigger: 'automatic',
    nextAttemptAt: '2026-05-04T10:30:00.000Z',
    running: false,
  },
]
