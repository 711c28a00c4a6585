import { createFileRoute, Outlet } from '@tanstack/react-router'
import styles from '~/features/change-requests/change-requests.css?url'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/change-requests',
)({
  staticData: { crumb: 'Change requests' },
  head: () => ({ links: [{ rel: 'stylesheet', href: styles }] }),
  component: Outlet,
})
