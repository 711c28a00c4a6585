import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/account/account-page.tsx'
import accountStyles from '~/features/account/account.css?url'
import { accountQuery } from '~/features/account/queries.ts'

/** The signed-in person's own account (profile, password, two-factor, passkeys, sessions). */
export const Route = createFileRoute('/_authenticated/app/account')({
  staticData: { crumb: 'Account' },
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQuery()),
  head: () => ({
    meta: [{ title: 'Account — Headmark' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'stylesheet', href: accountStyles }],
  }),
  component: AccountPage,
})
