import { and, asc, count, eq, gte, isNotNull, lt, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { member, page, site, usage, webhook, webhookCall } from '../db/schema.ts'
import { DEFAULT_PLAN_ID, getPlan, type Plan } from './plans.ts'
import { activeSubscription } from './subscriptions.ts'

/** Something used against a limit; `limit` null is unlimited. */
export interface Meter {
  used: number
  limit: number | null
}

export interface SiteUsage {
  name: string
  hostname: string
  pages: Meter
  webhooks: Meter
}

export interface OrganizationUsage {
  /** The subscribed plan, or null without a subscription (quotas are then the Free plan's). */
  plan: { id: Plan['id']; name: string } | null
  /** The plan whose quotas apply. */
  quotaPlan: { id: Plan['id']; name: string }
  /** The subscription's current period, or the calendar month (UTC) without one. */
  period: { start: Date; end: Date; kind: 'subscription' | 'calendar-month' }
  cancelAtPeriodEnd: boolean
  sites: Meter
  /** Pages with their own metadata, all sites together; the limit is per site (see `perSite`). */
  pages: { used: number; limitPerSite: number | null }
  perSite: SiteUsage[]
  apiCalls: Meter & { perDay: Array<{ day: string; count: number }> }
  /** Webhook delivery attempts this period; no plan limits them. */
  webhookDeliveries: Meter
  /** Members of the organization; no plan limits them. */
  members: Meter
}

const DAY_MS = 86_400_000
const utcDay = (date: Date) => date.toISOString().slice(0, 10)

/** The calendar month (UTC) around `now`. */
export function calendarMonth(now: Date): { start: Date; end: Date } {
  return {
    start: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)),
    end: new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1)),
  }
}

/** Every UTC day from `start`'s to `last`'s, inclusive, as `YYYY-MM-DD`. */
function daysBetween(start: Date, last: Date): string[] {
  const days: string[] = []
  const first = Date.UTC(start.getUTCFullYear(), start.getUTCMonth(), start.getUTCDate())
  for (let at = first; at <= last.getTime() && days.length < 400; at += DAY_MS) {
    days.push(utcDay(new Date(at)))
  }
  return days
}

/**
 * What an organization uses this period, each against its plan's quota: sites, pages per site,
 * webhooks per site, API calls per day (the `usage` table, written in batches by the public
 * API), webhook deliveries (`webhook_call` rows) and members.
 */
export async function organizationUsage(
  db: Database,
  organizationId: string,
  now: Date = new Date(),
): Promise<OrganizationUsage> {
  const current = await activeSubscription(db, organizationId)
  const quotaPlan = current?.plan ?? getPlan(DEFAULT_PLAN_ID)
  const quotas = quotaPlan.quotas
  const month = calendarMonth(now)
  const period =
    current?.periodStart && current.periodEnd
      ? { start: current.periodStart, end: current.periodEnd, kind: 'subscription' as const }
      : { ...month, kind: 'calendar-month' as const }

  const pageCounts = db
    .select({ siteId: page.siteId, n: count().as('pages') })
    .from(page)
    .where(isNotNull(page.path))
    .groupBy(page.siteId)
    .as('page_counts')
  const webhookCounts = db
    .select({ siteId: webhook.siteId, n: count().as('webhooks') })
    .from(webhook)
    .groupBy(webhook.siteId)
    .as('webhook_counts')

  // The usage table counts per UTC day: the period's days, up to today.
  const lastDay = new Date(Math.min(now.getTime(), period.end.getTime() - 1))
  const days = daysBetween(period.start, lastDay)

  const [sites, calls, [deliveries], [members]] = await Promise.all([
    db
      .select({
        name: site.name,
        hostname: site.hostname,
        pages: pageCounts.n,
        webhooks: webhookCounts.n,
      })
      .from(site)
      .leftJoin(pageCounts, eq(pageCounts.siteId, site.id))
      .leftJoin(webhookCounts, eq(webhookCounts.siteId, site.id))
      .where(eq(site.organizationId, organizationId))
      .orderBy(asc(sql`lower(${site.name})`), asc(site.hostname)),
    days.length === 0
      ? Promise.resolve([])
      : db
          .select({ day: usage.day, count: usage.count })
          .from(usage)
          .where(
            and(
              eq(usage.organizationId, organizationId),
              eq(usage.kind, 'api_call'),
              gte(usage.day, days[0] as string),
              sql`${usage.day} <= ${days.at(-1) as string}`,
            ),
          ),
    db
      .select({ n: count() })
      .from(webhookCall)
      .innerJoin(webhook, eq(webhook.id, webhookCall.webhookId))
      .innerJoin(site, eq(site.id, webhook.siteId))
      .where(
        and(
          eq(site.organizationId, organizationId),
          gte(webhookCall.createdAt, period.start),
          lt(webhookCall.createdAt, period.end),
        ),
      ),
    db.select({ n: count() }).from(member).where(eq(member.organizationId, organizationId)),
  ])

  const perDayCount = new Map(calls.map((row) => [row.day, row.count]))
  const perDay = days.map((day) => ({ day, count: perDayCount.get(day) ?? 0 }))
  const perSite = sites.map((row) => ({
    name: row.name,
    hostname: row.hostname,
    pages: { used: Number(row.pages ?? 0), limit: quotas.pagesPerSite },
    webhooks: { used: Number(row.webhooks ?? 0), limit: quotas.webhooksPerSite },
  }))

  return {
    plan: current ? { id: current.plan.id, name: current.plan.name } : null,
    quotaPlan: { id: quotaPlan.id, name: quotaPlan.name },
    period,
    cancelAtPeriodEnd: current?.cancelAtPeriodEnd ?? false,
    sites: { used: sites.length, limit: quotas.sites },
    pages: {
      used: perSite.reduce((sum, one) => sum + one.pages.used, 0),
      limitPerSite: quotas.pagesPerSite,
    },
    perSite,
    apiCalls: {
      used: perDay.reduce((sum, one) => sum + one.count, 0),
      limit: quotas.apiCallsPerMonth,
      perDay,
    },
    webhookDeliveries: { used: Number(deliveries?.n ?? 0), limit: null },
    members: { used: Number(members?.n ?? 0), limit: null },
  }
}
