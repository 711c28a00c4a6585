import { ORPCError } from '@orpc/client'
import { createFileRoute, Outlet, redirect } from '@tanstack/react-router'
import { addressAfterSlugChange } from '../../../../../features/organizations/former-slug.ts'
import { organizationQuery } from '../../../../../lib/queries.ts'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug')({
  loader: async ({ context, params, location }) => {
    try {
      const organization = await context.queryClient.ensureQueryData(
        organizationQuery(params.organizationSlug),
      )
      return { crumb: organization.name }
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
      throw error
    }
  },
  head: ({ loaderData }) => ({
    meta: [{ title: loaderData ? `${loaderData.crumb} — Headmark` : 'Headmark' }],
  }),
  component: Outlet,
})
