import type { WebhookPayload } from '@headmark/metadata'
import { createWebhookHandler } from '@headmark/metadata/webhooks'
import { eq } from 'drizzle-orm'
import { Webhook as StandardWebhook } from 'standardwebhooks'
import { afterEach, describe, expect, it } from 'vitest'
import { webhook, webhookCall, webhookMessage } from '../db/schema.ts'
import { useTestServer } from '../../test/server.ts'
import {
  createSite,
  insertWebhook,
  type Receiver,
  saveRevision,
  startReceiver,
} from '../../test/webhook-fixtures.ts'

const server = useTestServer()
let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

async function callsOf(webhookId: string, count: number) {
  // The call row is written right after the receiver answers: wait for it by polling the table.
  for (;;) {
    const rows = await server.current.headmark.db
      .select()
      .from(webhookCall)
      .where(eq(webhookCall.webhookId, webhookId))
    if (rows.length >= count) return rows.sort((a, b) => a.attempt - b.attempt)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

describe('webhook delivery', () => {
  it('writes the message with the revision and delivers it signed, accepted by the SDK and by standardwebhooks', async () => {
    const { headmark } = server.current
    let secret = ''
    const events: WebhookPayload[] = []
    receiver = await startReceiver((request) =>
      createWebhookHandler({
        secret,
        onEvent: (payload) => {
          events.push(payload)
          return { seen: true }
        },
      })(request),
    )
    const target = await createSite(headmark)
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    secret = hook.secret

    const { revisionId } = await saveRevision(headmark, target, {
      metadata: { title: 'Défaut', description: 'Site defaults' },
    })
    const [request] = await receiver.received(1)
    if (!request) throw new Error('nothing received')

    const body = JSON.parse(request.body)
    expect(body).toEqual({
      _type: 'metadata_update',
      path: null,
      metadataRevisionId: revisionId,
      metadata: { title: 'Défaut', description: 'Site defaults' },
      site: { hostname: 'localhost', dsn: target.dsn },
      timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    })
    expect(Object.keys(body)).toEqual([
      '_type',
      'path',
      'metadataRevisionId',
      'metadata',
      'site',
      'timestamp',
    ])
    expect(request.headers.get('content-type')).toBe('application/json')
    expect(request.headers.get('x-webhook-timestamp')).toMatch(/^\d{13}$/)
    expect(request.headers.get('x-webhook-signature')).toMatch(/^sha256=[0-9a-f]{64}$/)
    expect(request.headers.get('webhook-id')).toMatch(/^msg_/)
    expect(request.headers.get('authorization')).toBeNull()

    // The Standard Webhooks reference library accepts the same request, and refuses a tampered body.
    const standard = new StandardWebhook(hook.secret)
    const headers = Object.fromEntries(request.headers)
    expect(standard.verify(request.body, headers)).toEqual(body)
    const tampered = request.body.replace('Défaut', 'Defaut')
    expect(() => standard.verify(tampered, headers)).toThrow()
    const refused = await createWebhookHandler({ secret: hook.secret })(
      new Request('http://localhost/hook', { method: 'POST', headers, body: tampered }),
    )
    expect(refused.status).toBe(401)

    const [call] = await callsOf(hook.id, 1)
    expect(events).toEqual([body])
    expect(call).toMatchObject({
      attempt: 1,
      trigger: 'automatic',
      responseStatus: 200,
      requestBody: request.body,
      error: null,
    })
    expect(JSON.parse(call?.responseBody ?? '')).toEqual({ ok: true, metadata: { seen: true } })
    const [message] = await headmark.db.select().from(webhookMessage)
    expect(message?.id).toBe(request.headers.get('webhook-id'))
  })

  it('writes nothing when the saving transaction rolls back', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const target = await createSite(headmark)
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    await expect(
      headmark.db.transaction(async (tx) => {
        await headmark.events.revisionSaved(tx, {
          site: target,
          page: { id: 'p', path: '/a' },
          revision: { id: 'r', number: 1, source: 'editor', createdAt: new Date() },
          served: {},
        })
        throw new Error('the save failed')
      }),
    ).rejects.toThrow('the save failed')
    expect(await headmark.db.select().from(webhookMessage)).toEqual([])
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
  })

  it('sends the legacy bearer only in legacy mode, and keeps it out of the history', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const target = await createSite(headmark)
    const hook = await insertWebhook(headmark, target.id, receiver.url, { legacyBearer: true })
    await saveRevision(headmark, target, { path: '/about', metadata: { title: 'About' } })
    const [request] = await receiver.received(1)
    expect(request?.headers.get('authorization')).toBe(`Bearer ${hook.secret}`)
    expect(JSON.parse(request?.body ?? '')).toMatchObject({ path: '/about' })
    const [call] = await callsOf(hook.id, 1)
    expect(call?.requestHeaders.authorization).toBe('Bearer [redacted]')
    expect(JSON.stringify(call)).not.toContain(hook.secret.slice(6))
  })

  it('skips disabled webhooks and delivers to every enabled one', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const target = await createSite(headmark)
    const first = await insertWebhook(headmark, target.id, `${receiver.url}?n=1`)
    const second = await insertWebhook(headmark, target.id, `${receiver.url}?n=2`)
    await headmark.db.update(webhook).set({ enabled: false }).where(eq(webhook.id, second.id))
    await saveRevision(headmark, target, { metadata: { title: 'T' } })
    await callsOf(first.id, 1)
    expect(receiver.requests.map((request) => request.url)).toEqual(['/hook?n=1'])
  })
})
