import type { Client } from '@modelcontextprotocol/client'
import { readFileSync } from 'node:fs'
import { eq } from 'drizzle-orm'
import { describe, expect, test } from 'vitest'
import { connectAgent, mcpStatuses, resultOf } from '../../test/agents.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast, type SiteCast } from '../../test/sites.ts'
import { auditEvent } from '../db/schema.ts'

const server = useTestServer()

/** A tool call's outcome: a result (maybe an error result) or a protocol error's message. */
async function call(client: Client, name: string, args: Record<string, unknown>) {
  try {
    return { ...resultOf(await client.callTool({ name, arguments: args })), protocolError: null }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { isError: true, text: message, json: null, protocolError: message }
  }
}

/** acme.com with two pages: /pricing (a title that is too long, no description) and /about. */
async function withPages(cast: SiteCast) {
  const ref = { organizationSlug: 'acme', siteHostname: 'acme.com' }
  for (const path of ['/pricing', '/about']) {
    await cast.owner.rpc.pages.create({ ...ref, path })
  }
  await cast.owner.rpc.metadataRevisions.save({
    ...ref,
    pagePath: '/pricing',
    baseRevisionId: null,
    metadata: { title: 'Pricing' },
  })
  await cast.owner.rpc.metadataRevisions.save({
    ...ref,
    pagePath: '/about',
    baseRevisionId: null,
    metadata: { title: 'About Acme', description: 'Who we are.' },
  })
}

const READ_CALLS: Array<[string, Record<string, unknown>]> = [
  ['list_sites', {}],
  ['list_pages', { siteHostname: 'acme.com' }],
  ['get_page', { siteHostname: 'acme.com', pagePath: '/pricing' }],
  ['lint_metadata', { metadata: { title: 'Pricing' } }],
  ['preview_page', { siteHostname: 'acme.com', pagePath: '/pricing' }],
  ['get_drift_result', { siteHostname: 'acme.com' }],
  ['get_import_state', { siteHostname: 'acme.com' }],
]

describe('MCP tools', () => {
  test('each role with each scope: read tools answer, tools of a scope not granted say which one', async () => {
    const cast = await siteCast(server.current)
    await withPages(cast)
    for (const [role, person] of [
      ['owner', cast.owner],
      ['admin', cast.admin],
      ['member', cast.member],
    ] as const) {
      const { client } = await connectAgent(server.current, person, {
        organizationId: cast.organization.id,
        scopes: ['read'],
        clientName: `Reader of ${role}`,
      })
      for (const [name, args] of READ_CALLS) {
        const result = await call(client, name, args)
        expect(result.isError, `${role} ${name}: ${result.text}`).toBe(false)
      }
      const page = await call(client, 'get_page', {
        siteHostname: 'acme.com',
        pagePath: '/pricing',
      })
      expect(page.json).toMatchObject({
        path: '/pricing',
        served: { title: 'Pricing' },
        lint: expect.arrayContaining([expect.objectContaining({ rule: 'description-missing' })]),
        revisions: [expect.objectContaining({ number: 1 })],
      })
      const missing = await call(client, 'list_pages', {
        siteHostname: 'acme.com',
        missing: 'description',
      })
      expect((missing.json as { pages: Array<{ path: string }> }).pages.map((p) => p.path)).toEqual(
        ['/pricing'],
      )
      for (const [name, scope] of [
        ['propose_changes', 'headmark:propose'],
        ['run_drift_check', 'headmark:checks'],
      ] as const) {
        const refused = await call(client, name, {
          siteHostname: 'acme.com',
          title: 'T',
          explanation: 'E',
          pages: [{ pagePath: '/pricing', metadata: { description: 'x' } }],
        })
        expect(refused.isError).toBe(true)
        expect(refused.text).toContain(scope)
      }
      await client.close()
    }
    // The preview measures in pixels and cuts as a search result does.
    const { client } = await connectAgent(server.current, cast.owner, {
      organizationId: cast.organization.id,
      clientName: 'Previewer',
    })
    const long =
      'A very long title that keeps going well past what a search result shows on a desktop screen'
    const preview = await call(client, 'preview_page', {
      siteHostname: 'acme.com',
      pagePath: '/pricing',
      metadata: { title: long },
    })
    const search = (preview.json as { search: { desktop: { title: Record<string, unknown> } } })
      .search.desktop.title
    expect(search.truncated).toBe(true)
    expect(search.widthPx as number).toBeGreaterThan(600)
    expect(String(search.shown).endsWith('…')).toBe(true)
    // Nothing was saved by previewing.
    const page = await cast.owner.rpc.pages.get({
      organizationSlug: 'acme',
      siteHostname: 'acme.com',
      pagePath: '/pricing',
    })
    expect(page.served.title).toBe('Pricing')
    // A drift check needs the site connected: the agent is told what to do.
    const drift = await call(client, 'run_drift_check', { siteHostname: 'acme.com' })
    expect(drift.isError).toBe(true)
    expect(drift.text.length).toBeGreaterThan(20)
  })

  test('another organization’s site and pages are never reached (0 leaks), nor sites outside the connection', async () => {
    const cast = await siteCast(server.current)
    await withPages(cast)
    await cast.owner.rpc.sites.create({
      organizationSlug: 'acme',
      name: 'Acme shop',
      hostname: 'shop.acme.com',
    })
    const { client } = await connectAgent(server.current, cast.owner, {
      organizationId: cast.organization.id,
      siteIds: [cast.site.id],
    })
    const sites = await call(client, 'list_sites', {})
    expect(
      (sites.json as { sites: Array<{ hostname: string }> }).sites.map((s) => s.hostname),
    ).toEqual(['acme.com'])
    const unknown = await call(client, 'get_page', {
      siteHostname: 'nowhere.example',
      pagePath: '/',
    })
    for (const hostname of ['globex.com', 'shop.acme.com']) {
      for (const [name, args] of [
        ['list_pages', { siteHostname: hostname }],
        ['get_page', { siteHostname: hostname, pagePath: '/secret' }],
        ['preview_page', { siteHostname: hostname, pagePath: '/secret' }],
        ['get_drift_result', { siteHostname: hostname }],
        ['get_import_state', { siteHostname: hostname }],
        ['run_drift_check', { siteHostname: hostname }],
        [
          'propose_changes',
          {
            siteHostname: hostname,
            title: 'Leak',
            explanation: 'Leak',
            pages: [{ pagePath: '/secret', metadata: { title: 'x' } }],
          },
        ],
      ] as const) {
        const result = await call(client, name, args)
        expect(result.isError, `${name} ${hostname}`).toBe(true)
        expect(result.text).not.toContain('Globex secret')
        // The same answer as for a site that does not exist, but for the hostname.
        expect(result.text.replace(hostname, 'X')).toBe(
          name === 'get_page'
            ? unknown.text.replace('nowhere.example', 'X')
            : result.text.replace(hostname, 'X'),
        )
        expect(result.text).toContain('There is no site')
      }
    }
    const globex = await cast.other.owner.rpc.changeRequests.list({ organizationSlug: 'globex' })
    expect(globex.items).toEqual([])
  })

  test('a proposal becomes a draft change request that a person approves and publishes', async () => {
    const cast = await siteCast(server.current)
    await withPages(cast)
    await cast.owner.rpc.changeRequests.updatePolicy({
      organizationSlug: 'acme',
      mode: 'review',
      twoPersonRule: false,
      largeChangePages: 50,
    })
    const { client, connectionId } = await connectAgent(server.current, cast.member, {
      organizationId: cast.organization.id,
      clientName: 'Claude Code',
    })
    const proposed = await call(client, 'propose_changes', {
      siteHostname: 'acme.com',
      title: 'Describe the pricing page',
      explanation: 'The pricing page has no description: search engines pick a snippet themselves.',
      pages: [
        {
          pagePath: '/pricing',
          metadata: { description: 'Plans for every team, from free to enterprise.' },
        },
        { pagePath: '/about', metadata: { description: null } },
      ],
    })
    expect(proposed.isError, proposed.text).toBe(false)
    const { changeRequestId } = proposed.json as { changeRequestId: string }
    // Nothing is published.
    const ref = { organizationSlug: 'acme', siteHostname: 'acme.com' }
    expect(
      (await cast.owner.rpc.pages.get({ ...ref, pagePath: '/pricing' })).served.description,
    ).toBe(undefined)
    const { changeRequest, items } = await cast.admin.rpc.changeRequests.get({
      organizationSlug: 'acme',
      changeRequestId,
    })
    expect(changeRequest).toMatchObject({
      title: 'Describe the pricing page',
      description: 'The pricing page has no description: search engines pick a snippet themselves.',
      status: 'open',
      author: { name: 'member person' },
      agent: { connectionId, clientName: 'Claude Code' },
      pageCount: 2,
    })
    expect(items.map((item) => [item.path, item.after.description ?? null])).toEqual([
      ['/about', null],
      ['/pricing', 'Plans for every team, from free to enterprise.'],
    ])
    const listed = await cast.admin.rpc.changeRequests.list({ organizationSlug: 'acme' })
    expect(listed.items[0]).toMatchObject({
      id: changeRequestId,
      agent: { clientName: 'Claude Code' },
    })
    // The audit log names the agent and its person.
    const entries = await server.current.headmark.db
      .select()
      .from(auditEvent)
      .where(eq(auditEvent.targetId, changeRequestId))
    expect(entries.map((entry) => entry.action).sort()).toEqual([
      'change_request.draft_saved',
      'change_request.draft_saved',
      'change_request.opened',
    ])
    for (const entry of entries) {
      expect(entry.actorKind).toBe('agent')
      expect(entry.actorId).toBe(connectionId)
      expect(entry.actorLabel).toContain('Claude Code')
      expect(entry.actorLabel).toContain('member@example.com')
    }
    // People stay in charge: the admin approves and publishes.
    await cast.admin.rpc.changeRequests.review({
      organizationSlug: 'acme',
      changeRequestId,
      decision: 'approve',
      body: '',
    })
    const published = await cast.admin.rpc.changeRequests.publish({
      organizationSlug: 'acme',
      changeRequestId,
    })
    expect(published.status).toBe('published')
    expect(
      (await cast.owner.rpc.pages.get({ ...ref, pagePath: '/pricing' })).served.description,
    ).toBe('Plans for every team, from free to enterprise.')
    expect(
      (await cast.owner.rpc.pages.get({ ...ref, pagePath: '/about' })).served.description,
    ).toBe(undefined)
    // A proposal with a bad page is refused whole, naming it.
    const bad = await call(client, 'propose_changes', {
      siteHostname: 'acme.com',
      title: 'Bad',
      explanation: 'Bad',
      pages: [
        { pagePath: '/pricing', metadata: { title: 'Fine' } },
        { pagePath: '/missing', metadata: { title: 'x' } },
      ],
    })
    expect(bad.isError).toBe(true)
    expect(bad.text).toContain('pages.1')
    const after = await cast.admin.rpc.changeRequests.list({ organizationSlug: 'acme' })
    expect(after.items).toHaveLength(1)
  })

  test('a proposal drafts one locale’s set of a page, and refuses a locale the site does not have', async () => {
    const cast = await siteCast(server.current)
    await withPages(cast)
    const ref = { organizationSlug: 'acme', siteHostname: 'acme.com' }
    await cast.owner.rpc.sites.updateLocales({
      ...ref,
      locales: [
        { code: 'en', kind: 'path-prefix', value: '' },
        { code: 'de', kind: 'path-prefix', value: '/de' },
      ],
      defaultLocale: 'en',
    })
    const { client } = await connectAgent(server.current, cast.member, {
      organizationId: cast.organization.id,
      clientName: 'Claude Code',
    })
    const { tools } = await client.listTools()
    const tool = tools.find((found) => found.name === 'propose_changes')
    expect(tool?.description).toContain('locale')
    const pageItem = (
      tool?.inputSchema.properties as {
        pages: { items: { properties: Record<string, { description?: string }> } }
      }
    ).pages.items.properties
    expect(pageItem.locale?.description).toContain('locale')

    const proposed = await call(client, 'propose_changes', {
      siteHostname: 'acme.com',
      title: 'German title of the pricing page',
      explanation: 'The German pricing page served the English title.',
      pages: [{ pagePath: '/pricing', locale: 'de', metadata: { title: 'Preise' } }],
    })
    expect(proposed.isError, proposed.text).toBe(false)
    const { changeRequestId } = proposed.json as { changeRequestId: string }
    const { items } = await cast.owner.rpc.changeRequests.get({
      organizationSlug: 'acme',
      changeRequestId,
    })
    expect(items.map((item) => [item.path, item.locale, item.after])).toEqual([
      ['/pricing', 'de', { title: 'Preise' }],
    ])
    // Nothing is published: the German version still inherits the English title.
    expect(
      (await cast.owner.rpc.pages.get({ ...ref, pagePath: '/pricing', locale: 'de' })).served.title,
    ).toBe('Pricing')
    await cast.owner.rpc.changeRequests.publish({ organizationSlug: 'acme', changeRequestId })
    expect(
      (await cast.owner.rpc.pages.get({ ...ref, pagePath: '/pricing', locale: 'de' })).served.title,
    ).toBe('Preise')
    expect((await cast.owner.rpc.pages.get({ ...ref, pagePath: '/pricing' })).served.title).toBe(
      'Pricing',
    )

    const refused = await call(client, 'propose_changes', {
      siteHostname: 'acme.com',
      title: 'Italian',
      explanation: 'Prices in Italian',
      pages: [{ pagePath: '/pricing', locale: 'it', metadata: { title: 'Prezzi' } }],
    })
    expect(refused.isError).toBe(true)
    expect(refused.protocolError).toBeNull()
    expect(refused.text).toContain('This site has no locale “it”; its locales are en, de.')
    const listed = await cast.owner.rpc.changeRequests.list({ organizationSlug: 'acme' })
    expect(listed.items).toHaveLength(1)
  })

  test('malformed tool input is a validation error an agent can act on, never a 5xx', async () => {
    const cast = await siteCast(server.current)
    await withPages(cast)
    const { client } = await connectAgent(server.current, cast.owner, {
      organizationId: cast.organization.id,
    })
    mcpStatuses.length = 0
    for (const [name, args, mentions] of [
      ['get_page', { siteHostname: 'acme.com' }, 'pagePath'],
      ['get_page', { siteHostname: 42, pagePath: '/' }, 'siteHostname'],
      ['list_pages', { siteHostname: 'acme.com', missing: 'colour' }, 'missing'],
      ['list_pages', { siteHostname: 'acme.com', limit: 100000 }, 'limit'],
      [
        'propose_changes',
        { siteHostname: 'acme.com', title: '', explanation: 'x', pages: [] },
        'title',
      ],
      [
        'propose_changes',
        { siteHostname: 'acme.com', title: 'T', explanation: 'E', pages: 'all' },
        'pages',
      ],
      [
        'propose_changes',
        { siteHostname: 'acme.com', title: 'T', explanation: 'E' },
        'Propose at least one change',
      ],
      [
        'propose_changes',
        {
          siteHostname: 'acme.com',
          title: 'T',
          explanation: 'E',
          pages: [{ pagePath: '/pricing', metadata: { title: 42 } }],
        },
        'title',
      ],
      ['lint_metadata', { metadata: 'title' }, 'metadata'],
      ['lint_metadata', { metadata: { openGraph: { image: 7 } } }, 'not a valid metadata object'],
    ] as const) {
      const result = await call(client, name, args)
      expect(result.isError, `${name} ${JSON.stringify(args)}`).toBe(true)
      expect(result.text, `${name} ${JSON.stringify(args)}`).toContain(mentions)
    }
    expect(mcpStatuses.filter((status) => status >= 500)).toEqual([])
  })

  test('the hostile corpus through every string argument of every tool: answered, never a 5xx', async () => {
    const cast = await siteCast(server.current)
    await withPages(cast)
    const { client } = await connectAgent(server.current, cast.owner, {
      organizationId: cast.organization.id,
    })
    const corpus = JSON.parse(
      readFileSync(new URL('../../test/hostile-strings.json', import.meta.url), 'utf8'),
    ) as Record<string, unknown>
    const strings = Object.values(corpus).filter(Array.isArray).flat() as string[]
    expect(strings.length).toBeGreaterThan(30)
    mcpStatuses.length = 0
    const page = { siteHostname: 'acme.com', pagePath: '/pricing' }
    for (const hostile of strings) {
      const calls: Array<[string, Record<string, unknown>]> = [
        ['list_pages', { siteHostname: hostile }],
        ['list_pages', { siteHostname: 'acme.com', pathPrefix: hostile, cursor: hostile }],
        ['get_page', { siteHostname: hostile, pagePath: '/pricing' }],
        ['get_page', { siteHostname: 'acme.com', pagePath: hostile }],
        ['lint_metadata', { metadata: { title: hostile, description: hostile }, url: hostile }],
        ['preview_page', { ...page, metadata: { title: hostile, description: hostile } }],
        ['preview_page', { siteHostname: 'acme.com', pagePath: hostile }],
        ['get_drift_result', { siteHostname: 'acme.com', pagePath: hostile }],
        ['get_import_state', { siteHostname: hostile }],
        ['run_drift_check', { siteHostname: hostile, pagePath: hostile }],
        [
          'propose_changes',
          {
            siteHostname: 'acme.com',
            title: hostile,
            explanation: hostile,
            pages: [{ pagePath: '/pricing', metadata: { title: hostile } }],
          },
        ],
        [
          'propose_changes',
          {
            siteHostname: 'acme.com',
            title: 'Rule',
            explanation: 'Rule',
            rules: [
              { pattern: hostile, metadata: { description: hostile }, titleTemplate: hostile },
            ],
          },
        ],
      ]
      for (const [name, args] of calls) {
        const result = await call(client, name, args)
        expect(result.text.length, `${name} ${JSON.stringify(hostile)}`).toBeGreaterThan(0)
        expect(result.text, `${name} ${JSON.stringify(hostile)}`).not.toContain(
          'could not answer this call',
        )
      }
    }
    expect(mcpStatuses.filter((status) => status >= 500)).toEqual([])
    // What was stored reads back exactly (titles are trimmed, as in the app's forms).
    const { items } = await cast.owner.rpc.changeRequests.list({
      organizationSlug: 'acme',
      limit: 100,
    })
    const titles = items.map((item) => item.title).filter((title) => title !== 'Rule')
    expect(titles.length).toBeGreaterThan(0)
    for (const title of titles) expect(strings.map((value) => value.trim())).toContain(title)
  }, 180_000)
})
