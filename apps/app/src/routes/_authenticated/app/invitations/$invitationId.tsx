import { createFileRoute } from '@tanstack/react-router'
import { NotFound } from '~/components/not-found.tsx'
import { InvitationDetails } from '~/features/invitations/invitation-details.tsx'
import { invitationQuery } from '~/features/invitations/queries.ts'
import { orNotFound, titledHead } from '~/lib/not-found.ts'

export const Route = createFileRoute('/_authenticated/app/invitations/$invitationId')({
  loader: async ({ context, params }) => {
    await orNotFound(context.queryClient.ensureQueryData(invitationQuery(params.invitationId)))
    return { crumb: 'Invitation' }
  },
  head: ({ match }) => (match.status === 'notFound' ? titledHead(match, 'Page') : {}),
  notFoundComponent: NotFound,
  component: InvitationPage,
})

function InvitationPage() {
  return <InvitationDetails invitationId={Route.useParams().invitationId} />
}
