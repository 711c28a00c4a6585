import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { webhook, webhookCall } from '../db/schema.ts'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import {
  createSite,
  insertWebhook,
  manualClock,
  type Receiver,
  saveRevision,
  startReceiver,
} from '../../test/webhook-fixtures.ts'
import { DISABLE_AFTER_FAILING_MS, MAX_ATTEMPTS, RETRY_SCHEDULE_MS } from './schedule.ts'

// Ahead of the real time, so that no retry is due before the test moves the clock to it.
const clock = manualClock(Date.now() + 365 * 24 * 3_600_000)
const server = useTestServer({ clock })
let receiver: Receiver | undefined
afterEach(async () => {
  await receiver?.close()
  receiver = undefined
})

async function callsOf(webhookId: string, count: number) {
  for (;;) {
    const rows = await server.current.headmark.db
      .select()
      .from(webhookCall)
      .where(eq(webhookCall.webhookId, webhookId))
    if (rows.length >= count) return rows.sort((a, b) => a.attempt - b.attempt)
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** Waits until the queue holds the next attempt of `webhookId` (written with the failed call). */
async function nextQueued(webhookId: string) {
  for (;;) {
    const [job] = await server.current.headmark.webhooks.queued(webhookId)
    if (job) return job
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

/** The "webhook disabled" e-mail to `to`, once it is sent. */
async function disabledMail(to: string) {
  for (;;) {
    const mails = (await server.current.headmark.mailbox?.list({ to })) ?? []
    const mail = mails.find((entry) => entry.subject.endsWith('was disabled'))
    if (mail) return mail
    await new Promise((resolve) => setTimeout(resolve, 25))
  }
}

async function webhookRow(id: string) {
  const [row] = await server.current.headmark.db.select().from(webhook).where(eq(webhook.id, id))
  return row
}

describe('retries', () => {
  it('follow the schedule with jitter, on a clock moved by hand, and stop after the last attempt', async () => {
    const { headmark } = server.current
    receiver = await startReceiver(() => Response.json({ ok: false }, { status: 500 }))
    const target = await createSite(headmark)
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    await saveRevision(headmark, target, { metadata: { title: 'Retry me' } })
    await callsOf(hook.id, 1)

    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      const job = await nextQueued(hook.id)
      expect(job.data).toMatchObject({ webhookId: hook.id, attempt, trigger: 'automatic' })
      const delay = job.startAfter.getTime() - clock.now()
      const step = RETRY_SCHEDULE_MS[attempt - 1] as number
      expect(delay).toBeGreaterThanOrEqual(Math.floor(step * 0.9))
      expect(delay).toBeLessThanOrEqual(Math.ceil(step * 1.1))
      // Not due a millisecond early…
      expect(await headmark.webhooks.runDue(job.startAfter.getTime() - 1)).toBe(0)
      // …and run when the clock reaches it.
      clock.set(job.startAfter.getTime())
      expect(await headmark.webhooks.runDue()).toBe(1)
      await callsOf(hook.id, attempt)
    }
    const calls = await callsOf(hook.id, MAX_ATTEMPTS)
    expect(calls.map((call) => call.attempt)).toEqual([1, 2, 3, 4, 5, 6, 7, 8])
    expect(new Set(calls.map((call) => call.messageId)).size).toBe(1)
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
    expect(receiver.requests).toHaveLength(MAX_ATTEMPTS)
    expect(
      new Set(receiver.requests.map((request) => request.headers.get('webhook-id'))).size,
    ).toBe(1)
    expect((await webhookRow(hook.id))?.enabled).toBe(true)
  })

  it('honour Retry-After up to the next step', async () => {
    const { headmark } = server.current
    receiver = await startReceiver(
      () => new Response('busy', { status: 503, headers: { 'retry-after': '60' } }),
    )
    const target = await createSite(headmark)
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    await saveRevision(headmark, target, { metadata: { title: 'Later' } })
    await callsOf(hook.id, 1)
    const job = await nextQueued(hook.id)
    expect(job.startAfter.getTime() - clock.now()).toBe(60_000)
  })

  it('stop at 410 Gone, which disables the webhook and tells its owners and admins', async () => {
    const { headmark } = server.current
    receiver = await startReceiver(() => new Response('gone', { status: 410 }))
    const cast = await organizationCast(server.current)
    const target = await createSite(headmark, { organizationId: cast.organization.id })
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    await saveRevision(headmark, target, { metadata: { title: 'Gone' } })
    const [call] = await callsOf(hook.id, 1)
    expect(call?.responseStatus).toBe(410)
    await disabledMail('admin@example.com')
    expect(await webhookRow(hook.id)).toMatchObject({ enabled: false, disabledReason: 'gone' })
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
    const view = await cast.member.rpc.webhooks.get({
      organizationSlug: 'acme',
      webhookId: hook.id,
    })
    expect(view).toMatchObject({ enabled: false, disabledReason: 'gone', failureStreak: 1 })
    const mail = await disabledMail('owner@example.com')
    expect(mail?.subject).toBe('A webhook of localhost was disabled')
    expect(mail?.text).toContain('410 Gone')
    expect(mail?.text).toContain(`/app/organizations/acme/sites/localhost/webhooks/${hook.id}`)
    const memberMail = (await headmark.mailbox?.list({ to: 'member@example.com' })) ?? []
    expect(memberMail.filter((entry) => entry.subject.includes('disabled'))).toEqual([])
  })

  it('disable a webhook after 5 days of failures; enabling it again sends nothing old', async () => {
    const { headmark } = server.current
    receiver = await startReceiver(() => new Response('down', { status: 502 }))
    const cast = await organizationCast(server.current)
    const target = await createSite(headmark, { organizationId: cast.organization.id })
    const hook = await insertWebhook(headmark, target.id, receiver.url)
    const started = clock.now()
    await saveRevision(headmark, target, { metadata: { title: 'First' } })
    await callsOf(hook.id, 1)
    await nextQueued(hook.id)
    expect((await webhookRow(hook.id))?.failingSince?.getTime()).toBe(started)

    clock.advance(DISABLE_AFTER_FAILING_MS - 60_000)
    await saveRevision(headmark, target, { metadata: { title: 'Second' } })
    await callsOf(hook.id, 2)
    expect((await webhookRow(hook.id))?.enabled).toBe(true)

    clock.advance(60_000)
    await saveRevision(headmark, target, { metadata: { title: 'Third' } })
    await callsOf(hook.id, 3)
    await disabledMail('owner@example.com')
    expect(await webhookRow(hook.id)).toMatchObject({ enabled: false, disabledReason: 'failing' })
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
    const mail = await disabledMail('admin@example.com')
    expect(mail.text).toContain('failed for 5 days')

    // One click enables it again; the failed messages stay in the history, nothing is resent.
    const enabled = await cast.admin.rpc.webhooks.update({
      organizationSlug: 'acme',
      webhookId: hook.id,
      enabled: true,
    })
    expect(enabled).toMatchObject({ enabled: true, failingSince: null, disabledReason: null })
    expect(await headmark.webhooks.queued(hook.id)).toEqual([])
    // A new change goes out at once.
    await saveRevision(headmark, target, { metadata: { title: 'Fourth' } })
    await callsOf(hook.id, 4)
    expect(receiver.requests.map((request) => JSON.parse(request.body).metadata.title)).toEqual([
      'First',
      'Second',
      'Third',
      'Fourth',
    ])
  })
})
