import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { subscription } from '../db/schema.ts'
import { getPlan, type Plan, type PlanId, plans } from './plans.ts'

/** Subscription statuses that give an organization its plan (Stripe keeps `past_due` working). */
export const ACTIVE_SUBSCRIPTION_STATUSES = ['active', 'trialing', 'past_due'] as const

export interface ActiveSubscription {
  id: string
  plan: Plan
  status: string
  /** `stripe` when Stripe bills it, `self-hosted` when the built-in provider activated it. */
  provider: 'stripe' | 'self-hosted'
  /** Stripe's id of the subscription (`sub_…`); null for the self-hosted provider. */
  stripeSubscriptionId: string | null
  periodStart: Date | null
  periodEnd: Date | null
  cancelAtPeriodEnd: boolean
}

function isPlanId(id: string): id is PlanId {
  return plans.some((plan) => plan.id === id)
}

/**
 * The subscription that currently gives an organization its plan, or `null` when it has none
 * (onboarding then asks for a plan). Newest first when several are active.
 */
export async function activeSubscription(
  db: Database,
  organizationId: string,
): Promise<ActiveSubscription | null> {
  const rows = await db
    .select()
    .from(subscription)
    .where(
      and(
        eq(subscription.referenceId, organizationId),
        inArray(subscription.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .orderBy(desc(sql`coalesce(${subscription.periodStart}, ${subscription.createdAt})`))
  const row = rows.find((candidate) => isPlanId(candidate.plan))
  if (!row) return null
  return {
    id: row.id,
    plan: getPlan(row.plan as PlanId),
    status: row.status,
    provider: row.stripeSubscriptionId === null ? 'self-hosted' : 'stripe',
    stripeSubscriptionId: row.stripeSubscriptionId,
    periodStart: row.periodStart,
    periodEnd: row.periodEnd,
    cancelAtPeriodEnd: row.cancelAtPeriodEnd ?? false,
  }
}
