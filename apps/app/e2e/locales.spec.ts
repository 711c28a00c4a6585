import { expect, type Page } from '@playwright/test'
import {
  createOrganization,
  createPage,
  createSite,
  editorUrl,
  hydrated,
  openHydrated,
  organizationWithSite,
  rpc,
  shoot,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

// The issue's "done when": a site declares three locales, a page is edited in each, and the
// hreflang cluster and the JSON-LD show in the editor's previews and in the public API's answer
// for each locale.

const CLUSTER = {
  en: 'https://locales.example/pricing',
  de: 'https://locales.example/de/pricing',
  fr: 'https://fr.locales.example/pricing',
  'x-default': 'https://locales.example/pricing',
}

async function served(page: Page, dsn: string, locale: string | null) {
  const answer = await page.request.get(
    url(
      `/api/openapi/v1/${dsn}/metadata/get-latest?path=%2Fpricing${locale ? `&locale=${locale}` : ''}`,
    ),
  )
  expect(answer.status()).toBe(200)
  return ((await answer.json()) as { metadata: Record<string, unknown> }).metadata
}

async function saveInLocale(page: Page, title: string, headline: string, revision: number) {
  await page.getByRole('tab', { name: 'Basic' }).click()
  await page.getByRole('textbox', { name: 'Title' }).fill(title)
  await page.getByRole('tab', { name: 'Structured data' }).click()
  await page.getByRole('button', { name: 'JSON' }).click()
  await page
    .getByRole('textbox', { name: 'Structured data (JSON-LD)' })
    .fill(JSON.stringify([{ '@context': 'https://schema.org', '@type': 'Article', headline }]))
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  // Numbers count every locale's revisions of the page.
  await expect(page.getByText(`Saved as revision ${revision}.`)).toBeVisible()
}

test('a site in three locales: each page edited per locale serves one hreflang cluster and its JSON-LD', async ({
  page,
}) => {
  test.slow()
  const slug = `locales-${Date.now().toString(36)}`
  const hostname = 'locales.example'
  await signUpAndVerify(page, uniqueEmail('locales'), 'Grace Hopper')
  await createOrganization(page, 'Locale Labs', slug)
  await createSite(page, slug, 'Locale Labs', hostname)

  // Settings: three locales, English at the root, German under /de, French on a subdomain.
  await openHydrated(page, url(`/app/organizations/${slug}/sites/${hostname}/edit`))
  const form = page.getByRole('form', { name: 'Locales' })
  for (let i = 0; i < 3; i++) await form.getByRole('button', { name: 'Add a locale' }).click()
  const rows = form.getByRole('listitem')
  await rows.nth(0).getByRole('textbox', { name: 'Language code' }).fill('en')
  await rows.nth(1).getByRole('textbox', { name: 'Language code' }).fill('de')
  await rows.nth(1).getByRole('textbox', { name: 'Path prefix' }).fill('/de')
  await rows.nth(2).getByRole('textbox', { name: 'Language code' }).fill('fr')
  await rows.nth(2).getByRole('combobox', { name: 'Addresses' }).selectOption('subdomain')
  // A subdomain written as a whole hostname is refused on its field, with what to do.
  await rows.nth(2).getByRole('textbox', { name: 'Subdomain' }).fill('fr.locales.example')
  await form.getByRole('combobox', { name: 'Default locale' }).selectOption('en')
  await form.getByRole('button', { name: 'Save locales' }).click()
  await expect(rows.nth(2).getByText(/Enter a subdomain such as de/)).toBeVisible()
  await rows.nth(2).getByRole('textbox', { name: 'Subdomain' }).fill('fr')
  await expect(rows.nth(2)).toContainText('e.g. https://fr.locales.example/pricing')
  await form.getByRole('button', { name: 'Save locales' }).click()
  await expect(page.getByText('Locales saved.')).toBeVisible()

  // The page in English (the default locale: the page's own set).
  await createPage(page, slug, hostname, '/pricing')
  await openHydrated(page, editorUrl(slug, hostname, '/pricing'))
  const switcher = page.getByRole('navigation', { name: 'Locale' })
  await expect(switcher.getByRole('link', { name: /en/ })).toHaveAttribute('aria-current', 'page')
  await saveInLocale(page, 'Pricing', 'Pricing', 1)

  // German, reached from the switcher with the keyboard.
  await switcher.getByRole('link', { name: /^de/ }).focus()
  await page.keyboard.press('Enter')
  await expect(page).toHaveURL(/locale=de/)
  await hydrated(page)
  await expect(switcher.getByRole('link', { name: /^de/ })).toHaveAttribute('aria-current', 'page')
  await expect(switcher.getByRole('link', { name: /^en/ })).not.toHaveAttribute('aria-current')
  // Nothing of its own yet: it shows what it inherits from the English version.
  await page.getByRole('tab', { name: 'Basic' }).click()
  await expect(page.getByRole('textbox', { name: 'Title' })).toHaveValue('')
  await expect(page.getByText(/Pricing/).first()).toBeVisible()
  // The language versions are generated: no hand-written field, a line saying where they are.
  await expect(page.getByRole('textbox', { name: /Language versions/ })).toHaveCount(0)
  await expect(page.getByText(/generated from the site’s locales/)).toBeVisible()
  await saveInLocale(page, 'Preise', 'Preise', 2)
  // The checks say what the cluster leaves out: French has no version yet.
  await expect(page.getByRole('region', { name: 'Metadata checks' })).toContainText(
    'No “fr” version: left out of the cluster.',
  )

  // French.
  await switcher.getByRole('link', { name: /^fr/ }).click()
  await expect(page).toHaveURL(/locale=fr/)
  await hydrated(page)
  await saveInLocale(page, 'Tarifs', 'Tarifs', 3)

  // The editor's preview shows the generated cluster and the French JSON-LD.
  await openHydrated(page, editorUrl(slug, hostname, '/pricing', { locale: 'fr' }))
  const head = page.getByRole('region', { name: 'Language versions and structured data' })
  const links = head.getByLabel('Language links')
  for (const [hreflang, href] of Object.entries(CLUSTER)) {
    await expect(links).toContainText(`hreflang="${hreflang}" href="${href}"`)
  }
  await expect(head.getByLabel('Structured data')).toContainText('"headline": "Tarifs"')
  const serp = page
    .getByRole('region', { name: 'Previews' })
    .getByRole('figure', { name: 'Search result preview on desktop' })
  await expect(serp).toContainText('Tarifs')
  await expect(serp).toContainText('fr.locales.example')

  // Each locale's history is its own.
  await expect(page.getByRole('region', { name: 'Revisions' }).getByRole('listitem')).toHaveCount(1)

  // The public API: each locale its own title and JSON-LD, one cluster on every version.
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', {
    organizationSlug: slug,
    siteHostname: hostname,
  })
  for (const [locale, title] of [
    [null, 'Pricing'],
    ['de', 'Preise'],
    ['fr', 'Tarifs'],
  ] as const) {
    const metadata = await served(page, dsn, locale)
    expect(metadata).toMatchObject({
      title,
      alternates: CLUSTER,
      jsonLd: [{ '@type': 'Article', headline: title }],
    })
  }
})

test('a change request drafts the German set of a page from the editor and publishes it', async ({
  page,
}) => {
  test.slow()
  const hostname = 'drafts.example'
  await signUpAndVerify(page, uniqueEmail('crlocale'), 'Grace Hopper')
  const slug = await organizationWithSite(page, 'Draft Locales', hostname)
  const ref = { organizationSlug: slug, siteHostname: hostname }
  await rpc(page, 'sites/updateLocales', {
    ...ref,
    locales: [
      { code: 'en', kind: 'path-prefix', value: '' },
      { code: 'de', kind: 'path-prefix', value: '/de' },
    ],
    defaultLocale: 'en',
  })
  await rpc(page, 'pages/create', { ...ref, path: '/pricing' })
  await rpc(page, 'metadataRevisions/save', {
    ...ref,
    pagePath: '/pricing',
    baseRevisionId: null,
    metadata: { title: 'Pricing', description: 'Plans for every team' },
  })

  // The English set and the German set, each drafted in the editor's locale.
  await openHydrated(page, editorUrl(slug, hostname, '/pricing'))
  await page.getByRole('textbox', { name: 'Title' }).fill('Plans and pricing')
  await page.getByRole('button', { name: 'Save as draft' }).click()
  await expect(page.getByText('Saved as a draft, not published')).toBeVisible()
  await openHydrated(page, editorUrl(slug, hostname, '/pricing', { locale: 'de' }))
  await page.getByRole('textbox', { name: 'Title' }).fill('Preise')
  await page.getByRole('button', { name: 'Save as draft' }).click()
  await expect(page.getByText('Saved as a draft, not published')).toBeVisible()
  // Nothing is served yet: the German version still inherits the English title.
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', ref)
  const german = async () => {
    const answer = await page.request.get(
      url(`/api/openapi/v1/${dsn}/metadata/get-latest?path=%2Fpricing&locale=de`),
    )
    expect(answer.status()).toBe(200)
    return ((await answer.json()) as { metadata: Record<string, unknown> }).metadata
  }
  expect((await german()).title).toBe('Pricing')

  // The request shows each set: the German one with its locale, its address and its cluster.
  await page.getByRole('link', { name: 'Open the change request' }).click()
  await hydrated(page)
  const pages = page.getByRole('region', { name: 'Pages' })
  const cards = pages.getByRole('heading', { level: 3 })
  await expect(cards).toHaveCount(2)
  await expect(cards.nth(0)).toHaveText('/pricing')
  await expect(cards.nth(1)).toHaveText('/pricing Locale de')
  const germanCard = pages.locator('.hm-card').nth(1)
  await expect(
    germanCard.getByRole('figure', { name: 'Search result preview on desktop' }),
  ).toContainText('drafts.example › de › pricing')
  const links = germanCard.getByLabel('Language links')
  for (const [hreflang, href] of Object.entries({
    en: 'https://drafts.example/pricing',
    de: 'https://drafts.example/de/pricing',
    'x-default': 'https://drafts.example/pricing',
  })) {
    await expect(links).toContainText(`hreflang="${hreflang}" href="${href}"`)
  }
  await shoot(page, 'change-request-locales')

  await page.getByRole('button', { name: 'Publish now' }).click()
  await page.getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Published')
  expect(await german()).toMatchObject({
    title: 'Preise',
    description: 'Plans for every team',
    alternates: { de: 'https://drafts.example/de/pricing' },
  })
})
