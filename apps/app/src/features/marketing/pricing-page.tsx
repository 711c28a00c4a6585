import { plans, type PlanQuotas } from '@headmark/api/billing/plans'
import { Button } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

const numberFormat = new Intl.NumberFormat('en-US')

const quotaRows: Array<{ key: keyof PlanQuotas; label: string; unit?: string }> = [
  { key: 'sites', label: 'Sites' },
  { key: 'pagesPerSite', label: 'Pages per site' },
  { key: 'apiCallsPerMonth', label: 'API calls per month' },
  { key: 'webhooksPerSite', label: 'Webhooks per site' },
  { key: 'historyRetentionDays', label: 'History kept', unit: 'days' },
]

function formatQuota(value: number | null, unit?: string): string {
  if (value === null) return unit === 'days' ? 'Forever' : 'Unlimited'
  return unit ? `${numberFormat.format(value)} ${unit}` : numberFormat.format(value)
}

/** The plan catalogue, from the one module onboarding shares. */
export function PricingPage() {
  return (
    <div className="marketing">
      <header className="mk-header">
        <h1>Pricing</h1>
        <p className="lead">
          Every organization picks a plan when it is created and can change it later. Every plan has
          every feature — the editor, previews and checks, revisions, the public API and signed
          webhooks; plans differ only in how much they hold.
        </p>
      </header>
      <ul className="mk-plans">
        {plans.map((plan) => (
          <li key={plan.id} className="mk-plan" aria-labelledby={`plan-${plan.id}`}>
            <h2 id={`plan-${plan.id}`}>{plan.name}</h2>
            <p className="mk-price">
              ${plan.monthlyPriceUsd}
              <span> per month</span>
            </p>
            <p className="mk-plan-summary">{plan.summary}</p>
            <dl className="mk-quotas">
              {quotaRows.map((row) => (
                <div key={row.key}>
                  <dt>{row.label}</dt>
                  <dd>{formatQuota(plan.quotas[row.key], row.unit)}</dd>
                </div>
              ))}
            </dl>
          </li>
        ))}
      </ul>
      <section className="mk-section" aria-labelledby="pricing-notes">
        <h2 id="pricing-notes">Good to know</h2>
        <ul className="mk-checklist">
          <li>
            API calls are the requests your sites make to the public metadata API. Answers your
            server serves from the client’s cache are not calls.
          </li>
          <li>History is how long page revisions and the call history of each webhook are kept.</li>
          <li>
            Headmark is self-hosted: the operator of this instance sets how plans are billed. Ask
            them through the <Link to="/contact">contact form</Link>.
          </li>
        </ul>
        <div className="hero-actions">
          <Button asChild variant="primary" size="lg">
            <Link to="/get-started">Get Started</Link>
          </Button>
        </div>
      </section>
    </div>
  )
}
