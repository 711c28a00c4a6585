import { useSuspenseQuery } from '@tanstack/react-query'
import { createFileRoute } from '@tanstack/react-router'
import { webhookQuery } from '~/features/webhooks/queries.ts'
import { WebhookForm } from '~/features/webhooks/webhook-form.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks/$webhookId/edit',
)({
  staticData: { crumb: 'Edit Webhook' },
  head: () => ({ meta: [{ title: 'Edit webhook — Headmark' }] }),
  component: EditWebhookPage,
})

function EditWebhookPage() {
  const { organizationSlug, siteHostname, webhookId } = Route.useParams()
  const { data: hook } = useSuspenseQuery(webhookQuery(organizationSlug, webhookId))
  return (
    <section className="page-narrow">
      <h1>Edit webhook</h1>
      <WebhookForm
        organizationSlug={organizationSlug}
        siteHostname={siteHostname}
        webhookId={webhookId}
        initial={{
          url: hook.url,
          description: hook.description,
          legacyBearer: hook.legacyBearer,
          throttle: hook.throttle,
        }}
      />
    </section>
  )
}
