import { Badge, Select, TableCell, TableRow, toast } from '@headmark/ui'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { Time } from '~/lib/dates.tsx'
import { orpc } from '~/lib/orpc.ts'
import { ConfirmAction } from './confirm-action.tsx'
import { MembersTable } from './members-table.tsx'
import {
  assignableRoles,
  invalidateMembership,
  type Member,
  mayManage,
  membersQuery,
  type Role,
  roleLabel,
} from './queries.ts'

/** Everyone in the organization with their role and joined date, and what the viewer may do. */
export function MemberTable({
  organizationSlug,
  organizationName,
  myRole,
  userId,
}: {
  organizationSlug: string
  organizationName: string
  myRole: Role
  userId: string
}) {
  const { data: members } = useSuspenseQuery(membersQuery(organizationSlug))
  const owners = members.filter((member) => member.role === 'owner').length
  return (
    <MembersTable
      label="Members"
      columns={[
        { heading: 'Name' },
        { heading: 'E-mail', className: 'hide-narrow' },
        { heading: 'Role' },
        { heading: 'Joined', className: 'hide-narrow' },
      ]}
    >
      {members.map((member) => (
        <MemberRow
          key={member.id}
          member={member}
          organizationSlug={organizationSlug}
          organizationName={organizationName}
          myRole={myRole}
          isMe={member.userId === userId}
          onlyOwner={member.role === 'owner' && owners === 1}
        />
      ))}
    </MembersTable>
  )
}

function MemberRow({
  member,
  organizationSlug,
  organizationName,
  myRole,
  isMe,
  onlyOwner,
}: {
  member: Member
  organizationSlug: string
  organizationName: string
  myRole: Role
  isMe: boolean
  onlyOwner: boolean
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const canManage = !isMe && mayManage(myRole, member.role)

  const updateRole = useMutation({
    ...orpc.members.updateRole.mutationOptions(),
    onSuccess: async (_, { role }) => {
      toast.success(`${member.name} is now ${roleLabel[role].toLowerCase()}.`)
      await invalidateMembership(queryClient)
    },
  })
  const remove = orpc.members.remove.call
  const leave = orpc.members.leave.call

  return (
    <TableRow>
      <TableCell className="member-cell">
        <span className="member-name">{member.name}</span>
        {isMe ? <span className="muted"> (you)</span> : null}
        <div className="muted small member-detail-narrow">{member.email}</div>
      </TableCell>
      <TableCell className="hide-narrow break">{member.email}</TableCell>
      <TableCell>
        {canManage ? (
          <Select
            aria-label={`Role of ${member.name}`}
            className="role-select"
            value={member.role}
            disabled={updateRole.isPending}
            options={assignableRoles(myRole).map((role) => ({
              value: role,
              label: roleLabel[role],
            }))}
            onValueChange={(role) =>
              updateRole.mutate({ organizationSlug, memberId: member.id, role: role as Role })
            }
          />
        ) : (
          <Badge tone={member.role === 'owner' ? 'accent' : 'neutral'}>
            {roleLabel[member.role]}
          </Badge>
        )}
      </TableCell>
      <TableCell className="nowrap hide-narrow">
        <Time value={member.joinedAt} />
      </TableCell>
      <TableCell className="row-actions">
        {isMe ? (
          <ConfirmAction
            label="Leave"
            accessibleLabel={`Leave ${organizationName}`}
            title={`Leave ${organizationName}?`}
            description={
              onlyOwner
                ? 'You are its only owner: make another member an owner first, or delete the organization.'
                : 'You lose access to its sites at once. To come back, an owner or admin has to invite you again.'
            }
            confirmLabel="Leave organization"
            onConfirm={async () => {
              await leave({ organizationSlug })
              toast.success(`You left ${organizationName}.`)
              await navigate({ to: '/app/organizations' })
              await invalidateMembership(queryClient)
            }}
          />
        ) : canManage ? (
          <ConfirmAction
            label="Remove"
            accessibleLabel={`Remove ${member.name}`}
            title={`Remove ${member.name}?`}
            description={`${member.name} loses access to ${organizationName} and its sites at once.`}
            confirmLabel="Remove member"
            onConfirm={async () => {
              await remove({ organizationSlug, memberId: member.id })
              toast.success(`${member.name} was removed.`)
              await invalidateMembership(queryClient)
            }}
          />
        ) : null}
      </TableCell>
    </TableRow>
  )
}
