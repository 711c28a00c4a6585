import { ORPCError } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import {
  deliverStripeEvent,
  STRIPE_WEBHOOK_SECRET,
  stripePrices,
  useStripeApi,
} from '../../test/stripe-api.ts'
import { subscription, user } from '../db/schema.ts'
import { activeSubscription } from './subscriptions.ts'

// The Stripe provider, up to Stripe's door. Events reach /api/auth/stripe/webhook signed with
// `stripe.webhooks.generateTestHeaderString` (the stripe package's own helper) and move the
// subscription rows. Stripe itself is not reachable from the tests: the one call the plugin makes
// while handling checkout.session.completed (retrieving the subscription) is answered by a local
// HTTP server in Stripe's format, through the real stripe client (STRIPE_API_URL). Creating a
// checkout session needs Stripe: the tests check that an owner's request goes out to it and that a
// failure to reach it is a 502 that changes nothing, and that only owners get that far.

const stripeApi = useStripeApi()
const WEBHOOK_SECRET = STRIPE_WEBHOOK_SECRET
const prices = stripePrices
const stripeSubscriptions = stripeApi.subscriptions
const stripeRequests = stripeApi.requests

const server = useTestServer({ env: stripeApi.env })
const db = () => server.current.headmark.db

const deliver = (event: object, secret = WEBHOOK_SECRET) =>
  deliverStripeEvent(server.current.origin, event, secret)

const now = Math.floor(Date.now() / 1000)
const periodEnd = now + 30 * 86_400

function stripeSubscription(
  id: string,
  price: string,
  extra: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    id,
    object: 'subscription',
    customer: 'cus_acme',
    status: 'active',
    cancel_at_period_end: false,
    cancel_at: null,
    canceled_at: null,
    ended_at: null,
    trial_start: null,
    trial_end: null,
    schedule: null,
    metadata: {},
    items: {
      object: 'list',
      data: [
        {
          id: `si_${id}`,
          object: 'subscription_item',
          quantity: 1,
          current_period_start: now,
          current_period_end: periodEnd,
          price: { id: price, object: 'price', recurring: { interval: 'month' } },
        },
      ],
    },
    ...extra,
  }
}

const event = (type: string, object: object) => ({
  id: `evt_${Math.random().toString(36).slice(2)}`,
  object: 'event',
  type,
  created: now,
  api_version: '2025-10-29.clover',
  data: { object },
})

/** Acme with the row the plugin writes when its owner starts a checkout for Starter. */
async function checkoutStarted() {
  const cast = await organizationCast(server.current)
  // The organization was on the Free plan before paying.
  await cast.owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'free' })
  await db().insert(subscription).values({
    id: 'local-sub',
    plan: 'starter',
    referenceId: cast.organization.id,
    stripeCustomerId: 'cus_acme',
    status: 'incomplete',
  })
  return cast
}

const rowOf = async (id: string) =>
  (await db().select().from(subscription).where(eq(subscription.id, id)))[0]

describe('Stripe webhook events', () => {
  it('checkout.session.completed activates the plan and ends the Free one; updated and deleted follow Stripe', async () => {
    const { organization, owner } = await checkoutStarted()
    stripeSubscriptions.set('sub_acme', stripeSubscription('sub_acme', prices.starter))

    const completed = await deliver(
      event('checkout.session.completed', {
        id: 'cs_acme',
        object: 'checkout.session',
        mode: 'subscription',
        subscription: 'sub_acme',
        customer: 'cus_acme',
        client_reference_id: organization.id,
        metadata: { referenceId: organization.id, subscriptionId: 'local-sub' },
      }),
    )
    expect(completed.status).toBe(200)
    expect(stripeRequests).toContain('GET /v1/subscriptions/sub_acme')
    expect(await rowOf('local-sub')).toMatchObject({
      plan: 'starter',
      status: 'active',
      stripeSubscriptionId: 'sub_acme',
      periodStart: new Date(now * 1000),
      periodEnd: new Date(periodEnd * 1000),
      cancelAtPeriodEnd: false,
      billingInterval: 'month',
    })
    const current = await activeSubscription(db(), organization.id)
    expect(current).toMatchObject({ id: 'local-sub', provider: 'stripe' })
    expect(current?.plan.id).toBe('starter')
    const active = await db()
      .select({ id: subscription.id })
      .from(subscription)
      .where(eq(subscription.status, 'active'))
    expect(active).toEqual([{ id: 'local-sub' }])
    expect((await owner.rpc.billing.getUsage({ organizationSlug: 'acme' })).sites.limit).toBe(3)

    // Changed to Team in Stripe, to end with the period.
    const updated = await deliver(
      event(
        'customer.subscription.updated',
        stripeSubscription('sub_acme', prices.team, { cancel_at_period_end: true }),
      ),
    )
    expect(updated.status).toBe(200)
    expect(await rowOf('local-sub')).toMatchObject({
      plan: 'team',
      status: 'active',
      cancelAtPeriodEnd: true,
    })
    expect(await owner.rpc.billing.getSubscription({ organizationSlug: 'acme' })).toMatchObject({
      planId: 'team',
      provider: 'stripe',
      cancelAtPeriodEnd: true,
    })

    const deleted = await deliver(
      event(
        'customer.subscription.deleted',
        stripeSubscription('sub_acme', prices.team, {
          status: 'canceled',
          ended_at: now,
          canceled_at: now,
        }),
      ),
    )
    expect(deleted.status).toBe(200)
    expect((await rowOf('local-sub'))?.status).toBe('canceled')
    expect(await activeSubscription(db(), organization.id)).toBeNull()
  })

  it('refuses an event with a bad signature with 400 and changes nothing', async () => {
    const { organization } = await checkoutStarted()
    stripeSubscriptions.set('sub_forged', stripeSubscription('sub_forged', prices.business))
    const forged = event('checkout.session.completed', {
      id: 'cs_forged',
      object: 'checkout.session',
      mode: 'subscription',
      subscription: 'sub_forged',
      client_reference_id: organization.id,
      metadata: { referenceId: organization.id, subscriptionId: 'local-sub' },
    })
    const wrongSecret = await deliver(forged, 'whsec_someone_else')
    expect(wrongSecret.status).toBe(400)
    const unsigned = await fetch(`${server.current.origin}/api/auth/stripe/webhook`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(forged),
    })
    expect(unsigned.status).toBe(400)
    expect(await rowOf('local-sub')).toMatchObject({
      status: 'incomplete',
      stripeSubscriptionId: null,
    })
    expect((await activeSubscription(db(), organization.id))?.plan.id).toBe('free')
  })
})

describe('billing procedures with Stripe', () => {
  const failure = (promise: Promise<unknown>) =>
    promise.then(
      () => null,
      (error: unknown) =>
        error instanceof ORPCError ? { code: error.code, message: error.message } : error,
    )

  it('sends an owner’s paid plan to Stripe; when Stripe does not answer, the call is refused and the plan stays', async () => {
    const { owner, organization } = await organizationCast(server.current)
    stripeRequests.length = 0
    const refused = await failure(
      owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'team' }),
    )
    expect(refused).toMatchObject({ code: expect.stringMatching(/BAD_GATEWAY|BAD_REQUEST/) })
    // The plugin asked Stripe for the organization's customer before anything else.
    expect(stripeRequests.some((request) => request.includes('/v1/customers'))).toBe(true)
    expect(await activeSubscription(db(), organization.id)).toBeNull()
  })

  it('activates the Free plan without Stripe; only owners may reach the plugin', async () => {
    const { owner, admin, member, organization } = await organizationCast(server.current)
    expect(await owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'free' })).toEqual(
      {
        subscriptionId: expect.any(String),
        checkoutUrl: null,
      },
    )
    for (const visitor of [admin, member]) {
      expect(
        await failure(visitor.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'team' })),
      ).toMatchObject({ code: 'FORBIDDEN' })
      // The plugin's own endpoints ask authorizeReference: owners only.
      const direct = await visitor.post('/api/auth/subscription/upgrade', {
        plan: 'team',
        referenceId: organization.id,
        customerType: 'organization',
        successUrl: server.current.origin,
        cancelUrl: server.current.origin,
      })
      expect(direct.status).toBe(401)
    }
  })

  it('a Stripe plan can not be swapped for Free here: cancel it instead', async () => {
    const { owner, organization } = await organizationCast(server.current)
    await db().insert(subscription).values({
      id: 'paid',
      plan: 'team',
      referenceId: organization.id,
      stripeCustomerId: 'cus_acme',
      stripeSubscriptionId: 'sub_paid',
      status: 'active',
    })
    expect(
      await failure(owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'free' })),
    ).toEqual({
      code: 'CONFLICT',
      message:
        'The Team plan is billed by Stripe. To move to the Free plan, cancel it on the Billing page; it ends with the period already paid.',
    })
  })
})

// N4: Headmark bills organizations only. The plugin's user-level paths (no organization as the
// reference) created a Stripe customer for the person, then answered 500 (foreign-key violation)
// when writing a subscription whose reference was the user.
describe("the plugin's endpoints without an organization", () => {
  /** What Stripe would answer on the way to a user-level checkout. */
  function stripeWouldCreateACustomer() {
    const list = (url: string) => ({ object: 'list', data: [], has_more: false, url })
    stripeApi.answerNext('GET', '/v1/customers/search', {
      status: 200,
      body: { ...list('/v1/customers/search'), object: 'search_result' },
    })
    stripeApi.answerNext('GET', '/v1/customers', { status: 200, body: list('/v1/customers') })
    stripeApi.answerNext('POST', '/v1/customers', {
      status: 200,
      body: { id: 'cus_person', object: 'customer', email: 'owner@example.com', metadata: {} },
    })
    stripeApi.answerNext('GET', '/v1/subscriptions', {
      status: 200,
      body: list('/v1/subscriptions'),
    })
    stripeApi.answerNext('GET', `/v1/prices/${prices.starter}`, {
      status: 200,
      body: {
        id: prices.starter,
        object: 'price',
        type: 'recurring',
        recurring: { interval: 'month', usage_type: 'licensed' },
      },
    })
  }

  it.each([
    ['POST', '/subscription/upgrade', { plan: 'starter' }],
    ['POST', '/subscription/upgrade', { plan: 'starter', customerType: 'user' }],
    ['POST', '/subscription/upgrade', { plan: 'starter', customerType: 'organization' }],
    ['POST', '/subscription/upgrade', { plan: 'starter', referenceId: 'ORG' }],
    ['POST', '/subscription/cancel', { returnUrl: '/app' }],
    ['POST', '/subscription/restore', {}],
    ['POST', '/subscription/billing-portal', { returnUrl: '/app' }],
    ['GET', '/subscription/list', {}],
    ['GET', '/subscription/list', { referenceId: 'ORG' }],
  ] as const)(
    '%s %s %j: 400, and no Stripe customer for the person',
    async (method, path, input) => {
      const { organization, owner } = await organizationCast(server.current)
      stripeApi.reset()
      stripeWouldCreateACustomer()
      const fields = Object.fromEntries(
        Object.entries(input).map(([key, value]) => [
          key,
          value === 'ORG' ? organization.id : value,
        ]),
      )
      const response =
        method === 'GET'
          ? await owner.fetch(`/api/auth${path}?${new URLSearchParams(fields)}`)
          : await owner.post(`/api/auth${path}`, fields)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({
        message: expect.stringContaining('Choose the organization to bill'),
      })
      expect(stripeRequests).toEqual([])
      const [person] = await db().select().from(user).where(eq(user.email, 'owner@example.com'))
      expect(person?.stripeCustomerId).toBeNull()
    },
  )

  it('still serves an owner who names the organization', async () => {
    const { organization, owner } = await organizationCast(server.current)
    const query = new URLSearchParams({
      customerType: 'organization',
      referenceId: organization.id,
    })
    const listed = await owner.fetch(`/api/auth/subscription/list?${query}`)
    expect(listed.status).toBe(200)
    expect(await listed.json()).toEqual([])
  })
})
