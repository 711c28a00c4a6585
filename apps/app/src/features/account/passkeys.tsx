import { Button, toast } from '@headmark/ui'
import { useQueryClient } from '@tanstack/react-query'
import { DangerConfirm } from '~/components/danger-zone.tsx'
import { RowAction } from '~/components/row-action.tsx'
import { AuthError, asAppError, dialogCall } from '~/features/auth/auth-call.ts'
import { loadPasskeyClient } from '~/lib/load-auth-client.ts'
import { Time } from '~/lib/dates.tsx'
import { useInlineMutation } from '~/lib/use-inline-mutation.ts'
import { type AccountOverview, type AccountPasskey, invalidateAccount } from './queries.ts'

const passkeyName = (passkey: AccountPasskey) => passkey.name || 'Passkey'

/** Passkeys sign in without a password: the device's lock (fingerprint, face, PIN) is the key. */
export function PasskeySettings({ account }: { account: AccountOverview }) {
  const queryClient = useQueryClient()
  const add = useInlineMutation({
    mutationFn: async () => {
      const result = await dialogCall(
        loadPasskeyClient().then((client) =>
          client.passkey.addPasskey({ name: `Passkey ${account.passkeys.length + 1}` }),
        ),
      )
      if (result.error) throw asAppError(new AuthError({ ...result.error, status: 400 }))
    },
    onSuccess: async () => {
      toast.success('Passkey added. You can sign in with it.')
      await invalidateAccount(queryClient)
    },
  })
  return (
    <div className="stack">
      <p className="muted">
        Sign in with your device’s fingerprint, face or PIN instead of a password.
      </p>
      {account.passkeys.length > 0 ? (
        <ul className="account-list" aria-label="Your passkeys">
          {account.passkeys.map((passkey) => (
            <li key={passkey.id} className="account-list-item">
              <div className="stack-sm">
                <strong>{passkeyName(passkey)}</strong>
                <span className="muted">
                  {passkey.deviceType === 'multiDevice' ? 'Synced passkey' : 'On one device'}
                  {passkey.createdAt ? (
                    <>
                      {' · added '}
                      <Time value={passkey.createdAt} />
                    </>
                  ) : null}
                </span>
              </div>
              <RemovePasskey passkey={passkey} />
            </li>
          ))}
        </ul>
      ) : null}
      {add.error ? (
        <p className="form-alert" role="alert">
          {add.error.message}
        </p>
      ) : null}
      <Button className="justify-start" loading={add.isPending} onClick={() => add.mutate()}>
        Add a passkey
      </Button>
    </div>
  )
}

function RemovePasskey({ passkey }: { passkey: AccountPasskey }) {
  const queryClient = useQueryClient()
  return (
    <DangerConfirm
      trigger={<RowAction label="Remove" of={passkeyName(passkey)} variant="ghost" />}
      title={`Remove ${passkeyName(passkey)}?`}
      description="It will no longer sign you in. The device may still list it: remove it there too."
      confirmLabel="Remove passkey"
      onConfirm={async () => {
        await dialogCall(
          loadPasskeyClient().then((client) => client.passkey.deletePasskey({ id: passkey.id })),
        )
        toast.success('Passkey removed.')
        await invalidateAccount(queryClient)
      }}
    />
  )
}
