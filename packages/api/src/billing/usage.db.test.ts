import { randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { describe, expect, it } from 'vitest'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, type Visitor } from '../../test/visitor.ts'
import { usage, webhookCall, webhookMessage } from '../db/schema.ts'
import { calendarMonth } from './usage.ts'

const server = useTestServer()
const db = () => server.current.headmark.db
const day = (date: Date) => date.toISOString().slice(0, 10)
const DAY_MS = 86_400_000

async function apiCalls(organizationId: string, on: string, count: number) {
  await db().insert(usage).values({ organizationId, day: on, kind: 'api_call', count })
}

async function deliveries(webhookId: string, siteId: string, at: Date[]) {
  const messageId = `msg_${randomUUID()}`
  await db()
    .insert(webhookMessage)
    .values({ id: messageId, siteId, type: 'placeholder', payload: {} })
  await db()
    .insert(webhookCall)
    .values(
      at.map((createdAt, n) => ({
        id: randomUUID(),
        webhookId,
        messageId,
        attempt: n + 1,
        trigger: 'automatic' as const,
        url: 'http://localhost:1/hook',
        requestHeaders: {},
        requestBody: '{}',
        createdAt,
      })),
    )
}

describe('billing.getUsage', () => {
  it('counts real rows against the subscribed plan, within the subscription’s period', async () => {
    const { owner, member, organization } = await organizationCast(server.current)
    await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'starter' })
    const acme = { organizationSlug: 'acme' }
    const local = await owner.rpc.sites.create({ ...acme, name: 'Local', hostname: 'localhost' })
    await owner.rpc.sites.create({ ...acme, name: 'Blog', hostname: 'blog.acme.com' })
    for (const path of ['/a', '/b', '/c']) {
      await owner.rpc.pages.create({ ...acme, siteHostname: 'localhost', path })
    }
    await owner.rpc.pages.create({ ...acme, siteHostname: 'blog.acme.com', path: '/post' })
    const hook = await owner.rpc.webhooks.create({
      ...acme,
      siteHostname: 'localhost',
      url: 'http://localhost:1/hook',
    })

    const now = new Date()
    const subscription = await owner.rpc.billing.getSubscription(acme)
    const start = subscription?.periodStart as Date
    // Today's calls count; the day before the period started does not.
    await apiCalls(organization.id, day(now), 1234)
    await apiCalls(organization.id, day(new Date(start.getTime() - DAY_MS)), 999)
    await deliveries(hook.id, local.id, [now, now, new Date(start.getTime() - 60_000)])

    const used = await member.rpc.billing.getUsage(acme)
    expect(used).toMatchObject({
      plan: { id: 'starter', name: 'Starter' },
      quotaPlan: { id: 'starter', name: 'Starter' },
      period: { start, end: subscription?.periodEnd, kind: 'subscription' },
      cancelAtPeriodEnd: false,
      sites: { used: 2, limit: 3 },
      pages: { used: 4, limitPerSite: 500 },
      perSite: [
        {
          name: 'Blog',
          hostname: 'blog.acme.com',
          pages: { used: 1, limit: 500 },
          webhooks: { used: 0, limit: 3 },
        },
        {
          name: 'Local',
          hostname: 'localhost',
          pages: { used: 3, limit: 500 },
          webhooks: { used: 1, limit: 3 },
        },
      ],
      apiCalls: { used: 1234, limit: 500_000 },
      webhookDeliveries: { used: 2, limit: null },
      members: { used: 3, limit: null },
    })
    expect(used.apiCalls.perDay.at(-1)).toEqual({ day: day(now), count: 1234 })
    expect(used.apiCalls.perDay[0]?.day).toBe(day(start))
  })

  it('without a subscription: no plan, the Free plan’s quotas and the calendar month, every day listed', async () => {
    const { owner, organization } = await organizationCast(server.current)
    const now = new Date()
    const month = calendarMonth(now)
    await apiCalls(organization.id, day(month.start), 10)
    await apiCalls(organization.id, day(now), 5)
    await apiCalls(organization.id, day(new Date(month.start.getTime() - DAY_MS)), 700)

    const used = await owner.rpc.billing.getUsage({ organizationSlug: 'acme' })
    expect(used.plan).toBeNull()
    expect(used.quotaPlan).toEqual({ id: 'free', name: 'Free' })
    expect(used.period).toEqual({ ...month, kind: 'calendar-month' })
    expect(used.sites).toEqual({ used: 0, limit: 1 })
    expect(used.perSite).toEqual([])
    expect(used.apiCalls.limit).toBe(50_000)
    expect(used.apiCalls.used).toBe(15)
    expect(used.apiCalls.perDay).toHaveLength(now.getUTCDate())
    expect(used.apiCalls.perDay[0]).toEqual({
      day: day(month.start),
      count: day(month.start) === day(now) ? 15 : 10,
    })
    expect(used.webhookDeliveries).toEqual({ used: 0, limit: null })
  })
})

// stranger/member/admin/owner × own organization/another's: every member may read the usage of
// their own organization; anyone else gets NOT_FOUND, as for an unknown slug.
describe('billing.getUsage permissions', () => {
  const roles = ['stranger', 'member', 'admin', 'owner'] as const

  it.each(roles)('%s', async (role) => {
    const cast = await organizationCast(server.current)
    const globexOwner = await signedUpVisitor(server.current, {
      name: 'Gina Globex',
      email: 'gina@globex.example',
    })
    await globexOwner.rpc.organizations.create({ name: 'Globex', slug: 'globex' })
    const visitor: Visitor = cast[role]

    const own = await visitor.rpc.billing.getUsage({ organizationSlug: 'acme' }).then(
      (value) => ({ ok: value }),
      (error: unknown) => ({ code: error instanceof ORPCError ? error.code : String(error) }),
    )
    if (role === 'stranger') expect(own).toEqual({ code: 'NOT_FOUND' })
    else expect(own).toMatchObject({ ok: { quotaPlan: { id: 'free' } } })

    const foreign = await visitor.rpc.billing
      .getUsage({ organizationSlug: 'globex' })
      .catch((error: unknown) => error)
    expect(foreign).toBeInstanceOf(ORPCError)
    expect((foreign as ORPCError<string, unknown>).code).toBe('NOT_FOUND')
  })
})
