import { AUTH_CODE_FIELDS, signInInput, twoFactorCodeInput } from '@headmark/api/shared'
import { Button } from '@headmark/ui'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { Link, useNavigate } from '@tanstack/react-router'
import { useState } from 'react'
import { authClient } from '~/lib/auth-client.ts'
import { passkeyAuthClient } from '~/lib/passkey-client.ts'
import { EmailField, PasswordField, SchemaForm, TextField } from '~/components/schema-form.tsx'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { AuthError, authCall } from './auth-call.ts'
import { FormAlert } from './form-alert.tsx'

const UNCONFIRMED_MESSAGE =
  'Confirm your e-mail address first: we have sent you a new link that signs you in.'

/** Signs in (password, then a code when the account has two-factor sign-in) and opens `destination`. */
export function SignInForm({ destination }: { destination: string }) {
  const queryClient = useQueryClient()
  const navigate = useNavigate()
  const [secondStep, setSecondStep] = useState(false)

  async function signedIn() {
    // A new session: nothing cached for whoever was here before may show.
    queryClient.clear()
    await navigate({ href: destination })
  }

  const form = useSchemaForm({
    schema: signInInput,
    defaultValues: { email: '', password: '' },
    submit: async (values) => {
      let answer: unknown
      try {
        // The destination is also where the confirmation link leads, should the account not be
        // confirmed yet: better-auth then sends a fresh one.
        answer = (await authCall(authClient.signIn.email({ ...values, callbackURL: destination })))
          .data
      } catch (error) {
        if (error instanceof AuthError && error.code === 'EMAIL_NOT_VERIFIED') {
          throw new AuthError({ ...error, message: UNCONFIRMED_MESSAGE })
        }
        throw error
      }
      // The password was right; the account asks for its second factor before any session.
      if ((answer as { twoFactorRedirect?: boolean } | null)?.twoFactorRedirect) {
        setSecondStep(true)
        return
      }
      await signedIn()
    },
    codeFields: AUTH_CODE_FIELDS,
  })
  if (secondStep) {
    return <TwoFactorStep onSignedIn={signedIn} onRestart={() => setSecondStep(false)} />
  }
  return (
    <div className="stack">
      {/* POST: a submission before the page has hydrated must not put the password in the address. */}
      <SchemaForm form={form} submitLabel="Sign in" method="post">
        <EmailField form={form} autoComplete="username webauthn" />
        <PasswordField form={form} autoComplete="current-password" />
        <p className="auth-forgot">
          <Link to="/forgot-password">Forgot password?</Link>
        </p>
      </SchemaForm>
      <PasskeySignIn onSignedIn={signedIn} />
    </div>
  )
}

/** The second step: a code from the authenticator app, or one of the recovery codes. */
function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: () => Promise<void>
  onRestart: () => void
}) {
  const [recovery, setRecovery] = useState(false)
  const form = useSchemaForm({
    schema: twoFactorCodeInput,
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      try {
        await authCall(
          recovery
            ? authClient.twoFactor.verifyBackupCode({ code })
            : authClient.twoFactor.verifyTotp({ code }),
        )
      } catch (error) {
        // The password step is over (ten minutes, or too many codes): start again.
        if (error instanceof AuthError && error.code === 'INVALID_TWO_FACTOR_COOKIE') {
          throw new AuthError({
            ...error,
            message: 'This sign-in has expired. Enter your password again.',
          })
        }
        throw error
      }
      await onSignedIn()
    },
    codeFields: { INVALID_CODE: 'code', INVALID_BACKUP_CODE: 'code' },
  })
  return (
    <div className="stack">
      <h2 className="card-heading">Two-factor sign-in</h2>
      <p className="muted">
        {recovery
          ? 'Enter one of the recovery codes you saved when you set up two-factor sign-in. Each works once.'
          : 'Enter the 6-digit code your authenticator app shows for Headmark.'}
      </p>
      <SchemaForm form={form} submitLabel="Verify" method="post">
        <TextField
          key={recovery ? 'recovery' : 'totp'}
          form={form}
          name="code"
          label={recovery ? 'Recovery code' : 'Code'}
          required
          autoFocus
          autoComplete="one-time-code"
          {...(recovery ? { spellCheck: false, autoCapitalize: 'none' } : { inputMode: 'numeric' })}
        />
      </SchemaForm>
      <div className="auth-second-step-links">
        <Button variant="ghost" size="sm" onClick={() => setRecovery(!recovery)}>
          {recovery ? 'Use a code from the app' : 'Use a recovery code'}
        </Button>
        <Button variant="ghost" size="sm" onClick={onRestart}>
          Back
        </Button>
      </div>
    </div>
  )
}

/** Sign-in with a passkey of this device (or a phone's): no e-mail, no password. */
function PasskeySignIn({ onSignedIn }: { onSignedIn: () => Promise<void> }) {
  const signIn = useMutation({
    mutationFn: async () => {
      const result = await passkeyAuthClient.signIn.passkey()
      if (result?.error) {
        const { code, message, status } = result.error as {
          code?: string
          message?: string
          status?: number
        }
        throw new AuthError({
          code,
          message:
            code === 'AUTH_CANCELLED' || code === 'ERROR_CEREMONY_ABORTED'
              ? 'No passkey was used. Try again, or sign in with your password.'
              : message || 'The passkey could not sign you in.',
          status: status ?? 400,
        })
      }
      await onSignedIn()
    },
  })
  return (
    <div className="stack auth-passkey">
      <p className="auth-or">or sign in with a passkey</p>
      <FormAlert message={signIn.error ? signIn.error.message : null} />
      {/* Not "Sign in with…": the password form's button is the one named "Sign in". */}
      <Button loading={signIn.isPending} onClick={() => signIn.mutate()}>
        Use a passkey
      </Button>
    </div>
  )
}
