import { plans, type Plan, type PlanQuotas } from '@headmark/api/shared'
import type { ReactNode } from 'react'

const numberFormat = new Intl.NumberFormat('en-US')

/** A plan's quotas as the catalogue and the billing page list them. */
export const quotaRows: Array<{ key: keyof PlanQuotas; label: string; unit?: string }> = [
  { key: 'sites', label: 'Sites' },
  { key: 'pagesPerSite', label: 'Pages per site' },
  { key: 'apiCallsPerMonth', label: 'API calls per month' },
  { key: 'webhooksPerSite', label: 'Webhooks per site' },
  { key: 'historyRetentionDays', label: 'History kept', unit: 'days' },
]

/**
 * A quota as the catalogue shows it.
 *
 * @example
 * formatQuota(50_000) // '50,000'
 * formatQuota(null, 'days') // 'Forever'
 */
export function formatQuota(value: number | null, unit?: string): string {
  if (value === null) return unit === 'days' ? 'Forever' : 'Unlimited'
  return unit ? `${numberFormat.format(value)} ${unit}` : numberFormat.format(value)
}

/** A plan's quotas as a description list: the catalogue's, and the plan confirmation's. */
export function PlanQuotaList({ quotas }: { quotas: PlanQuotas }) {
  return (
    <dl className="mk-quotas">
      {quotaRows.map((row) => (
        <div key={row.key}>
          <dt>{row.label}</dt>
          <dd>{formatQuota(quotas[row.key], row.unit)}</dd>
        </div>
      ))}
    </dl>
  )
}

export interface PlanCatalogueProps {
  /** What goes at the foot of each plan's card, e.g. a Choose button; nothing by default. */
  action?: (plan: Plan) => ReactNode
}

/**
 * Every plan of the catalogue (`@headmark/api/billing/plans`) with its price and quotas: the one
 * presentation `/pricing` and onboarding share. Plan names are level-2 headings.
 */
export function PlanCatalogue({ action }: PlanCatalogueProps) {
  return (
    <ul className="mk-plans">
      {plans.map((plan) => (
        <li key={plan.id} className="mk-plan" aria-labelledby={`plan-${plan.id}`}>
          <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
          <p className="mk-price">
            ${plan.monthlyPriceUsd}
            <span> per month</span>
          </p>
          <p className="mk-plan-summary">{plan.summary}</p>
          <PlanQuotaList quotas={plan.quotas} />
          {action ? <div className="mk-plan-action">{action(plan)}</div> : null}
        </li>
      ))}
    </ul>
  )
}
