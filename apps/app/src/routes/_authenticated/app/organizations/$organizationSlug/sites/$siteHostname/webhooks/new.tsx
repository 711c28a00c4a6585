import { createFileRoute } from '@tanstack/react-router'
import { WebhookForm } from '~/features/webhooks/webhook-form.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/new',
)({
  staticData: { crumb: 'Create Webhook' },
  head: () => ({ meta: [{ title: 'Create webhook — Headmark' }] }),
  component: CreateWebhookPage,
})

function CreateWebhookPage() {
  const { organizationSlug, siteHostname } = Route.useParams()
  return (
    <section className="page-narrow">
      <h1>Create a webhook</h1>
      <p className="lead">
        Headmark sends a signed POST to this URL each time the metadata of {siteHostname} changes.
      </p>
      <WebhookForm organizationSlug={organizationSlug} siteHostname={siteHostname} />
    </section>
  )
}
