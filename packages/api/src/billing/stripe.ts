import { stripe as stripePlugin } from '@better-auth/stripe'
import { APIError } from 'better-auth/api'
import { and, eq, inArray, ne, sql } from 'drizzle-orm'
import Stripe from 'stripe'
import type { Database } from '../db/client.ts'
import { member, organization, subscription } from '../db/schema.ts'
import type { StripeSettings } from '../env.ts'
import { type CancelSubscriptionJob, ENDED_STRIPE_STATUSES } from './cancellations.ts'
import type { PlanId } from './plans.ts'
import { ACTIVE_SUBSCRIPTION_STATUSES } from './subscriptions.ts'
import { recordPlanChange } from './self-hosted.ts'
import { SYSTEM_ACTOR } from '../domain/audit.ts'

/** The plans Stripe bills; the Free plan needs no payment and stays with the built-in provider. */
export type PaidPlanId = Exclude<PlanId, 'free'>

/** A Stripe client for the settings: api.stripe.com, or `apiUrl` (e.g. stripe-mock). */
export function createStripeClient(settings: StripeSettings): Stripe {
  const api = settings.apiUrl === null ? null : new URL(settings.apiUrl)
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol === 'https:' ? ('https' as const) : ('http' as const),
        }
      : {}),
  })
}

/**
 * @better-auth/stripe for Headmark: organizations are the customers (`referenceId` is the
 * organization's id), only their owners may check out, change or cancel, and each paid plan of the
 * catalogue maps to a Stripe price (its `name` is the plan id, which the plugin stores as the
 * subscription's `plan`). Checkout and the subscription's lifecycle come through Stripe's
 * webhook at /api/auth/stripe/webhook.
 */
export function stripeProvider(
  db: Database,
  settings: StripeSettings,
  {
    onOrphan,
  }: {
    /** A live Stripe subscription of an organization that no longer exists: cancel it. */
    onOrphan?: (job: CancelSubscriptionJob) => Promise<void>
  } = {},
) {
  return stripePlugin({
    stripeClient: createStripeClient(settings),
    stripeWebhookSecret: settings.webhookSecret,
    // Organizations are the customers; a person never gets one (see requireOrganizationReference).
    createCustomerOnSignUp: false,
    organization: { enabled: true },
    subscription: {
      enabled: true,
      plans: (Object.entries(settings.prices) as Array<[PaidPlanId, string]>).map(
        ([name, priceId]) => ({ name, priceId }),
      ),
      // Owners decide about money (the `billing: ['update']` permission); others may not even
      // list the organization's subscriptions through the plugin.
      async authorizeReference({ user, referenceId }) {
        const [row] = await db
          .select({ role: member.role })
          .from(member)
          .where(and(eq(member.organizationId, referenceId), eq(member.userId, user.id)))
        return (row?.role ?? '').split(',').includes('owner')
      },
      // A paid plan replaces whatever the organization had (e.g. the Free plan chosen before).
      // No row: the organization was deleted during the checkout (see onEvent).
      // Each change Stripe reports is recorded in the organization's audit log as `plan.changed`
      // by Headmark itself (actor `system`), right after the plugin wrote the subscription row:
      // the plugin's own writes are outside any transaction Headmark could join.
      async onSubscriptionComplete({ subscription: completed }) {
        if (!completed) return
        await endOtherSubscriptions(db, completed.referenceId, completed.id)
        await recordPlanChange(db, completed.referenceId, SYSTEM_ACTOR, {
          after: { plan: completed.plan, status: completed.status, provider: 'stripe' },
        })
      },
      async onSubscriptionUpdate({ event, subscription: updated }) {
        const previous = (event.data as { previous_attributes?: Record<string, unknown> })
          .previous_attributes
        // Every renewal is an update too: only a change of price (plan) is recorded.
        if (!previous || !('items' in previous)) return
        await recordPlanChange(db, updated.referenceId, SYSTEM_ACTOR, {
          after: { plan: updated.plan, status: updated.status, provider: 'stripe' },
        })
      },
      async onSubscriptionCancel({ subscription: cancelled }) {
        await recordPlanChange(db, cancelled.referenceId, SYSTEM_ACTOR, {
          before: { plan: cancelled.plan },
          after: { plan: cancelled.plan, cancelAtPeriodEnd: true, provider: 'stripe' },
        })
      },
      async onSubscriptionDeleted({ subscription: deleted }) {
        await recordPlanChange(db, deleted.referenceId, SYSTEM_ACTOR, {
          before: { plan: deleted.plan },
          after: { plan: null, status: 'canceled', provider: 'stripe' },
        })
      },
    },
    // A checkout completed, or a subscription started, for an organization deleted meanwhile:
    // its deletion found nothing to cancel yet, so the subscription is cancelled now.
    async onEvent(event) {
      const live = liveSubscriptionOf(event)
      if (!live) return
      const [exists] = await db
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.id, live.referenceId))
      if (exists || !onOrphan) return
      await onOrphan({
        stripeSubscriptionId: live.stripeSubscriptionId,
        stripeCustomerId: live.stripeCustomerId,
      })
    },
  })
}

/**
 * The plugin's endpoints that act for a customer named by `customerType` and `referenceId`.
 * Left to its defaults they act for the signed-in person (a user-level Stripe customer), which
 * Headmark never bills: an upgrade created the customer in Stripe, then failed on the
 * subscription row (its reference must be an organization).
 */
export const STRIPE_REFERENCE_ENDPOINTS: ReadonlySet<string> = new Set([
  '/subscription/upgrade',
  '/subscription/cancel',
  '/subscription/restore',
  '/subscription/list',
  '/subscription/billing-portal',
])

/**
 * A better-auth `before` hook step: {@link STRIPE_REFERENCE_ENDPOINTS} answer 400 unless they
 * name an organization (`customerType: 'organization'` and its id as `referenceId`), before the
 * plugin looks up or creates any Stripe customer. Whether the caller may bill that organization
 * is the plugin's `authorizeReference` (owners only).
 */
export function requireOrganizationReference(ctx: {
  path: string
  body?: unknown
  query?: unknown
}): void {
  if (!STRIPE_REFERENCE_ENDPOINTS.has(ctx.path)) return
  const input = { ...(ctx.query as object | undefined), ...(ctx.body as object | undefined) } as {
    customerType?: unknown
    referenceId?: unknown
  }
  if (input.customerType === 'organization' && typeof input.referenceId === 'string') {
    if (input.referenceId.trim() !== '') return
  }
  throw APIError.from('BAD_REQUEST', {
    code: 'ORGANIZATION_REQUIRED',
    message:
      'Choose the organization to bill: subscriptions belong to organizations (customerType "organization" with the organization\'s id as referenceId).',
  })
}

const idOf = (value: string | { id: string } | null | undefined): string | null =>
  typeof value === 'string' ? value : (value?.id ?? null)

/**
 * The Stripe subscription an event says is live, with the organization it was bought for
 * (`referenceId`): a completed subscription checkout, or a subscription created or updated and
 * not ended. Null for every other event.
 */
export function liveSubscriptionOf(
  event: Stripe.Event,
): { referenceId: string; stripeSubscriptionId: string; stripeCustomerId: string | null } | null {
  if (event.type === 'checkout.session.completed') {
    const session = event.data.object
    const referenceId = session.client_reference_id ?? session.metadata?.referenceId
    const stripeSubscriptionId = idOf(session.subscription)
    if (session.mode !== 'subscription' || !referenceId || !stripeSubscriptionId) return null
    return { referenceId, stripeSubscriptionId, stripeCustomerId: idOf(session.customer) }
  }
  if (
    event.type === 'customer.subscription.created' ||
    event.type === 'customer.subscription.updated'
  ) {
    const live = event.data.object
    const referenceId = live.metadata?.referenceId
    if (!referenceId || ENDED_STRIPE_STATUSES.includes(live.status)) return null
    return { referenceId, stripeSubscriptionId: live.id, stripeCustomerId: idOf(live.customer) }
  }
  return null
}

/** Ends every active subscription of the organization except `keepId`. */
export async function endOtherSubscriptions(
  db: Database,
  organizationId: string,
  keepId: string,
  now: Date = new Date(),
): Promise<void> {
  await db
    .update(subscription)
    .set({ status: 'canceled', canceledAt: now, endedAt: now })
    .where(
      and(
        eq(subscription.referenceId, organizationId),
        ne(subscription.id, keepId),
        inArray(subscription.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        // Only rows the built-in provider made: Stripe's own end through Stripe's events.
        sql`${subscription.stripeSubscriptionId} is null`,
      ),
    )
}

interface RedirectAnswer {
  url?: string | null
  redirect?: boolean
}

/** The plugin's endpoints Headmark's billing procedures call, with the caller's headers. */
export interface StripeBillingApi {
  upgradeSubscription(request: {
    body: {
      plan: string
      referenceId: string
      customerType: 'organization'
      subscriptionId?: string
      successUrl: string
      cancelUrl: string
      returnUrl: string
      disableRedirect: true
    }
    headers: Headers
  }): Promise<RedirectAnswer>
  cancelSubscription(request: {
    body: {
      referenceId: string
      customerType: 'organization'
      returnUrl: string
      disableRedirect: true
    }
    headers: Headers
  }): Promise<RedirectAnswer>
}

/** The plugin's endpoints on an auth instance that has the Stripe provider, or null. */
export function stripeBillingApi(api: object): StripeBillingApi | null {
  return 'upgradeSubscription' in api && 'cancelSubscription' in api
    ? (api as unknown as StripeBillingApi)
    : null
}
