import { Badge, Button, ConfirmDialog, DataTable, Select, toast } from '@headmark/ui'
import { useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { actionsColumn } from '~/components/row-action.tsx'
import { Time } from '~/lib/dates.tsx'
import { errorText } from '~/lib/form-errors.ts'
import { orpc } from '~/lib/orpc.ts'
import {
  assignableRoles,
  invalidateMembership,
  type Member,
  mayManage,
  membersQuery,
  type Role,
  roleLabel,
} from './queries.ts'

interface Viewer {
  organizationSlug: string
  organizationName: string
  myRole: Role
  userId: string
}

/** Everyone in the organization with their role and joined date, and what the viewer may do. */
export function MemberTable(viewer: Viewer) {
  const { data: members } = useSuspenseQuery(membersQuery(viewer.organizationSlug))
  const owners = members.filter((member) => member.role === 'owner').length
  return (
    <DataTable
      label="Members"
      rows={members}
      columns={[
        {
          id: 'name',
          header: 'Name',
          rowHeader: true,
          className: 'member-cell',
          cell: (member) => (
            <>
              <span className="member-name">{member.name}</span>
              {member.userId === viewer.userId ? <span className="muted"> (you)</span> : null}
            </>
          ),
        },
        { id: 'email', header: 'E-mail', className: 'break', cell: (member) => member.email },
        {
          id: 'role',
          header: 'Role',
          cell: (member) => <RoleCell member={member} viewer={viewer} />,
        },
        {
          id: 'joined',
          header: 'Joined',
          className: 'nowrap',
          cell: (member) => <Time value={member.joinedAt} />,
        },
        actionsColumn<Member>(
          (member) => (
            <MemberActions
              member={member}
              viewer={viewer}
              onlyOwner={member.role === 'owner' && owners === 1}
            />
          ),
          'row-actions',
        ),
      ]}
    />
  )
}

const mayChange = (member: Member, viewer: Viewer) =>
  member.userId !== viewer.userId && mayManage(viewer.myRole, member.role)

function RoleCell({ member, viewer }: { member: Member; viewer: Viewer }) {
  const queryClient = useQueryClient()
  const updateRole = useMutation({
    ...orpc.members.updateRole.mutationOptions(),
    onSuccess: async (_, { role }) => {
      toast.success(`${member.name} is now ${roleLabel[role].toLowerCase()}.`)
      await invalidateMembership(queryClient)
    },
  })
  if (!mayChange(member, viewer)) {
    return (
      <Badge tone={member.role === 'owner' ? 'accent' : 'neutral'}>{roleLabel[member.role]}</Badge>
    )
  }
  return (
    <Select
      aria-label={`Role of ${member.name}`}
      className="role-select"
      value={member.role}
      disabled={updateRole.isPending}
      options={assignableRoles(viewer.myRole).map((role) => ({
        value: role,
        label: roleLabel[role],
      }))}
      onValueChange={(role) =>
        updateRole.mutate({
          organizationSlug: viewer.organizationSlug,
          memberId: member.id,
          role: role as Role,
        })
      }
    />
  )
}

function MemberActions({
  member,
  viewer,
  onlyOwner,
}: {
  member: Member
  viewer: Viewer
  onlyOwner: boolean
}) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const { organizationSlug, organizationName } = viewer
  if (member.userId === viewer.userId) {
    return (
      <ConfirmDialog
        trigger={
          <Button size="sm" variant="ghost" aria-label={`Leave ${organizationName}`}>
            Leave
          </Button>
        }
        title={`Leave ${organizationName}?`}
        description="You lose access to its sites at once. To come back, an owner or admin has to invite you again."
        unavailableReason={
          onlyOwner
            ? 'You are its only owner: transfer ownership first (make another member an owner), or delete the organization.'
            : undefined
        }
        confirmLabel="Leave organization"
        tone="danger"
        errorMessage={errorText}
        onConfirm={async () => {
          await orpc.members.leave.call({ organizationSlug })
          toast.success(`You left ${organizationName}.`)
          await navigate({ to: '/app/organizations' })
          await invalidateMembership(queryClient)
        }}
      />
    )
  }
  if (!mayChange(member, viewer)) return null
  return (
    <ConfirmDialog
      trigger={
        <Button size="sm" variant="ghost" aria-label={`Remove ${member.name}`}>
          Remove
        </Button>
      }
      title={`Remove ${member.name}?`}
      description={`${member.name} loses access to ${organizationName} and its sites at once.`}
      confirmLabel="Remove member"
      tone="danger"
      errorMessage={errorText}
      onConfirm={async () => {
        await orpc.members.remove.call({ organizationSlug, memberId: member.id })
        toast.success(`${member.name} was removed.`)
        await invalidateMembership(queryClient)
      }}
    />
  )
}
