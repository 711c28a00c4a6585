import type { QueryClient } from '@tanstack/react-query'
import { queryOptions } from '@tanstack/react-query'
import { client } from '~/lib/orpc.ts'

// The agents' named queries (mirrors packages/api/src/routers/agents.ts): the consent screen an
// MCP client's OAuth flow opens, and the person's connections on the account screen.

/** What an agent may do through a connection. */
export type AgentScope = 'read' | 'propose' | 'checks'

export const AGENT_SCOPES: readonly AgentScope[] = ['read', 'propose', 'checks']

export interface ConsentOrganization {
  id: string
  name: string
  slug: string
  role: string
  sites: Array<{ id: string; hostname: string }>
}

/** The consent screen's facts: the client asking, what it asks for, where the person may grant it. */
export interface ConsentInfo {
  client: { id: string; name: string; uri: string | null }
  requestedScopes: AgentScope[]
  organizations: ConsentOrganization[]
}

/** The person's answer on the consent screen. */
export interface ConsentAnswer {
  oauthQuery: string
  accept: boolean
  organizationId: string
  /** Null: every site of the organization, those added later included. */
  siteIds: string[] | null
  scopes: AgentScope[]
}

/** One agent the person connected. */
export interface AgentConnection {
  id: string
  clientName: string
  organization: { id: string; name: string; slug: string }
  /** Null: every site of the organization. */
  sites: Array<{ id: string; hostname: string }> | null
  scopes: AgentScope[]
  createdAt: string | Date
  lastUsedAt: string | Date | null
}

interface AgentsProcedures {
  consentInfo(input: { oauthQuery: string }): Promise<ConsentInfo>
  consent(input: ConsentAnswer): Promise<{ redirectTo: string }>
  list(input?: Record<string, never>): Promise<{ connections: AgentConnection[] }>
  revoke(input: { connectionId: string }): Promise<{ ok: true }>
}

/** The `agents` procedures, typed by their contract. */
const agents = (client as unknown as { agents: AgentsProcedures }).agents

export const agentKeys = {
  all: ['agents'] as const,
  consentInfo: (oauthQuery: string) => ['agents', 'consentInfo', oauthQuery] as const,
  list: ['agents', 'list'] as const,
}

/** The client asking to connect and where the signed-in person may let it in. */
export const consentInfoQuery = (oauthQuery: string) =>
  queryOptions({
    queryKey: agentKeys.consentInfo(oauthQuery),
    queryFn: () => agents.consentInfo({ oauthQuery }),
    // An authorization request is answered once; the facts do not change while it is open.
    staleTime: Infinity,
    retry: false,
  })

/** The signed-in person's connected agents. */
export const agentConnectionsQuery = () =>
  queryOptions({
    queryKey: agentKeys.list,
    queryFn: () => agents.list({}),
  })

/** Allows or denies the client; resolves with where the browser goes next (the client's redirect). */
export const answerConsent = (answer: ConsentAnswer) => agents.consent(answer)

/** Ends a connection: the agent's next call is refused. */
export const revokeConnection = (connectionId: string) => agents.revoke({ connectionId })

/** After a connection changed: the account screen's list anew. */
export async function invalidateAgents(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: agentKeys.all })
}
