import { formSchemas } from '~/lib/form-schemas.ts'
import { Button, toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { SchemaForm, TextField } from '~/components/schema-form.tsx'
import { AuthError, authCall, dialogCall } from '~/features/auth/auth-call.ts'
import { CheckInbox } from '~/features/auth/form-alert.tsx'
import { loadAuthClient } from '~/lib/load-auth-client.ts'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { type AccountOverview, invalidateAccount } from './queries.ts'

type User = AccountOverview['user']

/** Name and avatar: the same rules as at sign-up. */
export function ProfileForm({ user }: { user: User }) {
  const queryClient = useQueryClient()
  const router = useRouter()
  const save = useInlineMutation({
    mutationFn: (values: { name: string; image: string }) =>
      dialogCall(
        loadAuthClient().then((auth) =>
          auth.updateUser({ name: values.name, image: values.image || null }),
        ),
      ),
    onSuccess: async () => {
      toast.success('Profile saved.')
      await invalidateAccount(queryClient)
      // The name in the menu comes from the root route's session: read it again.
      await router.invalidate()
    },
  })
  const form = useSchemaForm({
    schema: formSchemas.updateProfileInput,
    defaultValues: { name: user.name, image: user.image ?? '' },
    submit: (values) => save.mutateAsync(values),
  })
  return (
    <SchemaForm form={form} submitLabel="Save profile">
      <TextField form={form} name="name" label="Name" required autoComplete="name" />
      <TextField
        form={form}
        name="image"
        label="Avatar URL"
        optional
        type="url"
        inputMode="url"
        placeholder="https://…"
        description="An https:// address of a picture of you."
      />
    </SchemaForm>
  )
}

/** A new address: a link goes to it, and the account changes once it is opened. */
export function ChangeEmailForm({ user }: { user: User }) {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useSchemaForm({
    schema: formSchemas.changeEmailInput,
    defaultValues: { newEmail: '' },
    submit: async ({ newEmail }) => {
      await authCall(
        loadAuthClient().then((auth) =>
          auth.changeEmail({ newEmail, callbackURL: '/app/account' }),
        ),
      )
      setSentTo(newEmail)
    },
    codeFields: { INVALID_EMAIL: 'newEmail' },
  })
  return (
    <div className="stack">
      <p>
        Your address is <strong>{user.email}</strong>.
      </p>
      {sentTo ? (
        <>
          <CheckInbox email={sentTo} what="a confirmation link" />
          <p className="muted">Your address stays {user.email} until the link is opened.</p>
        </>
      ) : (
        <SchemaForm form={form} submitLabel="Change e-mail" method="post">
          <TextField
            form={form}
            name="newEmail"
            label="New e-mail"
            required
            type="email"
            autoComplete="email"
            description="We will send a link to the new address to confirm it."
          />
        </SchemaForm>
      )}
    </div>
  )
}

/** A new password, with the current one; other devices are signed out. */
export function ChangePasswordForm({ onChanged }: { onChanged: () => Promise<void> }) {
  const form = useSchemaForm({
    schema: formSchemas.changePasswordInput,
    defaultValues: { currentPassword: '', newPassword: '' },
    submit: async (values) => {
      try {
        await authCall(
          loadAuthClient().then((auth) =>
            auth.changePassword({ ...values, revokeOtherSessions: true }),
          ),
        )
      } catch (error) {
        if (error instanceof AuthError && error.code === 'INVALID_PASSWORD') {
          throw new AuthError({ ...error, message: 'This is not your current password.' })
        }
        throw error
      }
      toast.success('Password changed. Your other devices are signed out.')
      form.form.reset()
      await onChanged()
    },
    codeFields: {
      INVALID_PASSWORD: 'currentPassword',
      PASSWORD_TOO_SHORT: 'newPassword',
      PASSWORD_TOO_LONG: 'newPassword',
    },
  })
  return (
    <SchemaForm form={form} submitLabel="Change password" method="post">
      <TextField
        form={form}
        name="currentPassword"
        label="Current password"
        required
        type="password"
        autoComplete="current-password"
      />
      <TextField
        form={form}
        name="newPassword"
        label="New password"
        required
        type="password"
        autoComplete="new-password"
      />
    </SchemaForm>
  )
}

/** An account without a password (magic links only) sets one through the reset e-mail. */
export function SetPasswordByEmail({ email }: { email: string }) {
  const [sent, setSent] = useState(false)
  const send = useInlineMutation({
    mutationFn: () =>
      dialogCall(
        loadAuthClient().then((auth) =>
          auth.requestPasswordReset({ email, redirectTo: '/reset-password' }),
        ),
      ),
    onSuccess: () => setSent(true),
  })
  if (sent) return <CheckInbox email={email} what="a link to choose a password" />
  return (
    <div className="stack">
      <p className="muted">
        Your account has no password: you sign in with links by e-mail or a passkey.
      </p>
      {send.error ? (
        <p className="form-alert" role="alert">
          {send.error.message}
        </p>
      ) : null}
      <Button className="justify-start" loading={send.isPending} onClick={() => send.mutate()}>
        E-mail me a link to set a password
      </Button>
    </div>
  )
}
