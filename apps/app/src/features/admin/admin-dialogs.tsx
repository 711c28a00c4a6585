import {
  Button,
  ConfirmDialog,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  QueryState,
  Skeleton,
  toast,
} from '@headmark/ui'
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { z } from 'zod'
import { TextField } from '~/components/schema-form.tsx'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { RowAction } from '~/components/row-action.tsx'
import { type AdminUser, adminActions, adminKeys, sessionsQuery } from './admin-api.ts'

const dateTime = new Intl.DateTimeFormat('en', { dateStyle: 'medium', timeStyle: 'short' })
export const formatDate = (value: Date | string) => dateTime.format(new Date(value))

/** The ban form's fields: an optional reason, and an optional length in whole days. */
export const banInput = z.object({
  reason: z.string().trim().max(500),
  days: z
    .string()
    .trim()
    .refine(
      (days) => days === '' || (Number.isInteger(Number(days)) && +days >= 1 && +days <= 3650),
      'Enter whole days between 1 and 3650, or leave it empty for a ban without end.',
    )
    .transform((days) => (days === '' ? null : Number(days))),
})

/** Ban with a reason and an optional expiry in days. */
export function BanDialog({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const [open, setOpen] = useState(false)
  const form = useSchemaForm({
    schema: banInput,
    defaultValues: { reason: '', days: '' },
    submit: async ({ reason, days }) => {
      await adminActions.ban(user.id, reason, days)
      toast.success(`${user.email} is banned.`)
      setOpen(false)
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <RowAction variant="danger" label="Ban" of={user.email} />
      </DialogTrigger>
      <DialogContent
        title={`Ban ${user.email}`}
        description="A banned user is signed out everywhere and refused at sign-in until the ban ends."
      >
        <form className="form-stack" onSubmit={form.onSubmit} noValidate>
          <FormAlert message={form.formError} />
          <TextField
            form={form}
            name="reason"
            label="Reason"
            optional
            description="Shown to the user when they try to sign in."
            maxLength={500}
          />
          <TextField
            form={form}
            name="days"
            label="Ends after (days)"
            optional
            description="Leave empty for a ban without end."
            inputMode="numeric"
          />
          <div className="admin-dialog-actions">
            <DialogClose asChild>
              <Button type="button">Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="danger" loading={form.pending}>
              Ban user
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}

/** The user's sessions, each with a Revoke button. */
export function SessionsDialog({ user }: { user: AdminUser }) {
  const [open, setOpen] = useState(false)
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <RowAction label="Sessions" of={`of ${user.email}`} />
      </DialogTrigger>
      <DialogContent title={`Sessions of ${user.email}`}>
        {open ? <SessionList user={user} /> : null}
      </DialogContent>
    </Dialog>
  )
}

function SessionList({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const sessions = useQuery(sessionsQuery(user.id))
  const revoke = useMutation({
    mutationFn: (token: string) => adminActions.revokeSession(token),
    onSuccess: async () => {
      toast.success('Session revoked.')
      await queryClient.invalidateQueries({ queryKey: adminKeys.sessions(user.id) })
    },
  })
  return (
    <QueryState
      query={sessions}
      loading={<Skeleton style={{ height: '4rem' }} />}
      loadingLabel="Loading sessions"
      errorTitle="The sessions could not be loaded"
      isEmpty={(list) => list.length === 0}
      empty={{ title: 'No active sessions.', headingLevel: 3 }}
    >
      {(list) => (
        <ul className="admin-sessions">
          {list.map((session) => (
            <li key={session.id}>
              <div>
                <strong>{session.userAgent || 'Unknown browser'}</strong>
                <span className="muted">
                  {session.ipAddress || 'unknown address'} · since {formatDate(session.createdAt)} ·
                  expires {formatDate(session.expiresAt)}
                  {session.impersonatedBy ? ' · impersonation' : ''}
                </span>
              </div>
              <Button
                size="sm"
                variant="danger"
                loading={revoke.isPending && revoke.variables === session.token}
                onClick={() => revoke.mutate(session.token)}
              >
                Revoke
              </Button>
            </li>
          ))}
        </ul>
      )}
    </QueryState>
  )
}

/** Deletes the user after a confirmation that names them. */
export function DeleteDialog({ user }: { user: AdminUser }) {
  const queryClient = useQueryClient()
  const remove = useMutation({
    mutationFn: () => adminActions.remove(user.id),
    onSuccess: async () => {
      toast.success(`${user.email} is deleted.`)
      await queryClient.invalidateQueries({ queryKey: adminKeys.all })
    },
  })
  return (
    <ConfirmDialog
      trigger={<RowAction variant="danger" label="Delete" of={user.email} />}
      title={`Delete ${user.email}?`}
      description="Their account, sessions and memberships are removed. This can not be undone."
      confirmLabel="Delete user"
      tone="danger"
      onConfirm={() => remove.mutateAsync()}
    />
  )
}
