/**
 * The plan catalogue: pure data shared by the pricing page, onboarding and the quota checks.
 * No server imports, so the app can import it too.
 */

export type PlanId = 'free' | 'starter' | 'team' | 'business'

/** What a plan allows. `null` means unlimited. */
export interface PlanQuotas {
  /** Sites per organization. */
  sites: number | null
  /** Pages with their own metadata, per site. */
  pagesPerSite: number | null
  /** Calls to the public metadata API per organization per calendar month. */
  apiCallsPerMonth: number | null
  /** Webhooks per site. */
  webhooksPerSite: number | null
  /** How long metadata revisions and webhook call history are kept, in days. */
  historyRetentionDays: number | null
}

/** The drift checks of each site (the Health tab): how often and how large. */
export interface PlanDriftChecks {
  /** Hours between a site's scheduled checks; `null`: checks run only on demand (Check now). */
  everyHours: number | null
  /** Pages one check of a site reads at most (on demand and scheduled). */
  pagesPerCheck: number
}

export interface Plan {
  id: PlanId
  name: string
  /** Price per month in US dollars; 0 for the free plan. */
  monthlyPriceUsd: number
  /** One sentence: who the plan is for. */
  summary: string
  quotas: PlanQuotas
  /** The server's DRIFT_CHECK_HOURS and DRIFT_MAX_PAGES bound these (see health/drift.ts). */
  driftChecks: PlanDriftChecks
}

/** Every plan, cheapest first. */
export const plans: readonly Plan[] = [
  {
    id: 'free',
    name: 'Free',
    monthlyPriceUsd: 0,
    summary: 'One site with its important pages: a personal site, a side project, a trial.',
    quotas: {
      sites: 1,
      pagesPerSite: 50,
      apiCallsPerMonth: 50_000,
      webhooksPerSite: 1,
      historyRetentionDays: 30,
    },
    driftChecks: { everyHours: null, pagesPerCheck: 50 },
  },
  {
    id: 'starter',
    name: 'Starter',
    monthlyPriceUsd: 12,
    summary: 'A handful of sites run by one person or a small team.',
    quotas: {
      sites: 3,
      pagesPerSite: 500,
      apiCallsPerMonth: 500_000,
      webhooksPerSite: 3,
      historyRetentionDays: 90,
    },
    driftChecks: { everyHours: 168, pagesPerCheck: 500 },
  },
  {
    id: 'team',
    name: 'Team',
    monthlyPriceUsd: 49,
    summary: 'Marketing and engineering teams publishing many pages across several sites.',
    quotas: {
      sites: 15,
      pagesPerSite: 5_000,
      apiCallsPerMonth: 5_000_000,
      webhooksPerSite: 10,
      historyRetentionDays: 365,
    },
    driftChecks: { everyHours: 24, pagesPerCheck: 2_000 },
  },
  {
    id: 'business',
    name: 'Business',
    monthlyPriceUsd: 199,
    summary: 'Agencies and large catalogues: no limit on sites or pages.',
    quotas: {
      sites: null,
      pagesPerSite: null,
      apiCallsPerMonth: 50_000_000,
      webhooksPerSite: 25,
      historyRetentionDays: null,
    },
    driftChecks: { everyHours: 12, pagesPerCheck: 10_000 },
  },
]

/** The plan a new organization starts on. */
export const DEFAULT_PLAN_ID: PlanId = 'free'

/**
 * Finds a plan by id.
 *
 * @example
 * getPlan('team').quotas.sites // 15
 */
export function getPlan(id: PlanId): Plan {
  const plan = plans.find((candidate) => candidate.id === id)
  if (!plan) throw new Error(`Unknown plan "${id}"`)
  return plan
}

/**
 * Whether one more of something fits in a quota.
 *
 * @example
 * fitsQuota(getPlan('free').quotas.sites, 1) // false: the free plan already has its one site
 */
export function fitsQuota(limit: number | null, used: number): boolean {
  return limit === null || used < limit
}
