import { createFileRoute } from '@tanstack/react-router'
import { webhooksQuery } from '~/features/webhooks/queries.ts'
import { WebhookList } from '~/features/webhooks/webhook-list.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/',
)({
  loader: ({ context, params }) =>
    context.queryClient.ensureQueryData(
      webhooksQuery(params.organizationSlug, params.siteHostname),
    ),
  head: ({ params }) => ({ meta: [{ title: `Webhooks of ${params.siteHostname} — Headmark` }] }),
  component: WebhooksPage,
})

function WebhooksPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return <WebhookList organizationSlug={organizationSlug} siteHostname={siteHostname} />
}
