import { ORPCError } from '@orpc/server'
import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, type Visitor } from '../../test/visitor.ts'
import { addOneMonth } from '../billing/self-hosted.ts'
import { subscription } from '../db/schema.ts'

const server = useTestServer()
const db = () => server.current.headmark.db

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ORPCError ? error.code : error),
  )

async function world() {
  const cast = await organizationCast(server.current)
  const globexOwner = await signedUpVisitor(server.current, {
    name: 'Gina Globex',
    email: 'gina@globex.example',
  })
  await globexOwner.rpc.organizations.create({ name: 'Globex', slug: 'globex' })
  return { ...cast, globexOwner }
}

describe('billing with the self-hosted provider', () => {
  it('starts without a subscription; the owner chooses a plan and it is active at once', async () => {
    const { owner, member } = await world()
    expect(await owner.rpc.billing.getSubscription({ organizationSlug: 'acme' })).toBeNull()

    const chosen = await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'team' })
    expect(chosen).toEqual({ subscriptionId: expect.any(String), checkoutUrl: null })

    const current = await member.rpc.billing.getSubscription({ organizationSlug: 'acme' })
    expect(current).toMatchObject({
      id: chosen.subscriptionId,
      planId: 'team',
      planName: 'Team',
      status: 'active',
      provider: 'self-hosted',
      cancelAtPeriodEnd: false,
    })
    expect(current?.periodEnd).toEqual(addOneMonth(current?.periodStart as Date))
  })

  it('changing the plan ends the old subscription in the same step; cancelling leaves none', async () => {
    const { owner } = await world()
    const first = await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'free' })
    await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'business' })
    expect(await owner.rpc.billing.getSubscription({ organizationSlug: 'acme' })).toMatchObject({
      planId: 'business',
    })
    const [old] = await db()
      .select({ status: subscription.status, endedAt: subscription.endedAt })
      .from(subscription)
      .where(eq(subscription.id, first.subscriptionId as string))
    expect(old).toEqual({ status: 'canceled', endedAt: expect.any(Date) })

    expect(await owner.rpc.billing.cancel({ organizationSlug: 'acme' })).toEqual({
      canceled: true,
      url: null,
    })
    expect(await owner.rpc.billing.getSubscription({ organizationSlug: 'acme' })).toBeNull()
    expect(await failure(owner.rpc.billing.cancel({ organizationSlug: 'acme' }))).toBe('NOT_FOUND')
  })

  it('keeps exactly one active subscription when owners choose plans at the same time', async () => {
    const { owner, organization } = await world()
    await Promise.all(
      (['free', 'starter', 'team', 'business'] as const).map((planId) =>
        owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId }),
      ),
    )
    const active = await db()
      .select({ id: subscription.id })
      .from(subscription)
      .where(and(eq(subscription.referenceId, organization.id), eq(subscription.status, 'active')))
    expect(active).toHaveLength(1)
  })

  it('refuses an unknown plan with the list of plans', async () => {
    const { owner } = await world()
    const error = await owner.rpc.billing
      .subscribe({ organizationSlug: 'acme', planId: 'platinum' as 'free' })
      .catch((caught: unknown) => caught)
    expect(error).toBeInstanceOf(ORPCError)
    expect((error as ORPCError<string, unknown>).code).toBe('BAD_REQUEST')
    expect((error as Error).message).toContain('free, starter, team, business')
  })

  it('lets only owners choose or cancel; members read; strangers and other organizations get NOT_FOUND', async () => {
    const { owner, admin, member, stranger, globexOwner } = await world()
    await globexOwner.rpc.billing.subscribe({ organizationSlug: 'globex', planId: 'starter' })
    const expected: Array<[string, Visitor, string | null, string | null]> = [
      // who, read own, change own (the owner's run is last: it changes the plan)
      ['stranger', stranger, 'NOT_FOUND', 'NOT_FOUND'],
      ['member', member, null, 'FORBIDDEN'],
      ['admin', admin, null, 'FORBIDDEN'],
      ['owner', owner, null, null],
    ]
    for (const [who, visitor, read, change] of expected) {
      const rpc = visitor.rpc.billing
      expect([who, await failure(rpc.getSubscription({ organizationSlug: 'acme' }))]).toEqual([
        who,
        read,
      ])
      expect([
        who,
        await failure(rpc.subscribe({ organizationSlug: 'acme', planId: 'team' })),
      ]).toEqual([who, change])
      expect([who, await failure(rpc.cancel({ organizationSlug: 'acme' }))]).toEqual([who, change])
      // Someone else's organization: NOT_FOUND for everyone here, and its plan is untouched.
      // One call at a time: a refusal must have its handler before it settles.
      for (const call of [
        () => rpc.getSubscription({ organizationSlug: 'globex' }),
        () => rpc.subscribe({ organizationSlug: 'globex', planId: 'business' }),
        () => rpc.cancel({ organizationSlug: 'globex' }),
      ]) {
        expect([who, await failure(call())]).toEqual([who, 'NOT_FOUND'])
      }
    }
    expect(
      await globexOwner.rpc.billing.getSubscription({ organizationSlug: 'globex' }),
    ).toMatchObject({ planId: 'starter', status: 'active' })
  })
})

describe('addOneMonth', () => {
  it('keeps the day of the month, or the month’s last day when it is shorter', () => {
    expect(addOneMonth(new Date('2026-01-15T10:00:00Z')).toISOString()).toBe(
      '2026-02-15T10:00:00.000Z',
    )
    expect(addOneMonth(new Date('2026-01-31T10:00:00Z')).toISOString()).toBe(
      '2026-02-28T10:00:00.000Z',
    )
    expect(addOneMonth(new Date('2028-01-31T00:00:00Z')).toISOString()).toBe(
      '2028-02-29T00:00:00.000Z',
    )
    expect(addOneMonth(new Date('2026-12-31T23:59:00Z')).toISOString()).toBe(
      '2027-01-31T23:59:00.000Z',
    )
  })
})
