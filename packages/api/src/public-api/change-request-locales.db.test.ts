import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import {
  getLatestTarget,
  rawRequest,
  recordWebhookBodies,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'
import { siteCast } from '../../test/sites.ts'
import { changeRequest, changeSetItem, metadataRevision, pageLocale } from '../db/schema.ts'

// Change requests on a site with locales: a request drafts a page's own set and other locales'
// sets side by side, shows each as the page will serve it (with the generated cluster), and
// publishes them in one transaction — or nothing, when one locale's set moved on since.

const server = usePublicApiTestServer()
const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

const bodies = recordWebhookBodies(server)

/**
 * acme.com in English (default, at the root), German (/de) and French (fr.acme.com); /pricing
 * with an English and a German set, /about with its English set only.
 */
async function trilingual() {
  const cast = await siteCast(server.current.app)
  const site = await cast.owner.rpc.sites.updateLocales({
    ...acme,
    locales: [
      { code: 'en', kind: 'path-prefix', value: '' },
      { code: 'de', kind: 'path-prefix', value: '/de' },
      { code: 'fr', kind: 'subdomain', value: 'fr' },
    ],
    defaultLocale: 'en',
  })
  await cast.owner.rpc.pages.create({ ...acme, path: '/pricing' })
  await cast.owner.rpc.pages.create({ ...acme, path: '/about' })
  const en = await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/pricing',
    baseRevisionId: null,
    metadata: { title: 'Pricing', description: 'Plans for every team' },
  })
  const de = await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/pricing',
    locale: 'de',
    baseRevisionId: null,
    metadata: { title: 'Preise' },
  })
  const about = await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/about',
    baseRevisionId: null,
    metadata: { title: 'About', description: 'Who we are' },
  })
  bodies.length = 0
  return { cast, site, en, de, about }
}

/** Opens a change request drafting /pricing's own set as "Plans"; its id. */
async function draftPlans(
  rpc: Awaited<ReturnType<typeof trilingual>>['cast']['owner']['rpc'],
  baseRevisionId: string,
) {
  const { changeRequestId } = await rpc.changeRequests.saveDraft({
    ...acme,
    pagePath: '/pricing',
    baseRevisionId,
    metadata: { title: 'Plans' },
  })
  return changeRequestId
}

/** The get-latest answer for a path and locale. */
async function getLatest(dsn: string, path: string, locale: string | null) {
  server.current.api.dropAll()
  const target = getLatestTarget(dsn, path) + (locale === null ? '' : `&locale=${locale}`)
  const answer = await rawRequest(server.current.origin, target)
  expect(answer.status).toBe(200)
  return JSON.parse(answer.body.toString('utf8')) as {
    metadata: Record<string, unknown>
    metadataRevisionId?: string
  }
}

const FULL_CLUSTER = {
  en: 'https://acme.com/pricing',
  de: 'https://acme.com/de/pricing',
  fr: 'https://fr.acme.com/pricing',
  'x-default': 'https://acme.com/pricing',
}

describe('change requests that draft locales’ sets', () => {
  it('drafts the German, French and English sets of a page in one request and publishes them together', async () => {
    const { cast, site, de, about } = await trilingual()
    const rpc = cast.member.rpc
    const { changeRequestId } = await rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/pricing',
      locale: 'de',
      baseRevisionId: de.id,
      metadata: { title: 'Preise und Pakete' },
    })
    await rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/pricing',
      locale: 'FR',
      baseRevisionId: null,
      metadata: { title: 'Tarifs' },
    })
    // The default locale's code drafts the page's own set.
    const en = await cast.owner.rpc.pages.get({ ...acme, pagePath: '/pricing' })
    await rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/pricing',
      locale: 'en',
      baseRevisionId: en.revision?.id ?? null,
      metadata: { title: 'Plans and pricing', description: 'Plans for every team' },
    })
    await rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/about',
      locale: 'de',
      baseRevisionId: null,
      metadata: { title: 'Über uns' },
    })

    const detail = await rpc.changeRequests.get({ organizationSlug: 'acme', changeRequestId })
    expect(detail.changeRequest.pageCount).toBe(2)
    expect(detail.localized).toBe(true)
    expect(detail.items.map((item) => [item.path, item.locale, item.url, item.conflict])).toEqual([
      ['/about', 'de', 'https://acme.com/de/about', false],
      ['/pricing', null, 'https://acme.com/pricing', false],
      ['/pricing', 'de', 'https://acme.com/de/pricing', false],
      ['/pricing', 'fr', 'https://fr.acme.com/pricing', false],
    ])
    // Each preview serves what get-latest will: the locale's set over the page's drafted own set,
    // with the cluster generated from the site's locales (French counted: the request creates it).
    const french = detail.items.find((item) => item.locale === 'fr')
    expect(french?.served).toEqual({
      title: 'Tarifs',
      description: 'Plans for every team',
      alternates: FULL_CLUSTER,
    })
    const germanAbout = detail.items.find((item) => item.path === '/about')
    expect(germanAbout?.served).toMatchObject({
      title: 'Über uns',
      description: 'Who we are',
      alternates: {
        en: 'https://acme.com/about',
        de: 'https://acme.com/de/about',
        'x-default': 'https://acme.com/about',
      },
    })

    // Nothing is served before it is published.
    expect((await getLatest(site.dsn, '/pricing', 'de')).metadata.title).toBe('Preise')

    const published = await cast.owner.rpc.changeRequests.publish({
      organizationSlug: 'acme',
      changeRequestId,
    })
    expect(published.status).toBe('published')
    expect(published.outcome).toMatchObject({ applied: 4, unchanged: 0, conflicts: [] })

    const germanNow = await getLatest(site.dsn, '/pricing', 'de')
    expect(germanNow.metadata).toEqual({
      title: 'Preise und Pakete',
      description: 'Plans for every team',
      alternates: FULL_CLUSTER,
    })
    expect((await getLatest(site.dsn, '/pricing', 'fr')).metadata.title).toBe('Tarifs')
    expect((await getLatest(site.dsn, '/pricing', null)).metadata.title).toBe('Plans and pricing')
    // /about's own set was not drafted: it is as it was; its German version is new.
    const aboutNow = await getLatest(site.dsn, '/about', null)
    expect(aboutNow.metadata).toMatchObject({ title: 'About', description: 'Who we are' })
    expect(aboutNow.metadataRevisionId).toBe(about.id)
    expect((await getLatest(site.dsn, '/about', 'de')).metadata.title).toBe('Über uns')

    // Each locale's set has a revision of its locale, pointing back at the request's changes.
    const { db } = server.current.app.headmark
    const [request] = await db
      .select({ changeSetId: changeRequest.changeSetId })
      .from(changeRequest)
      .where(eq(changeRequest.id, changeRequestId))
    const revisions = await db
      .select({ locale: metadataRevision.locale, source: metadataRevision.source })
      .from(metadataRevision)
      .where(eq(metadataRevision.changeSetId, request!.changeSetId))
    expect(revisions.map((r) => `${r.locale ?? 'own'} ${r.source}`).sort()).toEqual([
      'de bulk',
      'de bulk',
      'fr bulk',
      'own bulk',
    ])
    const items = await db
      .select({ locale: changeSetItem.locale, result: changeSetItem.result })
      .from(changeSetItem)
      .where(eq(changeSetItem.changeSetId, request!.changeSetId))
    expect(items.every((item) => item.result === 'applied')).toBe(true)
    // The published change set lists every set once, page by page in path and locale order.
    const listed: Array<[string, string | null, string | null]> = []
    let cursor: string | undefined
    do {
      const page = await cast.owner.rpc.changeSets.get({
        ...acme,
        changeSetId: request!.changeSetId,
        limit: 1,
        ...(cursor ? { cursor } : {}),
      })
      for (const item of page.items) listed.push([item.path, item.locale, item.result])
      cursor = page.nextCursor ?? undefined
    } while (cursor)
    expect(listed).toEqual([
      ['/about', 'de', 'applied'],
      ['/pricing', null, 'applied'],
      ['/pricing', 'de', 'applied'],
      ['/pricing', 'fr', 'applied'],
    ])

    // The webhook bodies tell each locale what get-latest serves for it.
    const germanBody = bodies.find(
      (body) => body.path === '/pricing' && (body as { locale?: string }).locale === 'de',
    )
    expect(germanBody?.metadata).toMatchObject({ title: 'Preise und Pakete' })
    // The French set is new: the other versions are announced again with the cluster naming it,
    // so the last body of each version of /pricing is what get-latest serves for it.
    const last = new Map<string, (typeof bodies)[number]>()
    for (const body of bodies.filter((body) => body.path === '/pricing')) {
      last.set(body.locale ?? 'en', body)
    }
    expect([...last.keys()].sort()).toEqual(['de', 'en', 'fr'])
    for (const [locale, body] of last) {
      expect(body.metadata).toEqual(
        (await getLatest(site.dsn, '/pricing', locale === 'en' ? null : locale)).metadata,
      )
      expect(body.metadata.alternates).toEqual(FULL_CLUSTER)
    }
  })

  it('publishes nothing when one locale’s set was saved since the draft, until it is re-based', async () => {
    const { cast, site, de, en } = await trilingual()
    const rpc = cast.owner.rpc
    const changeRequestId = await draftPlans(rpc, en.id)
    await rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/pricing',
      locale: 'de',
      baseRevisionId: de.id,
      metadata: { title: 'Tarife' },
    })
    await rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/about',
      locale: 'fr',
      baseRevisionId: null,
      metadata: { title: 'À propos' },
    })
    // Someone saves the German set in the editor meanwhile.
    const newer = await rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/pricing',
      locale: 'de',
      baseRevisionId: de.id,
      metadata: { title: 'Preise (neu)' },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    const detail = await rpc.changeRequests.get(ref)
    expect(detail.items.map((item) => [item.path, item.locale, item.conflict])).toEqual([
      ['/about', 'fr', false],
      ['/pricing', null, false],
      ['/pricing', 'de', true],
    ])
    expect(detail.items[2]?.currentRevisionId).toBe(newer.id)

    const revisionsBefore = await server.current.app.headmark.db
      .select({ id: metadataRevision.id })
      .from(metadataRevision)
    await expect(rpc.changeRequests.publish(ref)).rejects.toMatchObject({
      code: 'CONFLICT',
      message: expect.stringContaining('/pricing (de)'),
      data: { conflicts: [{ path: '/pricing', locale: 'de', currentRevisionId: newer.id }] },
    })
    // Nothing was written: no revision, no French set, the request still open.
    const revisionsAfter = await server.current.app.headmark.db
      .select({ id: metadataRevision.id })
      .from(metadataRevision)
    expect(revisionsAfter).toHaveLength(revisionsBefore.length)
    expect(
      await server.current.app.headmark.db
        .select()
        .from(pageLocale)
        .where(eq(pageLocale.locale, 'fr')),
    ).toEqual([])
    expect((await getLatest(site.dsn, '/pricing', null)).metadata.title).toBe('Pricing')
    expect((await getLatest(site.dsn, '/pricing', 'de')).metadata.title).toBe('Preise (neu)')
    expect((await rpc.changeRequests.get(ref)).changeRequest.status).toBe('open')

    // The author keeps their draft on top of the newer German revision: it publishes.
    await rpc.changeRequests.rebaseItem({
      ...ref,
      siteHostname: 'acme.com',
      pagePath: '/pricing',
      locale: 'de',
      baseRevisionId: newer.id,
      metadata: { title: 'Tarife' },
    })
    await rpc.changeRequests.publish(ref)
    expect((await getLatest(site.dsn, '/pricing', 'de')).metadata.title).toBe('Tarife')
    expect((await getLatest(site.dsn, '/pricing', null)).metadata.title).toBe('Plans')
    expect((await getLatest(site.dsn, '/about', 'fr')).metadata.title).toBe('À propos')
  })

  it('undoing the published request gives each locale’s set its metadata back, and leaves one saved since', async () => {
    const { cast, site, de, en } = await trilingual()
    const rpc = cast.owner.rpc
    const changeRequestId = await draftPlans(rpc, en.id)
    for (const [pagePath, locale, baseRevisionId, title] of [
      ['/pricing', 'de', de.id, 'Tarife'],
      ['/about', 'fr', null, 'À propos'],
    ] as const) {
      await rpc.changeRequests.saveDraft({
        ...acme,
        pagePath,
        locale,
        baseRevisionId,
        metadata: { title },
      })
    }
    const ref = { organizationSlug: 'acme', changeRequestId }
    await rpc.changeRequests.publish(ref)
    expect((await getLatest(site.dsn, '/pricing', 'de')).metadata.title).toBe('Tarife')
    // Someone saves the French set of /about after the publish.
    const french = await getLatest(site.dsn, '/about', 'fr')
    const newer = await rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/about',
      locale: 'fr',
      baseRevisionId: french.metadataRevisionId ?? null,
      metadata: { title: 'Qui sommes-nous' },
    })
    const [request] = await server.current.app.headmark.db
      .select({ changeSetId: changeRequest.changeSetId })
      .from(changeRequest)
      .where(eq(changeRequest.id, changeRequestId))
    bodies.length = 0

    const undone = await rpc.changeSets.undo({ ...acme, changeSetId: request?.changeSetId ?? '' })
    expect(undone).toMatchObject({
      applied: 2,
      conflicts: [{ path: '/about', locale: 'fr', currentRevisionId: newer.id }],
    })
    expect((await getLatest(site.dsn, '/pricing', null)).metadata.title).toBe('Pricing')
    expect((await getLatest(site.dsn, '/pricing', 'de')).metadata.title).toBe('Preise')
    expect((await getLatest(site.dsn, '/about', 'fr')).metadata.title).toBe('Qui sommes-nous')
    // The German version's webhook body says what /de/pricing serves again.
    expect(
      bodies.filter((body) => body.path === '/pricing' && body.metadata.title === 'Preise'),
    ).toHaveLength(1)
    // The undo's change set lists the German set and the French conflict, each by its locale.
    const items = await server.current.app.headmark.db
      .select({
        path: changeSetItem.path,
        locale: changeSetItem.locale,
        result: changeSetItem.result,
      })
      .from(changeSetItem)
      .where(eq(changeSetItem.changeSetId, undone.id))
    expect(
      items.sort((a, b) => `${a.path}${a.locale}`.localeCompare(`${b.path}${b.locale}`)),
    ).toEqual([
      { path: '/about', locale: 'fr', result: 'conflict' },
      { path: '/pricing', locale: '', result: 'applied' },
      { path: '/pricing', locale: 'de', result: 'applied' },
    ])
  })

  it('refuses a locale the site does not declare, and a locale of the site’s defaults', async () => {
    const { cast } = await trilingual()
    const rpc = cast.member.rpc
    await expect(
      rpc.changeRequests.saveDraft({
        ...acme,
        pagePath: '/pricing',
        locale: 'it',
        baseRevisionId: null,
        metadata: { title: 'Prezzi' },
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'This site has no locale “it”; its locales are en, de, fr.',
      data: { issues: [{ path: ['locale'] }] },
    })
    await expect(
      rpc.changeRequests.propose({
        ...acme,
        title: 'Italian',
        explanation: 'Prices in Italian',
        pages: [
          { pagePath: '/about', locale: 'de', metadata: { title: 'Über uns' } },
          { pagePath: '/pricing', locale: 'it', metadata: { title: 'Prezzi' } },
        ],
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: 'pages.1: This site has no locale “it”; its locales are en, de, fr.',
      data: { issues: [{ path: ['pages', 1, 'locale'] }] },
    })
    await expect(
      rpc.changeRequests.saveDraft({
        ...acme,
        pagePath: null,
        locale: 'de',
        baseRevisionId: null,
        metadata: { title: 'Acme' },
      }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', data: { issues: [{ path: ['locale'] }] } })
    // Nothing was drafted.
    expect((await rpc.changeRequests.list({ organizationSlug: 'acme' })).items).toEqual([])
    // A site without locales refuses any locale rather than drafting the page's own set with it.
    await cast.owner.rpc.sites.updateLocales({ ...acme, locales: [], defaultLocale: '' })
    await expect(
      rpc.changeRequests.saveDraft({
        ...acme,
        pagePath: '/pricing',
        locale: 'de',
        baseRevisionId: null,
        metadata: { title: 'Preise' },
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('This site declares no locales'),
    })
    expect((await rpc.changeRequests.list({ organizationSlug: 'acme' })).items).toEqual([])
  })

  it('counts a page drafted in several locales as one page for the publishing policy', async () => {
    const { cast, site, en, de } = await trilingual()
    await cast.owner.rpc.changeRequests.updatePolicy({
      organizationSlug: 'acme',
      mode: 'direct',
      twoPersonRule: true,
      largeChangePages: 2,
    })
    const rpc = cast.member.rpc
    const { changeRequestId } = await rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/pricing',
      baseRevisionId: en.id,
      metadata: { title: 'Plans' },
    })
    for (const [locale, base, title] of [
      ['de', de.id, 'Tarife'],
      ['fr', null, 'Tarifs'],
    ] as const) {
      await rpc.changeRequests.saveDraft({
        ...acme,
        pagePath: '/pricing',
        locale,
        baseRevisionId: base,
        metadata: { title },
      })
    }
    // Three sets of one page: not a large change, so its author publishes it without approval.
    const ref = { organizationSlug: 'acme', changeRequestId }
    const detail = await rpc.changeRequests.get(ref)
    expect(detail.items).toHaveLength(3)
    expect(detail.requirement.reasons).toEqual([])
    await rpc.changeRequests.publish(ref)
    expect((await getLatest(site.dsn, '/pricing', 'fr')).metadata.title).toBe('Tarifs')
  })

  it('proposes a locale’s set as a patch of that set, and drops it on its own', async () => {
    const { cast, de } = await trilingual()
    const rpc = cast.member.rpc
    const { changeRequestId, pageCount } = await rpc.changeRequests.propose({
      ...acme,
      title: 'German descriptions',
      explanation: 'The German page had no description of its own.',
      pages: [
        { pagePath: '/pricing', locale: 'de', metadata: { description: 'Pläne für jedes Team' } },
        { pagePath: '/pricing', metadata: { description: 'Plans for all teams' } },
      ],
    })
    expect(pageCount).toBe(1)
    const ref = { organizationSlug: 'acme', changeRequestId }
    const detail = await rpc.changeRequests.get(ref)
    expect(detail.items.map((item) => [item.locale, item.baseRevisionId, item.after])).toEqual([
      [null, expect.any(String), { title: 'Pricing', description: 'Plans for all teams' }],
      ['de', de.id, { title: 'Preise', description: 'Pläne für jedes Team' }],
    ])
    await rpc.changeRequests.dropItem({ ...ref, pagePath: '/pricing', locale: 'de' })
    expect((await rpc.changeRequests.get(ref)).items.map((item) => item.locale)).toEqual([null])
    await expect(
      rpc.changeRequests.dropItem({ ...ref, pagePath: '/pricing', locale: 'de' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })
})
