import { ORPCError } from '@orpc/client'
import { createFileRoute, notFound, Outlet, redirect } from '@tanstack/react-router'
import { addressAfterSlugChange } from '~/features/organizations/former-slug.ts'
import { isOnboardingPath } from '~/features/onboarding/guards.ts'
import { subscriptionQuery } from '~/features/billing/queries.ts'
import { freshSubscription } from '~/features/onboarding/route-guards.ts'
import billingStyles from '~/features/billing/billing.css?url'
import { QuotaBanner } from '~/features/billing/quota-banner.tsx'
import { organizationQuery } from '~/features/organizations/queries.ts'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug')({
  // In beforeLoad, which runs before the pages' own beforeLoad: a page below never sees an
  // organization that is unknown, renamed or without a plan.
  beforeLoad: async ({ context, params, location }) => {
    try {
      // Both from the query cache when fresh, and fetched in parallel when not: the guard
      // costs no extra round trip on a navigation.
      const [organization, subscription] = await Promise.all([
        context.queryClient.ensureQueryData(organizationQuery(params.organizationSlug)),
        context.queryClient.ensureQueryData(subscriptionQuery(params.organizationSlug)),
      ])
      // Spec §2: an organization without a plan chooses one before anything else (asking the
      // server again first: the cached answer may be from before the plan was chosen).
      if (
        !subscription &&
        !isOnboardingPath(location.pathname, params.organizationSlug) &&
        !(await freshSubscription(context.queryClient, params.organizationSlug))
      ) {
        throw redirect({
          to: '/app/organizations/$organizationSlug/onboarding/plan',
          params: { organizationSlug: params.organizationSlug },
        })
      }
      return { organizationName: organization.name }
    } catch (error) {
      // An organization that does not exist, or that this user can not see, is not an error
      // page: a member following an address from before a slug change gets the same page under
      // the new slug, anyone else simply goes back to their dashboard.
      if (error instanceof ORPCError && error.status === 404) {
        const moved = await addressAfterSlugChange(
          context.queryClient,
          params.organizationSlug,
          location,
        )
        throw moved ? redirect({ href: moved, replace: true }) : redirect({ to: '/app' })
      }
      // A slug no organization can have (too long, a NUL character): an address that does not
      // exist, not a server error.
      if (error instanceof ORPCError && error.status === 400) throw notFound()
      throw error
    }
  },
  loader: ({ context }) => ({ crumb: context.organizationName }),
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
