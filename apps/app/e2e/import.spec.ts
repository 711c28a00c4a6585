import { expect, type Page } from '@playwright/test'
import { E2E_FIXTURE_SITE_ORIGIN, E2E_FIXTURES_ORIGIN } from './fixtures-server.ts'
import {
  openHydrated,
  organizationWithSite,
  rpc,
  shoot,
  signUpAndVerify,
  test,
  uniqueEmail,
} from './helpers.ts'

// Imports from the fixture site the fixtures server serves on loopback (hostname `localhost`):
// ownership proven with the meta tag, the sitemap imported with its progress shown, cancelled
// and resumed, the change set of the page that existed previewed and applied, and a page read
// through Yoast's REST head.

async function titleOf(page: Page, slug: string, path: string) {
  const answer = await rpc<{ revision: { metadata: { title?: string }; source: string } | null }>(
    page,
    'pages/get',
    { organizationSlug: slug, siteHostname: 'localhost', pagePath: path },
  )
  return answer.revision
}

test('a site is imported from its sitemap with live progress, cancelled and resumed; the pages that existed are a change set to apply; Yoast’s head is imported', async ({
  page,
}) => {
  test.slow()
  await signUpAndVerify(page, uniqueEmail('import'), 'Ida Importer')
  const slug = await organizationWithSite(page, 'Import Shop', 'localhost')
  const site = { organizationSlug: slug, siteHostname: 'localhost' }
  // /about already exists with a title of its own.
  await rpc(page, 'pages/create', { ...site, path: '/about' })
  await rpc(page, 'metadataRevisions/save', {
    ...site,
    pagePath: '/about',
    baseRevisionId: null,
    metadata: { title: 'Old about' },
  })

  // The site's tabs lead to Import; the site is not verified yet.
  await openHydrated(page, `/app/organizations/${slug}/sites/localhost`)
  await page
    .getByRole('navigation', { name: 'Site' })
    .getByRole('link', { name: 'Import', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Import', level: 1 })).toBeVisible()
  await expect(page.getByText('Not verified')).toBeVisible()
  await shoot(page, 'import-screen')

  // A sitemap import is refused until the site proves it is ours, with how to do it.
  await page.getByLabel('Sitemap address').fill(`${E2E_FIXTURE_SITE_ORIGIN}/sitemap.xml`)
  await page.getByRole('button', { name: 'Start import' }).click()
  await expect(
    page.getByRole('alert').filter({ hasText: /needs proof that localhost is yours/ }),
  ).toBeVisible()

  // Publish the meta tag on the fixture site's home page, then Check.
  const ownership = await rpc<{ token: string }>(page, 'imports/getOwnership', site)
  await page.request.post(`${E2E_FIXTURES_ORIGIN}/site/verification`, {
    data: { token: ownership.token },
  })
  await page.getByLabel('Home page').fill(`${E2E_FIXTURE_SITE_ORIGIN}/`)
  await page.getByRole('button', { name: 'Check', exact: true }).click()
  await expect(page.getByText('Verified: localhost is yours.')).toBeVisible()

  // Start: the import's page shows its progress live.
  await page.getByRole('button', { name: 'Start import' }).click()
  await expect(page).toHaveURL(/\/import\/[\w-]+$/)
  const progress = page.getByRole('progressbar', { name: 'Pages read' })
  await expect(progress).toBeVisible()
  await expect
    .poll(async () => Number(await progress.getAttribute('aria-valuenow')))
    .toBeGreaterThan(0)
  await page.getByRole('button', { name: 'Cancel import' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Cancelled')
  const stoppedAt = Number(await progress.getAttribute('aria-valuenow'))
  expect(stoppedAt).toBeLessThan(100)
  await shoot(page, 'import-cancelled')

  await page.getByRole('button', { name: 'Resume import' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Done', { timeout: 60_000 })
  await expect(progress).toHaveAttribute('aria-valuenow', '100')
  const counts = page.locator('.imports-counts')
  await expect(counts.getByText('Found').locator('..')).toContainText('14')
  await expect(counts.getByText('Pages created').locator('..')).toContainText('13')
  await expect(page.getByText('Nothing failed')).toBeVisible()
  // What the heads had that Headmark does not store is listed by page, with why; the technical
  // tags every page has (charset, viewport) are one line above the list, not a row per page.
  await expect(page.getByText(/^Technical tags on every page \(\d+ pages\)/)).toHaveText(
    /not served by Headmark: charset, viewport\.$/,
  )
  const unmapped = page.getByRole('table', { name: 'Tags not imported, by page' })
  const aboutTags = unmapped.getByRole('row').filter({ hasText: '/about' })
  await expect(aboutTags).toContainText('<meta property="og:video"')
  await expect(aboutTags).toContainText('og:video is not a Headmark field')
  await expect(aboutTags).not.toContainText('charset')
  // /about is the only page with a tag that matters: one row besides the header.
  await expect(unmapped.getByRole('row')).toHaveCount(2)
  await shoot(page, 'import-done')

  // New paths are pages whose first revision is the imported head.
  expect(await titleOf(page, slug, '/shop/product-3')).toMatchObject({
    source: 'import',
    metadata: { title: 'Product 3 · Fixture Shop' },
  })
  // /about is unchanged until the change set is applied.
  expect((await titleOf(page, slug, '/about'))?.metadata.title).toBe('Old about')
  await page.getByRole('link', { name: 'Preview and apply' }).click()
  await expect(page.getByText('About the Fixture Shop').first()).toBeVisible()
  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect
    .poll(async () => (await titleOf(page, slug, '/about'))?.metadata.title)
    .toBe('About the Fixture Shop')

  // One page through Yoast: the plugin's intended head, as a change to the page that exists.
  await openHydrated(page, `/app/organizations/${slug}/sites/localhost/import`)
  await page.getByLabel('One URL').check()
  await page.getByLabel('Yoast SEO (WordPress)').check()
  await page.getByLabel('Page address').fill(`${E2E_FIXTURE_SITE_ORIGIN}/shop/product-1`)
  await page.getByRole('button', { name: 'Start import' }).click()
  await expect(page.getByRole('heading', { level: 1 })).toContainText('Done', { timeout: 30_000 })
  await page.getByRole('link', { name: 'Preview and apply' }).click()
  await expect(page.getByText('Product 1 · Fixture Shop | Yoast').first()).toBeVisible()
  await page.getByRole('button', { name: 'Apply 1 change' }).click()
  await expect
    .poll(async () => (await titleOf(page, slug, '/shop/product-1'))?.metadata.title)
    .toBe('Product 1 · Fixture Shop | Yoast')

  // The list of imports shows both.
  await openHydrated(page, `/app/organizations/${slug}/sites/localhost/import`)
  await expect(page.getByRole('table', { name: 'Imports' }).getByRole('row')).toHaveCount(3)
  await shoot(page, 'import-list')
})
