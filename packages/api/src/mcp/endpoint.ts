import { createMcpHandler } from '@modelcontextprotocol/server'
import {
  oauthProviderAuthServerMetadata,
  oauthProviderOpenIdConfigMetadata,
} from '@better-auth/oauth-provider'
import { ORPCError } from '@orpc/server'
import { requestToResourceInput, verifyAccessTokenRequest } from 'better-auth/oauth2'
import { and, eq, isNull, lt, or } from 'drizzle-orm'
import type { Auth, AuthSession } from '../auth.ts'
import type { Database } from '../db/client.ts'
import { agentConnection, member, organization, user } from '../db/schema.ts'
import type { ServerEnv } from '../env.ts'
import { createInProcessClient } from '../headmark.ts'
import { consumeLimit, describeWait, limits } from '../limits.ts'
import type { Logger } from '../log.ts'
import type { Context } from '../rpc/context.ts'
import { requireSite, siteNotFound } from '../rpc/site-guard.ts'
import { type AgentScopeName, AGENT_SCOPE_NAMES, oauthScopeOf } from '../shared/agents.ts'
import { agentScopesOf, MCP_PATH, MCP_SIGN_IN_PATH, mcpResource } from './connections.ts'
import { type AgentCall, buildMcpServer } from './tools.ts'

/** Where MCP clients find the protected resource's metadata (RFC 9728). */
export const PROTECTED_RESOURCE_METADATA_PATH = '/.well-known/oauth-protected-resource'

/** The prefix of Headmark's site API keys (site-api-keys.ts): refused here, with a reason. */
const SITE_API_KEY_PREFIX = 'hm_'

/** lastUsedAt is written at most this often per connection. */
const LAST_USED_RESOLUTION_MS = 60_000

export interface McpEndpoint {
  /** Answers /api/mcp (POST: the MCP protocol) and /api/mcp/sign-in (OAuth's login page). */
  handle(request: Request): Promise<Response>
  /**
   * Answers the discovery documents MCP clients look for: the protected resource's metadata
   * (RFC 9728) and the authorization server's (RFC 8414, OpenID); null for any other path.
   */
  handleWellKnown(request: Request): Promise<Response | null>
}

export interface McpEndpointOptions {
  env: ServerEnv
  db: Database
  auth: Auth
  logger: Logger
  rateLimit: boolean
  createContext(headers: Headers): Promise<Context>
}

/**
 * Headmark's MCP server at /api/mcp: Streamable HTTP (the SDK's createMcpHandler, stateless),
 * authorised by better-auth's OAuth access tokens bound to this resource. A token is honoured
 * only while its connection is live and its person still belongs to the connection's
 * organization; each call runs as the person, with their role at the time of the call.
 */
export function createMcpEndpoint(options: McpEndpointOptions): McpEndpoint {
  const { env, db, auth, logger } = options
  const resource = mcpResource(env.BETTER_AUTH_URL)
  const resourceMetadataUrl = new URL(
    `${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`,
    env.BETTER_AUTH_URL,
  ).href
  const issuer = new URL('/api/auth', env.BETTER_AUTH_URL).href
  const jwksCacheKey = {}
  const handler = createMcpHandler(
    (context) => {
      const call = context.authInfo?.extra?.call as AgentCall | undefined
      if (!call) throw new Error('An MCP request reached the server without its connection.')
      return buildMcpServer(call)
    },
    {
      maxRequestBodySize: env.MAX_BODY_BYTES,
      onerror: (error) => logger.info(`[mcp] ${error.message.slice(0, 200)}`),
    },
  )
  const serverMetadata = oauthProviderAuthServerMetadata(auth)
  const openIdMetadata = oauthProviderOpenIdConfigMetadata(auth)

  /** A 401 (or 403) with the RFC 9728 challenge that starts (or restarts) the OAuth flow. */
  function challenge(status: 401 | 403, description: string, error?: string): Response {
    const parts = [
      `resource_metadata="${resourceMetadataUrl}"`,
      `scope="${AGENT_SCOPE_NAMES.map(oauthScopeOf).join(' ')}"`,
      ...(error ? [`error="${error}"`, `error_description="${headerText(description)}"`] : []),
    ]
    return Response.json(
      { jsonrpc: '2.0', error: { code: -32001, message: description }, id: null },
      {
        status,
        headers: { 'www-authenticate': `Bearer ${parts.join(', ')}`, 'cache-control': 'no-store' },
      },
    )
  }

  async function signIn(request: Request): Promise<Response> {
    const query = new URL(request.url).search.slice(1)
    const consent = `/app/connect-agent${query ? `?${query}` : ''}`
    const session = await auth.api.getSession({ headers: request.headers }).catch(() => null)
    const location = session
      ? consent
      : `/get-started?mode=sign-in&redirect=${encodeURIComponent(consent)}`
    return new Response(null, {
      status: 302,
      headers: { location, 'cache-control': 'no-store' },
    })
  }

  /** The connection a verified token speaks for, or why it is refused. */
  async function callOf(
    token: string,
    claims: Record<string, unknown>,
  ): Promise<AgentCall | string> {
    const userId = typeof claims.sub === 'string' ? claims.sub : ''
    const clientId =
      typeof claims.client_id === 'string'
        ? claims.client_id
        : typeof claims.azp === 'string'
          ? claims.azp
          : ''
    const issuedAt = typeof claims.iat === 'number' ? claims.iat : 0
    if (!userId || !clientId) return 'This access token names no person or client.'
    const [row] = await db
      .select({
        connection: agentConnection,
        organization: { id: organization.id, slug: organization.slug },
        user,
        role: member.role,
      })
      .from(agentConnection)
      .innerJoin(organization, eq(organization.id, agentConnection.organizationId))
      .innerJoin(user, eq(user.id, agentConnection.userId))
      .leftJoin(
        member,
        and(eq(member.organizationId, agentConnection.organizationId), eq(member.userId, userId)),
      )
      .where(
        and(
          eq(agentConnection.userId, userId),
          eq(agentConnection.clientId, clientId),
          isNull(agentConnection.revokedAt),
        ),
      )
      .limit(1)
    // A token issued before the live connection was made belongs to an earlier, revoked one.
    if (!row || issuedAt < Math.floor(row.connection.createdAt.getTime() / 1000)) {
      return 'This agent’s connection was revoked (or never made): connect it again from the agent.'
    }
    if (row.user.banned) return 'The account that connected this agent is suspended.'
    if (row.role === null) {
      return 'The person who connected this agent no longer belongs to its organization: connect it again.'
    }
    const { connection } = row
    const granted = agentScopesOf(String(claims.scope ?? '').split(' '))
    const scopes = (connection.scopes as AgentScopeName[]).filter((scope) =>
      granted.includes(scope),
    )
    const now = new Date()
    const session = {
      session: {
        id: `agent:${connection.id}`,
        userId: row.user.id,
        token: '',
        createdAt: connection.createdAt,
        updatedAt: now,
        expiresAt: new Date(now.getTime() + 60_000),
        ipAddress: null,
        userAgent: null,
      },
      user: row.user,
    } as unknown as AuthSession
    const agent = { connectionId: connection.id, clientName: connection.clientName }
    const client = createInProcessClient(async () => ({
      ...(await options.createContext(new Headers())),
      session,
      agent,
    }))
    if (
      !connection.lastUsedAt ||
      now.getTime() - connection.lastUsedAt.getTime() > LAST_USED_RESOLUTION_MS
    ) {
      await db
        .update(agentConnection)
        .set({ lastUsedAt: now })
        .where(
          and(
            eq(agentConnection.id, connection.id),
            or(
              isNull(agentConnection.lastUsedAt),
              lt(agentConnection.lastUsedAt, new Date(now.getTime() - LAST_USED_RESOLUTION_MS)),
            ),
          ),
        )
    }
    void token
    return {
      connectionId: connection.id,
      clientName: connection.clientName,
      organizationSlug: row.organization.slug,
      siteIds: connection.siteIds,
      scopes,
      client,
      async requireSite(hostname) {
        const found = await requireSite(db, row.organization.id, hostname)
        if (connection.siteIds !== null && !connection.siteIds.includes(found.id)) {
          throw siteNotFound(hostname)
        }
        return found
      },
      async consume() {
        if (!options.rateLimit) return
        const { allowed, retryAfterSeconds } = await consumeLimit(
          db,
          `headmark:mcp:${connection.id}`,
          limits.mcpCallsPerConnection,
        )
        if (!allowed) {
          throw new ORPCError('TOO_MANY_REQUESTS', {
            message: `This connection made ${limits.mcpCallsPerConnection.max} calls in the last minute, the most it may: wait ${describeWait(retryAfterSeconds)} and go on.`,
          })
        }
      },
      logError: (message, error) => logger.error(message, error),
    }
  }

  async function handleProtocol(request: Request): Promise<Response> {
    const authorization = request.headers.get('authorization') ?? ''
    const token = /^(?:Bearer|DPoP)\s+(\S+)$/i.exec(authorization)?.[1]
    if (!token) {
      return challenge(
        401,
        'Connect with OAuth: this server needs an access token (Authorization: Bearer …).',
      )
    }
    if (token.startsWith(SITE_API_KEY_PREFIX)) {
      return challenge(
        401,
        'Site API keys are for the public metadata API, not for agents: connect the agent with OAuth instead.',
        'invalid_token',
      )
    }
    let claims: Record<string, unknown>
    try {
      claims = await verifyAccessTokenRequest(requestToResourceInput(request), {
        verifyOptions: { issuer, audience: resource },
        jwksFetch: async () => (await auth.api.getJwks()) as never,
        jwksCacheKey,
      })
    } catch {
      return challenge(
        401,
        'This access token is not valid here (expired, for another resource, or not issued by Headmark): refresh it or connect again.',
        'invalid_token',
      )
    }
    const call = await callOf(token, claims)
    if (typeof call === 'string') return challenge(401, call, 'invalid_token')
    return handler.fetch(request, {
      authInfo: {
        token,
        clientId: String(claims.client_id ?? claims.azp ?? ''),
        scopes: String(claims.scope ?? '')
          .split(' ')
          .filter(Boolean),
        ...(typeof claims.exp === 'number' ? { expiresAt: claims.exp } : {}),
        resource: new URL(resource),
        resourceMetadataUrl,
        extra: { call },
      },
    })
  }

  return {
    async handle(request) {
      const { pathname } = new URL(request.url)
      if (
        pathname === MCP_SIGN_IN_PATH &&
        (request.method === 'GET' || request.method === 'HEAD')
      ) {
        return signIn(request)
      }
      if (pathname !== MCP_PATH && pathname !== `${MCP_PATH}/`) {
        return Response.json(
          {
            error: 'not_found',
            message: `There is nothing at ${pathname.slice(0, 100)}: the MCP endpoint is ${MCP_PATH}.`,
          },
          { status: 404 },
        )
      }
      return handleProtocol(request)
    },
    async handleWellKnown(request) {
      const { pathname } = new URL(request.url)
      if (request.method !== 'GET' && request.method !== 'HEAD') return null
      if (
        pathname === PROTECTED_RESOURCE_METADATA_PATH ||
        pathname === `${PROTECTED_RESOURCE_METADATA_PATH}${MCP_PATH}`
      ) {
        return Response.json(
          {
            resource,
            authorization_servers: [issuer],
            bearer_methods_supported: ['header'],
            scopes_supported: AGENT_SCOPE_NAMES.map(oauthScopeOf),
            resource_name: 'Headmark',
            resource_documentation: new URL('/docs/api', env.BETTER_AUTH_URL).href,
          },
          {
            headers: { 'cache-control': 'public, max-age=300', 'access-control-allow-origin': '*' },
          },
        )
      }
      if (
        pathname === '/.well-known/oauth-authorization-server' ||
        pathname === '/.well-known/oauth-authorization-server/api/auth'
      ) {
        return withCors(await serverMetadata(request))
      }
      if (
        pathname === '/.well-known/openid-configuration' ||
        pathname === '/.well-known/openid-configuration/api/auth' ||
        pathname === '/api/auth/.well-known/openid-configuration'
      ) {
        return withCors(await openIdMetadata(request))
      }
      return null
    },
  }
}

/** `text` as a header value takes it: printable ASCII, typographic quotes made plain. */
function headerText(text: string): string {
  return text
    .replace(/[‘’]/g, "'")
    .replace(/["“”]/g, "'")
    .replace(/…/g, '...')
    .replace(/[^\x20-\x7e]/g, '?')
}

function withCors(response: Response): Response {
  const headers = new Headers(response.headers)
  headers.set('access-control-allow-origin', '*')
  return new Response(response.body, { status: response.status, headers })
}
