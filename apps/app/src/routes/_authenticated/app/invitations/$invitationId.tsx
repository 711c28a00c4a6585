import { ORPCError } from '@orpc/client'
import { createFileRoute, notFound } from '@tanstack/react-router'
import { InvitationDetails } from '~/features/invitations/invitation-details.tsx'
import { invitationQuery } from '~/features/invitations/queries.ts'

export const Route = createFileRoute('/_authenticated/app/invitations/$invitationId')({
  loader: async ({ context, params }) => {
    try {
      await context.queryClient.ensureQueryData(invitationQuery(params.invitationId))
    } catch (error) {
      if (error instanceof ORPCError && error.status === 404) throw notFound()
      throw error
    }
    return { crumb: 'Invitation' }
  },
  component: InvitationPage,
})

function InvitationPage() {
  return <InvitationDetails invitationId={Route.useParams().invitationId} />
}
