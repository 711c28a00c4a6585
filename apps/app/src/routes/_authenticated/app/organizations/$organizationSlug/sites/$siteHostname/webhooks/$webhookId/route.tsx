import { ORPCError } from '@orpc/client'
import { createFileRoute, notFound, Outlet } from '@tanstack/react-router'
import { webhookQuery } from '~/features/webhooks/queries.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId',
)({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(
        webhookQuery(params.organizationSlug, params.webhookId),
      )
    } catch (error) {
      if (error instanceof ORPCError && error.status === 404) throw notFound()
      throw error
    }
  },
  component: Outlet,
})
