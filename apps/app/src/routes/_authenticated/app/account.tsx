import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/account/account-page.tsx'
import accountStyles from '~/features/account/account.css?url'
import { accountQuery } from '~/features/account/queries.ts'

/** The signed-in person's own account (profile, password, two-factor, passkeys, sessions, agents). */
export const Route = createFileRoute('/_authenticated/app/account')({
  staticData: { crumb: 'Account' },
  // The connected agents load in their own section (with its own loading and error states), so
  // that their code stays out of the entry every screen loads.
  loader: ({ context }) => context.queryClient.ensureQueryData(accountQuery()),
  head: () => ({
    meta: [{ title: 'Account — Headmark' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'stylesheet', href: accountStyles }],
  }),
  component: AccountPage,
})
