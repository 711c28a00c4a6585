import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { site as siteTable } from '../db/schema.ts'
import { createFixtureApiKey } from '../../test/public-api-fixtures.ts'
import {
  getLatestTarget,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'
import { siteCast } from '../../test/sites.ts'
import { UsageRecorder } from './usage.ts'

const server = usePublicApiTestServer()
const db = () => server.current.app.headmark.db
const get = (target: string, headers: Record<string, string> = {}) =>
  rawRequest(server.current.origin, target, { headers })
const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

async function storedFirstRequest(siteId: string) {
  const [row] = await db()
    .select({ at: siteTable.firstRequestAt, path: siteTable.firstRequestPath })
    .from(siteTable)
    .where(eq(siteTable.id, siteId))
  return row
}

describe('a site’s first public API call', () => {
  it('is recorded once, with the path it asked for; the organization’s people see it on the site', async () => {
    const cast = await siteCast(server.current.app)
    expect((await cast.member.rpc.sites.get(acme)).firstRequest).toBeNull()

    const before = new Date()
    expect((await get(getLatestTarget(cast.site.dsn, '/pricing/'))).status).toBe(200)
    const after = new Date()
    expect((await get(getLatestTarget(cast.site.dsn, '/about'))).status).toBe(200)
    await server.current.api.flush()

    for (const person of [cast.owner, cast.admin, cast.member]) {
      const { firstRequest } = await person.rpc.sites.get(acme)
      expect(firstRequest).toEqual({ at: expect.any(Date), path: '/pricing' })
      expect(firstRequest?.at.getTime()).toBeGreaterThanOrEqual(before.getTime() - 1)
      expect(firstRequest?.at.getTime()).toBeLessThanOrEqual(after.getTime() + 1)
    }
    const recorded = await storedFirstRequest(cast.site.id)

    // Later calls, flushed, leave it as it was; the other organization's site has none.
    server.current.api.dropAll()
    expect((await get(getLatestTarget(cast.site.dsn, '/later'))).status).toBe(200)
    await server.current.api.flush()
    expect(await storedFirstRequest(cast.site.id)).toEqual(recorded)
    expect(await storedFirstRequest(cast.other.site.id)).toEqual({ at: null, path: null })

    // Only the site's own organization reads it.
    await expect(cast.stranger.rpc.sites.get(acme)).rejects.toThrow()
    await expect(cast.other.owner.rpc.sites.get(acme)).rejects.toThrow()
  })

  it('reaches the site within moments, without waiting for the usage flush', async () => {
    const cast = await siteCast(server.current.app)
    expect((await get(getLatestTarget(cast.site.dsn, '/'))).status).toBe(200)
    await expect
      .poll(async () => (await cast.owner.rpc.sites.get(acme)).firstRequest?.path)
      .toBe('/')
  })

  it('does not count refused calls: no key, a wrong key, another site’s key', async () => {
    const cast = await siteCast(server.current.app)
    await cast.owner.rpc.sites.update({ ...acme, requireApiKey: true })
    const ownKey = await createFixtureApiKey(db(), cast.site.id)
    const otherKey = await createFixtureApiKey(db(), cast.other.site.id)
    server.current.app.headmark.events.siteChanged(cast.site.id)

    const target = getLatestTarget(cast.site.dsn, '/pricing')
    expect((await get(target)).status).toBe(401)
    expect((await get(target, { authorization: 'Bearer hm_wrong' })).status).toBe(401)
    expect((await get(target, { authorization: `Bearer ${otherKey}` })).status).toBe(401)
    await server.current.api.flush()
    expect((await cast.owner.rpc.sites.get(acme)).firstRequest).toBeNull()

    const answer = await get(getLatestTarget(cast.site.dsn, '/docs'), {
      authorization: `Bearer ${ownKey}`,
    })
    expect(answer.status).toBe(200)
    await server.current.api.flush()
    expect((await cast.owner.rpc.sites.get(acme)).firstRequest?.path).toBe('/docs')
    expect(await storedFirstRequest(cast.other.site.id)).toEqual({ at: null, path: null })
  })

  it('keeps the earliest call when several server instances flush in any order', async () => {
    const cast = await siteCast(server.current.app)
    const first = new UsageRecorder(db())
    const second = new UsageRecorder(db())
    const early = Date.parse('2026-11-01T10:00:00Z')

    expect(first.firstRequest(cast.site.id, '/early', early)).toBe(true)
    // One instance notes a site once, whatever comes after.
    expect(first.firstRequest(cast.site.id, '/again', early + 5)).toBe(false)
    expect(second.firstRequest(cast.site.id, '/late', early + 1000)).toBe(true)

    await second.flushFirstRequests()
    expect((await cast.member.rpc.sites.get(acme)).firstRequest?.path).toBe('/late')
    await first.flush()
    expect((await cast.member.rpc.sites.get(acme)).firstRequest).toEqual({
      at: new Date(early),
      path: '/early',
    })
    // A later flush of the later call changes nothing.
    expect(second.firstRequest(cast.site.id, '/late', early + 1000)).toBe(false)
    await second.flush()
    expect((await cast.member.rpc.sites.get(acme)).firstRequest?.path).toBe('/early')
  })
})
