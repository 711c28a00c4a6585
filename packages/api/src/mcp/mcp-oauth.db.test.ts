import { auth, refreshAuthorization } from '@modelcontextprotocol/client'
import { and, eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { connectAgent, MemoryOAuthProvider, navigate, resultOf } from '../../test/agents.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import { agentConnection, member } from '../db/schema.ts'

const server = useTestServer()

/** A raw MCP tools/list over HTTP with `token`: the status and WWW-Authenticate. */
async function rawCall(token: string | null) {
  const response = await fetch(`${server.current.origin}/api/mcp`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      accept: 'application/json, text/event-stream',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    body: JSON.stringify({
      jsonrpc: '2.0',
      id: 1,
      method: 'initialize',
      params: {
        protocolVersion: '2025-06-18',
        capabilities: {},
        clientInfo: { name: 'raw', version: '1' },
      },
    }),
  })
  return {
    status: response.status,
    challenge: response.headers.get('www-authenticate') ?? '',
    body: await response.text(),
  }
}

describe('connecting an agent through OAuth', () => {
  test('a person connects an MCP client: discovery, registration, consent, PKCE token, tools', async () => {
    const cast = await siteCast(server.current)
    const { client, connectionId } = await connectAgent(server.current, cast.owner, {
      organizationId: cast.organization.id,
    })
    const tools = await client.listTools()
    expect(tools.tools.map((tool) => tool.name).sort()).toEqual([
      'get_drift_result',
      'get_import_state',
      'get_page',
      'lint_metadata',
      'list_pages',
      'list_sites',
      'preview_page',
      'propose_changes',
      'run_drift_check',
    ])
    const sites = resultOf(await client.callTool({ name: 'list_sites', arguments: {} }))
    expect(sites.isError).toBe(false)
    expect(sites.json).toMatchObject({ sites: [{ hostname: 'acme.com' }] })
    expect(sites.text).not.toContain('globex')
    const { connections } = await cast.owner.rpc.agents.list()
    expect(connections).toEqual([
      expect.objectContaining({
        id: connectionId,
        clientName: 'Test Agent',
        organization: { id: cast.organization.id, name: 'Acme', slug: 'acme' },
        sites: null,
        scopes: ['read', 'propose', 'checks'],
      }),
    ])
    expect(connections[0]?.lastUsedAt).not.toBeNull()
    // Resources and prompts.
    const resources = await client.listResources()
    expect(resources.resources.map((resource) => resource.uri).sort()).toEqual([
      'headmark://docs/metadata-guidelines.md',
      'headmark://docs/public-api.json',
    ])
    const guidelines = await client.readResource({ uri: 'headmark://docs/metadata-guidelines.md' })
    expect(JSON.stringify(guidelines)).toContain('title-too-wide')
    const prompts = await client.listPrompts()
    expect(prompts.prompts.map((prompt) => prompt.name).sort()).toEqual([
      'audit_site',
      'fix_errors',
    ])
    await client.close()
  })

  test('discovery documents, and a 401 challenge for no token, a bad token or a site API key', async () => {
    const origin = server.current.origin
    const resource = await fetch(`${origin}/.well-known/oauth-protected-resource/api/mcp`)
    expect(resource.status).toBe(200)
    expect(await resource.json()).toMatchObject({
      resource: `${origin}/api/mcp`,
      authorization_servers: [`${origin}/api/auth`],
      scopes_supported: ['headmark:read', 'headmark:propose', 'headmark:checks'],
    })
    const server_ = await fetch(`${origin}/.well-known/oauth-authorization-server/api/auth`)
    expect(await server_.json()).toMatchObject({
      issuer: `${origin}/api/auth`,
      registration_endpoint: `${origin}/api/auth/oauth2/register`,
      code_challenge_methods_supported: ['S256'],
    })
    const none = await rawCall(null)
    expect(none.status).toBe(401)
    expect(none.challenge).toContain(
      `resource_metadata="${origin}/.well-known/oauth-protected-resource/api/mcp"`,
    )
    const forged = await rawCall('eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ4In0.c2ln')
    expect(forged.status).toBe(401)
    expect(forged.challenge).toContain('error="invalid_token"')
    const cast = await siteCast(server.current)
    const { key } = await cast.owner.rpc.siteApiKeys.create({
      organizationSlug: 'acme',
      siteHostname: 'acme.com',
      name: 'Production',
    })
    const apiKey = await rawCall(key)
    expect(apiKey.status).toBe(401)
    expect(apiKey.body).toContain('Site API keys are for the public metadata API')
  })

  test('the consent screen: its facts, a tampered request, an organization the person is not in, a refusal', async () => {
    const cast = await siteCast(server.current)
    const provider = new MemoryOAuthProvider('Claude Desktop', 'headmark:read offline_access')
    const serverUrl = `${server.current.origin}/api/mcp`
    expect(await auth(provider, { serverUrl })).toBe('REDIRECT')
    // The authorization of someone not signed in goes to sign-in, then back to the consent page.
    const anonymous = await navigate(provider.authorizationUrl!, '')
    const signIn = new URL(anonymous.location ?? '', server.current.origin)
    expect(signIn.pathname).toBe('/api/mcp/sign-in')
    const hop = await fetch(signIn, { redirect: 'manual' })
    const getStarted = new URL(hop.headers.get('location') ?? '', server.current.origin)
    expect(getStarted.pathname).toBe('/get-started')
    expect(getStarted.searchParams.get('mode')).toBe('sign-in')
    expect(getStarted.searchParams.get('redirect')).toMatch(/^\/app\/connect-agent\?.*sig=/)
    expect(getStarted.searchParams.get('redirect')!.length).toBeLessThanOrEqual(1000)

    const consentQuery = new URL(
      getStarted.searchParams.get('redirect')!,
      server.current.origin,
    ).search.slice(1)
    const info = await cast.member.rpc.agents.consentInfo({ oauthQuery: consentQuery })
    expect(info).toEqual({
      client: { id: provider.information!.client_id, name: 'Claude Desktop', uri: null },
      // The SDK's client asks for the scopes the server's challenge names.
      requestedScopes: ['read', 'propose', 'checks'],
      organizations: [
        {
          id: cast.organization.id,
          name: 'Acme',
          slug: 'acme',
          role: 'member',
          sites: [{ id: cast.site.id, hostname: 'acme.com' }],
        },
      ],
    })
    const tampered = consentQuery.replace('headmark%3Aread', 'headmark%3Apropose')
    await expect(
      cast.member.rpc.agents.consentInfo({ oauthQuery: tampered }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('not one Headmark made'),
    })
    // Granting what was not asked for, another organization, another organization's site.
    const base = { oauthQuery: consentQuery, accept: true, siteIds: null }
    await expect(
      cast.member.rpc.agents.consent({
        ...base,
        organizationId: cast.organization.id,
        scopes: [],
      }),
    ).rejects.toMatchObject({ status: 400, message: expect.stringContaining('at least one') })
    await expect(
      cast.member.rpc.agents.consent({
        ...base,
        organizationId: cast.other.organization.id,
        scopes: ['read'],
      }),
    ).rejects.toMatchObject({ status: 404 })
    await expect(
      cast.member.rpc.agents.consent({
        ...base,
        organizationId: cast.organization.id,
        siteIds: [cast.other.site.id],
        scopes: ['read'],
      }),
    ).rejects.toMatchObject({
      status: 400,
      message: expect.stringContaining('not in this organization'),
    })
    const refused = await cast.member.rpc.agents.consent({
      ...base,
      accept: false,
      organizationId: cast.organization.id,
      scopes: ['read'],
    })
    const callback = new URL(refused.redirectTo)
    expect(`${callback.origin}${callback.pathname}`).toBe(provider.redirectUrl)
    expect(callback.searchParams.get('error')).toBe('access_denied')
    expect((await cast.member.rpc.agents.list()).connections).toEqual([])
    expect(await server.current.headmark.db.select().from(agentConnection)).toEqual([])
  })

  test('a revoked connection is refused at once, and its refresh token no longer works', async () => {
    const cast = await siteCast(server.current)
    const { client, provider, connectionId } = await connectAgent(server.current, cast.member, {
      organizationId: cast.organization.id,
      scopes: ['read'],
    })
    const token = provider.stored!.access_token
    expect((await rawCall(token)).status).toBe(200)
    // Only its person, or the organization's owners and admins, may revoke it.
    await expect(cast.other.owner.rpc.agents.revoke({ connectionId })).rejects.toMatchObject({
      status: 404,
    })
    await expect(cast.stranger.rpc.agents.revoke({ connectionId })).rejects.toMatchObject({
      status: 404,
    })
    expect(await cast.member.rpc.agents.revoke({ connectionId })).toEqual({ ok: true })
    const refused = await rawCall(token)
    expect(refused.status).toBe(401)
    expect(refused.body).toContain('revoked')
    await expect(client.callTool({ name: 'list_sites', arguments: {} })).rejects.toThrow()
    const metadata = await (
      await fetch(`${server.current.origin}/.well-known/oauth-authorization-server/api/auth`)
    ).json()
    await expect(
      refreshAuthorization(metadata.issuer, {
        metadata,
        clientInformation: provider.information!,
        refreshToken: provider.stored!.refresh_token!,
        resource: new URL(`${server.current.origin}/api/mcp`),
      }),
    ).rejects.toThrow()
    expect((await cast.member.rpc.agents.list()).connections).toEqual([])
  })

  test('an admin revokes a member’s connection; a person who left the organization is refused', async () => {
    const cast = await siteCast(server.current)
    const first = await connectAgent(server.current, cast.member, {
      organizationId: cast.organization.id,
      scopes: ['read'],
      clientName: 'First',
    })
    expect(await cast.admin.rpc.agents.revoke({ connectionId: first.connectionId })).toEqual({
      ok: true,
    })
    expect((await rawCall(first.provider.stored!.access_token)).status).toBe(401)

    const second = await connectAgent(server.current, cast.member, {
      organizationId: cast.organization.id,
      scopes: ['read'],
      clientName: 'Second',
    })
    expect((await rawCall(second.provider.stored!.access_token)).status).toBe(200)
    const db = server.current.headmark.db
    const [membership] = await db
      .select({ id: member.id, userId: member.userId })
      .from(member)
      .innerJoin(agentConnection, eq(agentConnection.userId, member.userId))
      .where(
        and(
          eq(agentConnection.id, second.connectionId),
          eq(member.organizationId, cast.organization.id),
        ),
      )
    await cast.owner.rpc.members.remove({ organizationSlug: 'acme', memberId: membership!.id })
    const gone = await rawCall(second.provider.stored!.access_token)
    expect(gone.status).toBe(401)
    expect(gone.body).toContain('no longer belongs')
  })
})
