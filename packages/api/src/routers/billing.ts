import { ORPCError } from '@orpc/server'
import { z } from 'zod'
import { plans, type PlanId } from '../billing/plans.ts'
import { activateSelfHostedPlan, cancelSelfHostedPlan } from '../billing/self-hosted.ts'
import { activeSubscription } from '../billing/subscriptions.ts'
import { organizationUsage } from '../billing/usage.ts'
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
   * at once and `checkoutUrl` is null.
   */
  subscribe: ownerOnly
    .input(z.object({ organizationSlug: z.string(), planId: planIdSchema }))
    .output(z.object({ subscriptionId: z.string().nullable(), checkoutUrl: z.string().nullable() }))
    .handler(async ({ context, input }) => {
      const { id } = await activateSelfHostedPlan(context.db, context.organization.id, input.planId)
      return { subscriptionId: id, checkoutUrl: null }
    }),

  /** Ends the organization's subscription; the organization is then asked to choose a plan. */
  cancel: ownerOnly
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.object({ canceled: z.literal(true) }))
    .handler(async ({ context }) => {
      const ended = await cancelSelfHostedPlan(context.db, context.organization.id)
      if (!ended) {
        throw new ORPCError('NOT_FOUND', {
          message: `${context.organization.name} has no active plan to cancel.`,
        })
      }
      return { canceled: true as const }
    }),
}
