import { z } from 'zod'

// The contract of the `agents` procedures: connecting an agent (an MCP client) through OAuth,
// listing and revoking connections. Browser-safe: the consent screen validates with these too.

/** What a person may let an agent do; the OAuth scope of each is `headmark:<scope>`. */
export const AGENT_SCOPE_NAMES = ['read', 'propose', 'checks'] as const
export const agentScopeSchema = z.enum(AGENT_SCOPE_NAMES)
export type AgentScopeName = z.infer<typeof agentScopeSchema>

/** The OAuth scope of an agent scope, e.g. `headmark:read`. */
export const oauthScopeOf = (scope: AgentScopeName) => `headmark:${scope}` as const

/** How each scope reads on the consent screen and in the list of connections. */
export const AGENT_SCOPE_LABELS: Record<AgentScopeName, string> = {
  read: 'Read sites, pages, metadata and checks',
  propose: 'Propose changes as draft change requests (never publishes)',
  checks: 'Run drift checks',
}

const idSchema = z.string().min(1).max(200)

/** The consent page's query string, exactly as better-auth put it there (signed). */
export const oauthQuerySchema = z
  .string()
  .min(1, 'The authorization request is missing: start again from your agent.')
  .max(8000, 'The authorization request is too long: start again from your agent.')

export const consentInfoInput = z.object({ oauthQuery: oauthQuerySchema })

export const consentInfoOutput = z.object({
  client: z.object({ id: z.string(), name: z.string(), uri: z.string().nullable() }),
  requestedScopes: z.array(agentScopeSchema),
  organizations: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      slug: z.string(),
      role: z.enum(['owner', 'admin', 'member']),
      sites: z.array(z.object({ id: z.string(), hostname: z.string() })),
    }),
  ),
})
export type ConsentInfo = z.infer<typeof consentInfoOutput>

export const consentInput = z.object({
  oauthQuery: oauthQuerySchema,
  accept: z.boolean(),
  organizationId: idSchema,
  /** The sites the agent may see; null: every site of the organization. */
  siteIds: z.array(idSchema).max(1000).nullable(),
  scopes: z.array(agentScopeSchema).max(3),
})
export type ConsentInput = z.infer<typeof consentInput>

export const consentOutput = z.object({ redirectTo: z.string() })

export const agentConnectionSchema = z.object({
  id: z.string(),
  clientName: z.string(),
  organization: z.object({ id: z.string(), name: z.string(), slug: z.string() }),
  /** null: every site of the organization. */
  sites: z.array(z.object({ id: z.string(), hostname: z.string() })).nullable(),
  scopes: z.array(agentScopeSchema),
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
})
export type AgentConnection = z.infer<typeof agentConnectionSchema>

export const listConnectionsOutput = z.object({ connections: z.array(agentConnectionSchema) })

export const revokeConnectionInput = z.object({ connectionId: idSchema })
export const revokeConnectionOutput = z.object({ ok: z.literal(true) })

/** An agent-opened change request: the connection and its client's name. */
export const changeRequestAgentSchema = z
  .object({ connectionId: z.string(), clientName: z.string() })
  .nullable()
