import type { QueryClient } from '@tanstack/react-query'
import { client, orpc, type RpcClient } from '~/lib/orpc.ts'

// The agents' named queries (mirrors packages/api/src/routers/agents.ts): the consent screen an
// MCP client's OAuth flow opens, and the person's connections on the account screen.

export type ConsentInfo = Awaited<ReturnType<RpcClient['agents']['consentInfo']>>
export type ConsentOrganization = ConsentInfo['organizations'][number]
export type ConsentAnswer = Parameters<RpcClient['agents']['consent']>[0]
export type AgentConnection = Awaited<
  ReturnType<RpcClient['agents']['list']>
>['connections'][number]
/** What an agent may do through a connection. */
export type AgentScope = ConsentInfo['requestedScopes'][number]

/** The client asking to connect and where the signed-in person may let it in. */
export const consentInfoQuery = (oauthQuery: string) => ({
  ...orpc.agents.consentInfo.queryOptions({ input: { oauthQuery } }),
  // An authorization request is answered once; its facts do not change while it is open.
  staleTime: Number.POSITIVE_INFINITY,
})

/** The signed-in person's connected agents. */
export const agentConnectionsQuery = () => orpc.agents.list.queryOptions()

/** Allows or denies the client; resolves with where the browser goes next (the client's redirect). */
export const answerConsent = (answer: ConsentAnswer) => client.agents.consent(answer)

/** Ends a connection: the agent's next call is refused. */
export const revokeConnection = (connectionId: string) => client.agents.revoke({ connectionId })

/** After a connection changed: the account screen's list anew. */
export async function invalidateAgents(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: orpc.agents.key() })
}
