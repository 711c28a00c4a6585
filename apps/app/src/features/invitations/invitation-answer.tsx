import { Button, toast } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { orpc } from '~/lib/orpc.ts'
import { invalidateMembership } from '~/features/members/queries.ts'
import { invitationQuery } from './queries.ts'

/** Accept (and go to the organization) or reject (and go back to the dashboard). */
export function InvitationAnswer({
  invitationId,
  organizationName,
}: {
  invitationId: string
  organizationName: string
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()

  const accept = useMutation({
    ...orpc.invitations.accept.mutationOptions(),
    onSuccess: async ({ organizationSlug }) => {
      toast.success(`You joined ${organizationName}.`)
      // Answered, the invitation is gone: its page leaves first, so nothing asks for it again,
      // and its cached answer goes with it.
      await navigate({
        to: '/app/organizations/$organizationSlug',
        params: { organizationSlug },
      })
      queryClient.removeQueries({ queryKey: invitationQuery(invitationId).queryKey })
      await invalidateMembership(queryClient)
    },
  })
  const reject = useMutation({
    ...orpc.invitations.reject.mutationOptions(),
    onSuccess: async () => {
      toast.success(`You declined the invitation to ${organizationName}.`)
      await navigate({ to: '/app' })
      await invalidateMembership(queryClient)
    },
  })
  const busy = accept.isPending || reject.isPending

  return (
    <div className="actions">
      <Button
        variant="primary"
        loading={accept.isPending}
        disabled={busy}
        onClick={() => accept.mutate({ invitationId })}
      >
        Accept invitation
      </Button>
      <Button
        loading={reject.isPending}
        disabled={busy}
        onClick={() => reject.mutate({ invitationId })}
      >
        Reject
      </Button>
    </div>
  )
}
