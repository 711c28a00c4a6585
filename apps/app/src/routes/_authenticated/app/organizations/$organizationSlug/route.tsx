import { ORPCError } from '@orpc/client'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import billingStyles from '../../../../../features/billing/billing.css?url'
import { QuotaBanner } from '../../../../../features/billing/quota-banner.tsx'
import { organizationQuery } from '../../../../../lib/queries.ts'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug')({
  loader: async ({ context, params }) => {
    try {
      const organization = await context.queryClient.ensureQueryData(
        organizationQuery(params.organizationSlug),
      )
      return { crumb: organization.name }
    } catch (error) {
      // An organization that does not exist, or that this user can not see, is not an error
      // page: the user simply goes back to their dashboard.
      if (error instanceof ORPCError && error.status === 404) {
        throw redirect({ to: '/app' })
      }
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.crumb} — Headmark` : 'Headmark' }],
    links: [{ rel: 'stylesheet', href: billingStyles }],
  }),
  component: OrganizationLayout,
})

function OrganizationLayout() {
  const { organizationSlug } = Route.useParams()
  return (
    <>
      <QuotaBanner organizationSlug={organizationSlug} />
      <Outlet />
    </>
  )
}
