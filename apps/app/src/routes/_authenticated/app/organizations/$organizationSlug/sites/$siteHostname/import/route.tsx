import { createFileRoute, Outlet } from '@tanstack/react-router'
import importStyles from '~/features/imports/imports.css?url'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/import',
)({
  staticData: { crumb: 'Import' },
  head: () => ({ links: [{ rel: 'stylesheet', href: importStyles }] }),
  component: Outlet,
})
