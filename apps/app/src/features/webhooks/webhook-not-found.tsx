import { EmptyState } from '@headmark/ui'
import { Link } from '@tanstack/react-router'

/** A webhook id the site has none for (deleted, or never there). */
export function WebhookNotFound({
  organizationSlug,
  siteHostname,
}: {
  organizationSlug: string
  siteHostname: string
}) {
  return (
    <EmptyState
      title="Webhook not found"
      description={`${siteHostname} has no such webhook. It may have been deleted.`}
      action={
        <Link
          to="/app/organizations/$organizationSlug/sites/$siteHostname/webhooks"
          params={{ organizationSlug, siteHostname }}
          className="text-link"
        >
          See the site’s webhooks
        </Link>
      }
    />
  )
}
