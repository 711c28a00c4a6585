import { and, eq, lt } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { type FixtureSite, startFixtureSite } from '../../test/import-fixtures.ts'
import { organizationCast, type OrganizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import type { Visitor } from '../../test/visitor.ts'
import { changeSet, metadataRevision, page, siteImportItem } from '../db/schema.ts'

// Imports of a live fixture site on loopback (the site's hostname is `localhost`), through the
// real crawler and the real queue: new paths become pages whose first revision is the imported
// head, existing paths one pending change set; cancel and resume; the plan's quota; ownership
// before more than 10 URLs; hostile addresses refused before anything is stored.

const server = useTestServer()
const fixtures: FixtureSite[] = []
afterEach(async () => {
  await Promise.all(fixtures.splice(0).map((fixture) => fixture.close()))
})

const ref = { organizationSlug: 'acme', siteHostname: 'localhost' }

async function setUp(
  options: Parameters<typeof startFixtureSite>[0] = {},
  plan: 'business' | 'free' = 'business',
): Promise<{ cast: OrganizationCast; fixture: FixtureSite }> {
  const cast = await organizationCast(server.current)
  if (plan !== 'free')
    await cast.owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: plan })
  await cast.owner.rpc.sites.create({
    organizationSlug: 'acme',
    name: 'Local',
    hostname: 'localhost',
  })
  const fixture = await startFixtureSite(options)
  fixtures.push(fixture)
  return { cast, fixture }
}

async function verify(visitor: Visitor, fixture: FixtureSite) {
  const ownership = await visitor.rpc.imports.getOwnership(ref)
  fixture.verificationToken = ownership.token
  const result = await visitor.rpc.imports.verifyOwnership({
    ...ref,
    homeUrl: `${fixture.origin}/`,
  })
  expect(result, String(result.reason)).toMatchObject({ verified: true, method: 'meta' })
  // The check read the home page: count what the imports fetch from here on.
  fixture.hits.clear()
}

/** Follows the import's live stream until it ends; returns every view it sent. */
async function watchToEnd(visitor: Visitor, importId: string) {
  const seen: Array<{ state: string; fetched: number; found: number }> = []
  const stream = await visitor.rpc.imports.watch({ ...ref, importId })
  for await (const view of stream) seen.push(view)
  return seen
}

async function waitFor(check: () => Promise<boolean>) {
  while (!(await check())) await new Promise((resolve) => setTimeout(resolve, 50))
}

describe('imports', () => {
  it('imports a sitemap: new paths become pages with an import revision, existing ones one pending change set', async () => {
    const { cast, fixture } = await setUp()
    // /about exists with its own title: the import proposes the live one as an edit.
    await cast.member.rpc.pages.create({ ...ref, path: '/about' })
    await cast.member.rpc.metadataRevisions.save({
      ...ref,
      pagePath: '/about',
      baseRevisionId: null,
      metadata: { title: 'Old about' },
    })
    const refused = await cast.member.rpc.imports
      .start({ ...ref, source: 'sitemap', sitemapUrl: `${fixture.origin}/sitemap.xml` })
      .catch((error: unknown) => error)
    expect(refused).toMatchObject({ status: 412 })
    expect((refused as Error).message).toMatch(/\/\.well-known\/headmark-site-verification\.txt/)

    await expect(
      cast.member.rpc.imports.verifyOwnership({ ...ref, homeUrl: fixture.origin }),
    ).rejects.toMatchObject({ status: 403 })
    await verify(cast.admin, fixture)

    const started = await cast.member.rpc.imports.start({
      ...ref,
      source: 'sitemap',
      sitemapUrl: `${fixture.origin}/sitemap.xml`,
    })
    const views = await watchToEnd(cast.member, started.id)
    expect(views.at(-1)).toMatchObject({ state: 'done', found: 4, fetched: 4, failed: 0 })
    // Progress was reported on the way, not only at the end.
    expect(views.length).toBeGreaterThan(1)

    const { import: done } = await cast.member.rpc.imports.get({ ...ref, importId: started.id })
    expect(done).toMatchObject({ created: 3, pending: 0, etaSeconds: null })
    expect(done.changeSetId).not.toBeNull()

    const db = server.current.headmark.db
    const created = await db
      .select({
        path: page.path,
        source: metadataRevision.source,
        number: metadataRevision.number,
        metadata: metadataRevision.metadata,
      })
      .from(page)
      .innerJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
      .orderBy(page.path)
    expect(created).toEqual([
      expect.objectContaining({ path: '/', source: 'import', number: 1 }),
      expect.objectContaining({
        path: '/about',
        source: 'editor',
        metadata: { title: 'Old about' },
      }),
      expect.objectContaining({ path: '/blog/one', source: 'import', number: 1 }),
      expect.objectContaining({ path: '/blog/two', source: 'import', number: 1 }),
    ])
    expect(created[2]?.metadata).toMatchObject({
      title: 'Title of /blog/one',
      description: 'About /blog/one',
    })
    // The SDK asks for the same page.
    const served = await cast.member.rpc.pages.get({ ...ref, pagePath: '/blog/one/' })
    expect(served.page.path).toBe('/blog/one')

    // The item keeps the URL and the time it was read.
    const [item] = await db
      .select()
      .from(siteImportItem)
      .where(eq(siteImportItem.path, '/blog/two'))
    expect(item).toMatchObject({
      url: `${fixture.origin}/blog/two`,
      status: 'fetched',
      outcome: 'created',
    })
    expect(item?.fetchedAt).toBeInstanceOf(Date)

    // The pages that existed: one pending change set, previewed and applied like any other.
    const set = await cast.member.rpc.changeSets.get({
      ...ref,
      changeSetId: done.changeSetId as string,
    })
    expect(set.changeSet).toMatchObject({ status: 'pending', source: 'import' })
    expect(set.items).toEqual([
      expect.objectContaining({
        path: '/about',
        before: { title: 'Old about' },
        after: expect.objectContaining({ title: 'Title of /about' }),
      }),
    ])
    await cast.member.rpc.changeSets.apply({ ...ref, changeSetId: done.changeSetId as string })
    const about = await cast.member.rpc.pages.get({ ...ref, pagePath: '/about' })
    expect(about.served.title).toBe('Title of /about')
    // Each page was fetched once.
    expect([...fixture.hits.values()].every((n) => n === 1)).toBe(true)

    const list = await cast.member.rpc.imports.list(ref)
    expect(list.map((entry) => entry.id)).toEqual([started.id])
  })

  it('stores the least that serves the imported head again under the site’s title template and defaults', async () => {
    const { cast, fixture } = await setUp()
    await cast.owner.rpc.sites.update({ ...ref, titleTemplate: '%s · Acme' })
    await cast.member.rpc.metadataRevisions.save({
      ...ref,
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Acme', description: 'About /blog/one' },
    })
    // Technical tags on every page, and a tag Headmark has no field for on one.
    for (const path of ['/', '/about', '/blog/one', '/blog/two'])
      fixture.heads.set(path, '<meta name="viewport" content="width=device-width">')
    fixture.heads.set(
      '/about',
      '<meta name="viewport" content="width=device-width"><meta http-equiv="X-UA-Compatible" content="IE=edge"><link rel="stylesheet" href="/site.css"><meta property="og:video" content="https://video.example/tour.mp4">',
    )
    // The live site already applies the template: its heads carry the suffix once.
    fixture.titles.set('/', 'Acme')
    fixture.titles.set('/about', 'About · Acme')
    fixture.titles.set('/blog/one', 'One · Acme')
    fixture.titles.set('/blog/two', 'Two · Acme')
    // /blog/two exists already: its edit is the stored form too.
    await cast.member.rpc.pages.create({ ...ref, path: '/blog/two' })
    await verify(cast.admin, fixture)
    const started = await cast.member.rpc.imports.start({
      ...ref,
      source: 'sitemap',
      sitemapUrl: `${fixture.origin}/sitemap.xml`,
    })
    expect((await watchToEnd(cast.member, started.id)).at(-1)).toMatchObject({ state: 'done' })
    const {
      import: done,
      technical,
      unmapped,
      nextUnmappedCursor,
    } = await cast.member.rpc.imports.get({ ...ref, importId: started.id })
    // What the heads had that Headmark has no field for is listed by page, with why; the
    // technical tags every page has are summed up once, with the pages they were found on.
    expect(unmapped).toEqual([
      expect.objectContaining({
        path: '/about',
        tags: [
          {
            html: '<meta property="og:video" content="https://video.example/tour.mp4">',
            reason: 'og:video is not a Headmark field',
          },
        ],
      }),
    ])
    expect(nextUnmappedCursor).toBeNull()
    expect(technical).toEqual({
      pages: 4,
      tags: [
        { label: 'charset', pages: 4 },
        { label: 'viewport', pages: 4 },
        { label: 'http-equiv', pages: 1 },
        { label: 'stylesheet', pages: 1 },
      ],
    })
    // Further pages of the list do not count them again.
    const after = await cast.member.rpc.imports.get({
      ...ref,
      importId: started.id,
      unmappedCursor: '/about',
    })
    expect(after.unmapped).toEqual([])
    expect(after.technical).toBeNull()
    const set = await cast.member.rpc.changeSets.get({
      ...ref,
      changeSetId: done.changeSetId as string,
    })
    expect(set.items).toEqual([
      expect.objectContaining({
        path: '/blog/two',
        after: expect.objectContaining({ title: 'Two' }),
      }),
    ])
    await cast.member.rpc.changeSets.apply({ ...ref, changeSetId: done.changeSetId as string })

    const db = server.current.headmark.db
    const items = await db
      .select({ path: siteImportItem.path, head: siteImportItem.metadata })
      .from(siteImportItem)
      .orderBy(siteImportItem.path)
    expect(items.map((item) => item.path)).toEqual(['/', '/about', '/blog/one', '/blog/two'])
    const stored = new Map<string, object>()
    for (const item of items) {
      const page = await cast.member.rpc.pages.get({ ...ref, pagePath: item.path })
      stored.set(item.path, page.revision?.metadata ?? {})
      // What Headmark serves for the path is the head the site served: the suffix once.
      expect(page.served, item.path).toEqual(item.head)
    }
    // The template's suffix is not stored; what the defaults serve is inherited, not copied.
    expect(stored.get('/about')).toMatchObject({ title: 'About', description: 'About /about' })
    expect(stored.get('/')).not.toHaveProperty('title')
    expect(stored.get('/blog/one')).toMatchObject({ title: 'One' })
    expect(stored.get('/blog/one')).not.toHaveProperty('description')
    expect(stored.get('/blog/one')).toMatchObject({ openGraph: { title: 'One · Acme' } })
  })

  it('cancels an import, which stops, and resumes it without fetching again what was stored', async () => {
    const paths = Array.from({ length: 24 }, (_, i) => `/p/${i}`)
    const { cast, fixture } = await setUp({ paths, delayMs: 60 })
    await verify(cast.owner, fixture)
    const started = await cast.member.rpc.imports.start({
      ...ref,
      source: 'sitemap',
      sitemapUrl: `${fixture.origin}/sitemap.xml`,
    })
    await waitFor(async () => {
      const { import: view } = await cast.member.rpc.imports.get({ ...ref, importId: started.id })
      return view.fetched >= 3
    })
    const cancelled = await cast.member.rpc.imports.cancel({ ...ref, importId: started.id })
    expect(cancelled.state).toBe('cancelled')
    await expect(
      cast.member.rpc.imports.cancel({ ...ref, importId: started.id }),
    ).rejects.toMatchObject({ status: 409 })
    // The live stream of a cancelled import ends at once with its state.
    expect((await watchToEnd(cast.member, started.id)).at(-1)?.state).toBe('cancelled')
    const db = server.current.headmark.db
    const storedBefore = await db
      .select({ path: siteImportItem.path })
      .from(siteImportItem)
      .where(
        and(
          eq(siteImportItem.status, 'fetched'),
          lt(siteImportItem.fetchedAt, cancelled.finishedAt as Date),
        ),
      )
    expect(storedBefore.length).toBeGreaterThanOrEqual(3)

    const resumed = await cast.member.rpc.imports.resume({ ...ref, importId: started.id })
    expect(resumed.state).toBe('queued')
    const end = (await watchToEnd(cast.member, started.id)).at(-1)
    expect(end).toMatchObject({ state: 'done', found: 24, fetched: 24, created: 24 })
    for (const { path } of storedBefore) expect(fixture.hits.get(path)).toBe(1)
    await expect(
      cast.member.rpc.imports.resume({ ...ref, importId: started.id }),
    ).rejects.toMatchObject({ status: 409 })
  })

  it('creates no more pages than the plan allows and says why the rest were skipped', async () => {
    // The Free plan's page quota, filled but for 2 pages.
    const { cast, fixture } = await setUp(
      { paths: Array.from({ length: 8 }, (_, i) => `/q/${i}`) },
      'free',
    )
    const { getPlan } = await import('../billing/plans.ts')
    const limit = getPlan('free').quotas.pagesPerSite as number
    for (let i = 0; i < limit - 2; i++)
      await cast.owner.rpc.pages.create({ ...ref, path: `/existing/${i}` })
    const urls = Array.from({ length: 8 }, (_, i) => `${fixture.origin}/q/${i}`).join('\n')
    await verify(cast.owner, fixture)
    const started = await cast.member.rpc.imports.start({ ...ref, source: 'urls', urls })
    const end = (await watchToEnd(cast.member, started.id)).at(-1)
    expect(end).toMatchObject({ state: 'done', created: 2, skipped: 6 })
    const { failures } = await cast.member.rpc.imports.get({ ...ref, importId: started.id })
    expect(failures).toHaveLength(6)
    expect(failures[0]?.reason).toMatch(/plan allows/)
    const site = await cast.member.rpc.sites.get({
      organizationSlug: 'acme',
      siteHostname: 'localhost',
    })
    expect(site.pageCount).toBe(limit)
  })

  it('needs ownership above 10 URLs, none for one URL, and refuses hostile addresses before storing anything', async () => {
    const { cast, fixture } = await setUp({
      paths: Array.from({ length: 11 }, (_, i) => `/u/${i}`),
      failing: ['/u/3'],
    })
    const eleven = Array.from({ length: 11 }, (_, i) => `${fixture.origin}/u/${i}`)
    await expect(
      cast.member.rpc.imports.start({ ...ref, source: 'urls', urls: eleven.join('\n') }),
    ).rejects.toMatchObject({
      status: 412,
      message: expect.stringMatching(/Importing 11 URLs needs proof that localhost is yours/),
    })
    const one = await cast.member.rpc.imports.start({
      ...ref,
      source: 'url',
      urls: `${fixture.origin}/u/0`,
    })
    expect((await watchToEnd(cast.member, one.id)).at(-1)).toMatchObject({
      state: 'done',
      created: 1,
    })
    // Ten, paths included, with one page answering 500: its failure is listed with the reason.
    const ten = await cast.member.rpc.imports.start({
      ...ref,
      source: 'urls',
      urls: ['/u/1', '/u/2', ...eleven.slice(3, 10)]
        .map((url) => (url.startsWith('/') ? `${fixture.origin}${url}` : url))
        .join('\n'),
    })
    const end = (await watchToEnd(cast.member, ten.id)).at(-1)
    expect(end).toMatchObject({ state: 'done', found: 9, fetched: 8, failed: 1 })
    const { failures } = await cast.member.rpc.imports.get({ ...ref, importId: ten.id })
    expect(failures).toEqual([
      expect.objectContaining({
        path: '/u/3',
        status: 'failed',
        reason: expect.stringMatching(/500/),
      }),
    ])

    const before = await server.current.headmark.db.select().from(siteImportItem)
    for (const hostile of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/admin',
      'https://example.com/elsewhere',
      'javascript:alert(1)',
      'file:///etc/passwd',
      'http://user:pass@localhost/',
      '/%E0%A4%A',
    ]) {
      await expect(
        cast.member.rpc.imports.start({
          ...ref,
          source: 'urls',
          urls: `${fixture.origin}/u/0\n${hostile}`,
        }),
      ).rejects.toMatchObject({ status: 400, message: expect.stringMatching(/^Line 2: /) })
    }
    await expect(
      cast.member.rpc.imports.start({ ...ref, source: 'url', urls: '' }),
    ).rejects.toMatchObject({ status: 400 })
    expect(await server.current.headmark.db.select().from(siteImportItem)).toHaveLength(
      before.length,
    )
    expect(await server.current.headmark.db.select().from(changeSet)).toHaveLength(2)
  })

  it('reads the head Yoast SEO or Rank Math intends, and fails an import whose sitemap can not be read with the reason', async () => {
    const { cast, fixture } = await setUp()
    for (const headSource of ['yoast', 'rankmath'] as const) {
      const started = await cast.member.rpc.imports.start({
        ...ref,
        source: 'url',
        urls: `${fixture.origin}/blog/one`,
        headSource,
      })
      expect((await watchToEnd(cast.member, started.id)).at(-1)).toMatchObject({ state: 'done' })
    }
    // The first created the page; the second is an edit of it, in a change set.
    const page1 = await cast.member.rpc.pages.get({ ...ref, pagePath: '/blog/one' })
    expect(page1.revision?.metadata).toMatchObject({
      title: 'Title of /blog/one (Yoast)',
      description: 'Intended by Yoast',
    })
    const [latest] = await cast.member.rpc.imports.list(ref)
    const set = await cast.member.rpc.changeSets.get({
      ...ref,
      changeSetId: latest?.changeSetId as string,
    })
    expect(set.items[0]?.after).toMatchObject({ title: 'Title of /blog/one (Rank Math)' })

    await verify(cast.owner, fixture)
    const missing = await cast.member.rpc.imports.start({
      ...ref,
      source: 'sitemap',
      sitemapUrl: `${fixture.origin}/no-sitemap.xml`,
    })
    const end = (await watchToEnd(cast.member, missing.id)).at(-1)
    expect(end).toMatchObject({ state: 'failed', found: 0 })
    const { import: failed } = await cast.member.rpc.imports.get({ ...ref, importId: missing.id })
    expect(failed.error).toMatch(/sitemap/i)
    expect(failed.error).toMatch(/404/)
  })
})
