import { createFileRoute, Outlet } from '@tanstack/react-router'
import memberStyles from '~/features/members/members.css?url'

export const Route = createFileRoute('/_authenticated/app/organizations/$organizationSlug/members')(
  {
    staticData: { crumb: 'Members' },
    head: () => ({ links: [{ rel: 'stylesheet', href: memberStyles }] }),
    component: Outlet,
  },
)
