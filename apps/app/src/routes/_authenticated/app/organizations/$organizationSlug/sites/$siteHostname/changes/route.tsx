import { createFileRoute, Outlet } from '@tanstack/react-router'
import changeSetStyles from '~/features/change-sets/change-sets.css?url'
import { loadSiteAccess } from '~/features/sites/access.tsx'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/changes',
)({
  staticData: { crumb: 'Changes' },
  beforeLoad: ({ context, params }) => loadSiteAccess(context.queryClient, params.organizationSlug),
  head: () => ({ links: [{ rel: 'stylesheet', href: changeSetStyles }] }),
  component: Outlet,
})
