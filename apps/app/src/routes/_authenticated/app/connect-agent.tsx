import { ORPCError } from '@orpc/client'
import { createFileRoute, notFound } from '@tanstack/react-router'
import agentStyles from '~/features/agents/agents.css?url'
import { ConsentRefused, ConsentScreen } from '~/features/agents/consent-screen.tsx'
import {
  INVALID_REQUEST,
  looksLikeOAuthQuery,
  oauthQueryFromSearch,
} from '~/features/agents/oauth-query.ts'
import { refusedAddress } from '~/lib/not-found.ts'

/**
 * The consent screen of an MCP client's OAuth flow: the authorization server sends the browser
 * here with its signed query (a signed-out person signs in first and comes back with it). Every
 * search parameter is kept: together they are the request the person answers.
 */
export const Route = createFileRoute('/_authenticated/app/connect-agent')({
  // No validateSearch: the route keeps every parameter as the address has it (and types none).
  loaderDeps: ({ search }) => ({
    oauthQuery: oauthQueryFromSearch(search as Record<string, unknown>),
  }),
  staticData: { crumb: 'Connect an agent' },
  loader: async ({ context, deps }) => {
    if (!looksLikeOAuthQuery(deps.oauthQuery))
      throw notFound({ data: { refused: INVALID_REQUEST } })
    // Imported here, so that the agents' queries are not in the entry every screen loads.
    const { consentInfoQuery } = await import('~/features/agents/queries.ts')
    try {
      await context.queryClient.ensureQueryData(consentInfoQuery(deps.oauthQuery))
    } catch (error) {
      // A request the server refuses (bad signature, expired, unknown client): said on the
      // screen, with a 404; a 401 still goes to sign-in, anything else to the error view.
      if (
        error instanceof ORPCError &&
        error.status >= 400 &&
        error.status < 500 &&
        error.status !== 401
      ) {
        throw notFound({ data: { refused: error.message || INVALID_REQUEST } })
      }
      throw error
    }
  },
  head: ({ match }) => ({
    meta: [
      {
        title:
          match.status === 'notFound'
            ? 'Connection request not usable — Headmark'
            : 'Connect an agent — Headmark',
      },
      { name: 'robots', content: 'noindex' },
      // The OAuth query must not leave in a Referer (the client's page, say).
      { name: 'referrer', content: 'no-referrer' },
    ],
    links: [{ rel: 'stylesheet', href: agentStyles }],
  }),
  notFoundComponent: ({ data }) => <ConsentRefused reason={refusedAddress(data)} />,
  component: ConnectAgentPage,
})

function ConnectAgentPage() {
  const { oauthQuery } = Route.useLoaderDeps()
  const { user } = Route.useRouteContext()
  return <ConsentScreen oauthQuery={oauthQuery} person={{ name: user.name, email: user.email }} />
}
