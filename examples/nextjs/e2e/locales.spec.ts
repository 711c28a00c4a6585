import { randomBytes } from 'node:crypto'
import type { Metadata, MetadataUpdatePayload } from '@headmark/metadata'
import { signWebhook } from '@headmark/metadata/webhooks'
import { expect, type Page, test } from '@playwright/test'
import { buildExample, type ExampleServer, startExample } from './example.ts'
import {
  freePort,
  type Headmark,
  type HeadmarkSite,
  startHeadmarkWithSite,
} from '../../e2e-harness/headmark.ts'
import { HOSTILE } from '../../e2e-harness/search-fields.ts'
import { type ServedHead, servedHead } from '../../e2e-harness/served-head.ts'

// The site in three languages, as a crawler reads it: English at the root, German under /de and
// French under /fr, each locale's <head> from Headmark's metadata for the page in that locale,
// with the hreflang cluster Headmark generates from the site's locales. The site's hostname is
// the example's public origin (SITE_URL), so Headmark's URLs are the example's canonical URLs.
test.describe.configure({ mode: 'serial' })

const SITE = 'https://acme.example'

const article = (headline: string, inLanguage: string, extra: object = {}) => ({
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline,
  inLanguage,
  ...extra,
})

/** /pricing in each locale: what Headmark holds, and where the example serves it. */
const versions = [
  {
    locale: 'en',
    path: '/pricing',
    metadata: { title: 'Launch pricing', jsonLd: [article('Launch pricing', 'en')] },
  },
  {
    locale: 'de',
    path: '/de/pricing',
    metadata: {
      title: 'Startpreise',
      // A value that would end the script element if the example did not escape it.
      jsonLd: [article('Startpreise', 'de', { description: `Preise ${HOSTILE}` })],
    },
  },
  {
    locale: 'fr',
    path: '/fr/pricing',
    metadata: { title: 'Tarifs de lancement', jsonLd: [article('Tarifs de lancement', 'fr')] },
  },
] as const satisfies ReadonlyArray<{ locale: string; path: string; metadata: Metadata }>

const CLUSTER = {
  en: `${SITE}/pricing`,
  de: `${SITE}/de/pricing`,
  fr: `${SITE}/fr/pricing`,
  'x-default': `${SITE}/pricing`,
}

/** The home page has an English set only: its German and French versions inherit it. */
const home = {
  title: 'Acme Rockets, launched',
  description: 'Rockets anyone can launch.',
  jsonLd: [
    { '@context': 'https://schema.org', '@type': 'WebSite', name: 'Acme Rockets', url: SITE },
  ],
}

let headmark: Headmark
let site: HeadmarkSite
let example: ExampleServer
/** The receiver's secret: this test signs the webhook calls as Headmark does. */
const webhookSecret = `whsec_${randomBytes(24).toString('base64')}`

test.beforeAll(async () => {
  test.setTimeout(420_000)
  ;({ headmark, site } = await startHeadmarkWithSite({
    owner: { name: 'Erin Example' },
    organization: { name: 'Acme Rockets', slug: 'acme-locales' },
    site: { name: 'Acme Rockets', hostname: 'acme.example' },
    pages: { '/pricing': versions[0].metadata, '/': home },
  }))
  await site.updateLocales(
    [
      { code: 'en', kind: 'path-prefix', value: '' },
      { code: 'de', kind: 'path-prefix', value: '/de' },
      { code: 'fr', kind: 'path-prefix', value: '/fr' },
    ],
    'en',
  )
  for (const version of versions.slice(1)) {
    await site.saveMetadata('/pricing', version.metadata, version.locale)
  }
  // Pages are prerendered at build time, after the saves: no webhook is needed (it would have to
  // go to acme.example, which is not this machine).
  const port = await freePort()
  const env = {
    HEADMARK_URL: headmark.metadataApiUrl,
    HEADMARK_DSN: site.dsn,
    HEADMARK_WEBHOOK_SECRET: webhookSecret,
    SITE_URL: SITE,
  }
  const buildMs = await buildExample(env)
  console.log(`examples/nextjs: next build took ${(buildMs / 1000).toFixed(1)} s`)
  example = await startExample(env, port)
})

test.afterAll(async () => {
  await example?.stop()
  await headmark?.stop()
})

/** The JSON-LD from Headmark: every script but the page's own Product. */
const headmarkJsonLd = (head: ServedHead) =>
  head.jsonLd.filter((data) => (data as { '@type'?: string })['@type'] !== 'Product')

test('each locale’s served <head> has its title, the whole hreflang cluster, its canonical URL and its JSON-LD', async ({
  page,
}) => {
  for (const version of versions) {
    const head = await servedHead(page, `${example.origin}${version.path}`)
    const self = new URL(version.path, SITE).href
    expect(head.status, version.path).toBe(200)
    expect(head.lang, version.path).toBe(version.locale)
    // The layout's title template applies under it.
    expect(head.title, version.path).toBe(`${version.metadata.title} | Acme Rockets`)
    expect(head.alternates, version.path).toHaveLength(4)
    expect(Object.fromEntries(head.alternates), version.path).toEqual(CLUSTER)
    for (const [hreflang, href] of head.alternates) {
      expect(new URL(href).href, hreflang).toBe(href)
    }
    expect(head.alternates, version.path).toContainEqual([version.locale, self])
    expect(head.links.canonical, version.path).toEqual([{ href: self, sizes: null, type: null }])
    expect(headmarkJsonLd(head), version.path).toEqual(version.metadata.jsonLd)
    expect(head.jsonLd, version.path).toContainEqual(
      expect.objectContaining({ '@type': 'Product', name: 'Acme Rockets' }),
    )
  }
})

test('a JSON-LD value holding </script> in the German page is served escaped, inside its script', async ({
  page,
}) => {
  const head = await servedHead(page, `${example.origin}/de/pricing`)
  expect(head.html).not.toContain(HOSTILE)
  expect(head.html).not.toContain('<script>alert(1)')
  expect(head.scripts.filter((script) => script.text.trim() === 'alert(1)')).toEqual([])
  expect(
    head.scripts.filter(
      (script) => script.type === 'application/ld+json' && script.text.includes('alert(1)'),
    ),
  ).toHaveLength(1)
  expect(headmarkJsonLd(head)).toEqual(versions[1].metadata.jsonLd)
})

test('a locale without its own metadata serves the default locale’s, outside the cluster', async ({
  page,
}) => {
  const english = await servedHead(page, `${example.origin}/`)
  expect(english.lang).toBe('en')
  expect(english.title).toBe(home.title)
  // Next writes the site's root without its slash (https://acme.example): the same URL.
  const absolute = english.alternates.map(([hreflang, href]) => [hreflang, new URL(href).href])
  expect(Object.fromEntries(absolute)).toEqual({
    en: `${SITE}/`,
    'x-default': `${SITE}/`,
  })

  for (const locale of ['de', 'fr']) {
    const path = `/${locale}`
    const head = await servedHead(page, `${example.origin}${path}`)
    expect(head.status, path).toBe(200)
    expect(head.lang, path).toBe(locale)
    expect(head.title, path).toBe(home.title)
    expect(head.meta.description, path).toEqual([home.description])
    expect(head.alternates, path).toEqual([])
    expect(head.links.canonical, path).toEqual([
      { href: `${SITE}${path}`, sizes: null, type: null },
    ])
    expect(head.jsonLd, path).toEqual(home.jsonLd)
  }
  // Another first segment is not a locale of the site.
  expect((await page.request.get(`${example.origin}/it/pricing`)).status()).toBe(404)
})

/** Requests `path` until `done(head)` holds; fails after 30 s. */
async function untilServed(page: Page, path: string, done: (head: ServedHead) => boolean) {
  const deadline = Date.now() + 30_000
  for (;;) {
    const head = await servedHead(page, `${example.origin}${path}`)
    if (done(head)) return head
    expect(Date.now(), `${path} still serves "${head.title}"`).toBeLessThan(deadline)
    await page.waitForTimeout(100)
  }
}

test('a save in one locale, announced by the webhook, reaches the page in every locale', async ({
  page,
}) => {
  const french = { title: 'Acme Rockets, en français', description: 'Des fusées pour tous.' }
  const saved = await site.saveMetadata('/', french, 'fr')
  // What Headmark posts to the site (its hostname is not this machine: the test posts it).
  const payload: MetadataUpdatePayload & { locale: string } = {
    _type: 'metadata_update',
    path: '/',
    locale: 'fr',
    metadataRevisionId: saved.id,
    metadata: french,
    site: { hostname: site.hostname, dsn: site.dsn },
    timestamp: new Date().toISOString(),
  }
  const body = JSON.stringify(payload)
  const answer = await page.request.post(`${example.origin}/api/headmark`, {
    headers: {
      ...(await signWebhook(body, { secret: webhookSecret, id: 'msg_e2e_fr' })),
      'content-type': 'application/json',
    },
    data: body,
  })
  expect(answer.status()).toBe(200)

  // The French page has its own title now, and is in the cluster.
  const fr = await untilServed(page, '/fr', (head) => head.title === french.title)
  expect(fr.meta.description).toEqual([french.description])
  const cluster = { en: `${SITE}/`, fr: `${SITE}/fr`, 'x-default': `${SITE}/` }
  const absolute = (head: ServedHead) =>
    Object.fromEntries(head.alternates.map(([hreflang, href]) => [hreflang, new URL(href).href]))
  expect(absolute(fr)).toEqual(cluster)
  // The English page, saved in no locale, links to its French version: it was rendered again.
  const en = await untilServed(page, '/', (head) => head.alternates.length === 3)
  expect(absolute(en)).toEqual(cluster)
  expect(en.title).toBe(home.title)
  // The German page still inherits, outside the cluster.
  const de = await servedHead(page, `${example.origin}/de`)
  expect(de.title).toBe(home.title)
  expect(de.alternates).toEqual([])
})
