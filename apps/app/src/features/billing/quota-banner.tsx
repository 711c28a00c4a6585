import { useQuery } from '@tanstack/react-query'
import { Link, useMatchRoute } from '@tanstack/react-router'
import { quotaAlerts } from './meters.ts'
import { usageQuery } from './queries.ts'

/**
 * Shown on an organization's pages when it has reached a quota of its plan (or 90 % of one):
 * what is full and a link to the billing page. Never blocks the page: it appears once the usage
 * has loaded, and stays away if it can not be loaded.
 */
export function QuotaBanner({ organizationSlug }: { organizationSlug: string }) {
  const { data: usage } = useQuery({ ...usageQuery(organizationSlug), retry: false })
  const matchRoute = useMatchRoute()
  if (!usage) return null
  const alerts = quotaAlerts(usage)
  if (alerts.length === 0) return null
  const full = alerts.some((alert) => alert.level === 'full')
  const onBilling = matchRoute({ to: '/app/organizations/$organizationSlug/billing', fuzzy: true })
  const planText = usage.plan ? `the ${usage.plan.name} plan` : 'the Free plan’s quotas'
  return (
    <section
      className={`quota-banner ${full ? 'quota-banner-full' : 'quota-banner-near'}`}
      aria-label="Plan limits"
    >
      <p>
        <strong>
          {full
            ? `This organization has reached a limit of ${planText}.`
            : `This organization is close to a limit of ${planText}.`}
        </strong>{' '}
        {alerts.map((alert) => alert.text).join(' · ')}.{' '}
        {full
          ? 'Adding more is refused until the plan changes; your sites keep being served.'
          : 'Your sites keep being served whatever happens.'}
      </p>
      {onBilling ? null : (
        <Link
          to="/app/organizations/$organizationSlug/billing"
          params={{ organizationSlug }}
          className="text-link"
        >
          See usage and plans on the Billing page
        </Link>
      )}
    </section>
  )
}
