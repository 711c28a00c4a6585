import { createFileRoute } from '@tanstack/react-router'
import { MembersPage } from '~/features/members/members-page.tsx'
import { membersQuery, organizationInvitationsQuery } from '~/features/members/queries.ts'

export const Route = createFileRoute(
  '/_authenticated/app/organizations/$organizationSlug/members/',
)({
  loader: async ({ context, params }) => {
    await Promise.all([
      context.queryClient.ensureQueryData(membersQuery(params.organizationSlug)),
      context.queryClient.ensureQueryData(organizationInvitationsQuery(params.organizationSlug)),
    ])
  },
  head: () => ({ meta: [{ title: 'Members — Headmark' }] }),
  component: MembersRoute,
})

function MembersRoute() {
  const { organizationSlug } = Route.useParams()
  const { user } = Route.useRouteContext()
  return <MembersPage organizationSlug={organizationSlug} userId={user.id} />
}
