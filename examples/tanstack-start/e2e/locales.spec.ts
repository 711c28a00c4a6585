import { expect, type Page, test } from '@playwright/test'
import { buildExample, type Example, startExample } from './example.ts'
import {
  freePort,
  type Headmark,
  type HeadmarkAccount,
  type HeadmarkSite,
  startHeadmarkWithSite,
} from '../../e2e-harness/headmark.ts'
import { HOSTILE } from '../../e2e-harness/search-fields.ts'
import { type ServedHead, servedHead } from '../../e2e-harness/served-head.ts'

// The site in three languages, end to end: its locales declared on the site's settings screen,
// /pricing edited in each locale in the page editor, the editor's previews showing the hreflang
// cluster and the JSON-LD, and the example serving each locale's <head> at /pricing,
// /de/pricing and /fr/pricing. The site's hostname is the example's production host
// (acme.example, src/site.ts), so Headmark's generated URLs are the example's canonical URLs.
test.describe.configure({ mode: 'serial' })

const SITE = 'https://acme.example'

/** What each locale of /pricing gets in the editor, and where the example serves it. */
const versions = [
  {
    locale: 'en',
    path: '/pricing',
    title: 'Anvil pricing',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Anvil pricing',
        inLanguage: 'en',
      },
    ],
  },
  {
    locale: 'de',
    path: '/de/pricing',
    title: 'Ambosspreise',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Ambosspreise',
        inLanguage: 'de',
        // A value that would end the script element if the example did not escape it.
        description: `Preise ${HOSTILE} & <b>mehr</b>`,
      },
    ],
  },
  {
    locale: 'fr',
    path: '/fr/pricing',
    title: 'Prix des enclumes',
    jsonLd: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        headline: 'Prix des enclumes',
        inLanguage: 'fr',
      },
    ],
  },
] as const

/** The cluster Headmark generates for /pricing from the locales declared below. */
const CLUSTER = {
  en: `${SITE}/pricing`,
  de: `${SITE}/de/pricing`,
  fr: `${SITE}/fr/pricing`,
  'x-default': `${SITE}/pricing`,
}

/** The home page has an English set only: its German and French versions inherit it. */
const home = {
  title: 'Acme: the anvil people',
  description: 'Anvils delivered anywhere, on time, since 1949.',
  jsonLd: [{ '@context': 'https://schema.org', '@type': 'WebSite', name: 'Acme', url: SITE }],
}

let headmark: Headmark
let account: HeadmarkAccount
let site: HeadmarkSite
let example: Example

test.beforeAll(async () => {
  test.setTimeout(240_000)
  const buildSeconds = buildExample()
  console.log(`example: build took ${buildSeconds.toFixed(1)} s`)
  ;({ headmark, account, site } = await startHeadmarkWithSite({
    owner: { name: 'Wile E. Coyote' },
    organization: { name: 'Acme', slug: 'acme-locales' },
    site: { name: 'Acme', hostname: 'acme.example' },
    defaults: { openGraph: { siteName: 'Acme Anvils' } },
    pages: { '/pricing': null, '/': home },
  }))
  // No webhook: a webhook goes to the site's hostname, and acme.example is not this machine.
  // Every page is asked for once, after its metadata is saved, so the client's cache holds the
  // latest answer.
  example = await startExample(await freePort(), {
    HEADMARK_URL: headmark.metadataApiUrl,
    HEADMARK_DSN: site.dsn,
  })
})

test.afterAll(async () => {
  await example?.stop()
  await headmark?.stop()
})

async function signedIn(page: Page, target: string) {
  await page.context().addCookies(account.cookies)
  await page.goto(target)
  // A click before the app has hydrated meets plain HTML.
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/** Saves the title and the JSON-LD (as raw JSON) of the editor's page in its locale. */
async function saveInEditor(page: Page, title: string, jsonLd: unknown, revision: number) {
  await page.getByRole('tab', { name: 'Basic' }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('tab', { name: 'Structured data' }).click()
  await page.getByRole('button', { name: 'JSON' }).click()
  await page
    .getByRole('textbox', { name: 'Structured data (JSON-LD)' })
    .fill(JSON.stringify(jsonLd, null, 2))
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  // Revision numbers count every locale's revisions of the page.
  await expect(page.getByText(`Saved as revision ${revision}.`)).toBeVisible()
}

test('three locales declared in the dashboard, /pricing edited in each: the previews show the cluster and each locale’s JSON-LD', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await signedIn(page, site.settingsUrl())
  const form = page.getByRole('form', { name: 'Locales' })
  for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Add a locale' }).click()
  const rows = form.getByRole('listitem')
  await rows.nth(0).getByRole('textbox', { name: 'Language code' }).fill('en')
  await rows.nth(1).getByRole('textbox', { name: 'Language code' }).fill('de')
  await rows.nth(1).getByRole('textbox', { name: 'Path prefix' }).fill('/de')
  await rows.nth(2).getByRole('textbox', { name: 'Language code' }).fill('fr')
  await rows.nth(2).getByRole('textbox', { name: 'Path prefix' }).fill('/fr')
  await form.getByRole('combobox', { name: 'Default locale' }).selectOption('en')
  await expect(rows.nth(1)).toContainText(`e.g. ${SITE}/de/pricing`)
  await form.getByRole('button', { name: 'Save locales' }).click()
  await expect(page.getByText('Locales saved.')).toBeVisible()

  let revision = 0
  for (const version of versions) {
    await signedIn(page, site.editorUrl('/pricing', version.locale))
    await expect(
      page
        .getByRole('navigation', { name: 'Locale' })
        .getByRole('link', { name: new RegExp(`^${version.locale}`) }),
    ).toHaveAttribute('aria-current', 'page')
    revision += 1
    await saveInEditor(page, version.title, version.jsonLd, revision)
  }

  // Every version's preview: the one generated cluster, and the locale's own structured data.
  for (const version of versions) {
    await signedIn(page, site.editorUrl('/pricing', version.locale))
    const preview = page.getByRole('region', { name: 'Language versions and structured data' })
    const links = preview.getByLabel('Language links')
    for (const [hreflang, href] of Object.entries(CLUSTER)) {
      await expect(links).toContainText(`hreflang="${hreflang}" href="${href}"`)
    }
    await expect(preview.getByLabel('Structured data')).toContainText(
      `"headline": "${version.title}"`,
    )
    await expect(
      page
        .getByRole('region', { name: 'Previews' })
        .getByRole('figure', { name: 'Search result preview on desktop' }),
    ).toContainText(version.title)
  }
})

/** The JSON-LD Headmark's metadata put in the head: the scripts without the example's ids. */
const headmarkJsonLd = (head: ServedHead) =>
  head.scripts
    .filter((script) => script.type === 'application/ld+json' && script.id === '')
    .map((script) => JSON.parse(script.text) as unknown)

test('each locale’s served <head> has its title, the whole hreflang cluster, its canonical URL and its JSON-LD', async ({
  page,
}) => {
  for (const version of versions) {
    const head = await servedHead(page, `${example.origin}${version.path}`)
    const self = new URL(version.path, SITE).href
    expect(head.status, version.path).toBe(200)
    expect(head.lang, version.path).toBe(version.locale)
    expect(head.title, version.path).toBe(version.title)
    // One link per locale and x-default, each an absolute URL of the locale's page.
    expect(head.alternates, version.path).toHaveLength(4)
    expect(Object.fromEntries(head.alternates), version.path).toEqual(CLUSTER)
    for (const [hreflang, href] of head.alternates) {
      expect(new URL(href).href, hreflang).toBe(href)
    }
    // The page names itself, under its own locale, with its canonical URL.
    expect(head.alternates, version.path).toContainEqual([version.locale, self])
    expect(head.links.canonical, version.path).toEqual([{ href: self, sizes: null, type: null }])
    expect(headmarkJsonLd(head), version.path).toEqual(version.jsonLd)
    // The example's own structured data is still there.
    expect(head.jsonLd, version.path).toContainEqual(
      expect.objectContaining({ '@type': 'Product', name: 'Acme anvils' }),
    )
  }
})

test('a JSON-LD value holding </script> in the German page is served escaped, inside its script', async ({
  page,
}) => {
  const head = await servedHead(page, `${example.origin}/de/pricing`)
  expect(head.html).not.toContain(HOSTILE)
  expect(head.html).not.toContain('<script>alert(1)')
  expect(head.html).toContain('\\u003c/script\\u003e\\u003cscript\\u003ealert(1)')
  // The string is in one script only, the JSON-LD one, and parses back to what was saved.
  expect(head.scripts.filter((script) => script.text.includes('alert(1)'))).toEqual([
    expect.objectContaining({ type: 'application/ld+json', id: '' }),
  ])
  expect(headmarkJsonLd(head)).toEqual(versions[1].jsonLd)

  // With scripts running, nothing in the data runs.
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`${example.origin}/de/pricing`)
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Preise')
  await expect(page).toHaveTitle('Ambosspreise')
  expect(dialogs).toEqual([])
})

test('a locale without its own metadata serves the default locale’s, outside the cluster', async ({
  page,
}) => {
  // The English home page is the cluster's only member, and its x-default.
  const english = await servedHead(page, `${example.origin}/`)
  expect(english.title).toBe(home.title)
  expect(Object.fromEntries(english.alternates)).toEqual({
    en: `${SITE}/`,
    'x-default': `${SITE}/`,
  })
  expect(headmarkJsonLd(english)).toEqual(home.jsonLd)

  for (const locale of ['de', 'fr']) {
    const path = `/${locale}`
    // What Headmark answers for the locale: the English set, without language versions.
    const answer = await page.request.get(
      `${headmark.metadataApiUrl}/v1/${site.dsn}/metadata/get-latest?path=%2F&locale=${locale}`,
    )
    const { metadata } = (await answer.json()) as { metadata: Record<string, unknown> }
    expect(metadata).toMatchObject({ title: home.title, description: home.description })
    expect(metadata.alternates).toBeUndefined()

    const head = await servedHead(page, `${example.origin}${path}`)
    expect(head.status, path).toBe(200)
    expect(head.lang, path).toBe(locale)
    expect(head.title, path).toBe(home.title)
    expect(head.meta.description, path).toEqual([home.description])
    expect(head.alternates, path).toEqual([])
    // The example's own canonical URL for the locale's page.
    expect(head.links.canonical, path).toEqual([
      { href: `${SITE}${path}`, sizes: null, type: null },
    ])
    expect(headmarkJsonLd(head), path).toEqual(home.jsonLd)
  }
})
