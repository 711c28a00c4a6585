import { formSchemas } from '~/lib/form-schemas.ts'
import { Badge, Button, Field, Input, toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { lazy, Suspense, useState } from 'react'
import { DangerConfirm } from '~/components/danger-zone.tsx'
import { PasswordField, SchemaForm, TextField } from '~/components/schema-form.tsx'
import { AuthError, asAppError, authCall } from '~/features/auth/auth-call.ts'
import { loadAuthClient } from '~/lib/load-auth-client.ts'
import { useSchemaForm } from '~/lib/use-schema-form.ts'
import { type AccountOverview, invalidateAccount } from './queries.ts'

// The QR code's encoder loads when a set-up first shows one.
const QrCode = lazy(() => import('./qr-code.tsx').then(({ QrCode }) => ({ default: QrCode })))

const WRONG_PASSWORD = 'This is not your password.'

/** Rewords better-auth's refusal of a password asked again. */
async function withPassword<T>(call: Promise<T>): Promise<T> {
  try {
    return await call
  } catch (error) {
    if (error instanceof AuthError && error.code === 'INVALID_PASSWORD') {
      throw new AuthError({ ...error, message: WRONG_PASSWORD })
    }
    throw error
  }
}

interface Setup {
  totpURI: string
  backupCodes: string[]
}

/**
 * Two-factor sign-in with an authenticator app: on with the password, then a first code from the
 * app confirms it (until then sign-in asks for nothing more); recovery codes are shown once.
 */
export function TwoFactorSettings({ account }: { account: AccountOverview }) {
  const [setup, setSetup] = useState<Setup | null>(null)
  if (account.user.twoFactorEnabled) return <TwoFactorOn />
  if (setup) return <ConfirmSetup setup={setup} onDone={() => setSetup(null)} />
  if (!account.hasPassword) {
    return (
      <p className="muted">
        Two-factor sign-in protects a password. Set a password first (above), then turn it on.
      </p>
    )
  }
  return <EnableForm onStarted={setSetup} />
}

function EnableForm({ onStarted }: { onStarted: (setup: Setup) => void }) {
  const form = useSchemaForm({
    schema: formSchemas.confirmPasswordInput,
    defaultValues: { password: '' },
    submit: async ({ password }) => {
      const { data } = await withPassword(
        authCall(loadAuthClient().then((auth) => auth.twoFactor.enable({ password }))),
      )
      if (!data || !('totpURI' in data) || !data.totpURI) {
        throw new AuthError({ message: 'Two-factor sign-in could not be set up.', status: 500 })
      }
      onStarted({ totpURI: data.totpURI, backupCodes: data.backupCodes ?? [] })
    },
    codeFields: { INVALID_PASSWORD: 'password' },
  })
  return (
    <div className="stack">
      <p className="muted">
        After your password, sign-in asks for a code from an authenticator app (1Password, Google
        Authenticator, Aegis…).
      </p>
      <SchemaForm form={form} submitLabel="Set up two-factor sign-in" method="post">
        <PasswordField
          form={form}
          autoComplete="current-password"
          description="Your password, to confirm it is you."
        />
      </SchemaForm>
    </div>
  )
}

function ConfirmSetup({ setup, onDone }: { setup: Setup; onDone: () => void }) {
  const queryClient = useQueryClient()
  const secret = new URL(setup.totpURI).searchParams.get('secret') ?? ''
  const form = useSchemaForm({
    schema: formSchemas.twoFactorCodeInput,
    defaultValues: { code: '' },
    submit: async ({ code }) => {
      await authCall(loadAuthClient().then((auth) => auth.twoFactor.verifyTotp({ code })))
      // The account says "on" before the set-up closes: the set-up's first step is never shown
      // again in between.
      await invalidateAccount(queryClient)
      toast.success('Two-factor sign-in is on.')
      onDone()
    },
    codeFields: { INVALID_CODE: 'code' },
  })
  return (
    <div className="stack account-setup">
      <ol className="stack account-steps">
        <li>
          In your authenticator app, add an account: scan this QR code, or type the setup key (or
          open <a href={setup.totpURI}>the setup link</a> on this device).
          <div className="account-qr">
            <Suspense fallback={<div className="qr-code" aria-hidden="true" />}>
              <QrCode
                value={setup.totpURI}
                label="QR code of the setup key, for your authenticator app"
              />
            </Suspense>
            <div className="account-qr-manual">
              <span className="muted">Setup key</span>
              <code className="account-secret" data-testid="totp-secret">
                {secret.replace(/(.{4})/g, '$1 ').trim()}
              </code>
            </div>
          </div>
        </li>
        <li>
          Keep these recovery codes somewhere safe. Each signs you in once if you lose the app; they
          are not shown again.
          <RecoveryCodes codes={setup.backupCodes} />
        </li>
        <li>Enter the code the app shows to turn two-factor sign-in on.</li>
      </ol>
      <SchemaForm form={form} submitLabel="Turn on two-factor sign-in" method="post">
        <TextField
          form={form}
          name="code"
          label="Code from the app"
          required
          inputMode="numeric"
          autoComplete="one-time-code"
        />
      </SchemaForm>
      <Button variant="ghost" className="justify-start" onClick={onDone}>
        Cancel
      </Button>
    </div>
  )
}

function RecoveryCodes({ codes, label = 'Recovery codes' }: { codes: string[]; label?: string }) {
  return (
    <ul className="account-codes" aria-label={label}>
      {codes.map((code) => (
        <li key={code}>
          <code>{code}</code>
        </li>
      ))}
    </ul>
  )
}

/**
 * A new set of recovery codes (better-auth's generate-backup-codes, behind the password): the
 * old ones stop working at once; the new ones are shown here once.
 */
function NewRecoveryCodes() {
  const [codes, setCodes] = useState<string[] | null>(null)
  const form = useSchemaForm({
    schema: formSchemas.confirmPasswordInput,
    defaultValues: { password: '' },
    submit: async ({ password }) => {
      const { data } = await withPassword(
        authCall(loadAuthClient().then((auth) => auth.twoFactor.generateBackupCodes({ password }))),
      )
      if (!data?.backupCodes?.length) {
        throw new AuthError({ message: 'New recovery codes could not be made.', status: 500 })
      }
      setCodes(data.backupCodes)
    },
    codeFields: { INVALID_PASSWORD: 'password' },
  })
  if (codes) {
    return (
      <div className="stack account-setup" role="status">
        <p>
          <strong>Your new recovery codes.</strong> Keep them somewhere safe: they are not shown
          again, and your previous codes no longer work.
        </p>
        <RecoveryCodes codes={codes} label="New recovery codes" />
        <Button className="justify-start" onClick={() => setCodes(null)}>
          I have saved them
        </Button>
      </div>
    )
  }
  return (
    <div className="stack">
      <h3>Recovery codes</h3>
      <p className="muted">
        Lost your codes, or used most of them? Make a new set: the previous codes stop working.
      </p>
      <SchemaForm form={form} submitLabel="Make new recovery codes" method="post">
        <PasswordField
          form={form}
          autoComplete="current-password"
          description="Your password, to confirm it is you."
        />
      </SchemaForm>
    </div>
  )
}

function TwoFactorOn() {
  const queryClient = useQueryClient()
  const [password, setPassword] = useState('')
  return (
    <div className="stack">
      <p>
        <Badge tone="success">On</Badge> Sign-in asks for a code from your authenticator app, or a
        recovery code.
      </p>
      <NewRecoveryCodes />
      <DangerConfirm
        trigger={
          <Button variant="secondary" className="justify-start">
            Turn off two-factor sign-in
          </Button>
        }
        title="Turn off two-factor sign-in?"
        description="Your password alone will sign you in again. Your recovery codes stop working."
        confirmLabel="Turn off"
        onConfirm={async () => {
          await withPassword(
            authCall(loadAuthClient().then((auth) => auth.twoFactor.disable({ password }))),
          ).catch((error: unknown) => {
            throw asAppError(error)
          })
          toast.success('Two-factor sign-in is off.')
          setPassword('')
          await invalidateAccount(queryClient)
        }}
      >
        <Field label="Your password" required>
          <Input
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
        </Field>
      </DangerConfirm>
    </div>
  )
}
