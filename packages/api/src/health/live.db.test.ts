import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Metadata, resolveHead } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { organizationCast, type OrganizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import type { Visitor } from '../../test/visitor.ts'
import { liveCheck, page, site } from '../db/schema.ts'
import { LIVE_CHECKS_PER_CHANGE_SET } from './live.ts'

// Live after save, against a site on loopback that renders its head with the SDK: one page
// shows a save a few fetches after it (a cache that expires), one never does. The bound is 2 s and
// the site is fetched every 100 ms (LIVE_CHECK_SECONDS, LIVE_CHECK_INTERVAL_MS).

/** What each path of the fixture site serves: a head, and the next one from a given moment. */
const heads = new Map<string, { now: Metadata; next?: { metadata: Metadata; after: number } }>()
const hits: string[] = []
let fixture: Server
const env: Record<string, string> = {
  WEBHOOKS_ALLOW_LOOPBACK: 'true',
  LIVE_CHECK_SECONDS: '2',
  LIVE_CHECK_INTERVAL_MS: '100',
}

beforeAll(async () => {
  fixture = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    hits.push(`${path} ${req.headers['user-agent'] ?? ''}`)
    const entry = heads.get(path)
    if (!entry) return void res.writeHead(404).end('Not found')
    if (entry.next && entry.next.after-- <= 0) {
      entry.now = entry.next.metadata
      delete entry.next
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><html><head>${renderHead(resolveHead({ fallback: { title: 'Acme' }, metadata: entry.now }))}</head><body><p>Hi</p></body></html>`,
    )
  })
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve))
  env.CRAWLER_SITE_ORIGINS = `acme.com=http://127.0.0.1:${(fixture.address() as AddressInfo).port}`
})
afterAll(async () => {
  await new Promise((resolve) => fixture.close(resolve))
})

const server = useTestServer({ env })
const ref = { organizationSlug: 'acme', siteHostname: 'acme.com' }

async function setUp(connected = true): Promise<OrganizationCast> {
  const cast = await organizationCast(server.current)
  await cast.owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'business' })
  const created = await cast.owner.rpc.sites.create({ ...ref, name: 'Acme', hostname: 'acme.com' })
  if (connected) {
    await server.current.headmark.db
      .update(site)
      .set({ ownershipVerifiedAt: new Date() })
      .where(eq(site.id, created.id))
  }
  return cast
}

async function save(visitor: Visitor, path: string, metadata: Metadata) {
  const existing = await visitor.rpc.pages.get({ ...ref, pagePath: path }).catch(() => null)
  if (!existing) await visitor.rpc.pages.create({ ...ref, path })
  const base = existing?.page.currentRevisionId ?? null
  return visitor.rpc.metadataRevisions.save({
    ...ref,
    pagePath: path,
    baseRevisionId: base,
    metadata,
  })
}

/** The page's newest check once it is no longer pending. */
async function settled(visitor: Visitor, path: string, revisionId: string) {
  for (;;) {
    const check = await visitor.rpc.health.getLiveCheck({ ...ref, pagePath: path })
    if (check && check.revisionId === revisionId && check.state !== 'pending') return check
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

describe('live after save', () => {
  it('says the save is live once the site serves it, after how long', async () => {
    const cast = await setUp()
    const first: Metadata = { title: 'Pricing', description: 'Plans for teams.' }
    heads.set('/pricing', { now: first })
    const one = await save(cast.member, '/pricing', first)
    expect(await settled(cast.member, '/pricing', one.id)).toMatchObject({
      state: 'live',
      attempts: 1,
      host: expect.stringMatching(/^127\.0\.0\.1:\d+$/),
    })

    // The site's cache serves the old head twice more after the save.
    const second: Metadata = { title: 'Pricing and plans', description: 'Plans for teams.' }
    heads.set('/pricing', { now: first, next: { metadata: second, after: 2 } })
    const two = await save(cast.member, '/pricing', second)
    const check = await settled(cast.member, '/pricing', two.id)
    expect(check).toMatchObject({ state: 'live', revisionNumber: 2, findings: [], error: null })
    expect(check.attempts).toBe(3)
    expect(check.served).toMatchObject({ title: 'Pricing and plans' })
    expect(check.elapsedMs).toBeGreaterThan(0)
    // Fetched as Headmark's crawler.
    expect(hits.at(-1)).toMatch(/^\/pricing HeadmarkBot\//)
  })

  it('says what the site serves when the save never shows', async () => {
    const cast = await setUp()
    const first: Metadata = { title: 'About', description: 'Who we are.' }
    heads.set('/about', { now: first })
    await save(cast.member, '/about', first)
    const two = await save(cast.member, '/about', {
      title: 'About Acme',
      description: 'Who we are.',
    })
    const check = await settled(cast.member, '/about', two.id)
    expect(check).toMatchObject({ state: 'not_live', elapsedMs: 2000 })
    expect(check.attempts).toBeGreaterThan(1)
    expect(check.findings).toEqual([
      expect.objectContaining({
        kind: 'stale',
        field: 'title',
        intended: 'About Acme',
        served: 'About',
      }),
    ])
  })

  it('checks nothing on a site that is not connected yet, nor for the site defaults', async () => {
    const cast = await setUp(false)
    heads.set('/quiet', { now: { title: 'Quiet' } })
    await save(cast.member, '/quiet', { title: 'Quiet' })
    await cast.member.rpc.metadataRevisions.save({
      ...ref,
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Acme' },
    })
    expect(await cast.member.rpc.health.getLiveCheck({ ...ref, pagePath: '/quiet' })).toBeNull()
    expect(await server.current.headmark.db.select().from(liveCheck)).toEqual([])
  })

  it('checks the first 20 paths of an applied change set (here an import), each like a save', async () => {
    const cast = await setUp()
    const paths = Array.from({ length: 25 }, (_, i) => `/cs/${String(i).padStart(2, '0')}`)
    for (const path of paths) heads.set(path, { now: { title: `Title ${path}` } })
    const done = await cast.member.rpc.transfer.import({
      ...ref,
      format: 'csv',
      content: `path,title\n${paths.map((path) => `${path},Title ${path}`).join('\n')}\n`,
      createMissing: true,
    })
    expect(done).toMatchObject({ created: 25, errorCount: 0 })
    const { db } = server.current.headmark
    const rows = async () =>
      db
        .select({ path: page.path, state: liveCheck.state })
        .from(liveCheck)
        .innerJoin(page, eq(page.id, liveCheck.pageId))
        .orderBy(page.path)
    expect((await rows()).map((row) => row.path)).toEqual(
      paths.slice(0, LIVE_CHECKS_PER_CHANGE_SET),
    )
    for (;;) {
      const states = (await rows()).map((row) => row.state)
      if (!states.includes('pending')) {
        expect(states).toEqual(paths.slice(0, 20).map(() => 'live'))
        break
      }
      await new Promise((resolve) => setTimeout(resolve, 50))
    }
    // Each page's editor shows its own.
    expect(await cast.member.rpc.health.getLiveCheck({ ...ref, pagePath: '/cs/00' })).toMatchObject(
      { state: 'live', revisionNumber: 1 },
    )
    expect(await cast.member.rpc.health.getLiveCheck({ ...ref, pagePath: '/cs/24' })).toBeNull()
    // The change set's screen lists them.
    const listed = await cast.member.rpc.health.listChangeSetLiveChecks({
      ...ref,
      changeSetId: done.changeSetId as string,
    })
    expect(listed.checks.map((check) => [check.path, check.state])).toEqual(
      paths.slice(0, 20).map((path) => [path, 'live']),
    )
  })

  it('checks a locale’s save at that locale’s URL, against what get-latest serves in it', async () => {
    const cast = await setUp()
    await cast.owner.rpc.sites.updateLocales({
      ...ref,
      locales: [
        { code: 'en', kind: 'path-prefix', value: '' },
        { code: 'de', kind: 'path-prefix', value: '/de' },
      ],
      defaultLocale: 'en',
    })
    const english: Metadata = { title: 'Pricing', description: 'Plans for teams.' }
    await save(cast.member, '/pricing', english)
    const cluster = {
      en: 'https://acme.com/pricing',
      de: 'https://acme.com/de/pricing',
      'x-default': 'https://acme.com/pricing',
    }
    // The German version: its own title over the English description, with the cluster.
    const german: Metadata = { ...english, title: 'Preise', alternates: cluster }
    heads.set('/de/pricing', {
      now: { ...german, title: 'Alt' },
      next: { metadata: german, after: 1 },
    })
    heads.set('/pricing', { now: { ...english, alternates: cluster } })
    const saved = await cast.member.rpc.metadataRevisions.save({
      ...ref,
      pagePath: '/pricing',
      locale: 'de',
      baseRevisionId: null,
      metadata: { title: 'Preise' },
    })
    const check = await settled(cast.member, '/pricing', saved.id)
    expect(check).toMatchObject({
      state: 'live',
      locale: 'de',
      attempts: 2,
      url: expect.stringMatching(/\/de\/pricing$/),
      served: { title: 'Preise', alternates: cluster },
      findings: [],
    })
    expect(hits.at(-1)).toMatch(/^\/de\/pricing HeadmarkBot\//)
    heads.delete('/de/pricing')
  })
})
