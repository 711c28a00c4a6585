import { Badge, DataTable, Field, Input, Select, toast } from '@headmark/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { RowAction } from '~/components/row-action.tsx'
import { sessionQuery } from '~/lib/session.ts'
import { useDebouncedValue } from '~/lib/use-debounced-value.ts'
import {
  ADMIN_PAGE_SIZE,
  type AdminUser,
  adminActions,
  adminKeys,
  usersQuery,
} from './admin-api.ts'
import { BanDialog, DeleteDialog, formatDate, SessionsDialog } from './admin-dialogs.tsx'

const roleOptions = [
  { value: 'user', label: 'User' },
  { value: 'admin', label: 'Admin' },
] as const

/** Platform administration: every user, with role, ban, impersonation, sessions and deletion. */
export function AdminPage({ currentUserId }: { currentUserId: string }) {
  const [search, setSearch] = useState('')
  const [page, setPage] = useState(0)
  const term = useDebouncedValue(search, 250)
  const users = useQuery(usersQuery(term, page))
  const total = users.data?.total ?? 0
  const pages = Math.max(1, Math.ceil(total / ADMIN_PAGE_SIZE))

  return (
    <section className="stack-lg" aria-labelledby="admin-title">
      <div className="page-heading">
        <h1 id="admin-title">Platform admin</h1>
      </div>
      <Field label="Search users" description="By e-mail (with an @) or by name.">
        <Input
          type="search"
          value={search}
          maxLength={200}
          onChange={(event) => {
            setSearch(event.target.value)
            setPage(0)
          }}
        />
      </Field>
      <DataTable
        label="Users"
        rows={users.data?.users}
        status={users.status}
        error={users.error}
        errorTitle="The users could not be loaded"
        onRetry={() => users.refetch()}
        empty={{
          title: term ? 'No user matches this search' : 'No users yet',
          description: term ? 'Check the spelling, or search by e-mail.' : undefined,
          headingLevel: 2,
        }}
        pagination={{
          kind: 'pages',
          page,
          pageCount: pages,
          onPageChange: setPage,
          label: 'Pages of users',
          summary: `${total} ${total === 1 ? 'user' : 'users'}`,
        }}
        columns={[
          {
            id: 'user',
            header: 'User',
            rowHeader: true,
            cell: (user) => (
              <div className="admin-user">
                <strong>{user.name}</strong>
                <span className="muted">{user.email}</span>
              </div>
            ),
          },
          {
            id: 'role',
            header: 'Role',
            cell: (user) => <RoleCell user={user} isSelf={user.id === currentUserId} />,
          },
          { id: 'status', header: 'Status', cell: (user) => <UserStatus user={user} /> },
          { id: 'joined', header: 'Joined', cell: (user) => formatDate(user.createdAt) },
          {
            id: 'actions',
            header: 'Actions',
            cell: (user) =>
              user.id === currentUserId ? (
                <span className="muted">You</span>
              ) : (
                <UserActions user={user} />
              ),
          },
        ]}
      />
    </section>
  )
}

function RoleCell({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const queryClient = useQueryClient()
  const role = user.role?.split(',').includes('admin') ? 'admin' : 'user'
  const setRole = useMutation({
    mutationFn: (next: 'admin' | 'user') => adminActions.setRole(user.id, next),
    onSuccess: async (_data, next) => {
      toast.success(`${user.email} is now ${next === 'admin' ? 'an admin' : 'a user'}.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  return (
    <Select
      aria-label={`Role of ${user.email}`}
      options={roleOptions}
      value={role}
      disabled={isSelf || setRole.isPending}
      onValueChange={(next) => setRole.mutate(next as 'admin' | 'user')}
    />
  )
}

function UserStatus({ user }: { user: AdminUser }) {
  if (user.banned) {
    return (
      <div className="admin-user">
        <Badge tone="danger">Banned</Badge>
        <span className="muted">
          {user.banReason || 'No reason given'}
          {user.banExpires ? ` · until ${formatDate(user.banExpires)}` : ' · no end'}
        </span>
      </div>
    )
  }
  return user.emailVerified ? (
    <Badge tone="success">Active</Badge>
  ) : (
    <Badge tone="warning">Unconfirmed e-mail</Badge>
  )
}

function UserActions({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const unban = useMutation({
    mutationFn: () => adminActions.unban(user.id),
    onSuccess: async () => {
      toast.success(`${user.email} is no longer banned.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  const impersonate = useMutation({
    mutationFn: () => adminActions.impersonate(user.id),
    onSuccess: async () => {
      // Everything cached belonged to the admin: start over as the impersonated user.
      queryClient.removeQueries()
      await queryClient.fetchQuery(sessionQuery)
      await navigate({ to: '/app' })
    },
  })
  return (
    <div className="admin-actions">
      {user.banned ? (
        <RowAction
          label="Unban"
          of={user.email}
          loading={unban.isPending}
          onClick={() => unban.mutate()}
        />
      ) : (
        <BanDialog user={user} />
      )}
      <RowAction
        label="Impersonate"
        of={user.email}
        loading={impersonate.isPending}
        disabled={Boolean(user.banned)}
        onClick={() => impersonate.mutate()}
      />
      <SessionsDialog user={user} />
      <DeleteDialog user={user} />
    </div>
  )
}
