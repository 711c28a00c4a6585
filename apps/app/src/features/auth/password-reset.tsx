import { forgotPasswordInput, resetPasswordInput } from '@headmark/api/shared'
import { Button, Card, CardContent } from '@headmark/ui'
import { Link } from '@tanstack/react-router'
import { useState } from 'react'
import { EmailField, SchemaForm, TextField } from '~/components/schema-form.tsx'
import { authClient } from '~/lib/auth-client.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { AuthError, authCall } from './auth-call.ts'
import { CheckInbox } from './form-alert.tsx'

/** "Forgot password?": the same answer whether or not the address has an account. */
export function ForgotPasswordForm() {
  const [sentTo, setSentTo] = useState<string | null>(null)
  const form = useSchemaForm({
    schema: forgotPasswordInput,
    defaultValues: { email: '' },
    submit: async ({ email }) => {
      await authCall(authClient.requestPasswordReset({ email, redirectTo: '/reset-password' }))
      setSentTo(email)
    },
    codeFields: { INVALID_EMAIL: 'email' },
  })
  return (
    <Card className="auth-panel">
      <CardContent>
        {sentTo ? (
          <div className="stack">
            <CheckInbox
              email={sentTo}
              what="a link to choose a new password, if it belongs to an account"
            />
            <p className="muted">The link works once, for 1 hour.</p>
          </div>
        ) : (
          <SchemaForm form={form} submitLabel="E-mail me a link" method="post">
            <EmailField form={form} />
          </SchemaForm>
        )}
        <p className="auth-panel-footer">
          <Link to="/get-started" search={{ mode: 'sign-in' }}>
            Back to sign in
          </Link>
        </p>
      </CardContent>
    </Card>
  )
}

const USED_LINK =
  'This link has been used or has expired. Ask for a new one: links work once, for 1 hour.'

/** The new password, with the token from the e-mailed link; every session ends. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const [done, setDone] = useState(false)
  const form = useSchemaForm({
    schema: resetPasswordInput,
    defaultValues: { newPassword: '' },
    submit: async ({ newPassword }) => {
      try {
        await authCall(authClient.resetPassword({ newPassword, token: token ?? '' }))
      } catch (error) {
        if (error instanceof AuthError && error.code === 'INVALID_TOKEN') {
          throw new AuthError({ ...error, message: USED_LINK })
        }
        throw error
      }
      setDone(true)
    },
    codeFields: { PASSWORD_TOO_SHORT: 'newPassword', PASSWORD_TOO_LONG: 'newPassword' },
  })
  return (
    <Card className="auth-panel">
      <CardContent>
        {!token ? (
          <div className="stack">
            <p className="form-alert" role="alert">
              {USED_LINK}
            </p>
            <Button asChild variant="primary" className="justify-start">
              <Link to="/forgot-password">Ask for a new link</Link>
            </Button>
          </div>
        ) : done ? (
          <div className="stack">
            <output className="form-notice">
              Your password is changed. Every device that was signed in is signed out.
            </output>
            <Button asChild variant="primary" className="justify-start">
              <Link to="/get-started" search={{ mode: 'sign-in' }}>
                Sign in
              </Link>
            </Button>
          </div>
        ) : (
          <SchemaForm form={form} submitLabel="Set new password" method="post">
            <TextField
              form={form}
              name="newPassword"
              label="New password"
              required
              type="password"
              autoComplete="new-password"
            />
          </SchemaForm>
        )}
      </CardContent>
    </Card>
  )
}
