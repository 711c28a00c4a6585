import { randomUUID } from 'node:crypto'
import { eq, inArray } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'
import { site, siteImport } from '../db/schema.ts'

// imports.* × {stranger, member, admin, owner} × {own organization, another's}. Importing
// creates pages and proposes edits, which every member may do; proving the site's ownership is
// a site setting (owners and admins), and only they see the token. Strangers, another
// organization's slug or hostname, and another site's import id get NOT_FOUND.

const server = useTestServer()

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
const globex = { organizationSlug: 'globex', siteHostname: 'globex.com' }
const crossed = { organizationSlug: 'acme', siteHostname: 'globex.com' }

interface Setup {
  cast: SiteCast
  /** A finished import of Globex's site. */
  globexImportId: string
}

interface Case {
  /** Who may (default: every member). */
  allowed?: Role[]
  own(setup: Setup, visitor: Visitor): Promise<unknown>
  foreign(setup: Setup, visitor: Visitor): Array<Promise<unknown>>
}

/** An import row of a site in `state`, written straight to the database (no job runs it). */
async function storedImport(
  siteId: string,
  organizationId: string,
  state: 'queued' | 'cancelled' | 'done',
): Promise<string> {
  const id = randomUUID()
  await server.current.headmark.db.insert(siteImport).values({
    id,
    siteId,
    organizationId,
    startedById: null,
    source: { kind: 'url', url: 'https://acme.com/a' },
    headSource: 'html',
    state,
    pageCap: 100,
    discoveredAt: new Date(),
  })
  return id
}

const acmeImport = (cast: SiteCast, state: 'queued' | 'cancelled' | 'done') =>
  storedImport(cast.site.id, cast.organization.id, state)

/** Ends every import of acme.com that is under way, so the next start is not a conflict. */
async function settle() {
  await server.current.headmark.db
    .update(siteImport)
    .set({ state: 'done' })
    .where(inArray(siteImport.state, ['queued', 'running']))
}

async function drain(stream: Promise<AsyncIterable<unknown>>) {
  const views: unknown[] = []
  for await (const view of await stream) views.push(view)
  return views
}

const cases: Record<string, Case> = {
  'imports.list': {
    own: (_, v) => v.rpc.imports.list(acme),
    foreign: (_, v) => [v.rpc.imports.list(globex), v.rpc.imports.list(crossed)],
  },
  'imports.get': {
    own: async ({ cast }, v) =>
      v.rpc.imports.get({ ...acme, importId: await acmeImport(cast, 'done') }),
    foreign: ({ globexImportId }, v) => [
      v.rpc.imports.get({ ...globex, importId: globexImportId }),
      v.rpc.imports.get({ ...crossed, importId: globexImportId }),
      v.rpc.imports.get({ ...acme, importId: globexImportId }),
    ],
  },
  'imports.watch': {
    own: async ({ cast }, v) =>
      drain(v.rpc.imports.watch({ ...acme, importId: await acmeImport(cast, 'done') })),
    foreign: ({ globexImportId }, v) => [
      drain(v.rpc.imports.watch({ ...globex, importId: globexImportId })),
      drain(v.rpc.imports.watch({ ...acme, importId: globexImportId })),
    ],
  },
  'imports.start': {
    own: async (_, v) => {
      await settle()
      return v.rpc.imports.start({ ...acme, source: 'url', urls: 'https://acme.com/a' })
    },
    foreign: (_, v) => [
      v.rpc.imports.start({ ...globex, source: 'url', urls: 'https://globex.com/a' }),
      v.rpc.imports.start({ ...crossed, source: 'url', urls: 'https://globex.com/a' }),
    ],
  },
  'imports.cancel': {
    own: async ({ cast }, v) => {
      await settle()
      return v.rpc.imports.cancel({ ...acme, importId: await acmeImport(cast, 'queued') })
    },
    foreign: ({ globexImportId }, v) => [
      v.rpc.imports.cancel({ ...globex, importId: globexImportId }),
      v.rpc.imports.cancel({ ...acme, importId: globexImportId }),
    ],
  },
  'imports.resume': {
    own: async ({ cast }, v) => {
      await settle()
      return v.rpc.imports.resume({ ...acme, importId: await acmeImport(cast, 'cancelled') })
    },
    foreign: ({ globexImportId }, v) => [
      v.rpc.imports.resume({ ...globex, importId: globexImportId }),
      v.rpc.imports.resume({ ...acme, importId: globexImportId }),
    ],
  },
  'imports.getOwnership': {
    own: (_, v) => v.rpc.imports.getOwnership(acme),
    foreign: (_, v) => [v.rpc.imports.getOwnership(globex), v.rpc.imports.getOwnership(crossed)],
  },
  'imports.verifyOwnership': {
    allowed: ['admin', 'owner'],
    own: (_, v) => v.rpc.imports.verifyOwnership(acme),
    foreign: (_, v) => [
      v.rpc.imports.verifyOwnership(globex),
      v.rpc.imports.verifyOwnership(crossed),
    ],
  },
}

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

describe('who may import', () => {
  it.each(Object.entries(cases))('%s', async (_name, testCase) => {
    const cast = await siteCast(server.current)
    const globexImportId = await storedImport(
      cast.other.site.id,
      cast.other.organization.id,
      'cancelled',
    )
    const setup = { cast, globexImportId }
    const allowed = testCase.allowed ?? ['member', 'admin', 'owner']

    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const role of roles) {
      const visitor = cast[role]
      seen[`${role} own`] = await outcome(testCase.own(setup, visitor))
      expected[`${role} own`] =
        role === 'stranger' ? 'NOT_FOUND' : allowed.includes(role) ? 'ok' : 'FORBIDDEN'
      const foreign = await Promise.all(testCase.foreign(setup, visitor).map(outcome))
      for (const [index, result] of foreign.entries()) {
        seen[`${role} foreign ${index}`] = result
        expected[`${role} foreign ${index}`] =
          role !== 'stranger' && !allowed.includes(role) && index === 1 ? 'FORBIDDEN' : 'NOT_FOUND'
      }
    }
    expect(seen).toEqual(expected)

    // Globex's import and site did not move.
    const { db } = server.current.headmark
    const [other] = await db
      .select({ state: siteImport.state })
      .from(siteImport)
      .where(eq(siteImport.id, globexImportId))
    expect(other?.state).toBe('cancelled')
    const [otherSite] = await db
      .select({ verifiedAt: site.ownershipVerifiedAt })
      .from(site)
      .where(eq(site.id, cast.other.site.id))
    expect(otherSite?.verifiedAt).toBeNull()
  })

  it('shows the ownership token to owners and admins only', async () => {
    const cast = await siteCast(server.current)
    const [owner, admin, member] = await Promise.all(
      [cast.owner, cast.admin, cast.member].map((v) => v.rpc.imports.getOwnership(acme)),
    )
    expect(owner?.token).toMatch(/^hm-[0-9a-f]{32}$/)
    expect(admin?.token).toBe(owner?.token)
    expect(member).toMatchObject({ token: null, metaTag: null, canVerify: false })
  })
})
