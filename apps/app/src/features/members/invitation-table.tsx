import { Badge, Button, EmptyState, TableCell, TableRow, toast } from '@headmark/ui'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { Time } from '~/lib/dates.tsx'
import { orpc } from '~/lib/orpc.ts'
import { ConfirmAction } from './confirm-action.tsx'
import { MembersTable } from './members-table.tsx'
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
  if (invitations.length === 0) {
    return (
      <EmptyState
        headingLevel={3}
        title="No pending invitations"
        description={
          myRole === 'member'
            ? 'Owners and admins invite people to the organization.'
            : 'Invitations you send appear here until they are accepted.'
        }
      />
    )
  }
  return (
    <MembersTable
      label="Pending invitations"
      columns={[
        { heading: 'E-mail' },
        { heading: 'Role', className: 'hide-narrow' },
        { heading: 'Invited by', className: 'hide-narrow' },
        { heading: 'Expires', className: 'hide-narrow' },
      ]}
    >
      {invitations.map((invitation) => (
        <InvitationRow
          key={invitation.id}
          invitation={invitation}
          organizationSlug={organizationSlug}
          canManage={mayManage(myRole, invitation.role)}
        />
      ))}
    </MembersTable>
  )
}

function InvitationRow({
  invitation,
  organizationSlug,
  canManage,
}: {
  invitation: OrganizationInvitation
  organizationSlug: string
  canManage: boolean
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
    <TableRow>
      <TableCell className="invitation-email">
        {invitation.email}
        <div className="muted small member-detail-narrow">
          {roleLabel[invitation.role]} · <Expiry invitation={invitation} />
        </div>
      </TableCell>
      <TableCell className="hide-narrow">
        <Badge>{roleLabel[invitation.role]}</Badge>
      </TableCell>
      <TableCell className="hide-narrow">{invitation.inviterName}</TableCell>
      <TableCell className="nowrap hide-narrow">
        <Expiry invitation={invitation} />
      </TableCell>
      <TableCell className="row-actions">
        {canManage ? (
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
            <ConfirmAction
              label="Cancel"
              accessibleLabel={`Cancel the invitation to ${invitation.email}`}
              title={`Cancel the invitation to ${invitation.email}?`}
              description="The link in their e-mail stops working. You can invite them again later."
              confirmLabel="Cancel invitation"
              onConfirm={async () => {
                await orpc.invitations.cancel.call({
                  organizationSlug,
                  invitationId: invitation.id,
                })
                toast.success(`The invitation to ${invitation.email} was cancelled.`)
                await invalidateMembership(queryClient)
              }}
            />
          </>
        ) : null}
      </TableCell>
    </TableRow>
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
