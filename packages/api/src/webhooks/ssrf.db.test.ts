import { ORPCError } from '@orpc/client'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { webhookCall } from '../db/schema.ts'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import {
  createSite,
  insertWebhook,
  type Receiver,
  startReceiver,
} from '../../test/webhook-fixtures.ts'

// As in production: loopback is off; the operator denies one public range besides.
const server = useTestServer({
  env: { WEBHOOKS_ALLOW_LOOPBACK: 'false', WEBHOOKS_DENY_CIDRS: '8.8.4.0/24' },
})
let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

describe('outbound safety, end to end', () => {
  it('refuses internal targets when a webhook is saved and again when it is sent, with the reason in the history', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const cast = await organizationCast(server.current)
    const target = await createSite(headmark, { organizationId: cast.organization.id })
    const targets = [
      ['http://127.0.0.1:9/hook', /127\.0\.0\.1 is a loopback address/],
      ['http://[::1]:9/hook', /::1 is a loopback address/],
      ['http://10.0.0.1/hook', /10\.0\.0\.1 is a private network address/],
      ['http://169.254.169.254/latest/meta-data/', /169\.254\.169\.254 is a link-local address/],
      ['http://[::ffff:127.0.0.1]:9/hook', /127\.0\.0\.1 is a loopback address/],
      [receiver.url, /localhost resolves to 127\.0\.0\.1, a loopback address/],
      [
        'http://[64:ff9b:1::a9fe:a9fe]/latest/meta-data/',
        /64:ff9b:1::a9fe:a9fe is a local-use NAT64 address for 169\.254\.169\.254, a link-local/,
      ],
      ['http://[::a9fe:a9fe]/hook', /IPv4-compatible address for 169\.254\.169\.254/],
      ['http://[fec0::1]/hook', /fec0::1 is a site-local address/],
      ['http://8.8.4.4/hook', /8\.8\.4\.4 is in 8\.8\.4\.0\/24, which this server's deny list/],
      ['http://[64:ff9b::808:404]/hook', /NAT64 address for 8\.8\.4\.4, in 8\.8\.4\.0\/24/],
    ] as const

    for (const [url, reason] of targets) {
      // At save…
      const error = await cast.owner.rpc.webhooks
        .create({ organizationSlug: 'acme', siteHostname: 'localhost', url })
        .catch((caught: unknown) => caught)
      expect(error, url).toBeInstanceOf(ORPCError)
      expect((error as ORPCError<string, unknown>).code).toBe('BAD_REQUEST')
      expect((error as ORPCError<string, unknown>).message).toMatch(reason)

      // …and at send, for a webhook that got past the save (e.g. a name that changed address).
      const hook = await insertWebhook(headmark, target.id, url)
      await cast.owner.rpc.webhooks.sendTest({ organizationSlug: 'acme', webhookId: hook.id })
      let calls: Array<typeof webhookCall.$inferSelect> = []
      while (calls.length === 0) {
        calls = await headmark.db
          .select()
          .from(webhookCall)
          .where(eq(webhookCall.webhookId, hook.id))
        if (calls.length === 0) await new Promise((resolve) => setTimeout(resolve, 25))
      }
      const history = await cast.member.rpc.webhooks.getCalls({
        organizationSlug: 'acme',
        webhookId: hook.id,
      })
      expect(history.items[0]?.status, url).toBeNull()
      expect(history.items[0]?.networkError, url).toMatch(reason)
    }
    // Nothing reached the receiver on loopback.
    expect(receiver.requests).toEqual([])
  })

  it('takes any public host over https, and plain http nowhere while loopback is off', async () => {
    const { headmark } = server.current
    const cast = await organizationCast(server.current)
    await createSite(headmark, { organizationId: cast.organization.id })
    const create = (url: string) =>
      cast.owner.rpc.webhooks.create({ organizationSlug: 'acme', siteHostname: 'localhost', url })
    // Not the site's host: a receiver elsewhere is fine when it is public.
    expect(await create('https://93.184.215.14/hooks/headmark')).toMatchObject({ enabled: true })
    const plain = await create('http://93.184.215.14/hooks/headmark').catch(
      (caught: unknown) => caught,
    )
    expect((plain as ORPCError<string, unknown>).code).toBe('BAD_REQUEST')
    expect((plain as ORPCError<string, unknown>).message).toMatch(
      /Use an https:\/\/ URL.*WEBHOOKS_ALLOW_LOOPBACK/,
    )
    // A private address stays refused over https too.
    const internal = await create('https://10.0.0.1/hook').catch((caught: unknown) => caught)
    expect((internal as ORPCError<string, unknown>).message).toMatch(/private network address/)
    const listed = await cast.member.rpc.webhooks.list({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
    })
    expect(listed.map((hook) => hook.url)).toEqual(['https://93.184.215.14/hooks/headmark'])
  })
})
