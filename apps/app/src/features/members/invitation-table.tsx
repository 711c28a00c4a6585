import { Badge, Button, ConfirmDialog, DataTable, toast } from '@headmark/ui'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { actionsColumn } from '~/components/row-action.tsx'
import { Time } from '~/lib/dates.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import {
  invalidateMembership,
  mayManage,
  type OrganizationInvitation,
  organizationInvitationsQuery,
  type Role,
  roleLabel,
} from './queries.ts'

/** Invitations nobody has answered yet, with their expiry; expired ones can be resent. */
export function InvitationTable({
  organizationSlug,
  myRole,
}: {
  organizationSlug: string
  myRole: Role
}) {
  const { data: invitations } = useSuspenseQuery(organizationInvitationsQuery(organizationSlug))
  return (
    <DataTable
      label="Pending invitations"
      rows={invitations}
      empty={{
        title: 'No pending invitations',
        description:
          myRole === 'member'
            ? 'Owners and admins invite people to the organization.'
            : 'Invitations you send appear here until they are accepted.',
      }}
      columns={[
        {
          id: 'email',
          header: 'E-mail',
          rowHeader: true,
          className: 'invitation-email',
          cell: (invitation) => invitation.email,
        },
        {
          id: 'role',
          header: 'Role',
          cell: (invitation) => <Badge>{roleLabel[invitation.role]}</Badge>,
        },
        { id: 'inviter', header: 'Invited by', cell: (invitation) => invitation.inviterName },
        {
          id: 'expires',
          header: 'Expires',
          className: 'nowrap',
          cell: (invitation) => <Expiry invitation={invitation} />,
        },
        actionsColumn<OrganizationInvitation>(
          (invitation) =>
            mayManage(myRole, invitation.role) ? (
              <InvitationActions invitation={invitation} organizationSlug={organizationSlug} />
            ) : null,
          'row-actions',
        ),
      ]}
    />
  )
}

function InvitationActions({
  invitation,
  organizationSlug,
}: {
  invitation: OrganizationInvitation
  organizationSlug: string
}) {
  const queryClient = useQueryClient()
  const resend = useMutation({
    ...orpc.invitations.resend.mutationOptions(),
    onSuccess: async () => {
      toast.success(`The invitation was sent again to ${invitation.email}.`)
      await invalidateMembership(queryClient)
    },
  })
  return (
    <>
      <Button
        size="sm"
        variant="ghost"
        aria-label={`Resend the invitation to ${invitation.email}`}
        loading={resend.isPending}
        onClick={() => resend.mutate({ organizationSlug, invitationId: invitation.id })}
      >
        Resend
      </Button>
      <ConfirmDialog
        trigger={
          <Button
            size="sm"
            variant="ghost"
            aria-label={`Cancel the invitation to ${invitation.email}`}
          >
            Cancel
          </Button>
        }
        title={`Cancel the invitation to ${invitation.email}?`}
        description="The link in their e-mail stops working. You can invite them again later."
        confirmLabel="Cancel invitation"
        tone="danger"
        errorMessage={errorText}
        onConfirm={async () => {
          await orpc.invitations.cancel.call({ organizationSlug, invitationId: invitation.id })
          toast.success(`The invitation to ${invitation.email} was cancelled.`)
          await invalidateMembership(queryClient)
        }}
      />
    </>
  )
}

function Expiry({ invitation }: { invitation: OrganizationInvitation }) {
  return invitation.expired ? (
    <Badge tone="warning">Expired</Badge>
  ) : (
    <>
      <span className="hm-visually-hidden">Expires </span>
      <Time value={invitation.expiresAt} />
    </>
  )
}
