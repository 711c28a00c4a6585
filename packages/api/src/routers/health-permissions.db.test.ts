import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'
import { driftCheck, site } from '../db/schema.ts'

// health.* × {stranger, member, admin, owner} × {own organization, another's}: every
// member reads their own pages' checks; strangers, another organization's slug or hostname, and
// a page of another organization's site get NOT_FOUND.

// Checks queued here fetch a closed port on loopback, never the real acme.com.
const server = useTestServer({
  env: { WEBHOOKS_ALLOW_LOOPBACK: 'true', CRAWLER_SITE_ORIGINS: 'acme.com=http://127.0.0.1:9' },
})

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

describe('who may read a page’s live check', () => {
  it('members of the organization, on its own pages only', async () => {
    const cast = await siteCast(server.current)
    await cast.owner.rpc.pages.create({
      organizationSlug: 'acme',
      siteHostname: 'acme.com',
      path: '/pricing',
    })
    const own = (v: Visitor) =>
      v.rpc.health.getLiveCheck({
        organizationSlug: 'acme',
        siteHostname: 'acme.com',
        pagePath: '/pricing',
      })
    const foreign = (v: Visitor) => [
      v.rpc.health.getLiveCheck({
        organizationSlug: 'globex',
        siteHostname: 'globex.com',
        pagePath: '/secret',
      }),
      v.rpc.health.getLiveCheck({
        organizationSlug: 'acme',
        siteHostname: 'globex.com',
        pagePath: '/secret',
      }),
      v.rpc.health.getLiveCheck({
        organizationSlug: 'acme',
        siteHostname: 'acme.com',
        pagePath: '/secret',
      }),
    ]
    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const role of roles) {
      seen[`${role} own`] = await outcome(own(cast[role]))
      expected[`${role} own`] = role === 'stranger' ? 'NOT_FOUND' : 'ok'
      for (const [index, result] of (
        await Promise.all(foreign(cast[role]).map(outcome))
      ).entries()) {
        seen[`${role} foreign ${index}`] = result
        expected[`${role} foreign ${index}`] = 'NOT_FOUND'
      }
    }
    expect(seen).toEqual(expected)
    // Globex's owner reads Globex's page (no check yet: the site is not connected).
    expect(
      await cast.other.owner.rpc.health.getLiveCheck({
        organizationSlug: 'globex',
        siteHostname: 'globex.com',
        pagePath: '/secret',
      }),
    ).toBeNull()
  })

  it('drift checks: members start and read them on their own connected sites only', async () => {
    const cast = await siteCast(server.current)
    const { db } = server.current.headmark
    // Both sites are connected.
    await db.update(site).set({ ownershipVerifiedAt: new Date() })
    await cast.owner.rpc.pages.create({
      organizationSlug: 'acme',
      siteHostname: 'acme.com',
      path: '/pricing',
    })
    const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
    const globex = { organizationSlug: 'globex', siteHostname: 'globex.com' }
    const crossed = { organizationSlug: 'acme', siteHostname: 'globex.com' }
    const settle = () => db.update(driftCheck).set({ state: 'done' })
    const cases: Record<string, (v: Visitor, ref: typeof acme, path: string) => Promise<unknown>> =
      {
        'health.checkSite': async (v, ref) => {
          await settle()
          return v.rpc.health.checkSite(ref)
        },
        'health.checkPage': async (v, ref, path) => {
          await settle()
          return v.rpc.health.checkPage({ ...ref, pagePath: path })
        },
        'health.getSite': (v, ref) => v.rpc.health.getSite(ref),
        'health.getPage': (v, ref, path) => v.rpc.health.getPage({ ...ref, pagePath: path }),
      }
    for (const [name, call] of Object.entries(cases)) {
      const seen: Record<string, string> = {}
      const expected: Record<string, string> = {}
      for (const role of roles) {
        seen[`${role} own`] = await outcome(call(cast[role], acme, '/pricing'))
        expected[`${role} own`] = role === 'stranger' ? 'NOT_FOUND' : 'ok'
        seen[`${role} foreign`] = await outcome(call(cast[role], globex, '/secret'))
        seen[`${role} crossed`] = await outcome(call(cast[role], crossed, '/secret'))
        expected[`${role} foreign`] = 'NOT_FOUND'
        expected[`${role} crossed`] = 'NOT_FOUND'
      }
      expect({ name, ...seen }).toEqual({ name, ...expected })
    }
    // Nothing was queued for Globex.
    const globexChecks = await db
      .select()
      .from(driftCheck)
      .where(eq(driftCheck.siteId, cast.other.site.id))
    expect(globexChecks).toEqual([])
  })

  it('live checks of a change set: members read their own site’s change sets only', async () => {
    const cast = await siteCast(server.current)
    const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
    const globex = { organizationSlug: 'globex', siteHostname: 'globex.com' }
    const own = await cast.owner.rpc.transfer.import({
      ...acme,
      format: 'csv',
      content: 'path,title\n/one,One\n',
      createMissing: true,
    })
    const theirs = await cast.other.owner.rpc.transfer.import({
      ...globex,
      format: 'csv',
      content: 'path,title\n/secret,Secret\n',
      createMissing: true,
    })
    const ownId = own.changeSetId as string
    const theirId = theirs.changeSetId as string
    const read = (v: Visitor, ref: typeof acme, changeSetId: string) =>
      v.rpc.health.listChangeSetLiveChecks({ ...ref, changeSetId })
    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const role of roles) {
      seen[`${role} own`] = await outcome(read(cast[role], acme, ownId))
      expected[`${role} own`] = role === 'stranger' ? 'NOT_FOUND' : 'ok'
      seen[`${role} foreign`] = await outcome(read(cast[role], globex, theirId))
      seen[`${role} crossed site`] = await outcome(
        read(cast[role], { organizationSlug: 'acme', siteHostname: 'globex.com' }, theirId),
      )
      seen[`${role} other set`] = await outcome(read(cast[role], acme, theirId))
      for (const key of ['foreign', 'crossed site', 'other set']) {
        expected[`${role} ${key}`] = 'NOT_FOUND'
      }
    }
    expect(seen).toEqual(expected)
    // Globex's owner reads Globex's (no checks: the site is not connected).
    expect(await read(cast.other.owner, globex, theirId)).toEqual({ limit: 20, checks: [] })
  })

  it('refuses a check of a site that is not connected, saying how to connect it', async () => {
    const cast = await siteCast(server.current)
    const refused = await cast.owner.rpc.health
      .checkSite({ organizationSlug: 'acme', siteHostname: 'acme.com' })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 412, message: expect.stringMatching(/not connected/) })
  })

  it('answers 400 with the reason for a path that is not one', async () => {
    const cast = await siteCast(server.current)
    const refused = await cast.owner.rpc.health
      .getLiveCheck({
        organizationSlug: 'acme',
        siteHostname: 'acme.com',
        pagePath: 'https://other.example/x',
      })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/\S/) })
  })
})
