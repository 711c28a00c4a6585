import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { type Metadata, resolveHead } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest'
import { tinyPng } from '../../test/crawl-fixtures.ts'
import { organizationCast, type OrganizationCast } from '../../test/organization.ts'
import { seedDriftSite } from '../../test/drift-fixtures.ts'
import { useTestServer } from '../../test/server.ts'
import { createSite } from '../../test/webhook-fixtures.ts'
import { getPlan, type PlanId } from '../billing/plans.ts'
import { driftCheck, driftResult, page, site, subscription } from '../db/schema.ts'
import { createMailer } from '../mailer.ts'
import { messageBody } from '../webhooks/worker.ts'
import { startSmtpServer } from '../../test/smtp-server.ts'
import withoutLocalesGolden from './__golden__/drift-alert-without-locales.json' with { type: 'json' }
import {
  createDriftAlerts,
  DRIFT_EMAIL_QUEUE,
  type DriftEmailJob,
  driftEmailMessageId,
  sendDriftEmail,
  type MetadataDriftPayload,
} from './alerts.ts'
import { CRAWLER_AGENTS, DRIFT_QUEUE, driftSchedule } from './drift.ts'

// Drift checks against a site on loopback that renders its heads with the SDK: /fine serves
// what it should to everyone, /cloaked serves X an old title, /small names an image smaller than
// the networks' cards need. Each page is fetched as eight crawlers; a check killed part-way
// resumes without fetching again what it stored.

const heads = new Map<string, Metadata>()
const hits: string[] = []
let fixedCloak = false
let fixture: Server
let origin = ''
// The crawler's politeness is tested with the crawler; here it would only make the checks slow.
const env: Record<string, string> = {
  WEBHOOKS_ALLOW_LOOPBACK: 'true',
  // The plans' own periods (12 h and more) apply; the server's bound is tested below.
  DRIFT_CHECK_HOURS: '1',
  CRAWLER_CONCURRENCY_PER_HOST: '8',
  CRAWLER_REQUESTS_PER_SECOND: '200',
}

beforeAll(async () => {
  fixture = createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname
    const agent = req.headers['user-agent'] ?? ''
    hits.push(`${path} ${agent}`)
    if (path.startsWith('/img/')) {
      const [width, height] = path === '/img/small.png' ? [100, 100] : [1200, 630]
      res.writeHead(200, { 'content-type': 'image/png' })
      return void res.end(tinyPng(width, height))
    }
    const metadata = heads.get(path)
    if (!metadata) return void res.writeHead(404).end('Not found')
    const served =
      path === '/cloaked' && !fixedCloak && agent.includes('Twitterbot')
        ? { ...metadata, title: 'Old' }
        : metadata
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' })
    res.end(
      `<!doctype html><head>${renderHead(resolveHead({ metadata: served }))}</head><body></body>`,
    )
  })
  await new Promise<void>((resolve) => fixture.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(fixture.address() as AddressInfo).port}`
  env.CRAWLER_SITE_ORIGINS = `acme.com=${origin},free.example=${origin}`
})
afterAll(async () => {
  await new Promise((resolve) => fixture.close(resolve))
})
beforeEach(() => {
  hits.length = 0
  fixedCloak = false
})

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]

const server = useTestServer({ env })
const ref = { organizationSlug: 'acme', siteHostname: 'acme.com' }

const image = (name: string) => ({
  url: `${origin}/img/${name}.png`,
  width: 1200,
  height: 630,
  mimeType: 'image/png',
})

async function setUp(): Promise<{ cast: OrganizationCast; siteId: string }> {
  const cast = await organizationCast(server.current)
  await cast.owner.rpc.billing.subscribe({ organizationSlug: 'acme', planId: 'business' })
  const created = await cast.owner.rpc.sites.create({ ...ref, name: 'Acme', hostname: 'acme.com' })
  const pages: Record<string, Metadata> = {
    '/cloaked': { title: 'New', description: 'Cloaked page' },
    '/fine': { title: 'Fine', openGraph: { images: [image('big')] } },
    '/small': { title: 'Small', openGraph: { images: [image('small')] } },
  }
  for (const [path, metadata] of Object.entries(pages)) {
    heads.set(path, metadata)
    await cast.owner.rpc.pages.create({ ...ref, path })
    await cast.owner.rpc.metadataRevisions.save({
      ...ref,
      pagePath: path,
      baseRevisionId: null,
      metadata,
    })
  }
  await server.current.headmark.db
    .update(site)
    .set({ ownershipVerifiedAt: new Date() })
    .where(eq(site.id, created.id))
  return { cast, siteId: created.id }
}

/** The hreflang cluster of /fine once the site has English and German versions. */
const fineCluster = {
  en: 'https://acme.com/fine',
  de: 'https://acme.com/de/fine',
  'x-default': 'https://acme.com/fine',
}

/**
 * The site in English and German (at /de), /fine with a German set of its own: the site serves
 * the English version what get-latest answers for it, with the cluster; its German version
 * (/de/fine) is not there yet. Returns the German set's revision.
 */
async function germanVersionOfFine(cast: OrganizationCast) {
  await cast.owner.rpc.sites.updateLocales({
    ...ref,
    locales: [
      { code: 'en', kind: 'path-prefix', value: '' },
      { code: 'de', kind: 'path-prefix', value: '/de' },
    ],
    defaultLocale: 'en',
  })
  const german = await cast.owner.rpc.metadataRevisions.save({
    ...ref,
    pagePath: '/fine',
    locale: 'de',
    baseRevisionId: null,
    metadata: { title: 'Gut' },
  })
  heads.set('/fine', { ...heads.get('/fine'), alternates: fineCluster })
  return german
}

async function finished(checkId: string) {
  for (;;) {
    const [row] = await server.current.headmark.db
      .select()
      .from(driftCheck)
      .where(eq(driftCheck.id, checkId))
    if (row && (row.state === 'done' || row.state === 'failed')) return row
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

const pageFetches = () => hits.filter((hit) => !hit.startsWith('/img/'))

/** The bodies of the `metadata_drift` messages written so far, as they are delivered. */
async function driftBodies(): Promise<string[]> {
  return rowsOf<{ payload: unknown }>(
    await server.current.headmark.db.execute(
      sql`select payload from webhook_message where type = 'metadata_drift' order by created_at`,
    ),
  ).map((row) =>
    messageBody(typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload),
  )
}

/**
 * The drift alert e-mails of acme.com one person has since a check was created, oldest first,
 * once `count` are there. (On PostgreSQL the e-mail of the test before, taken by the queue's
 * worker as the database was emptied, can still land at the start of a test.)
 */
async function driftMails(to: string, count: number, since: Date) {
  const list = async () =>
    ((await server.current.headmark.mailbox?.list({ to })) ?? [])
      .filter((mail) => mail.subject.startsWith('acme.com:') && mail.createdAt >= since)
      .reverse()
  await vi.waitFor(async () => expect(await list()).toHaveLength(count), { timeout: 15_000 })
  return list()
}

describe('drift checks', () => {
  it('fetches every page as eight crawlers and says which drift, for which crawler', async () => {
    const { cast } = await setUp()
    const { checkId } = await cast.member.rpc.health.checkSite(ref)
    // One site check at a time.
    await expect(cast.member.rpc.health.checkSite(ref)).rejects.toMatchObject({ status: 409 })
    const check = await finished(checkId)
    expect(check).toMatchObject({
      state: 'done',
      pageCount: 3,
      checkedCount: 3,
      driftingCount: 2,
      resultCount: 24,
    })
    expect(pageFetches()).toHaveLength(24)
    // Each crawler's User-Agent, with Headmark's appended (fetched together, in any order).
    const fine = pageFetches().filter((hit) => hit.startsWith('/fine '))
    expect(fine).toHaveLength(CRAWLER_AGENTS.length)
    expect(fine).toEqual(
      expect.arrayContaining(
        CRAWLER_AGENTS.map((agent) => expect.stringContaining(`${agent.userAgent} HeadmarkBot/`)),
      ),
    )

    const health = await cast.member.rpc.health.getSite(ref)
    expect(health.score).toBe(33)
    expect(health.drifted.map((entry) => entry.path)).toEqual(['/cloaked', '/small'])
    const cloaked = health.drifted[0]
    expect(cloaked?.agents.filter((agent) => agent.drifting).map((agent) => agent.agent)).toEqual([
      'twitter',
    ])
    expect(cloaked?.agents.find((agent) => agent.agent === 'twitter')?.findings).toEqual([
      expect.objectContaining({ kind: 'different', field: 'title', served: 'Old', drift: true }),
    ])
    const small = health.drifted[1]
    expect(small?.agents.filter((agent) => agent.drifting).map((agent) => agent.agent)).toEqual([
      'facebook',
      'twitter',
      'linkedin',
    ])
    expect(small?.agents.find((agent) => agent.agent === 'facebook')?.findings).toEqual([
      expect.objectContaining({
        kind: 'image',
        message: expect.stringMatching(/is 100×100: Facebook needs at least 200×200/),
      }),
    ])
    expect(health.checks).toHaveLength(1)
  })

  it('alerts once per check when pages start or stop drifting: one e-mail to owners and admins, one metadata_drift message', async () => {
    const { cast } = await setUp()
    const { db, mailbox } = server.current.headmark
    let since = new Date(8.64e15)
    const mails = async (to: string) =>
      ((await mailbox?.list({ to })) ?? []).filter(
        (mail) => mail.subject.startsWith('acme.com:') && mail.createdAt >= since,
      )
    const messages = async () =>
      rowsOf<{ payload: Record<string, unknown> | string }>(
        await db.execute(
          sql`select payload from webhook_message where type = 'metadata_drift' order by created_at`,
        ),
      ).map(
        (row) =>
          (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload) as Record<
            string,
            unknown
          >,
      )

    since = (await finished((await cast.member.rpc.health.checkSite(ref)).checkId)).createdAt
    expect(await messages()).toEqual([
      expect.objectContaining({
        _type: 'metadata_drift',
        site: expect.objectContaining({ hostname: 'acme.com' }),
        started: [
          expect.objectContaining({ path: '/cloaked', agents: ['X'] }),
          expect.objectContaining({ path: '/small', agents: ['Facebook', 'LinkedIn', 'X'] }),
        ],
        stopped: [],
      }),
    ])
    // The e-mails are queue jobs, sent once the check's alert has committed.
    await vi.waitFor(
      async () => {
        expect(await mails('owner@example.com')).toHaveLength(1)
        expect(await mails('admin@example.com')).toHaveLength(1)
      },
      { timeout: 15_000 },
    )
    const [ownerMail] = await mails('owner@example.com')
    expect(ownerMail?.subject).toBe('acme.com: 2 pages drift from their metadata')
    expect(ownerMail?.text).toContain('/cloaked (X)')
    expect(await mails('admin@example.com')).toHaveLength(1)
    expect(await mails('member@example.com')).toHaveLength(0)

    // /cloaked is fixed: it stopped drifting; /small still drifts (no news about it).
    fixedCloak = true
    await finished((await cast.member.rpc.health.checkSite(ref)).checkId)
    expect((await messages())[1]).toMatchObject({ started: [], stopped: [{ path: '/cloaked' }] })
    await vi.waitFor(
      async () => {
        expect(await mails('owner@example.com')).toHaveLength(2)
        expect(await mails('admin@example.com')).toHaveLength(2)
      },
      { timeout: 15_000 },
    )
    expect((await mails('owner@example.com')).map((mail) => mail.subject)).toContain(
      'acme.com: a page serves its metadata again',
    )
    // Nothing changed: no alert.
    await finished((await cast.member.rpc.health.checkSite(ref)).checkId)
    expect(await messages()).toHaveLength(2)
    expect(await mails('owner@example.com')).toHaveLength(2)
  })

  it('queues the alert e-mails in the transaction that marks the check alerted: none when it rolls back, each sent once after a crash that follows its commit', async () => {
    const { siteId } = await setUp()
    const { db, webhooks, mailbox } = server.current.headmark
    const [cloaked] = await db.select({ id: page.id }).from(page).where(eq(page.path, '/cloaked'))
    const checkId = 'alerted-check'
    await db.insert(driftCheck).values({ id: checkId, siteId, kind: 'site', state: 'running' })
    await db.insert(driftResult).values({
      checkId,
      pageId: cloaked?.id as string,
      path: '/cloaked',
      agent: 'twitter',
      status: 200,
      drifting: true,
      findings: [{ kind: 'different', field: 'title', message: 'The title differs.', drift: true }],
    })
    // The instance that runs this alert dies right after its transaction: it never sends.
    const dying = createDriftAlerts({
      webhooks: () => webhooks,
      queue: () => webhooks.jobQueue(),
      mailer: {
        send: () => Promise.reject(new Error('this instance never sends')),
      },
      appUrl: 'http://localhost:3000',
      logger: { warn: () => {} },
    })
    const jobs = async () =>
      rowsOf<{ to: string }>(
        await db.execute(
          sql`select data->>'to' as to from pgboss.job where name = ${DRIFT_EMAIL_QUEUE} and data->>'checkId' = ${checkId} order by 1`,
        ),
      )
    await expect(
      db.transaction(async (tx) => {
        await dying.alert(tx, checkId)
        throw new Error('rolled back')
      }),
    ).rejects.toThrow('rolled back')
    expect(await jobs()).toEqual([])

    await db.transaction((tx) => dying.alert(tx, checkId))
    expect(await jobs()).toEqual([{ to: 'admin@example.com' }, { to: 'owner@example.com' }])
    // The instance still running (this server's queue worker) sends them, once each.
    const mails = async (to: string) =>
      ((await mailbox?.list({ to })) ?? []).filter((mail) => mail.subject.startsWith('acme.com:'))
    await vi.waitFor(
      async () => {
        expect(await mails('owner@example.com')).toHaveLength(1)
        expect(await mails('admin@example.com')).toHaveLength(1)
      },
      { timeout: 15_000 },
    )
    await new Promise((resolve) => setTimeout(resolve, 3000))
    expect(await mails('owner@example.com')).toHaveLength(1)
    expect(await mails('admin@example.com')).toHaveLength(1)
    expect((await mails('owner@example.com'))[0]?.text).toContain('/cloaked (X)')
  })

  it('checks one page from its editor', async () => {
    const { cast } = await setUp()
    const { checkId } = await cast.member.rpc.health.checkPage({ ...ref, pagePath: '/fine' })
    await finished(checkId)
    const seen = await cast.member.rpc.health.getPage({ ...ref, pagePath: '/fine' })
    expect(seen).toMatchObject({ pending: false, result: { path: '/fine', drifting: false } })
    expect(seen.result?.agents).toHaveLength(8)
    expect(pageFetches()).toHaveLength(8)
  })

  it('tells a cache serving an earlier revision (drift) from the site’s override (not drift)', async () => {
    const { cast } = await setUp()
    const fine = await cast.owner.rpc.pages.get({ ...ref, pagePath: '/fine' })
    await cast.owner.rpc.metadataRevisions.save({
      ...ref,
      pagePath: '/fine',
      baseRevisionId: fine.page.currentRevisionId,
      metadata: { title: 'Fine, renamed', openGraph: { images: [image('big')] } },
    })
    const titleOf = async () => {
      await finished(
        (await cast.member.rpc.health.checkPage({ ...ref, pagePath: '/fine' })).checkId,
      )
      const { result } = await cast.member.rpc.health.getPage({ ...ref, pagePath: '/fine' })
      return result?.agents.find((agent) => agent.agent === 'googlebot')
    }
    // The site still serves revision 1's title, its image as revision 2 has it: a stale cache.
    expect(await titleOf()).toMatchObject({
      drifting: true,
      findings: [expect.objectContaining({ kind: 'stale', field: 'title', served: 'Fine' })],
    })
    // A title no revision had: the site's own override.
    heads.set('/fine', { ...heads.get('/fine'), title: 'The site’s own title' })
    expect(await titleOf()).toMatchObject({
      drifting: false,
      findings: [expect.objectContaining({ kind: 'overridden', field: 'title', drift: false })],
    })
  })

  it('schedules each connected site as often as its plan says: Business every 12 h, Team daily, Starter weekly, Free never', async () => {
    const { siteId, cast } = await setUp()
    const { drift, db } = server.current.headmark
    const siteOf = new Map<string, string>([['business', siteId]])
    for (const plan of ['free', 'starter', 'team'] as const) {
      const other = await createSite(server.current.headmark, { hostname: `${plan}.example` })
      await db.insert(subscription).values({
        id: `sub-${plan}`,
        plan,
        referenceId: other.organizationId,
        status: 'active',
      })
      await db.update(site).set({ ownershipVerifiedAt: new Date() }).where(eq(site.id, other.id))
      siteOf.set(plan, other.id)
    }
    // A site that is not connected is never checked.
    const unconnected = await createSite(server.current.headmark, { hostname: 'quiet.example' })
    await db.insert(subscription).values({
      id: 'sub-quiet',
      plan: 'business',
      referenceId: unconnected.organizationId,
      status: 'active',
    })
    const scheduled = async () => {
      const rows = await db
        .select({ siteId: driftCheck.siteId })
        .from(driftCheck)
        .where(eq(driftCheck.kind, 'scheduled'))
      const plans = [...siteOf].filter(([, id]) => rows.some((row) => row.siteId === id))
      return plans.map(([plan]) => plan).sort()
    }
    /** Every check done, `hours` ago. */
    const age = (hours: number) =>
      db.execute(
        sql`update drift_check set state = 'done', created_at = now() - make_interval(hours => ${hours})`,
      )

    // Never checked: every site whose plan has a schedule.
    expect(await drift.queueDue()).toBe(3)
    expect(await scheduled()).toEqual(['business', 'starter', 'team'])
    // Queued within the period: not again.
    expect(await drift.queueDue()).toBe(0)
    await age(13)
    expect(await drift.queueDue()).toBe(1)
    await age(25)
    expect(await drift.queueDue()).toBe(2)
    await age(24 * 7 + 1)
    expect(await drift.queueDue()).toBe(3)
    const kinds = await db.select({ siteId: driftCheck.siteId }).from(driftCheck)
    expect(kinds.filter((row) => row.siteId === siteOf.get('free'))).toEqual([])

    // The Health tab says what the plan gives, and when the next check is due.
    await age(1)
    const health = await cast.member.rpc.health.getSite(ref)
    const [last] = await db
      .select({ createdAt: driftCheck.createdAt })
      .from(driftCheck)
      .where(eq(driftCheck.siteId, siteId))
      .orderBy(sql`${driftCheck.createdAt} desc`)
      .limit(1)
    expect(health.schedule).toEqual({
      planId: 'business',
      planName: 'Business',
      everyHours: 12,
      maxPages: 10_000,
      planEveryHours: 12,
      planPagesPerCheck: 10_000,
      nextAt: new Date((last?.createdAt.getTime() ?? 0) + 12 * 3600_000),
    })
    await db
      .update(subscription)
      .set({ plan: 'free' })
      .where(eq(subscription.referenceId, cast.organization.id))
    expect((await cast.member.rpc.health.getSite(ref)).schedule).toMatchObject({
      planName: 'Free',
      everyHours: null,
      maxPages: 50,
      nextAt: null,
    })
  })

  it('reads as many pages as the plan gives: 50 on Free', async () => {
    const target = await seedDriftSite(server.current.headmark, {
      pages: 60,
      hostname: 'free.example',
    })
    const { db, drift } = server.current.headmark
    await db
      .update(subscription)
      .set({ plan: 'free' })
      .where(eq(subscription.referenceId, target.organizationId))
    const check = await finished(await drift.request({ siteId: target.id, kind: 'site' }))
    expect(check).toMatchObject({ state: 'done', pageCount: 50, checkedCount: 50 })
  })

  it('checks each language version at its URL against what that locale serves, and says which', async () => {
    const { cast } = await setUp()
    const german = await germanVersionOfFine(cast)
    const check = async () => {
      await finished(
        (await cast.member.rpc.health.checkPage({ ...ref, pagePath: '/fine' })).checkId,
      )
      return cast.member.rpc.health.getPage({ ...ref, pagePath: '/fine' })
    }
    const missing = await check()
    expect(pageFetches().filter((hit) => hit.startsWith('/de/fine '))).toHaveLength(8)
    expect(missing.versions.map((version) => [version.locale, version.drifting])).toEqual([
      ['en', false],
      ['de', true],
    ])
    expect(missing.result).toMatchObject({ locale: 'en', drifting: false })
    expect(missing.versions[1]?.agents[0]).toMatchObject({ status: 404 })

    // Served as get-latest answers with locale=de: the German title over the English set.
    heads.set('/de/fine', { ...heads.get('/fine'), title: 'Gut' })
    const served = await check()
    expect(served.versions.map((version) => [version.locale, version.drifting])).toEqual([
      ['en', false],
      ['de', false],
    ])
    const googlebot = served.versions[1]?.agents.find((agent) => agent.agent === 'googlebot')
    expect(googlebot).toMatchObject({
      findings: [],
      served: { title: 'Gut', alternates: fineCluster },
    })

    // A new German title the site does not serve yet: the German version's cache is stale.
    await cast.owner.rpc.metadataRevisions.save({
      ...ref,
      pagePath: '/fine',
      locale: 'de',
      baseRevisionId: german.id,
      metadata: { title: 'Sehr gut' },
    })
    const stale = await check()
    expect(stale.versions.map((version) => [version.locale, version.drifting])).toEqual([
      ['en', false],
      ['de', true],
    ])
    expect(
      stale.versions[1]?.agents.find((agent) => agent.agent === 'googlebot')?.findings,
    ).toEqual([expect.objectContaining({ kind: 'stale', field: 'title', served: 'Gut' })])
    heads.delete('/de/fine')
  })

  it('counts each language version as a page of the plan: 50 URLs on Free', async () => {
    const target = await seedDriftSite(server.current.headmark, {
      pages: 30,
      hostname: 'free.example',
    })
    const { db, drift } = server.current.headmark
    await db
      .update(subscription)
      .set({ plan: 'free' })
      .where(eq(subscription.referenceId, target.organizationId))
    await db
      .update(site)
      .set({
        locales: {
          defaultLocale: 'en',
          locales: [
            { code: 'en', url: { kind: 'path-prefix', prefix: '' } },
            { code: 'de', url: { kind: 'path-prefix', prefix: '/de' } },
          ],
        },
      })
      .where(eq(site.id, target.id))
    // Every page has a German set.
    await db.execute(sql`
      insert into metadata_revision (id, page_id, number, metadata, source, locale)
      select p.id || '-de', p.id, 2, '{"title":"Seite"}'::jsonb, 'editor', 'de'
      from page p where p.site_id = ${target.id} and p.path is not null`)
    await db.execute(sql`
      insert into page_locale (page_id, locale, current_revision_id)
      select p.id, 'de', p.id || '-de' from page p
      where p.site_id = ${target.id} and p.path is not null`)
    const check = await finished(await drift.request({ siteId: target.id, kind: 'site' }))
    expect(check).toMatchObject({ state: 'done', pageCount: 50, checkedCount: 50 })
    const rows = rowsOf<{ locale: string; n: number }>(
      await db.execute(sql`
        select locale, count(distinct page_id)::int as n from drift_result
        where check_id = ${check.id} group by locale order by locale`),
    )
    expect(rows.map((row) => [row.locale, Number(row.n)])).toEqual([
      ['de', 25],
      ['en', 25],
    ])
  })

  it('keeps a plan within the server’s bounds', () => {
    const bounds = { everyMs: 24 * 3600_000, maxPages: 1000 }
    expect(driftSchedule(getPlan('business'), bounds)).toMatchObject({
      everyHours: 24,
      maxPages: 1000,
      plan: { everyHours: 12, pagesPerCheck: 10_000 },
    })
    expect(driftSchedule(getPlan('starter'), bounds)).toMatchObject({
      everyHours: 168,
      maxPages: 500,
    })
    expect(driftSchedule(getPlan('free'), bounds)).toMatchObject({ everyHours: null, maxPages: 50 })
    // DRIFT_CHECK_HOURS=0: only on demand, whatever the plan.
    const everyPlan: PlanId[] = ['free', 'starter', 'team', 'business']
    for (const plan of everyPlan) {
      expect(driftSchedule(getPlan(plan), { ...bounds, everyMs: 0 }).everyHours).toBeNull()
    }
  })

  it('keeps the newest 20 checks of the whole site and 20 of single pages: page checks never push the site’s out', async () => {
    const { siteId } = await setUp()
    const { db, drift } = server.current.headmark
    const [fine] = await db.select({ id: page.id }).from(page).where(eq(page.path, '/fine'))
    const ago = (seconds: number) => new Date(Date.now() - seconds * 1000)
    await db
      .insert(driftCheck)
      .values({ id: 'site-check', siteId, kind: 'site', state: 'done', createdAt: ago(3600) })
    await db.insert(driftCheck).values(
      Array.from({ length: 20 }, (_, i) => ({
        id: `page-check-${i}`,
        siteId,
        kind: 'page' as const,
        pageId: fine?.id ?? null,
        state: 'done' as const,
        createdAt: ago(60 - i),
      })),
    )
    const newest = await drift.request({ siteId, kind: 'page', pageId: fine?.id ?? null })
    const kept = (
      await db.select({ id: driftCheck.id }).from(driftCheck).where(eq(driftCheck.siteId, siteId))
    ).map((row) => row.id)
    expect(kept).toHaveLength(21)
    expect(kept).toContain('site-check')
    expect(kept).toContain(newest)
    expect(kept).not.toContain('page-check-0')
    await finished(newest)
  })

  it('resumes a check killed part-way without fetching again what it stored', async () => {
    const { siteId } = await setUp()
    const { db } = server.current.headmark
    const [fine] = await db.select({ id: page.id }).from(page).where(eq(page.path, '/fine'))
    // A run stored /fine's rows, then the process was killed.
    const checkId = 'killed-check'
    await db.insert(driftCheck).values({ id: checkId, siteId, kind: 'site', state: 'running' })
    await db.insert(driftResult).values(
      CRAWLER_AGENTS.map(({ id: agent }) => ({
        checkId,
        pageId: fine?.id as string,
        path: '/fine',
        agent,
        status: 200,
        drifting: false,
        findings: [{ kind: 'stored', message: 'before the kill', drift: false }],
      })),
    )
    await server.current.headmark.webhooks.jobQueue().send(DRIFT_QUEUE, { checkId })
    const check = await finished(checkId)
    expect(check).toMatchObject({ state: 'done', checkedCount: 3, resultCount: 24 })
    expect(pageFetches()).toHaveLength(16)
    const kept = await db.select().from(driftResult).where(eq(driftResult.checkId, checkId))
    expect(kept.filter((row) => row.findings[0]?.kind === 'stored')).toHaveLength(8)
  })
})

describe('drift alerts and locales', () => {
  it('sends a site without locales the alert it always sent, byte for byte', async () => {
    const { cast } = await setUp()
    const [{ dsn } = { dsn: '' }] = await server.current.headmark.db
      .select({ dsn: site.dsn })
      .from(site)
      .where(eq(site.hostname, 'acme.com'))
    const checks: string[] = []
    const normal = (text: string) =>
      checks
        .reduce((all, id, i) => all.replaceAll(id, `<check ${i + 1}>`), text)
        .replaceAll(dsn, '<dsn>')
        .replaceAll(server.current.origin, '<app>')
        .replaceAll(origin, '<site>')
        .replace(/"timestamp":"[^"]+"/, '"timestamp":"<time>"')
    const check = async () => {
      const { checkId } = await cast.member.rpc.health.checkSite(ref)
      checks.push(checkId)
      return (await finished(checkId)).createdAt
    }
    // /cloaked and /small start drifting; then /cloaked is fixed.
    const since = await check()
    fixedCloak = true
    await check()
    const bodies = (await driftBodies()).map(normal)
    const mails = (await driftMails('owner@example.com', 2, since)).map((mail) => ({
      subject: mail.subject,
      text: normal(mail.text),
      html: normal(mail.html),
    }))
    // Recorded from the alerts as they were before language versions were named.
    expect({ bodies, mails }).toEqual(withoutLocalesGolden)
  })

  it('names the language version of each page in the e-mail and the webhook: a page drifting only in German reads as its German version', async () => {
    const { cast } = await setUp()
    await germanVersionOfFine(cast)
    // The other pages (English only) serve what they should, their one-locale cluster included.
    fixedCloak = true
    heads.set('/small', { title: 'Small', openGraph: { images: [image('big')] } })
    for (const path of ['/cloaked', '/small']) {
      const alternates = { en: `https://acme.com${path}`, 'x-default': `https://acme.com${path}` }
      heads.set(path, { ...heads.get(path), alternates })
    }
    const { createdAt: since } = await finished(
      (await cast.member.rpc.health.checkSite(ref)).checkId,
    )
    const [first = ''] = await driftBodies()
    const payload = JSON.parse(first) as MetadataDriftPayload
    expect(payload.started).toEqual([
      {
        path: '/fine',
        locale: 'de',
        agents: CRAWLER_AGENTS.map((agent) => agent.name).sort(),
        findings: [expect.any(String)],
      },
    ])
    const [mail] = await driftMails('owner@example.com', 1, since)
    expect(mail?.subject).toBe('acme.com: a page drifts from its metadata')
    expect(mail?.text).toMatch(/^\/fine \(de\) \(Bingbot, Browser, .*\): \S/m)
    expect(mail?.html).toMatch(/<p>\/fine \(de\) \(Bingbot, Browser, .*\): \S/)
    expect(mail?.text).not.toContain('/fine (en)')
    expect(mail?.text).not.toMatch(/^\/fine \(Bingbot/m)

    // The German version is served: it serves its metadata again; the English one was never news.
    heads.set('/de/fine', { ...heads.get('/fine'), title: 'Gut' })
    await finished((await cast.member.rpc.health.checkSite(ref)).checkId)
    const [, second = ''] = await driftBodies()
    expect(JSON.parse(second)).toMatchObject({
      started: [],
      stopped: [{ path: '/fine', locale: 'de' }],
    })
    const [, again] = await driftMails('owner@example.com', 2, since)
    expect(again?.text).toContain('One page serves its metadata again: /fine (de)')
    expect(again?.html).toContain('<p>One page serves its metadata again: /fine (de)</p>')
    heads.delete('/de/fine')
  })

  it('sends an alert e-mail sent again (its job run twice) as the same message: one Message-ID per check and recipient', async () => {
    const { siteId } = await setUp()
    const { db, webhooks } = server.current.headmark
    const [cloaked] = await db.select({ id: page.id }).from(page).where(eq(page.path, '/cloaked'))
    const checkId = 'twice-check'
    await db.insert(driftCheck).values({ id: checkId, siteId, kind: 'site', state: 'running' })
    await db.insert(driftResult).values({
      checkId,
      pageId: cloaked?.id as string,
      path: '/cloaked',
      agent: 'twitter',
      status: 200,
      drifting: true,
      findings: [{ kind: 'different', field: 'title', message: 'The title differs.', drift: true }],
    })
    const appUrl = 'https://headmark.example'
    const alerts = createDriftAlerts({
      webhooks: () => webhooks,
      queue: () => webhooks.jobQueue(),
      mailer: { send: () => Promise.reject(new Error('not sent here')) },
      appUrl,
      logger: { warn: () => {} },
    })
    await db.transaction((tx) => alerts.alert(tx, checkId))
    const jobs = rowsOf<{ data: DriftEmailJob | string }>(
      await db.execute(
        sql`select data from pgboss.job where name = ${DRIFT_EMAIL_QUEUE} and data->>'checkId' = ${checkId} order by data->>'to'`,
      ),
    ).map(
      (row) => (typeof row.data === 'string' ? JSON.parse(row.data) : row.data) as DriftEmailJob,
    )
    expect(jobs.map((job) => [job.to, job.messageId])).toEqual([
      ['admin@example.com', driftEmailMessageId(checkId, 'admin@example.com', appUrl)],
      ['owner@example.com', driftEmailMessageId(checkId, 'owner@example.com', appUrl)],
    ])
    const [adminId, ownerId] = jobs.map((job) => job.messageId)
    expect(ownerId).toMatch(/^<drift-alert\.twice-check\.[0-9a-f]{16}@headmark\.example>$/)
    expect(ownerId).not.toBe(adminId)

    const smtp = await startSmtpServer()
    try {
      const { mailer } = createMailer({
        db,
        env: { NODE_ENV: 'production', SMTP_URL: smtp.url, MAIL_FROM: 'Headmark <h@h.example>' },
      })
      const [, owner] = jobs
      // Sent, then the instance died before the job was marked done: the next one sends it again.
      await sendDriftEmail(mailer, owner as DriftEmailJob)
      await sendDriftEmail(mailer, owner as DriftEmailJob)
      const ids = smtp.received.map((data) => data.match(/^Message-ID: (.*)$/im)?.[1])
      expect(ids).toEqual([ownerId, ownerId])
      expect(smtp.received[0]).toContain('/cloaked (X): The title differs.')
    } finally {
      await smtp.close()
    }
  })
})
