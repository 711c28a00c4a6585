import { createFileRoute } from '@tanstack/react-router'
import { BillingPage } from '~/features/billing/billing-page.tsx'
import { subscriptionQuery, usageQuery } from '~/features/billing/queries.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/billing/',
)({
  staticData: { crumb: 'Billing' },
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(usageQuery(params.organizationSlug)),
      context.queryClient.ensureQueryData(subscriptionQuery(params.organizationSlug)),
    ])
  },
  head: () => ({ meta: [{ title: 'Billing — Headmark' }] }),
  component: BillingRoute,
})

function BillingRoute() {
  const { organizationSlug } = Route.useParams()
  return <BillingPage organizationSlug={organizationSlug} />
}
