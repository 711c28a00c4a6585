import { createHash } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { describe, expect, it } from 'vitest'
import { siteApiKey } from '../db/schema.ts'
import { organizationCast } from '../../test/organization.ts'
import {
  createFixturePage,
  createFixtureSite,
  saveFixtureRevision,
} from '../../test/public-api-fixtures.ts'
import {
  getLatestTarget,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'
import { signedUpVisitor, type Visitor } from '../../test/visitor.ts'

const server = usePublicApiTestServer()
const db = () => server.current.app.headmark.db

const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof ORPCError ? error.code : error),
  )

/** Acme (the cast's organization) with a site, and Globex (someone else's) with one. */
async function world() {
  const cast = await organizationCast(server.current.app)
  const acmeSite = await createFixtureSite(db(), {
    organizationId: cast.organization.id,
    hostname: 'acme.example',
    requireApiKey: true,
  })
  await saveFixtureRevision(db(), acmeSite.id, null, { title: 'Acme' })
  const globexOwner = await signedUpVisitor(server.current.app, {
    name: 'Gina Globex',
    email: 'gina@globex.example',
  })
  const globex = await globexOwner.rpc.organizations.create({ name: 'Globex', slug: 'globex' })
  const globexSite = await createFixtureSite(db(), {
    organizationId: globex.id,
    hostname: 'globex.example',
  })
  return { ...cast, acmeSite, globexOwner, globexSite }
}

describe('siteApiKeys', () => {
  it('lets owners and admins create, list and revoke keys; members get FORBIDDEN, strangers and other organizations NOT_FOUND', async () => {
    const { owner, admin, member, stranger, acmeSite } = await world()
    const own = { organizationSlug: 'acme', siteHostname: 'acme.example' }
    const otherSite = { organizationSlug: 'acme', siteHostname: 'globex.example' }
    const otherOrganization = { organizationSlug: 'globex', siteHostname: 'globex.example' }

    const expected: Array<[string, Visitor, string | null, string, string]> = [
      // who, own site, other org's site through acme, other org
      ['stranger', stranger, 'NOT_FOUND', 'NOT_FOUND', 'NOT_FOUND'],
      ['member', member, 'FORBIDDEN', 'FORBIDDEN', 'NOT_FOUND'],
      ['admin', admin, null, 'NOT_FOUND', 'NOT_FOUND'],
      ['owner', owner, null, 'NOT_FOUND', 'NOT_FOUND'],
    ]
    for (const [who, visitor, onOwn, onOtherSite, onOtherOrganization] of expected) {
      const rpc = visitor.rpc.siteApiKeys
      const created = await failure(rpc.create({ ...own, name: `${who}'s key` }))
      expect([who, created]).toEqual([who, onOwn])
      expect([who, await failure(rpc.list(own))]).toEqual([who, onOwn])
      for (const [input, code] of [
        [otherSite, onOtherSite],
        [otherOrganization, onOtherOrganization],
      ] as const) {
        expect([who, await failure(rpc.list(input))]).toEqual([who, code])
        expect([who, await failure(rpc.create({ ...input, name: 'x' }))]).toEqual([who, code])
        expect([who, await failure(rpc.revoke({ ...input, apiKeyId: 'x' }))]).toEqual([who, code])
      }
    }

    const keys = await owner.rpc.siteApiKeys.list(own)
    expect(keys.map((key) => key.name)).toEqual(["admin's key", "owner's key"])
    expect(await failure(member.rpc.siteApiKeys.revoke({ ...own, apiKeyId: keys[0]!.id }))).toBe(
      'FORBIDDEN',
    )
    expect(await failure(stranger.rpc.siteApiKeys.revoke({ ...own, apiKeyId: keys[0]!.id }))).toBe(
      'NOT_FOUND',
    )
    await admin.rpc.siteApiKeys.revoke({ ...own, apiKeyId: keys[0]!.id })
    expect((await owner.rpc.siteApiKeys.list(own)).map((key) => key.name)).toEqual(["owner's key"])
    expect(await failure(owner.rpc.siteApiKeys.revoke({ ...own, apiKeyId: keys[0]!.id }))).toBe(
      'NOT_FOUND',
    )
    expect(acmeSite.dsn).toBeTruthy()
  })

  it('shows the key once, stores only its hash, and the public API honours it at once until it is revoked', async () => {
    const { owner, acmeSite } = await world()
    const own = { organizationSlug: 'acme', siteHostname: 'acme.example' }
    const target = getLatestTarget(acmeSite.dsn, '/')
    const call = (key?: string) =>
      rawRequest(server.current.origin, target, {
        headers: key ? { authorization: `Bearer ${key}` } : {},
      }).then((response) => response.status)

    expect(await call()).toBe(401)
    const { key, apiKey } = await owner.rpc.siteApiKeys.create({ ...own, name: 'Production' })
    expect(key).toMatch(/^hm_[\w-]{43}$/)
    expect(apiKey).toEqual({
      id: expect.any(String),
      name: 'Production',
      prefix: key.slice(0, 10),
      createdAt: expect.any(Date),
      lastUsedAt: null,
    })
    const [row] = await db().select().from(siteApiKey)
    expect(row?.keyHash).toBe(createHash('sha256').update(key).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(key)
    expect(JSON.stringify(await owner.rpc.siteApiKeys.list(own))).not.toContain(key)

    // Cached while the site had no key: the new key works on the next request all the same.
    expect(await call(key)).toBe(200)
    await server.current.api.flush()
    expect((await owner.rpc.siteApiKeys.list(own))[0]?.lastUsedAt).toBeInstanceOf(Date)

    await owner.rpc.siteApiKeys.revoke({ ...own, apiKeyId: apiKey.id })
    expect(await call(key)).toBe(401)
  })

  it('refuses an empty name and more than 20 live keys', async () => {
    const { owner } = await world()
    const own = { organizationSlug: 'acme', siteHostname: 'acme.example' }
    expect(await failure(owner.rpc.siteApiKeys.create({ ...own, name: '  ' }))).toBe('BAD_REQUEST')
    for (let i = 0; i < 20; i++) await owner.rpc.siteApiKeys.create({ ...own, name: `k${i}` })
    const error = await owner.rpc.siteApiKeys
      .create({ ...own, name: 'one too many' })
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ code: 'BAD_REQUEST', message: expect.stringContaining('20') })
  })
})

describe('discoveredPaths.list', () => {
  it('lists requested paths without a page to every member, most requested first, and forgets them once the page exists', async () => {
    const { member, stranger, acmeSite, owner } = await world()
    const { key } = await owner.rpc.siteApiKeys.create({
      organizationSlug: 'acme',
      siteHostname: 'acme.example',
      name: 'k',
    })
    const request = (path: string) =>
      rawRequest(server.current.origin, getLatestTarget(acmeSite.dsn, path), {
        headers: { authorization: `Bearer ${key}` },
      })
    for (const path of ['/blog', '/blog/', '/blog?x=1', '/about', '/caf%C3%A9']) {
      expect((await request(path)).status).toBe(200)
    }
    await server.current.api.flush()
    const input = { organizationSlug: 'acme', siteHostname: 'acme.example' }
    const listed = await member.rpc.discoveredPaths.list(input)
    expect(listed.map(({ path, requestCount }) => [path, requestCount])).toEqual([
      ['/blog', 3],
      expect.anything(),
      expect.anything(),
    ])
    expect(listed.map((row) => row.path).sort()).toEqual(['/about', '/blog', '/café'])

    await createFixturePage(db(), acmeSite.id, '/blog')
    expect((await member.rpc.discoveredPaths.list(input)).map((row) => row.path).sort()).toEqual([
      '/about',
      '/café',
    ])
    expect(await failure(stranger.rpc.discoveredPaths.list(input))).toBe('NOT_FOUND')
    expect(
      await failure(
        member.rpc.discoveredPaths.list({
          organizationSlug: 'acme',
          siteHostname: 'globex.example',
        }),
      ),
    ).toBe('NOT_FOUND')
  })
})
