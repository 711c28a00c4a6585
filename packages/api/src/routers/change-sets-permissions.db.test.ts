import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'
import { changeSet, metadataRevision, page } from '../db/schema.ts'

// bulkPages.* and changeSets.* × {stranger, member, admin, owner} × {own organization, another's}.
// Saving metadata needs only membership, so every member may edit in bulk; strangers, another
// organization's slug or hostname, and another site's change set id get NOT_FOUND.

const server = useTestServer()

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
const globex = { organizationSlug: 'globex', siteHostname: 'globex.com' }
const crossed = { organizationSlug: 'acme', siteHostname: 'globex.com' }

interface Setup {
  cast: SiteCast
  /** A pending change set on Globex's site. */
  globexSetId: string
}

interface Case {
  own(setup: Setup, visitor: Visitor, n: number): Promise<unknown>
  foreign(setup: Setup, visitor: Visitor): Array<Promise<unknown>>
}

/** A page of acme.com and a pending change set retitling it, made by Acme's owner. */
async function pendingSet(cast: SiteCast, n: number): Promise<string> {
  const path = `/p${n}`
  const created = await cast.owner.rpc.pages.create({ ...acme, path })
  const set = await cast.owner.rpc.changeSets.create({
    ...acme,
    note: `Set ${n}`,
    edits: [{ pageId: created.id, path, baseRevisionId: null, metadata: { title: `Page ${n}` } }],
  })
  return set.id
}

const edit = (pageId: string) => ({
  pageId,
  path: '/secret',
  baseRevisionId: null,
  metadata: { title: 'Mine now' },
})
const operation = { kind: 'set', field: 'title', value: 'Mine now' } as const

const cases: Record<string, Case> = {
  'bulkPages.list': {
    own: (_, v) => v.rpc.bulkPages.list(acme),
    foreign: (_, v) => [v.rpc.bulkPages.list(globex), v.rpc.bulkPages.list(crossed)],
  },
  'changeSets.list': {
    own: (_, v) => v.rpc.changeSets.list(acme),
    foreign: (_, v) => [v.rpc.changeSets.list(globex), v.rpc.changeSets.list(crossed)],
  },
  'changeSets.get': {
    own: async ({ cast }, v, n) =>
      v.rpc.changeSets.get({ ...acme, changeSetId: await pendingSet(cast, n) }),
    foreign: ({ globexSetId }, v) => [
      v.rpc.changeSets.get({ ...globex, changeSetId: globexSetId }),
      v.rpc.changeSets.get({ ...crossed, changeSetId: globexSetId }),
      v.rpc.changeSets.get({ ...acme, changeSetId: globexSetId }),
    ],
  },
  'changeSets.create': {
    own: async ({ cast }, v, n) => {
      const created = await cast.owner.rpc.pages.create({ ...acme, path: `/c${n}` })
      return v.rpc.changeSets.create({
        ...acme,
        edits: [{ ...edit(created.id), path: `/c${n}` }],
      })
    },
    foreign: ({ cast }, v) => [
      v.rpc.changeSets.create({ ...globex, edits: [edit(cast.other.pageId)] }),
      v.rpc.changeSets.create({ ...crossed, edits: [edit(cast.other.pageId)] }),
    ],
  },
  'changeSets.addEdits': {
    own: async ({ cast }, v, n) => {
      const id = await pendingSet(cast, n)
      const created = await cast.owner.rpc.pages.create({ ...acme, path: `/a${n}` })
      return v.rpc.changeSets.addEdits({
        ...acme,
        changeSetId: id,
        edits: [{ ...edit(created.id), path: `/a${n}` }],
      })
    },
    foreign: ({ cast, globexSetId }, v) => [
      v.rpc.changeSets.addEdits({
        ...globex,
        changeSetId: globexSetId,
        edits: [edit(cast.other.pageId)],
      }),
      v.rpc.changeSets.addEdits({
        ...crossed,
        changeSetId: globexSetId,
        edits: [edit(cast.other.pageId)],
      }),
    ],
  },
  'changeSets.previewOperation': {
    own: (_, v) =>
      v.rpc.changeSets.previewOperation({ ...acme, target: { filter: {} }, operation }),
    foreign: (_, v) => [
      v.rpc.changeSets.previewOperation({ ...globex, target: { filter: {} }, operation }),
      v.rpc.changeSets.previewOperation({ ...crossed, target: { paths: ['/secret'] }, operation }),
    ],
  },
  'changeSets.fromOperation': {
    own: (_, v, n) =>
      v.rpc.changeSets.fromOperation({
        ...acme,
        target: { filter: {} },
        operation: { ...operation, value: `Title ${n}` },
      }),
    foreign: (_, v) => [
      v.rpc.changeSets.fromOperation({ ...globex, target: { filter: {} }, operation }),
      v.rpc.changeSets.fromOperation({ ...crossed, target: { paths: ['/secret'] }, operation }),
    ],
  },
  'changeSets.apply': {
    own: async ({ cast }, v, n) =>
      v.rpc.changeSets.apply({ ...acme, changeSetId: await pendingSet(cast, n) }),
    foreign: ({ globexSetId }, v) => [
      v.rpc.changeSets.apply({ ...globex, changeSetId: globexSetId }),
      v.rpc.changeSets.apply({ ...crossed, changeSetId: globexSetId }),
      v.rpc.changeSets.apply({ ...acme, changeSetId: globexSetId }),
    ],
  },
  'changeSets.discard': {
    own: async ({ cast }, v, n) =>
      v.rpc.changeSets.discard({ ...acme, changeSetId: await pendingSet(cast, n) }),
    foreign: ({ globexSetId }, v) => [
      v.rpc.changeSets.discard({ ...globex, changeSetId: globexSetId }),
      v.rpc.changeSets.discard({ ...crossed, changeSetId: globexSetId }),
      v.rpc.changeSets.discard({ ...acme, changeSetId: globexSetId }),
    ],
  },
  'changeSets.undo': {
    own: async ({ cast }, v, n) => {
      const id = await pendingSet(cast, n)
      await cast.owner.rpc.changeSets.apply({ ...acme, changeSetId: id })
      return v.rpc.changeSets.undo({ ...acme, changeSetId: id })
    },
    foreign: ({ globexSetId }, v) => [
      v.rpc.changeSets.undo({ ...globex, changeSetId: globexSetId }),
      v.rpc.changeSets.undo({ ...crossed, changeSetId: globexSetId }),
      v.rpc.changeSets.undo({ ...acme, changeSetId: globexSetId }),
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

describe('who may edit in bulk', () => {
  it.each(Object.entries(cases))('%s', async (_name, testCase) => {
    const cast = await siteCast(server.current)
    const globexSet = await cast.other.owner.rpc.changeSets.create({
      ...globex,
      note: 'Globex only',
      edits: [
        {
          pageId: cast.other.pageId,
          path: '/secret',
          baseRevisionId: cast.other.revisionId,
          metadata: { title: 'Globex, edited' },
        },
      ],
    })
    const setup = { cast, globexSetId: globexSet.id }

    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    let n = 0
    for (const role of roles) {
      const visitor = cast[role]
      seen[`${role} own`] = await outcome(testCase.own(setup, visitor, n++))
      expected[`${role} own`] = role === 'stranger' ? 'NOT_FOUND' : 'ok'
      const foreign = await Promise.all(testCase.foreign(setup, visitor).map(outcome))
      for (const [index, result] of foreign.entries()) {
        seen[`${role} foreign ${index}`] = result
        expected[`${role} foreign ${index}`] = 'NOT_FOUND'
      }
    }
    expect(seen).toEqual(expected)

    // Globex's page and change set did not move.
    const { db } = server.current.headmark
    const [secret] = await db
      .select({ current: page.currentRevisionId })
      .from(page)
      .where(eq(page.id, cast.other.pageId))
    expect(secret?.current).toBe(cast.other.revisionId)
    const revisions = await db
      .select({ id: metadataRevision.id })
      .from(metadataRevision)
      .where(eq(metadataRevision.pageId, cast.other.pageId))
    expect(revisions).toEqual([{ id: cast.other.revisionId }])
    const sets = await db
      .select({ status: changeSet.status, itemCount: changeSet.itemCount })
      .from(changeSet)
      .where(eq(changeSet.siteId, cast.other.site.id))
    expect(sets).toEqual([{ status: 'pending', itemCount: 1 }])
  })
})
