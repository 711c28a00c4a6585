import { Card, CardContent } from '@headmark/ui'
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query'
import { type ReactNode, useEffect } from 'react'
import { ConnectedAgents } from '~/features/agents/connections.tsx'
import { loadAuthClient, loadPasskeyClient } from '~/lib/load-auth-client.ts'
import {
  ChangeEmailForm,
  ChangePasswordForm,
  ProfileForm,
  SetPasswordByEmail,
} from './account-forms.tsx'
import { DeleteAccount } from './delete-account.tsx'
import { PasskeySettings } from './passkeys.tsx'
import { accountQuery, invalidateAccount } from './queries.ts'
import { SessionSettings } from './sessions.tsx'
import { TwoFactorSettings } from './two-factor.tsx'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <Card>
      <CardContent>
        <section aria-labelledby={id} className="stack">
          <h2 id={id} className="card-heading">
            {title}
          </h2>
          {children}
        </section>
      </CardContent>
    </Card>
  )
}

/**
 * The signed-in person's account: profile, e-mail, password, two-factor, passkeys, sessions and
 * the agents they connected.
 */
export function AccountPage() {
  const queryClient = useQueryClient()
  const { data: account } = useSuspenseQuery(accountQuery())
  const { user } = account
  // The buttons' clients, fetched once the screen is usable rather than at the first click.
  useEffect(() => {
    const timer = setTimeout(() => {
      void loadAuthClient().catch(() => undefined)
      void loadPasskeyClient().catch(() => undefined)
    }, 0)
    return () => clearTimeout(timer)
  }, [])
  return (
    <div className="stack-lg page-medium account-page">
      <div className="page-heading">
        <h1>Account</h1>
      </div>
      <Section id="account-profile" title="Profile">
        {/* Keyed by the stored values: a save shows here fresh. */}
        <ProfileForm key={`${user.name}\u0000${user.image ?? ''}`} user={user} />
      </Section>
      <Section id="account-email" title="E-mail address">
        <ChangeEmailForm key={user.email} user={user} />
      </Section>
      <Section id="account-password" title="Password">
        {account.hasPassword ? (
          <ChangePasswordForm onChanged={() => invalidateAccount(queryClient)} />
        ) : (
          <SetPasswordByEmail email={user.email} />
        )}
      </Section>
      <Section id="account-two-factor" title="Two-factor sign-in">
        <TwoFactorSettings account={account} />
      </Section>
      <Section id="account-passkeys" title="Passkeys">
        <PasskeySettings account={account} />
      </Section>
      <Section id="account-sessions" title="Sessions">
        <SessionSettings account={account} />
      </Section>
      <Section id="connected-agents" title="Connected agents">
        <ConnectedAgents />
      </Section>
      <DeleteAccount account={account} />
    </div>
  )
}
