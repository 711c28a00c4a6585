import { createFileRoute, Outlet } from '@tanstack/react-router'
import webhookStyles from '~/features/webhooks/webhooks.css?url'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/webhooks',
)({
  staticData: { crumb: 'Webhooks' },
  head: () => ({ links: [{ rel: 'stylesheet', href: webhookStyles }] }),
  component: Outlet,
})
