import { randomUUID } from 'node:crypto'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { type AuditSummary, organization, subscription } from '../db/schema.ts'
import { type AuditActor, recordAudit } from '../domain/audit.ts'
import type { Transaction } from '../domain/events.ts'
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
  /** Who chose the plan: recorded in the organization's audit log, in the same transaction. */
  auditActor?: AuditActor,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from ${organization} where id = ${organizationId} for update`)
    const ended = await tx
      .update(subscription)
      .set({ status: 'canceled', canceledAt: now, endedAt: now })
      .where(
        and(
          eq(subscription.referenceId, organizationId),
          inArray(subscription.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        ),
      )
      .returning({ plan: subscription.plan })
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
    if (auditActor) {
      await recordPlanChange(tx, organizationId, auditActor, {
        before: { plan: ended[0]?.plan ?? null },
        after: { plan: planId, status: 'active', provider: 'self-hosted' },
      })
    }
    return { id }
  })
}

/** Ends an organization's self-hosted subscription now; onboarding then asks for a plan again. */
export async function cancelSelfHostedPlan(
  db: Database,
  organizationId: string,
  now: Date = new Date(),
  auditActor?: AuditActor,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    const ended = await tx
      .update(subscription)
      .set({ status: 'canceled', canceledAt: now, endedAt: now })
      .where(
        and(
          eq(subscription.referenceId, organizationId),
          inArray(subscription.status, [...ACTIVE_SUBSCRIPTION_STATUSES]),
        ),
      )
      .returning({ id: subscription.id, plan: subscription.plan })
    if (ended.length > 0 && auditActor) {
      await recordPlanChange(tx, organizationId, auditActor, {
        before: { plan: ended[0]?.plan ?? null },
        after: { plan: null, status: 'canceled', provider: 'self-hosted' },
      })
    }
    return ended.length > 0
  })
}

/**
 * Records a change of the organization's plan in its audit log (`plan.changed`), unless the
 * organization no longer exists (a Stripe event about a deleted organization's subscription).
 */
export async function recordPlanChange(
  tx: Transaction | Database,
  organizationId: string,
  actor: AuditActor,
  summary: AuditSummary,
): Promise<void> {
  const [org] = await tx
    .select({ name: organization.name })
    .from(organization)
    .where(eq(organization.id, organizationId))
  if (!org) return
  await recordAudit(tx, {
    organizationId,
    actor,
    action: 'plan.changed',
    target: { kind: 'organization', id: organizationId, label: org.name },
    summary,
    // A Stripe event comes from Stripe's servers, not from a person's browser.
    ...(actor.kind === 'system' ? { clientAddress: null } : {}),
  })
}
