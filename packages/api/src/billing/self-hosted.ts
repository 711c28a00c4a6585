import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { organization, subscription } from '../db/schema.ts'
import type { PlanId } from './plans.ts'
import { ACTIVE_SUBSCRIPTION_STATUSES } from './subscriptions.ts'

/** One calendar month after `start` (the 31st of January is followed by the 28th/29th of February's end). */
export function addOneMonth(start: Date): Date {
  const end = new Date(start)
  const day = end.getUTCDate()
  end.setUTCDate(1)
  end.setUTCMonth(end.getUTCMonth() + 1)
  const lastDay = new Date(Date.UTC(end.getUTCFullYear(), end.getUTCMonth() + 1, 0)).getUTCDate()
  end.setUTCDate(Math.min(day, lastDay))
  return end
}

/**
 * The built-in "self-hosted" provider: choosing a plan activates it at once, with nothing to pay
 * and nothing to configure. The organization's current subscription, if any, ends in the same
 * transaction, so an organization never has two plans or none in between. Concurrent calls for
 * one organization are serialised by a lock on its row.
 */
export async function activateSelfHostedPlan(
  db: Database,
  organizationId: string,
  planId: PlanId,
  now: Date = new Date(),
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${organization} where id = ${organizationId} for update`)
    await tx
      .update(subscription)
      .set({ status: 'canceled', canceledAt: now, endedAt: now })
      .where(
        and(
          eq(subscription.referenceId, organizationId),
          inArray(subscription.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        ),
      )
    const id = randomUUID()
    await tx.insert(subscription).values({
      id,
      plan: planId,
      referenceId: organizationId,
      status: 'active',
      periodStart: now,
      periodEnd: addOneMonth(now),
      cancelAtPeriodEnd: false,
    })
    return { id }
  })
}

/** Ends an organization's self-hosted subscription now; onboarding then asks for a plan again. */
export async function cancelSelfHostedPlan(
  db: Database,
  organizationId: string,
  now: Date = new Date(),
): Promise<boolean> {
  const ended = await db
    .update(subscription)
    .set({ status: 'canceled', canceledAt: now, endedAt: now })
    .where(
      and(
        eq(subscription.referenceId, organizationId),
        inArray(subscription.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
      ),
    )
    .returning({ id: subscription.id })
  return ended.length > 0
}
