import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { deliverStripeEvent, noSuchSubscription, useStripeApi } from '../../test/stripe-api.ts'
import { signedUpVisitor } from '../../test/visitor.ts'
import { organization, subscription } from '../db/schema.ts'

// A customer who deletes their organization stops paying for it: the deletion queues the
// cancellation of its Stripe subscription in its own transaction, and the queue's worker cancels
// it at Stripe (the local Stripe-format server of test/stripe-api.ts), retrying while Stripe fails.

const stripeApi = useStripeApi()
const server = useTestServer({ env: stripeApi.env })
const db = () => server.current.headmark.db
const billing = () => server.current.headmark.billing

beforeEach(() => stripeApi.reset())

/** Gives the organization a Stripe subscription Stripe knows, as the plugin records one. */
async function stripeSubscription(organizationId: string, id: string, status = 'active') {
  await db()
    .insert(subscription)
    .values({
      id: randomUUID(),
      plan: 'team',
      referenceId: organizationId,
      stripeCustomerId: `cus_${id}`,
      stripeSubscriptionId: id,
      status,
    })
  stripeApi.subscriptions.set(id, {
    id,
    object: 'subscription',
    customer: `cus_${id}`,
    status,
  })
}

/** `DELETE /v1/subscriptions/…` requests the local Stripe received, in order. */
const cancels = () =>
  stripeApi.received.filter(
    (request) => request.method === 'DELETE' && request.path.startsWith('/v1/subscriptions/'),
  )

/** Waits until every cancellation job has finished, and returns them. */
async function settled() {
  return vi.waitFor(
    async () => {
      const jobs = await billing().jobs()
      for (const job of jobs) expect(job.state).toBe('completed')
      return jobs
    },
    { timeout: 20_000, interval: 100 },
  )
}

const organizationGone = async (id: string) =>
  (await db().select().from(organization).where(eq(organization.id, id))).length === 0

describe('deleting an organization cancels its Stripe subscription', () => {
  it('sends Stripe exactly one cancel for the subscription, with an idempotency key', async () => {
    const { owner, organization: acme } = await organizationCast(server.current)
    await stripeSubscription(acme.id, 'sub_acme')

    expect(
      await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' }),
    ).toEqual({ ok: true })
    expect(await organizationGone(acme.id)).toBe(true)

    const jobs = await settled()
    expect(jobs.map((job) => job.data)).toEqual([
      { stripeSubscriptionId: 'sub_acme', stripeCustomerId: 'cus_sub_acme' },
    ])
    expect(cancels()).toEqual([
      {
        method: 'DELETE',
        path: '/v1/subscriptions/sub_acme',
        idempotencyKey: expect.stringContaining('sub_acme'),
      },
    ])
    expect(stripeApi.subscriptions.get('sub_acme')?.status).toBe('canceled')
  })

  it('does not wait for Stripe, and retries while Stripe answers 500', async () => {
    const { owner, organization: acme } = await organizationCast(server.current)
    await stripeSubscription(acme.id, 'sub_acme', 'past_due')
    let answer: () => void = () => {}
    const slow = new Promise<void>((resolve) => {
      answer = resolve
    })
    const failure = { status: 500, body: { error: { type: 'api_error', message: 'Stripe broke' } } }
    stripeApi.answerNext(
      'DELETE',
      '/v1/subscriptions/sub_acme',
      { ...failure, after: slow },
      failure,
    )

    await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
    // The deletion is done while Stripe still holds the first cancel.
    expect(await organizationGone(acme.id)).toBe(true)
    await vi.waitFor(() => expect(cancels()).toHaveLength(1), { timeout: 20_000 })
    answer()

    // Each failure leaves the job waiting for its retry; it is made due instead of waited for.
    for (const attempts of [1, 2]) {
      await vi.waitFor(
        async () => {
          expect(await billing().jobs()).toMatchObject([{ state: 'retry' }])
          expect(cancels()).toHaveLength(attempts)
        },
        { timeout: 20_000, interval: 100 },
      )
      expect(await billing().runDue()).toBe(1)
    }
    const [job] = await settled()
    expect(job?.retryCount).toBe(2)
    expect(cancels().map((request) => request.path)).toEqual(
      Array(3).fill('/v1/subscriptions/sub_acme'),
    )
    // A fresh key per attempt: Stripe would replay a saved 500 for a key it has seen.
    expect(new Set(cancels().map((request) => request.idempotencyKey)).size).toBe(3)
    expect(stripeApi.subscriptions.get('sub_acme')?.status).toBe('canceled')
  })

  it('counts a subscription Stripe no longer has (404) as done, without retrying', async () => {
    const { owner, organization: acme } = await organizationCast(server.current)
    await stripeSubscription(acme.id, 'sub_acme')
    stripeApi.answerNext('DELETE', '/v1/subscriptions/sub_acme', noSuchSubscription('sub_acme'))

    await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
    const [job] = await settled()
    expect(job?.retryCount).toBe(0)
    expect(cancels()).toHaveLength(1)
  })

  it('cancels each of two deleted organizations’ subscriptions once', async () => {
    const { owner, organization: acme } = await organizationCast(server.current)
    const gil = await signedUpVisitor(server.current, { name: 'Gil', email: 'gil@example.com' })
    const globex = await gil.rpc.organizations.create({ name: 'Globex', slug: 'globex' })
    await stripeSubscription(acme.id, 'sub_acme')
    await stripeSubscription(globex.id, 'sub_globex', 'trialing')
    // An old subscription Stripe already ended is not sent again.
    await stripeSubscription(globex.id, 'sub_globex_old', 'canceled')

    await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
    await gil.rpc.organizations.delete({ organizationSlug: 'globex', confirmSlug: 'globex' })

    expect(await settled()).toHaveLength(2)
    expect(
      cancels()
        .map((request) => request.path)
        .sort(),
    ).toEqual(['/v1/subscriptions/sub_acme', '/v1/subscriptions/sub_globex'])
  })

  it('queues and sends nothing for a refused deletion or a self-hosted subscription', async () => {
    const { owner, admin, organization: acme } = await organizationCast(server.current)
    await stripeSubscription(acme.id, 'sub_acme')
    await expect(
      owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acm' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST' })
    await expect(
      admin.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(await organizationGone(acme.id)).toBe(false)

    // Globex is on the Free plan of the built-in provider: there is no one to tell.
    const gil = await signedUpVisitor(server.current, { name: 'Gil', email: 'gil@example.com' })
    await gil.rpc.organizations.create({ name: 'Globex', slug: 'globex' })
    await gil.rpc.billing.subscribe({ organizationSlug: 'globex', planId: 'free' })
    await gil.rpc.organizations.delete({ organizationSlug: 'globex', confirmSlug: 'globex' })

    expect(await billing().jobs()).toEqual([])
    expect(stripeApi.requests).toEqual([])
  })
})

describe('a checkout that completes after its organization was deleted', () => {
  /** What Stripe sends when the checkout of `subscriptionId` for `organizationId` completes. */
  const completed = (organizationId: string, subscriptionId: string) => ({
    id: `evt_${randomUUID()}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_${subscriptionId}`,
        object: 'checkout.session',
        mode: 'subscription',
        subscription: subscriptionId,
        customer: `cus_${subscriptionId}`,
        client_reference_id: organizationId,
        metadata: { referenceId: organizationId, subscriptionId: randomUUID() },
      },
    },
  })

  it('has its new Stripe subscription cancelled at Stripe', async () => {
    const { owner, organization: acme } = await organizationCast(server.current)
    // The owner is at Stripe's checkout when the organization is deleted: nothing to cancel yet.
    await owner.rpc.organizations.delete({ organizationSlug: 'acme', confirmSlug: 'acme' })
    expect(await billing().jobs()).toEqual([])

    stripeApi.subscriptions.set('sub_late', {
      id: 'sub_late',
      object: 'subscription',
      customer: 'cus_sub_late',
      status: 'active',
      metadata: { referenceId: acme.id },
    })
    const answer = await deliverStripeEvent(server.current.origin, completed(acme.id, 'sub_late'))
    expect(answer.status).toBe(200)

    const jobs = await settled()
    expect(jobs.map((job) => job.data)).toEqual([
      { stripeSubscriptionId: 'sub_late', stripeCustomerId: 'cus_sub_late' },
    ])
    expect(cancels().map((request) => request.path)).toEqual(['/v1/subscriptions/sub_late'])
  })

  it('is left alone while the organization exists', async () => {
    const { organization: acme } = await organizationCast(server.current)
    const answer = await deliverStripeEvent(server.current.origin, completed(acme.id, 'sub_live'))
    expect(answer.status).toBe(200)
    expect(await billing().jobs()).toEqual([])
    expect(cancels()).toEqual([])
  })
})
