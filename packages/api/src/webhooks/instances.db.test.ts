import { eq, sql } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { webhookCall } from '../db/schema.ts'
import { useTestServer } from '../../test/server.ts'
import {
  createSite,
  insertWebhook,
  type Receiver,
  startReceiver,
} from '../../test/webhook-fixtures.ts'
import { createWebhookService, type WebhookService } from './worker.ts'
import { connectDatabase } from '../db/client.ts'
import { createCoreEvents } from '../domain/events.ts'

const server = useTestServer()
let receiver: Receiver | undefined
let second: WebhookService | undefined
afterEach(async () => {
  await second?.stop()
  second = undefined
  await receiver?.close()
  receiver = undefined
})

describe('several instances on one database', () => {
  it('deliver every queued attempt exactly once', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const target = await createSite(headmark)
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    // A second instance: its own queue client (its own pool on PostgreSQL) and worker.
    second = createWebhookService({
      db: headmark.db,
      location: headmark.env.database,
      // The same connection (one per process): on PGlite, its one in-process client.
      pglite: (await connectDatabase(headmark.env.database)).pglite,
      events: createCoreEvents(),
      mailer: { send: async () => {} },
      serverSecret: headmark.env.BETTER_AUTH_SECRET,
      appUrl: headmark.env.BETTER_AUTH_URL,
      policy: headmark.webhooks.policy,
    })
    await second.start()

    const total = 200
    await headmark.db.transaction(async (tx) => {
      for (let i = 0; i < total; i++) {
        await headmark.webhooks.enqueueMessage(tx, {
          siteId: target.id,
          payload: { _type: 'placeholder' },
          webhookIds: [hook.id],
          trigger: 'test',
        })
      }
    })
    const requests = await receiver.received(total)
    for (;;) {
      const [row] = await headmark.db
        .select({ count: sql<number>`count(*)::int` })
        .from(webhookCall)
        .where(eq(webhookCall.webhookId, hook.id))
      if ((row?.count ?? 0) >= total) break
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    const ids = requests.map((request) => request.headers.get('webhook-id'))
    expect(new Set(ids).size).toBe(total)
    expect(ids).toHaveLength(total)
    const calls = await headmark.db
      .select()
      .from(webhookCall)
      .where(eq(webhookCall.webhookId, hook.id))
    expect(calls).toHaveLength(total)
  })
})
