import { createFileRoute } from '@tanstack/react-router'
import { AccountPage } from '~/features/account/account-page.tsx'
import accountStyles from '~/features/account/account.css?url'
import { accountQuery } from '~/features/account/queries.ts'
import { mcpUrlQuery } from '~/features/agents/mcp-url.ts'
import { agentConnectionsQuery } from '~/features/agents/queries.ts'

/** The signed-in person's own account (profile, password, two-factor, passkeys, sessions, agents). */
export const Route = createFileRoute('/_authenticated/app/account')({
  staticData: { crumb: 'Account' },
  loader: async ({ context }) => {
    // The connections load beside the account; should they fail, their section says so (and
    // offers Try again) while the rest of the screen works.
    await Promise.all([
      context.queryClient.ensureQueryData(accountQuery()),
      context.queryClient.prefetchQuery(agentConnectionsQuery()),
      context.queryClient.prefetchQuery(mcpUrlQuery()),
    ])
  },
  head: () => ({
    meta: [{ title: 'Account — Headmark' }, { name: 'robots', content: 'noindex' }],
    links: [{ rel: 'stylesheet', href: accountStyles }],
  }),
  component: AccountPage,
})
