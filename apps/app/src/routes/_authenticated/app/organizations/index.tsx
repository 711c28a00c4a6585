import { createFileRoute, redirect } from '@tanstack/react-router'
import { OrganizationsOverview } from '~/features/organizations/organizations-overview.tsx'
import { organizationsQuery } from '~/features/organizations/queries.ts'
import { pendingInvitationsQuery } from '~/features/invitations/queries.ts'

export const Route = createFileRoute('/_authenticated/app/organizations/')({
  loader: async ({ context }) => {
    const [organizations, invitations] = await Promise.all([
      context.queryClient.ensureQueryData(organizationsQuery()),
      context.queryClient.ensureQueryData(pendingInvitationsQuery()),
    ])
    if (organizations.length === 0 && invitations.length === 0) {
      throw redirect({ to: '/app/organizations/create' })
    }
  },
  head: () => ({ meta: [{ title: 'Dashboard — Headmark' }] }),
  component: OrganizationsOverview,
})
