import { ORPCError } from '@orpc/server'
import { constantTimeEqual, makeSignature } from 'better-auth/crypto'
import { eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { oauthClient } from '../db/schema.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { type AgentScopeName, AGENT_SCOPE_NAMES, oauthScopeOf } from '../shared/agents.ts'

/** The OAuth scopes of Headmark's MCP server, with what the provider needs besides. */
export const MCP_OAUTH_SCOPES = [
  'openid',
  'offline_access',
  ...AGENT_SCOPE_NAMES.map(oauthScopeOf),
] as const

/** The path of the MCP endpoint; its URL is the resource tokens are bound to. */
export const MCP_PATH = '/api/mcp'

/**
 * better-auth's login page for OAuth: it forwards to /get-started?mode=sign-in with the signed
 * authorization request's consent page as `redirect`.
 */
export const MCP_SIGN_IN_PATH = `${MCP_PATH}/sign-in`

/** The MCP resource of an instance: `<BETTER_AUTH_URL>/api/mcp`. */
export const mcpResource = (baseUrl: string) => new URL(MCP_PATH, baseUrl).href

/**
 * Whether a role may propose changes (edit pages). Saving metadata needs only membership
 * (permissions.ts): every role of an organization may.
 */
export function mayProposeAs(storedRole: string): boolean {
  return ['owner', 'admin', 'member'].includes(primaryOrganizationRole(storedRole))
}

/** The agent scopes among OAuth scopes (`headmark:read` → `read`); others are left out. */
export function agentScopesOf(oauthScopes: readonly string[]): AgentScopeName[] {
  return AGENT_SCOPE_NAMES.filter((scope) => oauthScopes.includes(oauthScopeOf(scope)))
}

function canonical(params: URLSearchParams): string {
  const entries = [...params.entries()].sort(([a, x], [b, y]) =>
    a < b ? -1 : a > b ? 1 : x < y ? -1 : x > y ? 1 : 0,
  )
  const out = new URLSearchParams()
  for (const [key, value] of entries) out.append(key, value)
  return out.toString()
}

const invalidRequest = (message: string) => new ORPCError('BAD_REQUEST', { message })

export interface OAuthRequest {
  client: typeof oauthClient.$inferSelect
  clientName: string
  /** Every scope asked for, as OAuth names. */
  rawScopes: string[]
  requestedScopes: AgentScopeName[]
}

/**
 * The authorization request of a consent page's query string, checked as better-auth checks it
 * (its signature, made with BETTER_AUTH_SECRET, and its expiry): a tampered, expired or unknown
 * one is BAD_REQUEST with a message the screen can show.
 */
export async function readOAuthQuery(
  context: { db: Database; env: { BETTER_AUTH_SECRET: string } },
  oauthQuery: string,
): Promise<OAuthRequest> {
  const params = new URLSearchParams(oauthQuery.startsWith('?') ? oauthQuery.slice(1) : oauthQuery)
  const signatures = params.getAll('sig')
  const signature = signatures[0]
  if (signatures.length !== 1 || !signature) {
    throw invalidRequest(
      'This authorization request is not one Headmark made: start connecting again from your agent.',
    )
  }
  params.delete('sig')
  const expected = await makeSignature(canonical(params), context.env.BETTER_AUTH_SECRET)
  if (!constantTimeEqual(signature, expected)) {
    throw invalidRequest(
      'This authorization request is not one Headmark made: start connecting again from your agent.',
    )
  }
  const expires = Number(params.get('exp'))
  if (!Number.isFinite(expires) || expires * 1000 < Date.now()) {
    throw invalidRequest(
      'This authorization request has expired (they last 10 minutes): start connecting again from your agent.',
    )
  }
  const clientId = params.get('client_id') ?? ''
  const [client] = clientId
    ? await context.db.select().from(oauthClient).where(eq(oauthClient.clientId, clientId)).limit(1)
    : []
  if (!client || client.disabled) {
    throw invalidRequest(
      'The agent asking for access is not registered here any more: connect it again.',
    )
  }
  const rawScopes = (params.get('scope') ?? '').split(' ').filter(Boolean)
  const requestedScopes = agentScopesOf(rawScopes)
  if (requestedScopes.length === 0) {
    throw invalidRequest(
      'The agent asked for none of Headmark’s scopes (headmark:read, headmark:propose, headmark:checks): configure it to ask for them.',
    )
  }
  return {
    client,
    clientName: client.name?.trim() || 'Unnamed agent',
    rawScopes,
    requestedScopes,
  }
}
