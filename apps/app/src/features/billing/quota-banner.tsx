import { Alert } from '@headmark/ui'
import { useQuery } from '@tanstack/react-query'
import { Link, useMatchRoute } from '@tanstack/react-router'
import { quotaAlerts } from './meters.ts'
import { type Usage, usageQuery } from './queries.ts'

/**
 * Whether the organization holds more than a quota allows (after a smaller plan, say), as
 * opposed to exactly what it allows. API calls are left out: they are counted, never refused.
 */
const overAQuota = (usage: Usage) =>
  [usage.sites, ...usage.perSite.flatMap((site) => [site.pages, site.webhooks])].some(
    (meter) => meter.limit !== null && meter.used > meter.limit,
  )

/**
 * Shown on an organization's pages when it has reached a quota of its plan (or 90 % of one):
 * what is full and a link to the billing page. Being at a quota is a normal state, so it is a
 * calm notice, not an error; holding more than a quota allows is a warning. Never blocks the
 * page: it appears once the usage has loaded, and stays away if it can not be loaded.
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
    <section aria-label="Plan limits" style={{ marginBlockEnd: 'var(--hm-space-4)' }}>
      <Alert
        tone={overAQuota(usage) ? 'warning' : 'info'}
        live="off"
        compact
        title={
          full
            ? `This organization has reached a limit of ${planText}.`
            : `This organization is close to a limit of ${planText}.`
        }
        action={
          onBilling ? null : (
            <Link
              to="/app/organizations/$organizationSlug/billing"
              params={{ organizationSlug }}
              className="text-link"
            >
              Usage and plans
            </Link>
          )
        }
      >
        {alerts.map((alert) => alert.text).join(' · ')}.{' '}
        {full
          ? 'Adding more needs a larger plan; your sites keep being served.'
          : 'Your sites keep being served whatever happens.'}
      </Alert>
    </section>
  )
}
