import { Button, Card, CardContent, Spinner } from '@headmark/ui'
import { getPlan } from '@headmark/api/shared'
import { useQuery, useSuspenseQuery } from '@tanstack/react-query'
import { Link } from '@tanstack/react-router'
import { organizationQuery } from '~/features/organizations/queries.ts'
import { PlanQuotaList } from '~/features/plans/plan-catalogue.tsx'
import { OnboardingSteps } from './onboarding-steps.tsx'
import { subscriptionQuery } from '~/features/billing/queries.ts'

/** How often the page asks again while a payment provider has not confirmed the plan yet. */
const CONFIRMATION_POLL_MS = 2000

/**
 * Confirms the chosen plan and leads on to the first site. After a payment provider's checkout
 * the subscription may arrive a moment later (its webhook): the page waits for it.
 */
export function PlanSuccess({ organizationSlug }: { organizationSlug: string }) {
  const { data: organization } = useSuspenseQuery(organizationQuery(organizationSlug))
  const subscription = useQuery({
    ...subscriptionQuery(organizationSlug),
    refetchInterval: (query) => (query.state.data ? false : CONFIRMATION_POLL_MS),
  })

  const current = subscription.data

  return (
    <div className="onboarding page-narrow">
      <OnboardingSteps current="site" />
      {subscription.isError ? (
        <section className="onboarding-section" role="alert">
          <h1>The plan could not be confirmed</h1>
          <p>{subscription.error.message}</p>
          <div>
            <Button onClick={() => void subscription.refetch()}>Try again</Button>
          </div>
        </section>
      ) : !current ? (
        <section className="onboarding-section" aria-busy="true">
          <h1>Confirming your plan…</h1>
          <Spinner label="Waiting for the confirmation" />
          <p className="muted">
            This takes a few seconds after a payment. If nothing happens,{' '}
            <Link
              to="/app/organizations/$organizationSlug/onboarding/plan"
              params={{ organizationSlug }}
              className="text-link"
            >
              choose the plan again
            </Link>
            .
          </p>
        </section>
      ) : (
        <section className="onboarding-section" aria-labelledby="plan-success-heading">
          <h1 id="plan-success-heading">
            {organization.name} is on the {current.planName} plan
          </h1>
          <Card>
            <CardContent className="onboarding-plan-quotas">
              <PlanQuotaList quotas={getPlan(current.planId).quotas} />
            </CardContent>
          </Card>
          <p>Next, add the first site whose metadata {organization.name} manages.</p>
          <div className="onboarding-actions">
            <Button asChild variant="primary">
              <Link
                to="/app/organizations/$organizationSlug/onboarding/site"
                params={{ organizationSlug }}
              >
                Create your first site
              </Link>
            </Button>
          </div>
        </section>
      )}
    </div>
  )
}
