import { ORPCError } from '@orpc/server'
import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { organization, page, site, webhook } from '../db/schema.ts'
import { DEFAULT_PLAN_ID, fitsQuota, getPlan, type Plan, type PlanQuotas } from './plans.ts'
import { activeSubscription } from './subscriptions.ts'

/** The quotas creation is refused over; API calls are never refused (customer sites keep working). */
export type EnforcedQuota = Extract<keyof PlanQuotas, 'sites' | 'pagesPerSite' | 'webhooksPerSite'>

/** The code of the error a create over quota gets (HTTP 403). */
export const QUOTA_EXCEEDED = 'QUOTA_EXCEEDED'

/** Where an organization's owners change its plan. */
export function billingPath(organizationSlug: string): string {
  return `/app/organizations/${encodeURIComponent(organizationSlug)}/billing`
}

/**
 * The plan an organization is measured against: its subscription's, or the Free plan's quotas
 * when it has none (`subscribed` then says so).
 */
export async function effectivePlan(
  db: Database,
  organizationId: string,
): Promise<{ plan: Plan; subscribed: boolean }> {
  const current = await activeSubscription(db, organizationId)
  return current
    ? { plan: current.plan, subscribed: true }
    : { plan: getPlan(DEFAULT_PLAN_ID), subscribed: false }
}

const quotaWords: Record<EnforcedQuota, (limit: number) => string> = {
  sites: (n) => `${n} ${n === 1 ? 'site' : 'sites'} per organization`,
  pagesPerSite: (n) => `${n} ${n === 1 ? 'page' : 'pages'} per site`,
  webhooksPerSite: (n) => `${n} ${n === 1 ? 'webhook' : 'webhooks'} per site`,
}

const whatWasRefused: Record<EnforcedQuota, string> = {
  sites: 'No site was added',
  pagesPerSite: 'No page was added',
  webhooksPerSite: 'No webhook was added',
}

function quotaExceeded(
  quota: EnforcedQuota,
  limit: number,
  { plan, subscribed }: { plan: Plan; subscribed: boolean },
  organizationSlug: string,
): ORPCError<string, unknown> {
  const path = billingPath(organizationSlug)
  const planText = subscribed
    ? `The ${plan.name} plan allows ${quotaWords[quota](limit)}`
    : `Without a plan, an organization gets the ${plan.name} plan's ${quotaWords[quota](limit)}`
  return new ORPCError(QUOTA_EXCEEDED, {
    status: 403,
    message: `${planText}, and this one is at the limit. ${whatWasRefused[quota]}. ${subscribed ? 'Upgrade' : 'Choose a plan'} on the Billing page: ${path}`,
    data: { quota, limit, planId: plan.id, billingPath: path },
  })
}

interface OrganizationRef {
  id: string
  slug: string
}

/**
 * Throws the quota error when what `countUsed` counts has reached the organization's plan's
 * `quota`; nothing is counted when the plan has no limit. Callers lock the row the count belongs
 * to first.
 */
async function refuseOverQuota(
  tx: Database,
  org: OrganizationRef,
  quota: EnforcedQuota,
  countUsed: () => PromiseLike<{ n: number }[]>,
): Promise<void> {
  const effective = await effectivePlan(tx, org.id)
  const limit = effective.plan.quotas[quota]
  if (limit === null) return
  const [row] = await countUsed()
  if (!fitsQuota(limit, Number(row?.n ?? 0))) {
    throw quotaExceeded(quota, limit, effective, org.slug)
  }
}

/**
 * Refuses a new site when the organization has all its plan allows. Call inside the transaction
 * that inserts the site: the organization's row stays locked until it ends, so two creates at the
 * limit can not both pass.
 */
export async function checkSiteQuota(tx: Database, org: OrganizationRef): Promise<void> {
  await tx.execute(sql`select id from ${organization} where id = ${org.id} for update`)
  await refuseOverQuota(tx, org, 'sites', () =>
    tx.select({ n: count() }).from(site).where(eq(site.organizationId, org.id)),
  )
}

/**
 * Refuses a new page (not counting the site's defaults) when the site has all the plan allows.
 * Locks the site's row (the lock order of every write to a site's pages: site, then page) until
 * the calling transaction ends.
 */
export async function checkPageQuota(
  tx: Database,
  org: OrganizationRef,
  siteId: string,
): Promise<void> {
  await tx.execute(sql`select id from ${site} where id = ${siteId} for update`)
  await refuseOverQuota(tx, org, 'pagesPerSite', () =>
    tx
      .select({ n: count() })
      .from(page)
      .where(and(eq(page.siteId, siteId), isNotNull(page.path))),
  )
}

/** Refuses a new webhook when the site has all the plan allows; locks the site's row like pages. */
export async function checkWebhookQuota(
  tx: Database,
  org: OrganizationRef,
  siteId: string,
): Promise<void> {
  await tx.execute(sql`select id from ${site} where id = ${siteId} for update`)
  await refuseOverQuota(tx, org, 'webhooksPerSite', () =>
    tx.select({ n: count() }).from(webhook).where(eq(webhook.siteId, siteId)),
  )
}

/**
 * Refuses `adding` new pages at once (a change set that creates pages) when they would take the
 * site over its plan's page quota; none is added then. The caller holds the site's row lock.
 */
export async function checkPagesQuota(
  tx: Database,
  org: OrganizationRef,
  siteId: string,
  adding: number,
): Promise<void> {
  if (adding <= 0) return
  const effective = await effectivePlan(tx, org.id)
  const limit = effective.plan.quotas.pagesPerSite
  if (limit === null) return
  const [row] = await tx
    .select({ n: count() })
    .from(page)
    .where(and(eq(page.siteId, siteId), isNotNull(page.path)))
  if (Number(row?.n ?? 0) + adding > limit) {
    throw quotaExceeded('pagesPerSite', limit, effective, org.slug)
  }
}
