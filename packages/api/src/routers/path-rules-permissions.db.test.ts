import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'
import { pathRule, pathRuleRevision } from '../db/schema.ts'

// Who may call pathRules.*: everyone in the organization reads (the page editor shows what a
// page inherits); owners and admins change rules (the `site: update` permission, like the
// site's title template), since one rule changes what many pages serve. Strangers and another
// organization's hostname or rule id get NOT_FOUND.

const server = useTestServer()

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']
const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
const globex = { organizationSlug: 'globex', siteHostname: 'globex.com' }
const crossed = { organizationSlug: 'acme', siteHostname: 'globex.com' }

interface Fixture {
  owner: Visitor
  acmeRule: { id: string; currentRevisionId: string | null }
  globexRule: { id: string; currentRevisionId: string | null }
}

interface Case {
  adminsOnly: boolean
  own(f: Fixture, v: Visitor, n: number): Promise<unknown>
  foreign(f: Fixture, v: Visitor): Array<Promise<unknown>>
}

const cases: Record<string, Case> = {
  'pathRules.list': {
    adminsOnly: false,
    own: (_, v) => v.rpc.pathRules.list(acme),
    foreign: (_, v) => [v.rpc.pathRules.list(globex), v.rpc.pathRules.list(crossed)],
  },
  'pathRules.get': {
    adminsOnly: false,
    own: (f, v) => v.rpc.pathRules.get({ ...acme, ruleId: f.acmeRule.id }),
    foreign: (f, v) => [
      v.rpc.pathRules.get({ ...globex, ruleId: f.globexRule.id }),
      v.rpc.pathRules.get({ ...crossed, ruleId: f.globexRule.id }),
      v.rpc.pathRules.get({ ...acme, ruleId: f.globexRule.id }),
    ],
  },
  'pathRules.listRevisions': {
    adminsOnly: false,
    own: (f, v) => v.rpc.pathRules.listRevisions({ ...acme, ruleId: f.acmeRule.id }),
    foreign: (f, v) => [
      v.rpc.pathRules.listRevisions({ ...globex, ruleId: f.globexRule.id }),
      v.rpc.pathRules.listRevisions({ ...acme, ruleId: f.globexRule.id }),
    ],
  },
  'pathRules.listMatching': {
    adminsOnly: false,
    own: (_, v) => v.rpc.pathRules.listMatching({ ...acme, pagePath: '/blog/x' }),
    foreign: (_, v) => [
      v.rpc.pathRules.listMatching({ ...globex, pagePath: '/blog/x' }),
      v.rpc.pathRules.listMatching({ ...crossed, pagePath: '/blog/x' }),
    ],
  },
  'pathRules.create': {
    adminsOnly: true,
    own: (_, v, n) => v.rpc.pathRules.create({ ...acme, pattern: `/n${n}/*`, metadata: {} }),
    foreign: (_, v) => [
      v.rpc.pathRules.create({ ...globex, pattern: '/mine/*', metadata: {} }),
      v.rpc.pathRules.create({ ...crossed, pattern: '/mine/*', metadata: {} }),
    ],
  },
  'pathRules.update': {
    adminsOnly: true,
    async own(f, v) {
      const current = await v.rpc.pathRules
        .get({ ...acme, ruleId: f.acmeRule.id })
        .catch(() => f.acmeRule)
      return v.rpc.pathRules.update({
        ...acme,
        ruleId: f.acmeRule.id,
        baseRevisionId: current.currentRevisionId,
        metadata: { description: 'Mine now' },
      })
    },
    foreign: (f, v) => [
      v.rpc.pathRules.update({
        ...globex,
        ruleId: f.globexRule.id,
        baseRevisionId: f.globexRule.currentRevisionId,
        metadata: { description: 'Stolen' },
      }),
      v.rpc.pathRules.update({
        ...acme,
        ruleId: f.globexRule.id,
        baseRevisionId: f.globexRule.currentRevisionId,
        metadata: { description: 'Stolen' },
      }),
    ],
  },
  'pathRules.rename': {
    adminsOnly: true,
    own: (f, v, n) =>
      v.rpc.pathRules.rename({ ...acme, ruleId: f.acmeRule.id, pattern: `/r${n}/*` }),
    foreign: (f, v) => [
      v.rpc.pathRules.rename({ ...globex, ruleId: f.globexRule.id, pattern: '/stolen/*' }),
      v.rpc.pathRules.rename({ ...acme, ruleId: f.globexRule.id, pattern: '/stolen/*' }),
    ],
  },
  'pathRules.restore': {
    adminsOnly: true,
    own: (f, v) =>
      v.rpc.pathRules.restore({
        ...acme,
        ruleId: f.acmeRule.id,
        revisionId: f.acmeRule.currentRevisionId ?? '',
      }),
    foreign: (f, v) => [
      v.rpc.pathRules.restore({
        ...globex,
        ruleId: f.globexRule.id,
        revisionId: f.globexRule.currentRevisionId ?? '',
      }),
      v.rpc.pathRules.restore({
        ...acme,
        ruleId: f.acmeRule.id,
        revisionId: f.globexRule.currentRevisionId ?? '',
      }),
    ],
  },
  'pathRules.delete': {
    adminsOnly: true,
    async own(f, v, n) {
      const { id } = await f.owner.rpc.pathRules.create({
        ...acme,
        pattern: `/d${n}/*`,
        metadata: {},
      })
      return v.rpc.pathRules.delete({ ...acme, ruleId: id })
    },
    foreign: (f, v) => [
      v.rpc.pathRules.delete({ ...globex, ruleId: f.globexRule.id }),
      v.rpc.pathRules.delete({ ...acme, ruleId: f.globexRule.id }),
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

describe('who may call pathRules.*', () => {
  it.each(Object.entries(cases))('%s', async (name, testCase) => {
    const cast: SiteCast = await siteCast(server.current)
    const acmeRule = await cast.owner.rpc.pathRules.create({
      ...acme,
      pattern: '/blog/*',
      metadata: { description: 'Acme posts' },
    })
    const globexRule = await cast.other.owner.rpc.pathRules.create({
      ...globex,
      pattern: '/blog/*',
      metadata: { description: 'Globex posts' },
    })
    const fixture = { acmeRule, globexRule, owner: cast.owner }
    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    let n = 0
    for (const role of roles) {
      const visitor = cast[role]
      seen[`${role} own`] = await outcome(testCase.own(fixture, visitor, n++))
      expected[`${role} own`] =
        role === 'stranger'
          ? 'NOT_FOUND'
          : role === 'member' && testCase.adminsOnly
            ? 'FORBIDDEN'
            : 'ok'
      const foreign = await Promise.all(testCase.foreign(fixture, visitor).map(outcome))
      for (const [index, result] of foreign.entries()) {
        seen[`${role} foreign ${index}`] = result
        // A member is refused by role before anything is looked up in their own organization.
        const refusedByRole = role === 'member' && testCase.adminsOnly && index > 0
        expected[`${role} foreign ${index}`] = refusedByRole ? 'FORBIDDEN' : 'NOT_FOUND'
      }
    }
    expect(seen, name).toEqual(expected)
    // Globex's rule did not move.
    const { db } = server.current.headmark
    const [rule] = await db.select().from(pathRule).where(eq(pathRule.id, globexRule.id))
    expect(rule).toMatchObject({
      pattern: '/blog/*',
      currentRevisionId: globexRule.currentRevisionId,
    })
    expect(
      await db
        .select({ id: pathRuleRevision.id })
        .from(pathRuleRevision)
        .where(eq(pathRuleRevision.ruleId, globexRule.id)),
    ).toEqual([{ id: globexRule.currentRevisionId }])
  })
})
