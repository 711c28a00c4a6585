import { createRouterClient } from '@orpc/server'
import { eq } from 'drizzle-orm'
import { beforeEach, describe, expect, it } from 'vitest'
import { edgeRefusal, hostileLengths, hostileTexts } from '../../test/corpus.ts'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'
import { metadataRevision, page } from '../db/schema.ts'
import { router } from '../router.ts'

const server = useTestServer()

const changed: string[] = []
let listening = false
beforeEach(() => {
  if (!listening) {
    server.current.headmark.events.onSiteChanged((siteId) => changed.push(siteId))
    listening = true
  }
})

/** The usual cast, with the record of changed sites emptied after it was set up. */
async function cast() {
  const result = await siteCast(server.current)
  changed.length = 0
  return result
}

const acme = { organizationSlug: 'acme' }

describe('sites.create', () => {
  it('stores the normalised hostname, a random DSN and the defaults page', async () => {
    const { owner } = await cast()
    const created = await owner.rpc.sites.create({
      ...acme,
      name: 'Blog',
      hostname: 'https://Blog.Acme.COM/x',
    })
    expect(created).toEqual({
      id: expect.any(String),
      name: 'Blog',
      hostname: 'blog.acme.com',
      dsn: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      titleTemplate: null,
      requireApiKey: false,
      createdAt: expect.any(Date),
      updatedAt: expect.any(Date),
      pageCount: 0,
      lastChangedAt: null,
      firstRequest: null,
      locales: null,
    })
    const defaults = await owner.rpc.pages.get({
      ...acme,
      siteHostname: 'blog.acme.com',
      pagePath: null,
    })
    expect(defaults).toMatchObject({
      page: { path: null, currentRevisionId: null },
      revision: null,
      defaults: {},
      served: {},
    })
    const other = await owner.rpc.sites.create({ ...acme, name: 'Shop', hostname: 'shop.acme.com' })
    expect(other.dsn).not.toBe(created.dsn)
  })

  it.each([
    ['an IP address', '127.0.0.1', 'not an IP address'],
    ['a port', 'acme.org:8080', 'Leave out the port'],
    ['a space', 'acme .org', 'can not contain spaces'],
    ['254 characters', `${'abcdefghi.'.repeat(26)}com`, 'at most 253 characters'],
    ['a javascript: URL', 'javascript:alert(1)', 'not a valid hostname'],
  ])('refuses a hostname with %s, with a message on the field', async (_, hostname, message) => {
    const { owner } = await cast()
    await expect(owner.rpc.sites.create({ ...acme, name: 'X', hostname })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: expect.stringContaining(message),
      data: { issues: [{ path: ['hostname'], message: expect.stringContaining(message) }] },
    })
  })

  it('refuses localhost in production, and accepts it in development', async () => {
    const { owner } = await cast()
    const context = await server.current.headmark.createContext(new Headers(owner.headers()))
    const production = createRouterClient(router, {
      context: { ...context, env: { ...context.env, NODE_ENV: 'production' } },
    })
    await expect(
      production.sites.create({ ...acme, name: 'Local', hostname: 'localhost' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('localhost') })
    const development = createRouterClient(router, {
      context: { ...context, env: { ...context.env, NODE_ENV: 'development' } },
    })
    expect(
      await development.sites.create({ ...acme, name: 'Local', hostname: 'http://localhost/' }),
    ).toMatchObject({ hostname: 'localhost' })
  })

  it('answers CONFLICT to a hostname the organization already has, in any spelling', async () => {
    const { owner, other } = await cast()
    await expect(
      owner.rpc.sites.create({ ...acme, name: 'Again', hostname: 'HTTPS://ACME.COM./' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'This organization already has a site for acme.com.',
      data: { issues: [{ path: ['hostname'] }] },
    })
    // Another organization may have a site with the same hostname.
    expect(
      await other.owner.rpc.sites.create({
        organizationSlug: 'globex',
        name: 'Acme too',
        hostname: 'acme.com',
      }),
    ).toMatchObject({ hostname: 'acme.com' })
  })

  it('refuses a 1 MiB hostname before it reaches the procedure', async () => {
    const { owner } = await cast()
    const hostname = 'a'.repeat(1_048_576)
    await expect(owner.rpc.sites.create({ ...acme, name: 'X', hostname })).rejects.toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
    })
    expect((await owner.rpc.sites.list(acme)).every((s) => s.hostname.length <= 253)).toBe(true)
  })

  it('refuses an empty or oversized name, and a NUL character', async () => {
    const { owner } = await cast()
    // The message is the issue's own, so a toast says what to change.
    await expect(
      owner.rpc.sites.create({ ...acme, name: ' ', hostname: 'x.acme.com' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: 'Give the site a name.' })
    // A NUL character is refused by the server's edge before the procedure, without field issues.
    await expect(
      owner.rpc.sites.create({ ...acme, name: 'a\u0000b', hostname: 'x.acme.com' }),
    ).rejects.toMatchObject(edgeRefusal('a\u0000b') ?? {})
    for (const name of ['  ', 'a'.repeat(101), '\uFEFFAcme']) {
      await expect(
        owner.rpc.sites.create({ ...acme, name, hostname: 'x.acme.com' }),
      ).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        data: { issues: [expect.objectContaining({ path: ['name'] })] },
      })
    }
  })

  it('stores and returns hostile names exactly, or refuses them with a message', async () => {
    const { owner } = await cast()
    for (const [index, name] of hostileTexts().entries()) {
      const hostname = `s${index}.acme.com`
      const refused = edgeRefusal(name)
      if (refused) {
        await expect(owner.rpc.sites.create({ ...acme, name, hostname })).rejects.toMatchObject(
          refused,
        )
        continue
      }
      if (name.startsWith('\uFEFF')) {
        await expect(owner.rpc.sites.create({ ...acme, name, hostname })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          data: { issues: [expect.objectContaining({ path: ['name'] })] },
        })
        continue
      }
      expect((await owner.rpc.sites.create({ ...acme, name, hostname })).name).toBe(name)
      expect((await owner.rpc.sites.get({ ...acme, siteHostname: hostname })).name).toBe(name)
      expect((await owner.rpc.sites.list(acme)).find((s) => s.hostname === hostname)?.name).toBe(
        name,
      )
    }
    for (const length of hostileLengths()) {
      const name = 'a'.repeat(length)
      await expect(
        owner.rpc.sites.create({ ...acme, name, hostname: 'long.acme.com' }),
      ).rejects.toMatchObject(edgeRefusal(name) ?? { code: 'BAD_REQUEST', status: 400 })
    }
  })
})

describe('sites.list and sites.get', () => {
  it('lists the organization’s sites by name with their page counts, over GET', async () => {
    const { owner, member } = await cast()
    await owner.rpc.sites.create({ ...acme, name: 'blog', hostname: 'blog.acme.com' })
    await owner.rpc.sites.create({ ...acme, name: 'Zed', hostname: 'zed.acme.com' })
    await owner.rpc.pages.create({ ...acme, siteHostname: 'blog.acme.com', path: '/a' })
    await owner.rpc.pages.create({ ...acme, siteHostname: 'blog.acme.com', path: '/b' })
    member.rpcRequests.length = 0
    const sites = await member.rpc.sites.list(acme)
    expect(sites.map((s) => [s.name, s.hostname, s.pageCount])).toEqual([
      ['Acme', 'acme.com', 0],
      ['blog', 'blog.acme.com', 2],
      ['Zed', 'zed.acme.com', 0],
    ])
    expect(await member.rpc.sites.get({ ...acme, siteHostname: 'Blog.Acme.com' })).toMatchObject({
      hostname: 'blog.acme.com',
      pageCount: 2,
    })
    expect(member.rpcRequests).toEqual(['GET /api/rpc/sites/list', 'GET /api/rpc/sites/get'])
  })

  it('stamps lastChangedAt when metadata is saved', async () => {
    const { owner } = await cast()
    const before = await owner.rpc.sites.get({ ...acme, siteHostname: 'acme.com' })
    expect(before.lastChangedAt).toBeNull()
    await owner.rpc.metadataRevisions.save({
      ...acme,
      siteHostname: 'acme.com',
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Acme' },
    })
    const after = await owner.rpc.sites.get({ ...acme, siteHostname: 'acme.com' })
    expect(after.lastChangedAt).toBeInstanceOf(Date)
  })

  it('answers NOT_FOUND for an unknown hostname', async () => {
    const { member } = await cast()
    await expect(
      member.rpc.sites.get({ ...acme, siteHostname: 'nope.example' }),
    ).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
      message: expect.stringContaining('There is no site “nope.example”'),
    })
  })
})

describe('sites.update', () => {
  async function update(owner: Visitor, fields: Record<string, unknown>) {
    return owner.rpc.sites.update({ ...acme, siteHostname: 'acme.com', ...fields })
  }

  it('changes the name, hostname, title template and key requirement, and says so', async () => {
    const { owner, site } = await cast()
    const updated = await owner.rpc.sites.update({
      ...acme,
      siteHostname: 'acme.com',
      name: 'Acme Inc',
      hostname: 'https://www.Acme.com/',
      titleTemplate: '%s · Acme',
      requireApiKey: true,
    })
    expect(updated).toMatchObject({
      id: site.id,
      name: 'Acme Inc',
      hostname: 'www.acme.com',
      dsn: site.dsn,
      titleTemplate: '%s · Acme',
      requireApiKey: true,
    })
    expect(changed).toEqual([site.id])
    // Fields left out stay as they are; an empty template is no template.
    const cleared = await owner.rpc.sites.update({
      ...acme,
      siteHostname: 'www.acme.com',
      titleTemplate: '  ',
    })
    expect(cleared).toMatchObject({ name: 'Acme Inc', titleTemplate: null, requireApiKey: true })
  })

  it('refuses a template without %s, a taken hostname and a bad one', async () => {
    const { owner } = await cast()
    await owner.rpc.sites.create({ ...acme, name: 'Blog', hostname: 'blog.acme.com' })
    await expect(update(owner, { titleTemplate: 'Acme' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { issues: [expect.objectContaining({ path: ['titleTemplate'] })] },
    })
    await expect(update(owner, { hostname: 'BLOG.acme.com' })).rejects.toMatchObject({
      code: 'CONFLICT',
      data: { issues: [{ path: ['hostname'] }] },
    })
    await expect(update(owner, { hostname: '10.0.0.1' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      data: { issues: [{ path: ['hostname'] }] },
    })
    expect(changed).toEqual([])
  })

  it('stores hostile title templates exactly', async () => {
    const { owner } = await cast()
    for (const text of hostileTexts()) {
      const template = `${text} %s`
      const refused = edgeRefusal(template)
      if (refused) {
        await expect(update(owner, { titleTemplate: template })).rejects.toMatchObject(refused)
        continue
      }
      if (text.startsWith('\uFEFF')) {
        await expect(update(owner, { titleTemplate: template })).rejects.toMatchObject({
          code: 'BAD_REQUEST',
          data: { issues: [expect.objectContaining({ path: ['titleTemplate'] })] },
        })
        continue
      }
      expect((await update(owner, { titleTemplate: template })).titleTemplate).toBe(template)
    }
    for (const length of hostileLengths()) {
      const titleTemplate = `%s${'a'.repeat(length)}`
      await expect(update(owner, { titleTemplate })).rejects.toMatchObject(
        edgeRefusal(titleTemplate) ?? { code: 'BAD_REQUEST', status: 400 },
      )
    }
  })
})

describe('sites.delete', () => {
  it('deletes the site with its pages and revisions', async () => {
    const { owner, site, other } = await cast()
    await owner.rpc.pages.create({ ...acme, siteHostname: 'acme.com', path: '/a' })
    await owner.rpc.metadataRevisions.save({
      ...acme,
      siteHostname: 'acme.com',
      pagePath: '/a',
      baseRevisionId: null,
      metadata: { title: 'A' },
    })
    changed.length = 0
    expect(await owner.rpc.sites.delete({ ...acme, siteHostname: 'acme.com' })).toEqual({
      ok: true,
    })
    expect(changed).toEqual([site.id])
    await expect(owner.rpc.sites.get({ ...acme, siteHostname: 'acme.com' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    const { db } = server.current.headmark
    expect(await db.select().from(page).where(eq(page.siteId, site.id))).toEqual([])
    // Globex's page and revision are untouched.
    expect(
      await db.select().from(metadataRevision).where(eq(metadataRevision.id, other.revisionId)),
    ).toHaveLength(1)
  })
})
