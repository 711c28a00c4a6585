import { ORPCError } from '@orpc/server'
import { APIError } from 'better-auth/api'
import Stripe from 'stripe'
import { z } from 'zod'
import { plans, type PlanId } from '../billing/plans.ts'
import { billingPath } from '../billing/quotas.ts'
import { stripeBillingApi } from '../billing/stripe.ts'
import { activateSelfHostedPlan, cancelSelfHostedPlan } from '../billing/self-hosted.ts'
import { activeSubscription } from '../billing/subscriptions.ts'
import { organizationUsage } from '../billing/usage.ts'
import { contextActor } from '../domain/audit.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'

const planIds = plans.map((plan) => plan.id) as [PlanId, ...PlanId[]]

const planIdSchema = z.enum(planIds, {
  error: `Choose one of the plans: ${planIds.join(', ')}.`,
})

const subscriptionSchema = z.object({
  id: z.string(),
  planId: z.enum(planIds),
  planName: z.string(),
  status: z.string(),
  provider: z.enum(['self-hosted', 'stripe']),
  periodStart: z.date().nullable(),
  periodEnd: z.date().nullable(),
  cancelAtPeriodEnd: z.boolean(),
})

const meterSchema = z.object({ used: z.number(), limit: z.number().nullable() })
const planRefSchema = z.object({ id: z.enum(planIds), name: z.string() })

const usageSchema = z.object({
  plan: planRefSchema.nullable(),
  quotaPlan: planRefSchema,
  period: z.object({
    start: z.date(),
    end: z.date(),
    kind: z.enum(['subscription', 'calendar-month']),
  }),
  cancelAtPeriodEnd: z.boolean(),
  sites: meterSchema,
  pages: z.object({ used: z.number(), limitPerSite: z.number().nullable() }),
  perSite: z.array(
    z.object({
      name: z.string(),
      hostname: z.string(),
      pages: meterSchema,
      webhooks: meterSchema,
    }),
  ),
  apiCalls: meterSchema.extend({
    perDay: z.array(z.object({ day: z.string(), count: z.number() })),
  }),
  webhookDeliveries: meterSchema,
  members: meterSchema,
})

// Choosing, changing and cancelling the plan is the owners' decision (spec: billing page).
const ownerOnly = organizationProcedure({ billing: ['update'] })

export const billingRouter = {
  /** The organization's current subscription, or null when it has none (onboarding asks for one). */
  getSubscription: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(subscriptionSchema.nullable())
    .handler(async ({ context }) => {
      const current = await activeSubscription(context.db, context.organization.id)
      if (!current) return null
      const { plan, ...rest } = current
      return { ...rest, planId: plan.id, planName: plan.name }
    }),

  /**
   * What the organization uses this period against its plan's quotas (the Free plan's when it
   * has no subscription; `plan` is then null). Every member may see it.
   */
  getUsage: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(usageSchema)
    .handler(({ context }) => organizationUsage(context.db, context.organization.id)),

  /**
   * Puts the organization on a plan. With the built-in self-hosted provider the plan is active
   * at once and `checkoutUrl` is null. With Stripe, a paid plan goes through the plugin: a first
   * plan through Stripe Checkout, a change of plan through the plugin's upgrade (Stripe's billing
   * portal); `checkoutUrl` is where to send the owner, and the plan is active when Stripe's event
   * arrives. The Free plan needs no payment: it is activated at once.
   */
  subscribe: ownerOnly
    .input(z.object({ organizationSlug: z.string(), planId: planIdSchema }))
    .output(z.object({ subscriptionId: z.string().nullable(), checkoutUrl: z.string().nullable() }))
    .handler(async ({ context, input }) => {
      const org = context.organization
      const stripe = stripeBillingApi(context.auth.api)
      const current = await activeSubscription(context.db, org.id)
      if (stripe && input.planId !== 'free') {
        const appUrl = context.env.BETTER_AUTH_URL
        const billingUrl = new URL(billingPath(org.slug), appUrl).href
        const successUrl = current
          ? billingUrl
          : new URL(
              `/app/organizations/${encodeURIComponent(org.slug)}/onboarding/plan/success`,
              appUrl,
            ).href
        const answer = await viaStripe(() =>
          stripe.upgradeSubscription({
            body: {
              plan: input.planId,
              referenceId: org.id,
              customerType: 'organization',
              ...(current?.stripeSubscriptionId
                ? { subscriptionId: current.stripeSubscriptionId }
                : {}),
              successUrl,
              cancelUrl: billingUrl,
              returnUrl: billingUrl,
              disableRedirect: true,
            },
            headers: context.headers,
          }),
        )
        return { subscriptionId: null, checkoutUrl: answer.url ?? null }
      }
      if (stripe && current?.provider === 'stripe') {
        throw new ORPCError('CONFLICT', {
          message: `The ${current.plan.name} plan is billed by Stripe. To move to the Free plan, cancel it on the Billing page; it ends with the period already paid.`,
        })
      }
      const { id } = await activateSelfHostedPlan(
        context.db,
        org.id,
        input.planId,
        new Date(),
        contextActor(context),
      )
      return { subscriptionId: id, checkoutUrl: null }
    }),

  /**
   * Ends the organization's subscription. The self-hosted provider ends it at once (`canceled`;
   * the organization is then asked to choose a plan again); a Stripe subscription is cancelled at
   * the end of its period, confirmed in Stripe's billing portal at `url`.
   */
  cancel: ownerOnly
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.object({ canceled: z.boolean(), url: z.string().nullable() }))
    .handler(async ({ context }) => {
      const org = context.organization
      const current = await activeSubscription(context.db, org.id)
      const stripe = stripeBillingApi(context.auth.api)
      if (stripe && current?.provider === 'stripe') {
        const answer = await viaStripe(() =>
          stripe.cancelSubscription({
            body: {
              referenceId: org.id,
              customerType: 'organization',
              returnUrl: new URL(billingPath(org.slug), context.env.BETTER_AUTH_URL).href,
              disableRedirect: true,
            },
            headers: context.headers,
          }),
        )
        return { canceled: false, url: answer.url ?? null }
      }
      const ended = await cancelSelfHostedPlan(
        context.db,
        org.id,
        new Date(),
        contextActor(context),
      )
      if (!ended) {
        throw new ORPCError('NOT_FOUND', {
          message: `${org.name} has no active plan to cancel.`,
        })
      }
      return { canceled: true, url: null }
    }),
}

/**
 * Runs a call to the Stripe plugin. Its refusals keep their status and message; Stripe being
 * unreachable or refusing the request is a 502 that says so (nothing was changed here).
 */
async function viaStripe<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call()
  } catch (error) {
    if (error instanceof APIError) {
      const status = typeof error.statusCode === 'number' ? error.statusCode : 400
      throw new ORPCError(status >= 500 ? 'BAD_GATEWAY' : 'BAD_REQUEST', {
        status: status >= 500 ? 502 : status,
        message: `Stripe did not accept the request: ${error.message || 'no reason given'}. Nothing was changed.`,
      })
    }
    if (error instanceof Stripe.errors.StripeError) {
      throw new ORPCError('BAD_GATEWAY', {
        message: `Stripe could not complete the request (${error.message}). Nothing was changed; try again in a moment.`,
      })
    }
    throw error
  }
}
