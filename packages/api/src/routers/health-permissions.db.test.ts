import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'

// health.liveCheck × {stranger, member, admin, owner} × {own organization, another's}: every
// member reads their own pages' checks; strangers, another organization's slug or hostname, and
// a page of another organization's site get NOT_FOUND.

const server = useTestServer()

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
      v.rpc.health.liveCheck({
        organizationSlug: 'acme',
        siteHostname: 'acme.com',
        pagePath: '/pricing',
      })
    const foreign = (v: Visitor) => [
      v.rpc.health.liveCheck({
        organizationSlug: 'globex',
        siteHostname: 'globex.com',
        pagePath: '/secret',
      }),
      v.rpc.health.liveCheck({
        organizationSlug: 'acme',
        siteHostname: 'globex.com',
        pagePath: '/secret',
      }),
      v.rpc.health.liveCheck({
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
      await cast.other.owner.rpc.health.liveCheck({
        organizationSlug: 'globex',
        siteHostname: 'globex.com',
        pagePath: '/secret',
      }),
    ).toBeNull()
  })

  it('answers 400 with the reason for a path that is not one', async () => {
    const cast = await siteCast(server.current)
    const refused = await cast.owner.rpc.health
      .liveCheck({
        organizationSlug: 'acme',
        siteHostname: 'acme.com',
        pagePath: 'https://other.example/x',
      })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 400, message: expect.stringMatching(/\S/) })
  })
})
