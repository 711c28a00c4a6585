import { describe, expect, it } from 'vitest'
import {
  getLatestTarget,
  rawRequest,
  recordWebhookBodies,
  usePublicApiTestServer,
  type WebhookBody,
} from '../../test/public-api-server.ts'
import { siteCast } from '../../test/sites.ts'

// On a site with locales, every write that sends a webhook body (a save, a bulk edit, an import,
// a published change request, a path rule) tells the receivers exactly what get-latest serves
// for that path and locale: the generated hreflang cluster, never the hand-written alternates.

const server = usePublicApiTestServer()
const acme = { organizationSlug: 'acme', siteHostname: 'acme.com' }

const bodies = recordWebhookBodies(server)

const HAND_WRITTEN = { en: 'https://old.acme.com/pricing', 'x-default': 'https://old.acme.com/' }
const CLUSTER = {
  en: 'https://acme.com/pricing',
  de: 'https://acme.com/de/pricing',
  'x-default': 'https://acme.com/pricing',
}

/** acme.com in English (default) and German (/de); /pricing in both, with hand-written alternates. */
async function bilingual() {
  const cast = await siteCast(server.current.app)
  const site = await cast.owner.rpc.sites.updateLocales({
    ...acme,
    locales: [
      { code: 'en', kind: 'path-prefix', value: '' },
      { code: 'de', kind: 'path-prefix', value: '/de' },
    ],
    defaultLocale: 'en',
  })
  await cast.owner.rpc.pages.create({ ...acme, path: '/pricing' })
  const en = await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/pricing',
    baseRevisionId: null,
    metadata: { title: 'Pricing', alternates: HAND_WRITTEN },
  })
  await cast.owner.rpc.metadataRevisions.save({
    ...acme,
    pagePath: '/pricing',
    locale: 'de',
    baseRevisionId: null,
    metadata: { title: 'Preise' },
  })
  bodies.length = 0
  return { cast, site, en }
}

/** The get-latest answer for a path and locale, as bytes and parsed. */
async function getLatest(dsn: string, path: string, locale: string | null) {
  server.current.api.dropAll()
  const target = getLatestTarget(dsn, path) + (locale === null ? '' : `&locale=${locale}`)
  const answer = await rawRequest(server.current.origin, target)
  expect(answer.status).toBe(200)
  const text = answer.body.toString('utf8')
  return { text, json: JSON.parse(text) as { metadata: unknown; metadataRevisionId?: string } }
}

/** The body's metadata is, byte for byte, the metadata get-latest serves for its path and locale. */
async function expectServed(dsn: string, body: WebhookBody) {
  const served = await getLatest(dsn, body.path ?? '/nothing-here', body.locale ?? null)
  // get-latest writes its answer with JSON.stringify too: the metadata object's bytes compare.
  expect(served.text).toContain(`{"metadata":${JSON.stringify(body.metadata)}`)
  expect(body.metadata).toEqual(served.json.metadata)
  if (body.path !== null) expect(body.metadataRevisionId).toBe(served.json.metadataRevisionId)
}

describe('webhook bodies on a site with locales', () => {
  it('a save in each locale sends what get-latest serves in that locale', async () => {
    const { cast, site, en } = await bilingual()
    await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/pricing',
      baseRevisionId: en.id,
      metadata: { title: 'Plans', alternates: HAND_WRITTEN },
    })
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ path: '/pricing', metadata: { alternates: CLUSTER } })
    expect(bodies[0]).not.toHaveProperty('locale')
    await expectServed(site.dsn, bodies[0]!)
  })

  it('an applied bulk edit sends, per page, the generated cluster get-latest serves', async () => {
    const { cast, site } = await bilingual()
    await cast.owner.rpc.pages.create({ ...acme, path: '/about' })
    bodies.length = 0
    const set = await cast.member.rpc.changeSets.fromOperation({
      ...acme,
      target: { paths: ['/pricing', '/about'] },
      operation: { kind: 'set', field: 'description', value: 'Shared' },
    })
    await cast.member.rpc.changeSets.apply({ ...acme, changeSetId: set.id! })
    expect(bodies.map((body) => body.path).sort()).toEqual(['/about', '/pricing'])
    const pricing = bodies.find((body) => body.path === '/pricing')!
    expect(pricing.metadata).toEqual({
      title: 'Pricing',
      description: 'Shared',
      alternates: CLUSTER,
    })
    // /about has no German version: its cluster is English alone.
    expect(bodies.find((body) => body.path === '/about')!.metadata.alternates).toEqual({
      en: 'https://acme.com/about',
      'x-default': 'https://acme.com/about',
    })
    for (const body of bodies) await expectServed(site.dsn, body)

    // Its undo too.
    bodies.length = 0
    await cast.member.rpc.changeSets.undo({ ...acme, changeSetId: set.id! })
    expect(bodies.find((body) => body.path === '/pricing')!.metadata).toEqual({
      title: 'Pricing',
      alternates: CLUSTER,
    })
    for (const body of bodies) await expectServed(site.dsn, body)
  })

  it('a published change request sends the generated cluster get-latest serves', async () => {
    const { cast, site, en } = await bilingual()
    const { changeRequestId } = await cast.member.rpc.changeRequests.saveDraft({
      ...acme,
      pagePath: '/pricing',
      baseRevisionId: en.id,
      metadata: { title: 'Plans', alternates: HAND_WRITTEN },
    })
    const ref = { organizationSlug: 'acme', changeRequestId }
    await cast.admin.rpc.changeRequests.review({ ...ref, decision: 'approve' })
    bodies.length = 0
    await cast.member.rpc.changeRequests.publish(ref)
    expect(bodies).toHaveLength(1)
    expect(bodies[0]!.metadata).toEqual({ title: 'Plans', alternates: CLUSTER })
    await expectServed(site.dsn, bodies[0]!)
  })

  it('a locale’s first set sends the other versions their new cluster too; its next save only its own', async () => {
    const { cast, site } = await bilingual()
    await cast.owner.rpc.pages.create({ ...acme, path: '/about' })
    const about = await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/about',
      baseRevisionId: null,
      metadata: { title: 'About' },
    })
    bodies.length = 0
    const german = await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/about',
      locale: 'de',
      baseRevisionId: null,
      metadata: { title: 'Über uns' },
    })
    const cluster = {
      en: 'https://acme.com/about',
      de: 'https://acme.com/de/about',
      'x-default': 'https://acme.com/about',
    }
    // The German version, and the English one, which names the German version from now on.
    expect(bodies.map((body) => [body.locale ?? null, body.metadata])).toEqual([
      ['de', { title: 'Über uns', alternates: cluster }],
      [null, { title: 'About', alternates: cluster }],
    ])
    expect(bodies[1]?.metadataRevisionId).toBe(about.id)
    for (const body of bodies) await expectServed(site.dsn, body)

    bodies.length = 0
    await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: '/about',
      locale: 'de',
      baseRevisionId: german.id,
      metadata: { title: 'Wer wir sind' },
    })
    expect(bodies.map((body) => body.locale ?? null)).toEqual(['de'])
  })

  // Defaults and rules can not hold alternates (sites.update and pathRules refuse them).
  it('a path rule change sends what a path without a page serves, in every locale alike', async () => {
    const { cast, site } = await bilingual()
    await cast.owner.rpc.metadataRevisions.save({
      ...acme,
      pagePath: null,
      baseRevisionId: null,
      metadata: { title: 'Acme' },
    })
    bodies.length = 0
    await cast.owner.rpc.pathRules.create({
      ...acme,
      pattern: '/blog/*',
      metadata: { description: 'A post' },
    })
    expect(bodies).toHaveLength(1)
    expect(bodies[0]).toMatchObject({ path: null, metadata: { title: 'Acme' } })
    expect(bodies[0]!.metadata).not.toHaveProperty('alternates')
    await expectServed(site.dsn, bodies[0]!)
    for (const locale of ['en', 'de']) {
      const served = await getLatest(site.dsn, '/nothing-here', locale)
      expect(served.text).toContain(`{"metadata":${JSON.stringify(bodies[0]!.metadata)}`)
    }
  })
})
