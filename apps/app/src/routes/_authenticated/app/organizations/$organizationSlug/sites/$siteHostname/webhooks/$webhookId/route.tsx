import { createFileRoute, Outlet } from '@tanstack/react-router'
import { webhookQuery } from '~/features/webhooks/queries.ts'
import { WebhookNotFound } from '~/features/webhooks/webhook-not-found.tsx'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId',
)({
  loader: async ({ context, params }) => {
    await orNotFound(
      context.queryClient.ensureQueryData(webhookQuery(params.organizationSlug, params.webhookId)),
    )
  },
  head: ({ match }) => titledHead(match, 'Webhook'),
  notFoundComponent: NotFoundHere,
  component: Outlet,
})

function NotFoundHere() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <WebhookNotFound organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
