import { randomUUID } from 'node:crypto'
import { verifyWebhook } from '@headmark/metadata/webhooks'
import { ORPCError } from '@orpc/client'
import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { webhook, webhookCall, webhookMessage } from '../db/schema.ts'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, type Visitor } from '../../test/visitor.ts'
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

async function codeOf(call: Promise<unknown>): Promise<string> {
  try {
    const result = await call
    // An event stream answers with an iterator: its first event proves access.
    if (result && typeof result === 'object' && Symbol.asyncIterator in result) {
      const iterator = result as unknown as AsyncIterator<unknown> & { return(): Promise<unknown> }
      await iterator.next()
      await iterator.return()
    }
    return 'OK'
  } catch (error) {
    if (error instanceof ORPCError) return error.code
    throw error
  }
}

async function callsOf(webhookId: string, count: number) {
  for (;;) {
    const rows = await server.current.headmark.db
      .select()
      .from(webhookCall)
      .where(eq(webhookCall.webhookId, webhookId))
    if (rows.length >= count) return rows
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** A webhook with one recorded call, ready to be read, changed or redelivered. */
async function webhookWithCall(siteId: string, url: string) {
  const { headmark } = server.current
  const hook = await insertWebhook(headmark, siteId, url)
  const messageId = `msg_${randomUUID()}`
  await headmark.db
    .insert(webhookMessage)
    .values({ id: messageId, siteId, type: 'placeholder', payload: { _type: 'placeholder' } })
  const callId = randomUUID()
  await headmark.db.insert(webhookCall).values({
    id: callId,
    webhookId: hook.id,
    messageId,
    attempt: 1,
    trigger: 'test',
    url,
    requestHeaders: { 'content-type': 'application/json' },
    requestBody: '{"_type":"placeholder"}',
    responseStatus: 200,
    responseBody: '{"ok":true}',
  })
  return { ...hook, callId }
}

describe('webhook procedures: who may do what', () => {
  it('owners and admins manage, members read, strangers and other organizations see nothing', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const cast = await organizationCast(server.current)
    // Owners and admins each add webhooks to one site: more than the Free plan's one per site.
    await cast.owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'business' })
    const globexOwner = await signedUpVisitor(server.current, {
      name: 'Gina Globex',
      email: 'gina@example.com',
    })
    const globex = await globexOwner.rpc.organizations.create({ name: 'Globex', slug: 'globex' })
    const globexId = globex.id
    const acmeSite = await createSite(headmark, { organizationId: cast.organization.id })
    const globexSite = await createSite(headmark, {
      organizationId: globexId,
      hostname: 'globex.example',
    })

    type Target = { siteHostname: string; siteId: string }
    const procedures: Array<{
      name: string
      kind: 'read' | 'manage'
      run: (visitor: Visitor, slug: string, target: Target) => Promise<unknown>
    }> = [
      {
        name: 'webhooks.list',
        kind: 'read',
        run: (v, slug, t) =>
          v.rpc.webhooks.list({ organizationSlug: slug, siteHostname: t.siteHostname }),
      },
      {
        name: 'webhooks.get',
        kind: 'read',
        run: async (v, slug, t) =>
          v.rpc.webhooks.get({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
          }),
      },
      {
        name: 'webhooks.getCalls',
        kind: 'read',
        run: async (v, slug, t) =>
          v.rpc.webhooks.getCalls({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
          }),
      },
      {
        name: 'webhooks.watch',
        kind: 'read',
        run: async (v, slug, t) =>
          v.rpc.webhooks.watch({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
          }),
      },
      {
        name: 'webhooks.create',
        kind: 'manage',
        run: (v, slug, t) =>
          v.rpc.webhooks.create({
            organizationSlug: slug,
            siteHostname: t.siteHostname,
            url: `${receiver?.url}`,
          }),
      },
      {
        name: 'webhooks.update',
        kind: 'manage',
        run: async (v, slug, t) =>
          v.rpc.webhooks.update({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
            description: 'changed',
          }),
      },
      {
        name: 'webhooks.delete',
        kind: 'manage',
        run: async (v, slug, t) =>
          v.rpc.webhooks.delete({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
          }),
      },
      {
        name: 'webhooks.revealSecret',
        kind: 'manage',
        run: async (v, slug, t) =>
          v.rpc.webhooks.revealSecret({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
          }),
      },
      {
        name: 'webhooks.rotateSecret',
        kind: 'manage',
        run: async (v, slug, t) =>
          v.rpc.webhooks.rotateSecret({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
          }),
      },
      {
        name: 'webhooks.sendTest',
        kind: 'manage',
        run: async (v, slug, t) =>
          v.rpc.webhooks.sendTest({
            organizationSlug: slug,
            webhookId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).id,
          }),
      },
      {
        name: 'webhookCalls.redeliver',
        kind: 'manage',
        run: async (v, slug, t) =>
          v.rpc.webhookCalls.redeliver({
            organizationSlug: slug,
            webhookCallId: (await webhookWithCall(t.siteId, `${receiver?.url}`)).callId,
          }),
      },
    ]
    const people = {
      stranger: cast.stranger,
      member: cast.member,
      admin: cast.admin,
      owner: cast.owner,
    }
    const own = { siteHostname: acmeSite.hostname, siteId: acmeSite.id }
    const other = { siteHostname: globexSite.hostname, siteId: globexSite.id }

    const outcomes: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const procedure of procedures) {
      for (const [role, visitor] of Object.entries(people)) {
        // Own organization.
        outcomes[`${procedure.name} ${role} own`] = await codeOf(
          procedure.run(visitor, 'acme', own),
        )
        expected[`${procedure.name} ${role} own`] =
          role === 'stranger'
            ? 'NOT_FOUND'
            : role === 'member' && procedure.kind === 'manage'
              ? 'FORBIDDEN'
              : 'OK'
        // Another organization's site, webhook or call, named under their own organization…
        outcomes[`${procedure.name} ${role} other-in-own`] = await codeOf(
          procedure.run(visitor, 'acme', other),
        )
        expected[`${procedure.name} ${role} other-in-own`] =
          role === 'member' && procedure.kind === 'manage' ? 'FORBIDDEN' : 'NOT_FOUND'
        // …or under the other organization's slug.
        outcomes[`${procedure.name} ${role} other`] = await codeOf(
          procedure.run(visitor, 'globex', other),
        )
        expected[`${procedure.name} ${role} other`] = 'NOT_FOUND'
      }
    }
    expect(outcomes).toEqual(expected)

    // What members read carries no secret.
    const listed = await webhookWithCall(acmeSite.id, `${receiver.url}`)
    const reads = await Promise.all([
      cast.member.rpc.webhooks.list({ organizationSlug: 'acme', siteHostname: 'localhost' }),
      cast.member.rpc.webhooks.get({ organizationSlug: 'acme', webhookId: listed.id }),
      cast.member.rpc.webhooks.getCalls({ organizationSlug: 'acme', webhookId: listed.id }),
    ])
    expect(JSON.stringify(reads)).not.toContain('whsec_')
  })
})

describe('webhook procedures', () => {
  it('checks the URL on save with a message on the url field', async () => {
    const { headmark } = server.current
    const cast = await organizationCast(server.current)
    await createSite(headmark, { organizationId: cast.organization.id })
    const create = (url: string) =>
      cast.owner.rpc.webhooks.create({ organizationSlug: 'acme', siteHostname: 'localhost', url })
    for (const url of [
      'http://other.example/hook',
      'ftp://localhost/hook',
      'http://user:pw@localhost/hook',
      'not a url',
    ]) {
      const error = await create(url).catch((caught: unknown) => caught)
      expect(error).toBeInstanceOf(ORPCError)
      expect((error as ORPCError<string, { issues: Array<{ path: string[] }> }>).code).toBe(
        'BAD_REQUEST',
      )
      expect(
        (error as ORPCError<string, { issues: Array<{ path: string[] }> }>).data.issues[0]?.path,
      ).toEqual(['url'])
    }
    const created = await create('http://localhost:1/hook')
    expect(created).toMatchObject({
      url: 'http://localhost:1/hook',
      enabled: true,
      legacyBearer: false,
    })
    expect(created.secret).toMatch(/^whsec_/)
    const revealed = await cast.admin.rpc.webhooks.revealSecret({
      organizationSlug: 'acme',
      webhookId: created.id,
    })
    expect(revealed).toEqual({
      secret: created.secret,
      previousSecret: null,
      previousSecretExpiresAt: null,
    })
    const [stored] = await headmark.db.select().from(webhook).where(eq(webhook.id, created.id))
    expect(stored?.secretEncrypted).not.toContain(created.secret.slice(6))
  })

  it('sends a test event, redelivers with the same webhook-id, and signs with both secrets for 24 h after a rotation', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const cast = await organizationCast(server.current)
    await createSite(headmark, { organizationId: cast.organization.id })
    const created = await cast.owner.rpc.webhooks.create({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      url: receiver.url,
    })
    await cast.owner.rpc.webhooks.sendTest({ organizationSlug: 'acme', webhookId: created.id })
    const [test] = await receiver.received(1)
    expect(test?.body).toBe('{"_type":"placeholder"}')
    await callsOf(created.id, 1)
    const history = await cast.member.rpc.webhooks.getCalls({
      organizationSlug: 'acme',
      webhookId: created.id,
    })
    expect(history.items).toMatchObject([
      { eventType: 'placeholder', status: 200, trigger: 'test', attempt: 1, maxAttempts: 1 },
    ])

    const rotated = await cast.admin.rpc.webhooks.rotateSecret({
      organizationSlug: 'acme',
      webhookId: created.id,
    })
    expect(rotated.previousSecretExpiresAt.getTime() - Date.now()).toBeGreaterThan(23 * 3_600_000)
    await cast.admin.rpc.webhookCalls.redeliver({
      organizationSlug: 'acme',
      webhookCallId: history.items[0]?.id as string,
    })
    const [, again] = await receiver.received(2)
    expect(again?.headers.get('webhook-id')).toBe(test?.headers.get('webhook-id'))
    expect(again?.body).toBe(test?.body)
    // Signed by the new secret and (Standard Webhooks) by the old one too.
    await expect(
      verifyWebhook(again?.body ?? '', again?.headers ?? {}, { secret: rotated.secret }),
    ).resolves.toMatchObject({ scheme: 'headmark' })
    const standardOnly = new Headers(again?.headers)
    standardOnly.delete('x-webhook-signature')
    for (const secret of [rotated.secret, created.secret]) {
      await expect(
        verifyWebhook(again?.body ?? '', standardOnly, { secret }),
      ).resolves.toMatchObject({ scheme: 'standard' })
    }
    const calls = await callsOf(created.id, 2)
    expect(calls.map((call) => call.trigger).sort()).toEqual(['manual', 'test'])
    const revealed = await cast.owner.rpc.webhooks.revealSecret({
      organizationSlug: 'acme',
      webhookId: created.id,
    })
    expect(revealed).toMatchObject({ secret: rotated.secret, previousSecret: created.secret })
  })

  it('pausing keeps waiting attempts and queues nothing new; resuming sends them; members can not pause', async () => {
    const { headmark } = server.current
    receiver = await startReceiver()
    const cast = await organizationCast(server.current)
    const target = await createSite(headmark, { organizationId: cast.organization.id })
    const hook = await cast.owner.rpc.webhooks.create({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      url: receiver.url,
    })
    const paused = await cast.admin.rpc.webhooks.update({
      organizationSlug: 'acme',
      webhookId: hook.id,
      enabled: false,
    })
    expect(paused).toMatchObject({ enabled: false, disabledReason: 'manual' })

    // A member sees the state but can not resume it.
    const refused = await cast.member.rpc.webhooks
      .update({ organizationSlug: 'acme', webhookId: hook.id, enabled: true })
      .catch((caught: unknown) => caught)
    expect((refused as ORPCError<string, unknown>).code).toBe('FORBIDDEN')
    expect(
      await cast.member.rpc.webhooks.get({ organizationSlug: 'acme', webhookId: hook.id }),
    ).toMatchObject({ enabled: false, disabledReason: 'manual' })

    // Nothing new is queued while paused…
    await saveRevision(headmark, target, { metadata: { title: 'Saved while paused' } })
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
    // …and an attempt that was waiting (a retry, due now) stays in the queue, unsent.
    const messageId = `msg_${randomUUID()}`
    await headmark.db.insert(webhookMessage).values({
      id: messageId,
      siteId: target.id,
      type: 'placeholder',
      payload: { _type: 'placeholder', waiting: true },
    })
    await headmark.db.transaction((tx) =>
      headmark.webhooks.enqueueAttempt(tx, {
        messageId,
        webhookId: hook.id,
        attempt: 2,
        trigger: 'automatic',
      }),
    )
    await headmark.webhooks.runDue()
    await new Promise((resolve) => setTimeout(resolve, 2_500))
    expect(receiver.requests).toEqual([])
    const waiting = await cast.member.rpc.webhooks.getCalls({
      organizationSlug: 'acme',
      webhookId: hook.id,
    })
    expect(waiting.queuedTotal).toBe(1)
    expect(waiting.queued[0]).toMatchObject({ messageId, attempt: 2, running: false })

    // Resumed: the waiting attempt goes out, and only it.
    const resumed = await cast.owner.rpc.webhooks.update({
      organizationSlug: 'acme',
      webhookId: hook.id,
      enabled: true,
    })
    expect(resumed).toMatchObject({ enabled: true, disabledReason: null })
    const [sent] = await receiver.received(1)
    expect(sent?.headers.get('webhook-id')).toBe(messageId)
    expect(JSON.parse(sent?.body ?? '{}')).toMatchObject({ _type: 'placeholder', waiting: true })
    await callsOf(hook.id, 1)
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
    await new Promise((resolve) => setTimeout(resolve, 300))
    expect(receiver.requests).toHaveLength(1)
  })

  it('enabling a webhook Headmark disabled drops what waited and clears the failure state', async () => {
    const { headmark } = server.current
    const cast = await organizationCast(server.current)
    const target = await createSite(headmark, { organizationId: cast.organization.id })
    const hook = await webhookWithCall(target.id, 'http://localhost:1/hook')
    const messageId = `msg_${randomUUID()}`
    await headmark.db.insert(webhookMessage).values({
      id: messageId,
      siteId: target.id,
      type: 'placeholder',
      payload: { _type: 'placeholder' },
    })
    await headmark.db.transaction((tx) =>
      headmark.webhooks.enqueueAttempt(
        tx,
        { messageId, webhookId: hook.id, attempt: 2, trigger: 'automatic' },
        new Date(Date.now() + 3_600_000),
      ),
    )
    await headmark.db
      .update(webhook)
      .set({
        enabled: false,
        disabledReason: 'failing',
        disabledAt: new Date(),
        failingSince: new Date(),
      })
      .where(eq(webhook.id, hook.id))
    const enabled = await cast.owner.rpc.webhooks.update({
      organizationSlug: 'acme',
      webhookId: hook.id,
      enabled: true,
    })
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, failingSince: null })
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
  })

  it('accepts a receiver on another public host than the site, over https', async () => {
    const { headmark } = server.current
    const cast = await organizationCast(server.current)
    await createSite(headmark, { organizationId: cast.organization.id })
    // An address, not a name: the check resolves nothing and the test needs no network.
    const created = await cast.owner.rpc.webhooks.create({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
      url: 'https://93.184.215.14/hooks/headmark',
    })
    expect(created).toMatchObject({ url: 'https://93.184.215.14/hooks/headmark', enabled: true })
    const moved = await cast.owner.rpc.webhooks.update({
      organizationSlug: 'acme',
      webhookId: created.id,
      url: 'https://[2606:4700::6810:84e5]/api/webhook',
    })
    expect(moved.url).toBe('https://[2606:4700::6810:84e5]/api/webhook')
  })
})
