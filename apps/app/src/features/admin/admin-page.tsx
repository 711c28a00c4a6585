import {
  Badge,
  Button,
  EmptyState,
  Field,
  Input,
  Select,
  Skeleton,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableHeader,
  TableRow,
  toast,
} from '@headmark/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
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
      {users.isPending ? (
        <div className="stack" aria-busy="true" aria-label="Loading users">
          <Skeleton style={{ height: '2.5rem' }} />
          <Skeleton style={{ height: '2.5rem' }} />
          <Skeleton style={{ height: '2.5rem' }} />
        </div>
      ) : users.isError ? (
        <div role="alert" className="form-alert">
          The users could not be loaded: {users.error.message}{' '}
          <button type="button" className="text-link" onClick={() => void users.refetch()}>
            Try again
          </button>
        </div>
      ) : users.data.users.length === 0 ? (
        <EmptyState
          title={term ? 'No user matches this search' : 'No users yet'}
          description={term ? 'Check the spelling, or search by e-mail.' : undefined}
        />
      ) : (
        <>
          <Table scrollLabel="Users">
            <TableHeader>
              <TableRow>
                <TableHead>User</TableHead>
                <TableHead>Role</TableHead>
                <TableHead>Status</TableHead>
                <TableHead>Joined</TableHead>
                <TableHead>Actions</TableHead>
              </TableRow>
            </TableHeader>
            <TableBody>
              {users.data.users.map((user) => (
                <UserRow key={user.id} user={user} isSelf={user.id === currentUserId} />
              ))}
            </TableBody>
          </Table>
          <nav className="admin-paging" aria-label="Pages of users">
            <Button size="sm" disabled={page === 0} onClick={() => setPage(page - 1)}>
              Previous
            </Button>
            <span aria-live="polite">
              Page {page + 1} of {pages} · {total} {total === 1 ? 'user' : 'users'}
            </span>
            <Button size="sm" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
              Next
            </Button>
          </nav>
        </>
      )}
    </section>
  )
}

function UserRow({ user, isSelf }: { user: AdminUser; isSelf: boolean }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const role = user.role?.split(',').includes('admin') ? 'admin' : 'user'
  const setRole = useMutation({
    mutationFn: (next: 'admin' | 'user') => adminActions.setRole(user.id, next),
    onSuccess: async (_data, next) => {
      toast.success(`${user.email} is now ${next === 'admin' ? 'an admin' : 'a user'}.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
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
    <TableRow>
      <TableCell>
        <div className="admin-user">
          <strong>{user.name}</strong>
          <span className="muted">{user.email}</span>
        </div>
      </TableCell>
      <TableCell>
        <Select
          aria-label={`Role of ${user.email}`}
          options={roleOptions}
          value={role}
          disabled={isSelf || setRole.isPending}
          onValueChange={(next) => setRole.mutate(next as 'admin' | 'user')}
        />
      </TableCell>
      <TableCell>
        {user.banned ? (
          <div className="admin-user">
            <Badge tone="danger">Banned</Badge>
            <span className="muted">
              {user.banReason || 'No reason given'}
              {user.banExpires ? ` · until ${formatDate(user.banExpires)}` : ' · no end'}
            </span>
          </div>
        ) : user.emailVerified ? (
          <Badge tone="success">Active</Badge>
        ) : (
          <Badge tone="warning">Unconfirmed e-mail</Badge>
        )}
      </TableCell>
      <TableCell>{formatDate(user.createdAt)}</TableCell>
      <TableCell>
        <div className="admin-actions">
          {isSelf ? (
            <span className="muted">You</span>
          ) : (
            <>
              {user.banned ? (
                <Button size="sm" loading={unban.isPending} onClick={() => unban.mutate()}>
                  Unban<span className="hm-visually-hidden"> {user.email}</span>
                </Button>
              ) : (
                <BanDialog user={user} />
              )}
              <Button
                size="sm"
                loading={impersonate.isPending}
                disabled={Boolean(user.banned)}
                onClick={() => impersonate.mutate()}
              >
                Impersonate<span className="hm-visually-hidden"> {user.email}</span>
              </Button>
              <SessionsDialog user={user} />
              <DeleteDialog user={user} />
            </>
          )}
        </div>
      </TableCell>
    </TableRow>
  )
}
