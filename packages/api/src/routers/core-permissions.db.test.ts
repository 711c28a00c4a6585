import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../../test/server.ts'
import { type SiteCast, siteCast } from '../../test/sites.ts'
import type { Visitor } from '../../test/visitor.ts'
import { metadataRevision, page, site } from '../db/schema.ts'

// The design's table, enforced on the server, for every procedure of sites, pages and
// metadataRevisions × {stranger, member, admin, owner} × {own organization, another's}.
// Strangers and another organization's slug, hostname, path or revision id get NOT_FOUND (as an
// unknown one would); members get FORBIDDEN where the table says so.

const server = useTestServer()

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']

const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }
/** Globex's own coordinates: Acme's people are strangers there. */
const globex = { organizationSlug: 'globex', siteHostname: 'globex.com' }
/** Acme's slug with Globex's hostname: a foreign id through one's own organization. */
const crossed = { organizationSlug: 'acme', siteHostname: 'globex.com' }

interface Case {
  /** Only owners and admins may (the `site` permission); members get FORBIDDEN. */
  adminsOnly: boolean
  /** Prepares what the call needs (as Acme's owner) and calls the procedure as `visitor`. */
  own(cast: SiteCast, visitor: Visitor, n: number): Promise<unknown>
  /** Calls reaching for Globex's data: every one must be NOT_FOUND (or FORBIDDEN first). */
  foreign(cast: SiteCast, visitor: Visitor): Array<Promise<unknown>>
}

const metadata = { title: 'Mine now' }

async function currentOf(path: string): Promise<string | null> {
  const [row] = await server.current.headmark.db
    .select({ current: page.currentRevisionId })
    .from(page)
    .innerJoin(site, eq(site.id, page.siteId))
    .where(eq(page.path, path))
  return row?.current ?? null
}

/** Acme's site in English and German, its home page with a German set (once). */
async function withGerman(cast: SiteCast): Promise<void> {
  const site = await cast.owner.rpc.sites.get(acme)
  if (site.locales) return
  await cast.owner.rpc.sites.updateLocales({
    ...acme,
    locales: [
      { code: 'en', kind: 'path-prefix', value: '' },
      { code: 'de', kind: 'path-prefix', value: '/de' },
    ],
    defaultLocale: 'en',
  })
  await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/',
    locale: 'de',
    baseRevisionId: null,
    metadata: { title: 'Startseite' },
  })
}

const cases: Record<string, Case> = {
  'sites.list': {
    adminsOnly: false,
    own: (_, v) => v.rpc.sites.list({ organizationSlug: 'acme' }),
    foreign: (_, v) => [v.rpc.sites.list({ organizationSlug: 'globex' })],
  },
  'sites.get': {
    adminsOnly: false,
    own: (_, v) => v.rpc.sites.get(acme),
    foreign: (_, v) => [v.rpc.sites.get(globex), v.rpc.sites.get(crossed)],
  },
  'sites.create': {
    adminsOnly: true,
    own: (_, v, n) =>
      v.rpc.sites.create({ organizationSlug: 'acme', name: 'New', hostname: `n${n}.acme.com` }),
    foreign: (_, v) => [
      v.rpc.sites.create({ organizationSlug: 'globex', name: 'Mine', hostname: 'x.globex.com' }),
    ],
  },
  'sites.update': {
    adminsOnly: true,
    async own(cast, v, n) {
      const hostname = `u${n}.acme.com`
      await cast.owner.rpc.sites.create({ organizationSlug: 'acme', name: 'U', hostname })
      return v.rpc.sites.update({ organizationSlug: 'acme', siteHostname: hostname, name: 'V' })
    },
    foreign: (_, v) => [
      v.rpc.sites.update({ ...globex, name: 'Mine' }),
      v.rpc.sites.update({ ...crossed, name: 'Mine' }),
    ],
  },
  'sites.updateLocales': {
    adminsOnly: true,
    own: (_, v) =>
      v.rpc.sites.updateLocales({
        ...acme,
        locales: [
          { code: 'en', kind: 'path-prefix', value: '' },
          { code: 'de', kind: 'path-prefix', value: '/de' },
        ],
        defaultLocale: 'en',
      }),
    foreign: (_, v) => [
      v.rpc.sites.updateLocales({ ...globex, locales: [], defaultLocale: '' }),
      v.rpc.sites.updateLocales({ ...crossed, locales: [], defaultLocale: '' }),
    ],
  },
  'pages.get (locale)': {
    adminsOnly: false,
    async own(cast, v) {
      await withGerman(cast)
      return v.rpc.pages.get({ ...acme, pagePath: '/', locale: 'de' })
    },
    foreign: (_, v) => [
      v.rpc.pages.get({ ...globex, pagePath: '/secret', locale: 'de' }),
      v.rpc.pages.get({ ...crossed, pagePath: '/secret', locale: 'de' }),
    ],
  },
  'metadataRevisions.save (locale)': {
    adminsOnly: false,
    async own(cast, v) {
      await withGerman(cast)
      const { revision } = await cast.owner.rpc.pages.get({ ...acme, pagePath: '/', locale: 'de' })
      return v.rpc.metadataRevisions.save({
        ...acme,
        pagePath: '/',
        locale: 'de',
        baseRevisionId: revision?.id ?? null,
        metadata,
      })
    },
    foreign: ({ other }, v) => [
      v.rpc.metadataRevisions.save({
        ...globex,
        pagePath: '/secret',
        locale: 'de',
        baseRevisionId: other.revisionId,
        metadata,
      }),
      v.rpc.metadataRevisions.save({
        ...crossed,
        pagePath: '/secret',
        locale: 'de',
        baseRevisionId: other.revisionId,
        metadata,
      }),
    ],
  },
  'metadataRevisions.list and restore (locale)': {
    adminsOnly: false,
    async own(cast, v) {
      await withGerman(cast)
      const { items } = await v.rpc.metadataRevisions.list({ ...acme, pagePath: '/', locale: 'de' })
      return v.rpc.metadataRevisions.restore({
        ...acme,
        pagePath: '/',
        locale: 'de',
        metadataRevisionId: items.at(-1)?.id ?? '',
      })
    },
    foreign: ({ other }, v) => [
      v.rpc.metadataRevisions.list({ ...globex, pagePath: '/secret', locale: 'de' }),
      v.rpc.metadataRevisions.restore({
        ...crossed,
        pagePath: '/secret',
        locale: 'de',
        metadataRevisionId: other.revisionId,
      }),
    ],
  },
  'sites.delete': {
    adminsOnly: true,
    async own(cast, v, n) {
      const hostname = `d${n}.acme.com`
      await cast.owner.rpc.sites.create({ organizationSlug: 'acme', name: 'D', hostname })
      return v.rpc.sites.delete({ organizationSlug: 'acme', siteHostname: hostname })
    },
    foreign: (_, v) => [v.rpc.sites.delete(globex), v.rpc.sites.delete(crossed)],
  },
  'pages.list': {
    adminsOnly: false,
    own: (_, v) => v.rpc.pages.list(acme),
    foreign: (_, v) => [v.rpc.pages.list(globex), v.rpc.pages.list(crossed)],
  },
  'pages.get': {
    adminsOnly: false,
    own: (_, v) => v.rpc.pages.get({ ...acme, pagePath: '/' }),
    foreign: (_, v) => [
      v.rpc.pages.get({ ...globex, pagePath: '/secret' }),
      v.rpc.pages.get({ ...crossed, pagePath: '/secret' }),
      v.rpc.pages.get({ ...crossed, pagePath: null }),
    ],
  },
  'pages.create': {
    adminsOnly: false,
    own: (_, v, n) => v.rpc.pages.create({ ...acme, path: `/c${n}` }),
    foreign: (_, v) => [
      v.rpc.pages.create({ ...globex, path: '/planted' }),
      v.rpc.pages.create({ ...crossed, path: '/planted' }),
    ],
  },
  'pages.updatePath': {
    adminsOnly: false,
    async own(cast, v, n) {
      await cast.owner.rpc.pages.create({ ...acme, path: `/m${n}` })
      return v.rpc.pages.updatePath({ ...acme, pagePath: `/m${n}`, path: `/moved${n}` })
    },
    foreign: (_, v) => [
      v.rpc.pages.updatePath({ ...globex, pagePath: '/secret', path: '/stolen' }),
      v.rpc.pages.updatePath({ ...crossed, pagePath: '/secret', path: '/stolen' }),
    ],
  },
  'pages.delete': {
    adminsOnly: false,
    async own(cast, v, n) {
      await cast.owner.rpc.pages.create({ ...acme, path: `/x${n}` })
      return v.rpc.pages.delete({ ...acme, pagePath: `/x${n}` })
    },
    foreign: (_, v) => [
      v.rpc.pages.delete({ ...globex, pagePath: '/secret' }),
      v.rpc.pages.delete({ ...crossed, pagePath: '/secret' }),
    ],
  },
  'metadataRevisions.list': {
    adminsOnly: false,
    own: (_, v) => v.rpc.metadataRevisions.list({ ...acme, pagePath: '/' }),
    foreign: (_, v) => [
      v.rpc.metadataRevisions.list({ ...globex, pagePath: '/secret' }),
      v.rpc.metadataRevisions.list({ ...crossed, pagePath: '/secret' }),
    ],
  },
  'metadataRevisions.get': {
    adminsOnly: false,
    async own(_, v) {
      const id = (await currentOf('/')) ?? ''
      return v.rpc.metadataRevisions.get({ ...acme, pagePath: '/', metadataRevisionId: id })
    },
    foreign: ({ other }, v) => [
      v.rpc.metadataRevisions.get({
        ...globex,
        pagePath: '/secret',
        metadataRevisionId: other.revisionId,
      }),
      v.rpc.metadataRevisions.get({
        ...crossed,
        pagePath: '/secret',
        metadataRevisionId: other.revisionId,
      }),
      // Acme's own page, Globex's revision id.
      v.rpc.metadataRevisions.get({ ...acme, pagePath: '/', metadataRevisionId: other.revisionId }),
    ],
  },
  'metadataRevisions.save': {
    adminsOnly: false,
    async own(_, v) {
      const base = await currentOf('/')
      return v.rpc.metadataRevisions.save({
        ...acme,
        pagePath: '/',
        baseRevisionId: base,
        metadata,
      })
    },
    foreign: ({ other }, v) => [
      v.rpc.metadataRevisions.save({
        ...globex,
        pagePath: '/secret',
        baseRevisionId: other.revisionId,
        metadata,
      }),
      v.rpc.metadataRevisions.save({
        ...crossed,
        pagePath: '/secret',
        baseRevisionId: other.revisionId,
        metadata,
      }),
    ],
  },
  'metadataRevisions.restore': {
    adminsOnly: false,
    async own(_, v) {
      const id = (await currentOf('/')) ?? ''
      return v.rpc.metadataRevisions.restore({ ...acme, pagePath: '/', metadataRevisionId: id })
    },
    foreign: ({ other }, v) => [
      v.rpc.metadataRevisions.restore({
        ...globex,
        pagePath: '/secret',
        metadataRevisionId: other.revisionId,
      }),
      v.rpc.metadataRevisions.restore({
        ...crossed,
        pagePath: '/secret',
        metadataRevisionId: other.revisionId,
      }),
      v.rpc.metadataRevisions.restore({
        ...acme,
        pagePath: '/',
        metadataRevisionId: other.revisionId,
      }),
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

describe('who may call the core procedures', () => {
  it.each(Object.entries(cases))('%s', async (name, testCase) => {
    const cast = await siteCast(server.current)
    await cast.owner.rpc.pages.create({ ...acme, path: '/' })
    await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/',
      baseRevisionId: null,
      metadata: { title: 'Home' },
    })

    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    let n = 0
    for (const role of roles) {
      const visitor = cast[role]
      seen[`${role} own`] = await outcome(testCase.own(cast, visitor, n++))
      expected[`${role} own`] =
        role === 'stranger'
          ? 'NOT_FOUND'
          : role === 'member' && testCase.adminsOnly
            ? 'FORBIDDEN'
            : 'ok'
      // Handled at once: the calls run together.
      const foreign = await Promise.all(testCase.foreign(cast, visitor).map(outcome))
      for (const [index, result] of foreign.entries()) {
        seen[`${role} foreign ${index}`] = result
        // A member is refused by role before anything is looked up in their own organization.
        const refusedByRole =
          role === 'member' && testCase.adminsOnly && index > 0 && name !== 'sites.create'
        expected[`${role} foreign ${index}`] = refusedByRole ? 'FORBIDDEN' : 'NOT_FOUND'
      }
    }
    expect(seen).toEqual(expected)

    // Nothing of Globex's moved.
    const { db } = server.current.headmark
    const [globexSite] = await db.select().from(site).where(eq(site.id, cast.other.site.id))
    expect(globexSite).toMatchObject({ name: 'Globex', hostname: 'globex.com' })
    const globexPages = await db
      .select({ path: page.path, current: page.currentRevisionId })
      .from(page)
      .where(eq(page.siteId, cast.other.site.id))
    expect(globexPages).toEqual(
      expect.arrayContaining([{ path: '/secret', current: cast.other.revisionId }]),
    )
    expect(globexPages).toHaveLength(2)
    expect(
      await db
        .select({ id: metadataRevision.id })
        .from(metadataRevision)
        .innerJoin(page, eq(page.id, metadataRevision.pageId))
        .where(eq(page.siteId, cast.other.site.id)),
    ).toEqual([{ id: cast.other.revisionId }])
  })
})
