import { describe, expect, it } from 'vitest'
import { hostileTexts } from '../../test/corpus.ts'
import { createFixtureSite, saveFixtureRevision } from '../../test/public-api-fixtures.ts'
import {
  getLatestTarget,
  rawRequest,
  usePublicApiTestServer,
} from '../../test/public-api-server.ts'
import { siteCast } from '../../test/sites.ts'
import type { RevisionSavedEvent } from '../domain/events.ts'
import { metadataUpdatePayload } from '../webhooks/worker.ts'

// A site's locales end to end: declared in its settings (sites.updateLocales), one metadata set
// per locale of a page (metadataRevisions.*, pages.get), and the public API's answer per locale
// with the hreflang cluster generated from the site's mapping.

const server = usePublicApiTestServer()
const get = (target: string) => rawRequest(server.current.origin, target, { method: 'GET' })
const json = (body: Buffer) => JSON.parse(body.toString('utf8')) as Record<string, unknown>
const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

const THREE = [
  { code: 'en', kind: 'path-prefix' as const, value: '' },
  { code: 'de', kind: 'path-prefix' as const, value: '/de' },
  { code: 'fr', kind: 'subdomain' as const, value: 'fr' },
]

const ARTICLE = {
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: 'Pricing',
}

/** acme.com in English (default, at the root), German (/de) and French (fr.acme.com). */
async function trilingual() {
  const cast = await siteCast(server.current.app)
  const site = await cast.owner.rpc.sites.updateLocales({
    ...acme,
    locales: THREE,
    defaultLocale: 'en',
  })
  await cast.owner.rpc.pages.create({ ...acme, path: '/pricing' })
  const en = await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/pricing',
    baseRevisionId: null,
    metadata: { title: 'Pricing', description: 'Plans for every team', jsonLd: [ARTICLE] },
  })
  const de = await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/pricing',
    locale: 'de',
    baseRevisionId: null,
    metadata: { title: 'Preise', jsonLd: [{ ...ARTICLE, headline: 'Preise' }] },
  })
  return { cast, site, en, de }
}

const CLUSTER = {
  en: 'https://acme.com/pricing',
  de: 'https://acme.com/de/pricing',
  'x-default': 'https://acme.com/pricing',
}

describe('sites.updateLocales', () => {
  it('stores the locales in their conventional case, and no rows turn them off', async () => {
    const cast = await siteCast(server.current.app)
    const site = await cast.owner.rpc.sites.updateLocales({
      ...acme,
      locales: [
        { code: 'EN-us', kind: 'path-prefix', value: '/' },
        { code: 'de', kind: 'path-prefix', value: 'de/' },
        { code: 'zh-hant', kind: 'domain', value: 'https://Acme.TW/' },
      ],
      defaultLocale: 'en-US',
    })
    expect(site.locales).toEqual({
      defaultLocale: 'en-US',
      locales: [
        { code: 'en-US', url: { kind: 'path-prefix', prefix: '' } },
        { code: 'de', url: { kind: 'path-prefix', prefix: '/de' } },
        { code: 'zh-Hant', url: { kind: 'domain', hostname: 'acme.tw' } },
      ],
    })
    expect((await cast.member.rpc.sites.get(acme)).locales).toEqual(site.locales)
    const off = await cast.owner.rpc.sites.updateLocales({
      ...acme,
      locales: [],
      defaultLocale: '',
    })
    expect(off.locales).toBeNull()
  })

  it.each([
    [
      [{ code: 'english', kind: 'path-prefix', value: '' }],
      'en',
      ['locales', 0, 'code'],
      'Use a language code such as en, de or fr-CA',
    ],
    [
      [
        { code: 'en', kind: 'path-prefix', value: '' },
        { code: 'EN', kind: 'path-prefix', value: '/en' },
      ],
      'en',
      ['locales', 1, 'code'],
      '“en” is listed twice.',
    ],
    [
      [
        { code: 'en', kind: 'path-prefix', value: '' },
        { code: 'de', kind: 'path-prefix', value: '/' },
      ],
      'en',
      ['locales', 1, 'value'],
      '“de” has the same URLs as “en”.',
    ],
    [
      [{ code: 'de', kind: 'subdomain', value: 'de.acme.com' }],
      'de',
      ['locales', 0, 'value'],
      'Enter a subdomain such as de',
    ],
    [
      [{ code: 'de', kind: 'domain', value: 'acme.de:8080' }],
      'de',
      ['locales', 0, 'value'],
      'port',
    ],
    [
      [{ code: 'de', kind: 'path-prefix', value: '/de?x' }],
      'de',
      ['locales', 0, 'value'],
      'Enter a path prefix such as /de',
    ],
    [
      [{ code: 'de', kind: 'path-prefix', value: '/de' }],
      'fr',
      ['defaultLocale'],
      'Choose the default locale among the locales listed.',
    ],
  ] as const)('refuses %j (default %s) at %j', async (locales, defaultLocale, path, expected) => {
    const cast = await siteCast(server.current.app)
    const error = await cast.owner.rpc.sites
      .updateLocales({ ...acme, locales: [...locales], defaultLocale })
      .catch((caught: unknown) => caught)
    expect(error).toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
      message: expect.stringContaining(expected),
      data: {
        issues: expect.arrayContaining([
          { path: [...path], message: expect.stringContaining(expected) },
        ]),
      },
    })
    expect((await cast.owner.rpc.sites.get(acme)).locales).toBeNull()
  })

  it('answers every hostile text in every field with a 400 or a stored value, never a 500', async () => {
    const cast = await siteCast(server.current.app)
    for (const text of hostileTexts()) {
      for (const field of ['code', 'value', 'defaultLocale'] as const) {
        const row = { code: 'de', kind: 'path-prefix' as const, value: '/de' }
        const input = {
          ...acme,
          locales: [field === 'defaultLocale' ? row : { ...row, [field]: text }],
          defaultLocale: field === 'defaultLocale' ? text : 'de',
        }
        const outcome = await cast.owner.rpc.sites.updateLocales(input).then(
          () => 'ok',
          (error: { status?: number }) => error.status,
        )
        expect([400, 'ok'], `${field}: ${JSON.stringify(text).slice(0, 80)}`).toContain(outcome)
      }
      const served = await get(
        `${getLatestTarget('no-such-dsn', '/')}&locale=${encodeURIComponent(text)}`,
      )
      expect(served.status).toBeLessThan(500)
    }
  }, 120_000)
})

describe('one metadata set per locale', () => {
  it('keeps each locale’s history and conflicts apart from the page’s own', async () => {
    const { cast, en, de } = await trilingual()
    const { rpc } = cast.member
    // A stale German base is a conflict naming the German current revision; English is untouched.
    const conflict = await rpc.metadataRevisions
      .save({
        ...acme,
        pagePath: '/pricing',
        locale: 'de',
        baseRevisionId: null,
        metadata: { title: 'Tarife' },
      })
      .catch((error: unknown) => error)
    expect(conflict).toMatchObject({ code: 'CONFLICT', data: { currentRevisionId: de.id } })
    const de2 = await rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/pricing',
      locale: 'de',
      baseRevisionId: de.id,
      metadata: { title: 'Tarife' },
    })
    expect(de2.number).toBe(3)
    const enList = await rpc.metadataRevisions.list({ ...acme, pagePath: '/pricing' })
    expect(enList.items.map((item) => item.id)).toEqual([en.id])
    const deList = await rpc.metadataRevisions.list({ ...acme, pagePath: '/pricing', locale: 'DE' })
    expect(deList.items.map((item) => item.id)).toEqual([de2.id, de.id])
    // The default locale named explicitly is the page's own set.
    expect(
      (await rpc.metadataRevisions.list({ ...acme, pagePath: '/pricing', locale: 'en' })).items,
    ).toEqual(enList.items)
    // A German revision is not restored into English, and is restored into German.
    await expect(
      rpc.metadataRevisions.restore({ ...acme, pagePath: '/pricing', metadataRevisionId: de.id }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const restored = await rpc.metadataRevisions.restore({
      ...acme,
      pagePath: '/pricing',
      locale: 'de',
      metadataRevisionId: de.id,
    })
    expect(restored.metadata).toEqual(de.metadata)
    const page = await rpc.pages.get({ ...acme, pagePath: '/pricing', locale: 'de' })
    expect(page.revision?.id).toBe(restored.id)
    expect(page.page.currentRevisionId).toBe(en.id)
  })

  it('refuses a locale the site does not have, and a locale of the site’s defaults', async () => {
    const { cast } = await trilingual()
    for (const call of [
      () => cast.owner.rpc.pages.get({ ...acme, pagePath: '/pricing', locale: 'es' }),
      () =>
        cast.owner.rpc.metadataRevisions.save({
          ...acme,
          pagePath: '/pricing',
          locale: 'es',
          baseRevisionId: null,
          metadata: { title: 'Precios' },
        }),
    ]) {
      await expect(call()).rejects.toMatchObject({
        code: 'BAD_REQUEST',
        message: 'This site has no locale “es”; its locales are en, de, fr.',
      })
    }
    await expect(
      cast.owner.rpc.metadataRevisions.save({
        ...acme,
        pagePath: null,
        locale: 'de',
        baseRevisionId: null,
        metadata: { title: 'Acme' },
      }),
    ).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      message: expect.stringContaining('every locale'),
    })
  })

  it('shows the editor the locale’s set, what it inherits, and the generated cluster', async () => {
    const { cast, de, en } = await trilingual()
    const german = await cast.member.rpc.pages.get({ ...acme, pagePath: '/pricing', locale: 'de' })
    expect(german.revision?.id).toBe(de.id)
    expect(german.locales).toMatchObject({
      locale: 'de',
      withSets: ['de'],
      inherited: en.metadata,
      cluster: { alternates: CLUSTER },
    })
    expect(german.served).toMatchObject({
      title: 'Preise',
      description: 'Plans for every team',
      jsonLd: [{ ...ARTICLE, headline: 'Preise' }],
      alternates: CLUSTER,
    })
    expect(german.locales?.cluster.findings).toEqual([
      expect.objectContaining({ rule: 'locale-page-missing', locale: 'fr' }),
    ])
    // French has no set: it inherits the English fields and serves no cluster it is not part of.
    const french = await cast.member.rpc.pages.get({ ...acme, pagePath: '/pricing', locale: 'fr' })
    expect(french.revision).toBeNull()
    expect(french.served).toMatchObject({ title: 'Pricing', jsonLd: [ARTICLE] })
    expect(french.served.alternates).toBeUndefined()
  })
})

describe('get-latest with a locale', () => {
  it('serves each locale its set over the default’s, with one reciprocal cluster', async () => {
    const { site, en, de } = await trilingual()
    const target = getLatestTarget(site.dsn, '/pricing')
    const english = await get(target)
    expect(json(english.body)).toEqual({
      metadata: {
        title: 'Pricing',
        description: 'Plans for every team',
        jsonLd: [ARTICLE],
        alternates: CLUSTER,
      },
      metadataRevisionId: en.id,
    })
    expect(json((await get(`${target}&locale=en`)).body)).toEqual(json(english.body))
    const german = await get(`${target}&locale=de`)
    expect(json(german.body)).toEqual({
      metadata: {
        title: 'Preise',
        description: 'Plans for every team',
        jsonLd: [{ ...ARTICLE, headline: 'Preise' }],
        alternates: CLUSTER,
      },
      metadataRevisionId: de.id,
    })
    const french = await get(`${target}&locale=fr`)
    expect(json(french.body)).toEqual({
      metadata: { title: 'Pricing', description: 'Plans for every team', jsonLd: [ARTICLE] },
      metadataRevisionId: en.id,
    })
    const unknown = await get(`${target}&locale=es`)
    expect(unknown.status).toBe(400)
    expect(json(unknown.body)).toMatchObject({
      message: 'This site has no locale “es”; its locales are en, de, fr.',
    })
    const long = await get(`${target}&locale=${'x'.repeat(65)}`)
    expect(long.status).toBe(400)
  })

  it('adds a locale once it has a set, and leaves a noindex version out of every answer’s cluster', async () => {
    const { cast, site, en } = await trilingual()
    await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/pricing',
      locale: 'fr',
      baseRevisionId: null,
      metadata: { title: 'Tarifs', noindex: true },
    })
    const target = getLatestTarget(site.dsn, '/pricing')
    expect(json((await get(target)).body)).toMatchObject({ metadata: { alternates: CLUSTER } })
    const french = json((await get(`${target}&locale=fr`)).body)
    expect(french).toMatchObject({ metadata: { title: 'Tarifs', noindex: true } })
    expect((french.metadata as Record<string, unknown>).alternates).toBeUndefined()
    const page = await cast.owner.rpc.pages.get({ ...acme, pagePath: '/pricing', locale: 'fr' })
    expect(page.locales?.cluster.findings).toEqual([
      expect.objectContaining({ rule: 'noindex-in-cluster', locale: 'fr' }),
    ])
    // A canonical outside the cluster is reported.
    await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/pricing',
      baseRevisionId: en.id,
      metadata: { title: 'Pricing', canonical: 'https://acme.com/plans' },
    })
    const english = await cast.owner.rpc.pages.get({ ...acme, pagePath: '/pricing' })
    expect(english.locales?.cluster.findings).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ rule: 'canonical-outside-cluster', locale: 'en' }),
      ]),
    )
  })

  it('answers a site without locales byte for byte as before, whatever locale is asked', async () => {
    const site = await createFixtureSite(server.current.app.headmark.db, {
      titleTemplate: '%s · Acme',
    })
    await saveFixtureRevision(server.current.app.headmark.db, site.id, null, { title: 'Acme' })
    const id = await saveFixtureRevision(server.current.app.headmark.db, site.id, '/pricing', {
      title: 'Pricing',
      description: 'Plans',
      alternates: { en: 'https://acme.com/pricing', 'x-default': 'https://acme.com/pricing' },
    })
    const target = getLatestTarget(site.dsn, '/pricing')
    const plain = await get(target)
    // The golden answer of today's contract: these bytes, in this order.
    expect(plain.body.toString('utf8')).toBe(
      `{"metadata":{"title":"Pricing · Acme","alternates":{"en":"https://acme.com/pricing","x-default":"https://acme.com/pricing"},"description":"Plans"},"metadataRevisionId":"${id}"}`,
    )
    for (const locale of ['de', 'en', 'es', '']) {
      const answer = await get(`${target}&locale=${locale}`)
      expect(answer.body.equals(plain.body)).toBe(true)
      expect(answer.headers.etag).toBe(plain.headers.etag)
    }
  })
})

describe('the webhook body of a locale’s save', () => {
  it('names the locale and serves the locale’s metadata with the cluster', async () => {
    const events: RevisionSavedEvent[] = []
    server.current.app.headmark.events.onRevisionSaved(async (_tx, event) => {
      events.push(event)
    })
    const { de } = await trilingual()
    const german = events.find((event) => event.revision.id === de.id)
    expect(german).toBeDefined()
    const body = metadataUpdatePayload(german as RevisionSavedEvent)
    expect(body).toMatchObject({
      _type: 'metadata_update',
      path: '/pricing',
      locale: 'de',
      metadataRevisionId: de.id,
      metadata: { title: 'Preise', alternates: CLUSTER },
    })
    const english = events.find((event) => event.locale === undefined && event.page.path)
    expect(metadataUpdatePayload(english as RevisionSavedEvent)).not.toHaveProperty('locale')
  })
})
