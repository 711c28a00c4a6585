import { createFileRoute } from '@tanstack/react-router'
import { WebhookDetail } from '~/features/webhooks/webhook-detail.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId/',
)({
  staticData: { crumb: 'History' },
  head: () => ({ meta: [{ title: 'Webhook history — Headmark' }] }),
  component: WebhookPage,
})

function WebhookPage() {
  const { organizationSlug, siteHostname, webhookId } = Route.useParams()
  return (
    <WebhookDetail
      organizationSlug={organizationSlug}
      siteHostname={siteHostname}
      webhookId={webhookId}
    />
  )
}
