import { randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, asc, desc, eq, inArray, isNull } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import {
  agentConnection,
  member,
  oauthAccessToken,
  oauthConsent,
  oauthRefreshToken,
  organization,
  site,
} from '../db/schema.ts'
import { personActor, recordAudit } from '../domain/audit.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { authedProcedure } from '../rpc/base.ts'
import type { Context } from '../rpc/context.ts'
import {
  type AgentScopeName,
  AGENT_SCOPE_NAMES,
  consentInfoInput,
  consentInfoOutput,
  consentInput,
  consentOutput,
  listConnectionsOutput,
  oauthScopeOf,
  revokeConnectionInput,
  revokeConnectionOutput,
} from '../shared/agents.ts'
import { mayProposeAs, readOAuthQuery } from '../mcp/connections.ts'

/**
 * Connecting agents (MCP clients) to Headmark: the consent screen's facts and decision, the
 * signed-in person's connections, revoking one. Revoking is open to the person who connected
 * and to the owners and admins of the connection's organization.
 */
export const agentsRouter = {
  /** What the consent screen shows: the client, the scopes it asks for, where it may go. */
  // Sent with POST (by the app's naming rule, only get…/list…/suggest… are GET): the signed
  // request stays out of addresses and their logs.
  consentInfo: authedProcedure
    .input(consentInfoInput)
    .output(consentInfoOutput)
    .handler(async ({ context, input }) => {
      const request = await readOAuthQuery(context, input.oauthQuery)
      const organizations = await organizationsOf(context.db, context.user.id)
      return {
        client: { id: request.client.clientId, name: request.clientName, uri: request.client.uri },
        requestedScopes: request.requestedScopes,
        organizations,
      }
    }),

  /**
   * The person's decision. Accepted: the connection is recorded (replacing an earlier one of the
   * same client) and better-auth issues the code; refused: the client gets access_denied.
   */
  consent: authedProcedure
    .input(consentInput)
    .output(consentOutput)
    .handler(async ({ context, input }) => {
      const request = await readOAuthQuery(context, input.oauthQuery)
      if (!input.accept) {
        return {
          redirectTo: await completeConsent(context, {
            accept: false,
            oauth_query: input.oauthQuery,
          }),
        }
      }
      const scopes = [...new Set(input.scopes)]
      if (scopes.length === 0) {
        throw new ORPCError('BAD_REQUEST', {
          message:
            'Choose at least one thing the agent may do (read, propose changes, run checks).',
        })
      }
      const notRequested = scopes.filter((scope) => !request.requestedScopes.includes(scope))
      if (notRequested.length > 0) {
        throw new ORPCError('BAD_REQUEST', {
          message: `The agent did not ask for ${notRequested.join(', ')}: grant only what it asked for.`,
        })
      }
      const [membership] = await context.db
        .select({ role: member.role })
        .from(member)
        .where(
          and(eq(member.organizationId, input.organizationId), eq(member.userId, context.user.id)),
        )
        .limit(1)
      if (!membership) {
        throw new ORPCError('NOT_FOUND', {
          message:
            'This organization was not found among your organizations: choose one you belong to.',
        })
      }
      if (scopes.includes('propose') && !mayProposeAs(membership.role)) {
        throw new ORPCError('FORBIDDEN', {
          message:
            'Your role in this organization can not edit pages, so the agent can not propose changes there.',
        })
      }
      let siteIds: string[] | null = null
      if (input.siteIds !== null) {
        siteIds = [...new Set(input.siteIds)]
        if (siteIds.length === 0) {
          throw new ORPCError('BAD_REQUEST', {
            message: 'Choose at least one site, or every site of the organization.',
          })
        }
        const found = await context.db
          .select({ id: site.id })
          .from(site)
          .where(and(eq(site.organizationId, input.organizationId), inArray(site.id, siteIds)))
        if (found.length !== siteIds.length) {
          throw new ORPCError('BAD_REQUEST', {
            message:
              'Some of the chosen sites are not in this organization: choose among its sites.',
          })
        }
      }
      // An earlier connection of the same client is replaced: revoked first (its tokens and
      // better-auth's consent deleted), so nothing it was given outlives it. Then better-auth
      // records its consent and issues the code, and the connection is written.
      const [earlier] = await context.db
        .select()
        .from(agentConnection)
        .where(
          and(
            eq(agentConnection.userId, context.user.id),
            eq(agentConnection.clientId, request.client.clientId),
            isNull(agentConnection.revokedAt),
          ),
        )
      if (earlier) await revokeConnection(context.db, earlier, context.user)
      const redirectTo = await completeConsent(context, {
        accept: true,
        scope: ['offline_access', ...scopes.map(oauthScopeOf)]
          .filter((scope) => request.rawScopes.includes(scope))
          .join(' '),
        oauth_query: input.oauthQuery,
      })
      const connectionId = randomUUID()
      const granted = AGENT_SCOPE_NAMES.filter((scope) => scopes.includes(scope))
      await context.db.transaction(async (tx) => {
        await tx.insert(agentConnection).values({
          id: connectionId,
          userId: context.user.id,
          clientId: request.client.clientId,
          clientName: request.clientName,
          organizationId: input.organizationId,
          siteIds,
          scopes: granted,
        })
        await recordAudit(tx, {
          organizationId: input.organizationId,
          actor: personActor(context.user),
          action: 'agent.connected',
          target: { kind: 'agent_connection', id: connectionId, label: request.clientName },
          summary: { after: { scopes: granted, sites: siteIds ?? 'all' } },
        })
      })
      return { redirectTo }
    }),

  /** The signed-in person's live connections, newest first. */
  list: authedProcedure
    .route({ method: 'GET' })
    .output(listConnectionsOutput)
    .handler(async ({ context }) => {
      const rows = await context.db
        .select({
          connection: agentConnection,
          organization: { id: organization.id, name: organization.name, slug: organization.slug },
        })
        .from(agentConnection)
        .innerJoin(organization, eq(organization.id, agentConnection.organizationId))
        .where(and(eq(agentConnection.userId, context.user.id), isNull(agentConnection.revokedAt)))
        .orderBy(desc(agentConnection.createdAt), asc(agentConnection.id))
      const siteIds = [...new Set(rows.flatMap((row) => row.connection.siteIds ?? []))]
      const sites =
        siteIds.length === 0
          ? []
          : await context.db
              .select({ id: site.id, hostname: site.hostname, organizationId: site.organizationId })
              .from(site)
              .where(inArray(site.id, siteIds))
      return {
        connections: rows.map(({ connection, organization: org }) => ({
          id: connection.id,
          clientName: connection.clientName,
          organization: org,
          sites:
            connection.siteIds === null
              ? null
              : sites
                  .filter(
                    (s) => s.organizationId === org.id && (connection.siteIds ?? []).includes(s.id),
                  )
                  .map(({ id, hostname }) => ({ id, hostname })),
          scopes: connection.scopes as AgentScopeName[],
          createdAt: connection.createdAt.toISOString(),
          lastUsedAt: connection.lastUsedAt?.toISOString() ?? null,
        })),
      }
    }),

  /**
   * Revokes a connection at once: its access tokens are refused from the next call, its refresh
   * tokens and better-auth's consent are deleted (connecting again asks again).
   */
  revoke: authedProcedure
    .input(revokeConnectionInput)
    .output(revokeConnectionOutput)
    .handler(async ({ context, input }) => {
      const [row] = await context.db
        .select()
        .from(agentConnection)
        .where(and(eq(agentConnection.id, input.connectionId), isNull(agentConnection.revokedAt)))
        .limit(1)
      let allowed = row?.userId === context.user.id
      if (row && !allowed) {
        const [membership] = await context.db
          .select({ role: member.role })
          .from(member)
          .where(
            and(eq(member.organizationId, row.organizationId), eq(member.userId, context.user.id)),
          )
          .limit(1)
        const role = membership ? primaryOrganizationRole(membership.role) : null
        allowed = role === 'owner' || role === 'admin'
      }
      if (!row || !allowed) {
        throw new ORPCError('NOT_FOUND', {
          message: 'This connection was not found among yours: it may have been revoked already.',
        })
      }
      await revokeConnection(context.db, row, context.user)
      return { ok: true as const }
    }),
}

/** Marks the connection revoked and deletes its person's tokens and consent for its client. */
export async function revokeConnection(
  db: Database,
  row: { id: string; userId: string; clientId: string; clientName: string; organizationId: string },
  by: { id: string; name: string; email: string },
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(agentConnection)
      .set({ revokedAt: new Date(), revokedById: by.id })
      .where(and(eq(agentConnection.id, row.id), isNull(agentConnection.revokedAt)))
    await recordAudit(tx, {
      organizationId: row.organizationId,
      actor: personActor(by),
      action: 'agent.revoked',
      target: { kind: 'agent_connection', id: row.id, label: row.clientName },
    })
    const own = (table: typeof oauthAccessToken | typeof oauthRefreshToken | typeof oauthConsent) =>
      and(eq(table.userId, row.userId), eq(table.clientId, row.clientId))
    await tx.delete(oauthAccessToken).where(own(oauthAccessToken))
    await tx.delete(oauthRefreshToken).where(own(oauthRefreshToken))
    await tx.delete(oauthConsent).where(own(oauthConsent))
  })
}

/**
 * better-auth's consent endpoint, called as the person's browser would (their session cookie,
 * this origin): it records its consent and answers where the browser goes next.
 */
async function completeConsent(
  context: Context,
  body: { accept: boolean; scope?: string; oauth_query: string },
): Promise<string> {
  const origin = new URL(context.env.BETTER_AUTH_URL).origin
  const headers = new Headers({
    'content-type': 'application/json',
    accept: 'application/json',
    origin,
  })
  const cookie = context.headers.get('cookie')
  if (cookie) headers.set('cookie', cookie)
  const response = await context.auth.handler(
    new Request(new URL('/api/auth/oauth2/consent', origin), {
      method: 'POST',
      headers,
      body: JSON.stringify(body),
    }),
  )
  const answer = (await response.json().catch(() => ({}))) as {
    url?: unknown
    redirect_uri?: unknown
    error_description?: unknown
    message?: unknown
  }
  const url = typeof answer.url === 'string' ? answer.url : answer.redirect_uri
  if (!response.ok || typeof url !== 'string') {
    const reason = answer.error_description ?? answer.message
    throw new ORPCError('BAD_REQUEST', {
      message: `The authorization could not be completed${typeof reason === 'string' && reason ? ` (${reason.slice(0, 200)})` : ''}: start connecting again from your agent.`,
    })
  }
  return url
}

/** The person's organizations with their role and sites, by name. */
async function organizationsOf(db: Database, userId: string) {
  const rows = await db
    .select({
      id: organization.id,
      name: organization.name,
      slug: organization.slug,
      role: member.role,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(eq(member.userId, userId))
    .orderBy(asc(organization.name), asc(organization.id))
  const ids = rows.map((row) => row.id)
  const sites =
    ids.length === 0
      ? []
      : await db
          .select({ id: site.id, hostname: site.hostname, organizationId: site.organizationId })
          .from(site)
          .where(inArray(site.organizationId, ids))
          .orderBy(asc(site.hostname))
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    slug: row.slug,
    role: primaryOrganizationRole(row.role),
    sites: sites
      .filter((s) => s.organizationId === row.id)
      .map(({ id, hostname }) => ({ id, hostname })),
  }))
}
