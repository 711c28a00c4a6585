import { Field, Input } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { useState } from 'react'
import { DangerConfirm, DangerZone } from '~/components/danger-zone.tsx'
import { AuthError, asAppError, authCall } from '~/features/auth/auth-call.ts'
import { loadAuthClient } from '~/lib/load-auth-client.ts'
import type { AccountOverview } from './queries.ts'

/**
 * Deleting the account: typed e-mail and password. Refused while the person is the only owner
 * of an organization (the server's message says what to do).
 */
export function DeleteAccount({ account }: { account: AccountOverview }) {
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  return (
    <DangerZone id="delete-account-heading" heading="Delete your account">
      <p className="muted">
        Deletes your account, your sessions, passkeys and memberships. Organizations you share with
        other owners stay with them; one you own alone must get another owner or be deleted first.
        This can not be undone.
      </p>
      <DangerConfirm
        title="Delete your account?"
        description="You are signed out everywhere, and this address can sign up again as a new account."
        confirmLabel="Delete account"
        typeToConfirm={{
          expected: account.user.email,
          label: `Type ${account.user.email} to confirm`,
        }}
        onConfirm={async () => {
          try {
            await authCall(
              loadAuthClient().then((auth) =>
                auth.deleteUser(account.hasPassword ? { password } : {}),
              ),
            )
          } catch (error) {
            if (error instanceof AuthError && error.code === 'INVALID_PASSWORD') {
              throw asAppError(new AuthError({ ...error, message: 'This is not your password.' }))
            }
            if (error instanceof AuthError && error.code === 'SESSION_EXPIRED') {
              throw asAppError(
                new AuthError({
                  ...error,
                  message:
                    'Sign in again to delete your account: this session is more than a day old.',
                }),
              )
            }
            throw asAppError(error)
          }
          queryClient.clear()
          // A full load: nothing of the deleted account may stay in memory.
          window.location.assign('/?account=deleted')
        }}
      >
        {account.hasPassword ? (
          <Field label="Your password" required>
            <Input
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
          </Field>
        ) : null}
      </DangerConfirm>
    </DangerZone>
  )
}
