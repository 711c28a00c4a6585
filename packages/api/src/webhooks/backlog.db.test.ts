import { afterEach, describe, expect, it } from 'vitest'
import { organizationCast } from '../../test/organization.ts'
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
  await server.current.headmark.webhooks.resume()
  await receiver?.close()
  receiver = undefined
})

describe('the backlog and the throttle through the API', () => {
  it('shows queued attempts with their next attempt time, then the calls once sent', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const cast = await organizationCast(server.current)
    const target = await createSite(headmark, { organizationId: cast.organization.id })
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    const ids = { organizationSlug: 'acme', webhookId: hook.id }

    await headmark.webhooks.pause()
    await saveRevision(headmark, target, { metadata: { title: 'Queued' } })
    await saveRevision(headmark, target, { metadata: { title: 'Queued too' } })
    const history = await cast.member.rpc.webhooks.getCalls(ids)
    expect(history.items).toEqual([])
    expect(history.queuedTotal).toBe(2)
    expect(history.queued).toHaveLength(2)
    for (const queued of history.queued) {
      expect(queued).toMatchObject({
        eventType: 'metadata_update',
        attempt: 1,
        maxAttempts: 8,
        trigger: 'automatic',
        running: false,
      })
      expect(queued.nextAttemptAt).toBeInstanceOf(Date)
    }
    const view = await cast.member.rpc.webhooks.get(ids)
    expect(view.queuedAttempts).toBe(2)
    expect(view.nextAttemptAt).toEqual(history.queued[0]?.nextAttemptAt)

    await headmark.webhooks.resume()
    await receiver.received(2)
    for (;;) {
      const after = await cast.member.rpc.webhooks.getCalls(ids)
      if (after.items.length === 2) {
        expect(after.queued).toEqual([])
        expect(after.queuedTotal).toBe(0)
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 25))
    }
    expect((await cast.member.rpc.webhooks.get(ids)).nextAttemptAt).toBeNull()
  })

  it('sets and clears the throttle for those who may manage webhooks', async () => {
    const { headmark } = server.current
    const cast = await organizationCast(server.current)
    await createSite(headmark, { organizationId: cast.organization.id })
    const created = await cast.admin.rpc.webhooks.create({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      url: 'http://localhost:9/hook',
      throttle: 5,
    })
    expect(created.throttle).toBe(5)
    const ids = { organizationSlug: 'acme', webhookId: created.id }
    await expect(cast.member.rpc.webhooks.update({ ...ids, throttle: 1 })).rejects.toMatchObject({
      code: 'FORBIDDEN',
    })
    expect((await cast.admin.rpc.webhooks.update({ ...ids, throttle: 50 })).throttle).toBe(50)
    expect((await cast.owner.rpc.webhooks.update({ ...ids, throttle: null })).throttle).toBeNull()
    await expect(cast.owner.rpc.webhooks.update({ ...ids, throttle: 0 })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
    })
  })
})
