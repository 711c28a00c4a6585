import type { Usage } from './queries.ts'

/** From this share of a quota on, the organization is warned that it is nearly full. */
export const NEAR_QUOTA = 0.9

export type MeterLevel = 'ok' | 'near' | 'full' | 'unlimited'

/** How full a meter is: `full` at or past the limit (nothing more can be added), `near` from 90 %. */
export function meterLevel(used: number, limit: number | null): MeterLevel {
  if (limit === null) return 'unlimited'
  if (used >= limit) return 'full'
  return used >= limit * NEAR_QUOTA ? 'near' : 'ok'
}

export interface QuotaAlert {
  level: 'near' | 'full'
  /** e.g. "Sites: 3 of 3" or "Pages of blog.acme.com: 47 of 50". */
  text: string
}

const numbers = new Intl.NumberFormat('en-US')
export const formatCount = (value: number) => numbers.format(value)

/**
 * The quotas an organization has reached (`full`: creating more is refused; API calls are only
 * counted, never refused) or nearly reached, most urgent first.
 */
export function quotaAlerts(usage: Usage): QuotaAlert[] {
  const alerts: QuotaAlert[] = []
  const add = (label: string, used: number, limit: number | null) => {
    const level = meterLevel(used, limit)
    if (level === 'near' || level === 'full') {
      alerts.push({
        level,
        text: `${label}: ${formatCount(used)} of ${formatCount(limit as number)}`,
      })
    }
  }
  add('Sites', usage.sites.used, usage.sites.limit)
  for (const site of usage.perSite) {
    add(`Pages of ${site.hostname}`, site.pages.used, site.pages.limit)
    add(`Webhooks of ${site.hostname}`, site.webhooks.used, site.webhooks.limit)
  }
  add('API calls this period', usage.apiCalls.used, usage.apiCalls.limit)
  return alerts.sort((a, b) => (a.level === b.level ? 0 : a.level === 'full' ? -1 : 1))
}
