import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import {
  createSite,
  insertWebhook,
  type Receiver,
  saveRevision,
  startReceiver,
} from '../../test/webhook-fixtures.ts'
import { webhookCall } from '../db/schema.ts'
import type { Headmark } from '../headmark.ts'
import { DEFAULT_ENDPOINT_CONCURRENCY } from './worker.ts'

const server = useTestServer()
let receivers: Receiver[] = []
let releaseHeld: (() => void) | null = null
afterEach(async () => {
  releaseHeld?.()
  releaseHeld = null
  for (const receiver of receivers) await receiver.close()
  receivers = []
})

/** Queues `count` test deliveries to one webhook in one transaction. */
async function queue(headmark: Headmark, siteId: string, webhookId: string, count: number) {
  await headmark.db.transaction(async (tx) => {
    for (let i = 0; i < count; i++) {
      await headmark.webhooks.enqueueMessage(tx, {
        siteId,
        payload: { _type: 'placeholder' },
        webhookIds: [webhookId],
        trigger: 'test',
      })
    }
  })
}

async function callsOf(headmark: Headmark, webhookId: string): Promise<number> {
  const [row] = await headmark.db
    .select({ count: sql<number>`count(*)::int` })
    .from(webhookCall)
    .where(eq(webhookCall.webhookId, webhookId))
  return row?.count ?? 0
}

describe('fairness across endpoints', () => {
  it('a slow endpoint with a backlog does not hold a fast one', async () => {
    const { headmark } = server.current
    // The slow receiver holds every request until the end of the test.
    const held = new Promise<void>((resolve) => (releaseHeld = resolve))
    const slow = await startReceiver(async () => {
      await held
      return Response.json({ ok: true })
    })
    const fast = await startReceiver()
    receivers.push(slow, fast)
    const slowSite = await createSite(headmark)
    const slowHook = await insertWebhook(headmark, slowSite.id, slow.url)
    const fastSite = await createSite(headmark)
    await insertWebhook(headmark, fastSite.id, fast.url)

    const backlog = 4 * DEFAULT_ENDPOINT_CONCURRENCY + 50
    await queue(headmark, slowSite.id, slowHook.id, backlog)
    // The slow endpoint has as many requests open as it may have.
    await slow.received(DEFAULT_ENDPOINT_CONCURRENCY)

    const saves = 20
    for (let i = 1; i <= saves; i++) {
      await saveRevision(headmark, fastSite, { metadata: { title: `Fast ${i}` } })
    }
    // Every save reached the fast endpoint while the slow one still held all of its requests…
    const arrived = await fast.received(saves)
    expect(arrived.map((request) => JSON.parse(request.body).metadata.title)).toHaveLength(saves)
    // …and the slow one was never sent more than its limit at once.
    expect(slow.requests).toHaveLength(DEFAULT_ENDPOINT_CONCURRENCY)
    // Its backlog is visible, each attempt with the time it runs.
    const waiting = await headmark.webhooks.queued(slowHook.id)
    expect(waiting).toHaveLength(backlog)

    await headmark.webhooks.cancelQueued(slowHook.id)
    releaseHeld?.()
  })

  it('429 with Retry-After holds back only that endpoint', async () => {
    const { headmark } = server.current
    const busy = await startReceiver(
      () => new Response('slow down', { status: 429, headers: { 'retry-after': '3600' } }),
    )
    const fast = await startReceiver()
    receivers.push(busy, fast)
    const busySite = await createSite(headmark)
    const busyHook = await insertWebhook(headmark, busySite.id, busy.url)
    const fastSite = await createSite(headmark)
    const fastHook = await insertWebhook(headmark, fastSite.id, fast.url)

    // The busy endpoint's first answer is recorded before anything else is queued for it.
    await queue(headmark, busySite.id, busyHook.id, 1)
    await busy.received(1)
    while ((await callsOf(headmark, busyHook.id)) < 1) {
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    await queue(headmark, busySite.id, busyHook.id, 40)
    await queue(headmark, fastSite.id, fastHook.id, 40)
    await fast.received(40)
    // Whatever this instance had claimed for the busy endpoint went back to the queue untouched.
    for (;;) {
      const waiting = await headmark.webhooks.queued(busyHook.id)
      if (waiting.length === 40) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect(busy.requests).toHaveLength(1)
    await headmark.webhooks.cancelQueued(busyHook.id)
  })
})
