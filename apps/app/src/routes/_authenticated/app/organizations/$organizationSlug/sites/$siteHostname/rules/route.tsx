import { createFileRoute, Outlet } from '@tanstack/react-router'
import pathRuleStyles from '~/features/path-rules/path-rules.css?url'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/sites/$siteHostname/rules',
)({
  staticData: { crumb: 'Rules' },
  head: () => ({ links: [{ rel: 'stylesheet', href: pathRuleStyles }] }),
  component: Outlet,
})
