import type { WebhookPayload } from '@headmark/metadata'
import { createWebhookHandler } from '@headmark/metadata/webhooks'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { type Receiver, startReceiver } from '../../test/webhook-fixtures.ts'

const server = useTestServer()
let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

describe('a save in the dashboard reaches the site’s webhook', () => {
  it('delivers metadata_update for saves and restores through metadataRevisions.*, with what the path serves', async () => {
    const { owner, member } = await organizationCast(server.current)
    const events: WebhookPayload[] = []
    let secret = ''
    receiver = await startReceiver((request) =>
      createWebhookHandler({
        secret,
        onEvent: (payload) => {
          events.push(payload)
          return {}
        },
      })(request),
    )
    const site = await owner.rpc.sites.create({
      organizationSlug: 'acme',
      name: 'Acme',
      hostname: 'localhost',
    })
    await owner.rpc.sites.update({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      titleTemplate: '%s · Acme',
    })
    const created = await owner.rpc.webhooks.create({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      url: receiver.url,
    })
    secret = created.secret

    const defaults = await owner.rpc.metadataRevisions.save({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      pagePath: null,
      baseRevisionId: null,
      metadata: { description: 'Rockets for everyone' },
    })
    await member.rpc.pages.create({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      path: '/pricing/',
    })
    // A member saves metadata: deliveries do not depend on who saves.
    const first = await member.rpc.metadataRevisions.save({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      pagePath: '/pricing',
      baseRevisionId: null,
      metadata: { title: 'Pricing' },
    })
    await member.rpc.metadataRevisions.save({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      pagePath: '/pricing',
      baseRevisionId: first.id,
      metadata: { title: 'Plans' },
    })
    const restored = await owner.rpc.metadataRevisions.restore({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      pagePath: '/pricing',
      metadataRevisionId: first.id,
    })

    const requests = await receiver.received(4)
    // The SDK's handler verified every signature: a failed check answers 401 and adds no event.
    await vi.waitFor(() => expect(events).toHaveLength(4))
    const updates = requests.map((request) => JSON.parse(request.body) as Record<string, unknown>)
    expect(updates.map((u) => [u.path, u.metadataRevisionId])).toEqual([
      [null, defaults.id],
      ['/pricing', first.id],
      ['/pricing', expect.any(String)],
      ['/pricing', restored.id],
    ])
    expect(updates[0]).toMatchObject({
      _type: 'metadata_update',
      metadata: { description: 'Rockets for everyone' },
      site: { hostname: 'localhost', dsn: site.dsn },
    })
    expect(updates[3]?.metadata).toEqual({
      title: 'Pricing · Acme',
      description: 'Rockets for everyone',
    })
    // One message per event: four distinct webhook-ids.
    expect(new Set(requests.map((r) => r.headers.get('webhook-id'))).size).toBe(4)
  })

  it('sends nothing when the save is refused', async () => {
    const { owner } = await organizationCast(server.current)
    receiver = await startReceiver()
    await owner.rpc.sites.create({ organizationSlug: 'acme', name: 'Acme', hostname: 'localhost' })
    await owner.rpc.webhooks.create({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      url: receiver.url,
    })
    const refused = await owner.rpc.metadataRevisions
      .save({
        organizationSlug: 'acme',
        siteHostname: 'localhost',
        pagePath: null,
        baseRevisionId: 'stale',
        metadata: { title: 'Never' },
      })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ code: 'CONFLICT' })
    // A test event goes through the same queue: once it has arrived, a queued update would have too.
    const [hook] = await owner.rpc.webhooks.list({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
    })
    await owner.rpc.webhooks.sendTest({ organizationSlug: 'acme', webhookId: hook!.id })
    const [only] = await receiver.received(1)
    expect(JSON.parse(only!.body)).toEqual({ _type: 'placeholder' })
    expect(receiver.requests).toHaveLength(1)
  })
})
