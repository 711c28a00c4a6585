import { expect, type Page } from '@playwright/test'
import { E2E_FIXTURE_SITE_ORIGIN } from './fixtures-server.ts'
import {
  editorUrl,
  openHydrated,
  organizationWithSite,
  rpc,
  screensDir,
  signUpAndVerify,
  test,
  uniqueEmail,
} from './helpers.ts'
import { type AppServer, startAppServer } from './server.ts'

// Live after save, on a server of its own whose checks give up after 6 s: the fixture site's
// /live/soon serves a save 1.5 s after it, /live/never keeps serving the old title. The editor
// says "Live on … after saving", or "Not live after 6.0 s" with what the site serves.

test.describe.configure({ timeout: 180_000 })

let server: AppServer | undefined
let previousBaseUrl: string | undefined
test.beforeAll(async () => {
  previousBaseUrl = process.env.E2E_BASE_URL
  server = await startAppServer({
    CRAWLER_SITE_ORIGINS: `localhost=${E2E_FIXTURE_SITE_ORIGIN}`,
    LIVE_CHECK_SECONDS: '6',
    LIVE_CHECK_INTERVAL_MS: '300',
  })
  process.env.E2E_BASE_URL = server.baseURL
})
test.afterAll(async () => {
  await server?.stop()
  process.env.E2E_BASE_URL = previousBaseUrl
})

async function shoot(page: Page, name: string, whole = false): Promise<void> {
  const SHOTS = screensDir()
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: scheme })
      if (whole) {
        await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true })
      } else {
        await page
          .getByRole('region', { name: 'On the site' })
          .screenshot({ path: `${SHOTS}/live-${name}-${width}-${scheme}.png` })
      }
    }
  }
  await page.emulateMedia({ colorScheme: null })
  await page.setViewportSize(size)
}

test('the editor says when a save is live on the site, and what the site serves when it is not', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('live'), 'Liv Live')
  const slug = await organizationWithSite(page, 'Live Shop', 'localhost')
  const site = { organizationSlug: slug, siteHostname: 'localhost' }
  // The site is connected: its ownership is proven with the meta tag on its home page.
  const ownership = await rpc<{ token: string }>(page, 'imports/getOwnership', site)
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/verification`, {
    data: { token: ownership.token },
  })
  await rpc(page, 'imports/verifyOwnership', { ...site, homeUrl: `${E2E_FIXTURE_SITE_ORIGIN}/` })

  // /live/soon: the site serves the new title 1.5 s after the save.
  await rpc(page, 'pages/create', { ...site, path: '/live/soon' })
  await openHydrated(page, editorUrl(slug, 'localhost', '/live/soon'))
  await page.getByRole('textbox', { name: 'Title' }).fill('Spring sale')
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/live`, {
    data: { page: '/live/soon', title: 'Spring sale', delayMs: 1500 },
  })
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  const panel = page.getByRole('region', { name: 'On the site' })
  await expect(panel.getByText(/^Live on localhost:\d+ \d+(\.\d)? s after saving$/)).toBeVisible({
    timeout: 30_000,
  })
  await expect(panel).toContainText('Revision 1 is what localhost')
  await shoot(page, 'live')

  // /live/never: revision 1 is live, revision 2 never shows (a cache that never expires).
  await rpc(page, 'pages/create', { ...site, path: '/live/never' })
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/live`, {
    data: { page: '/live/never', title: 'Autumn sale', delayMs: 0 },
  })
  await rpc(page, 'metadataRevisions/save', {
    ...site,
    pagePath: '/live/never',
    baseRevisionId: null,
    metadata: { title: 'Autumn sale' },
  })
  await openHydrated(page, editorUrl(slug, 'localhost', '/live/never'))
  await expect(panel.getByText(/^Live on localhost:\d+/)).toBeVisible({ timeout: 30_000 })
  await page.getByRole('textbox', { name: 'Title' }).fill('Winter sale')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(panel.getByText(/^Checking localhost:\d+ for revision 2/)).toBeVisible()
  await expect(panel.getByText('Not live after 6.0 s — here is what the site serves')).toBeVisible({
    timeout: 30_000,
  })
  await expect(panel).toContainText("The title is an earlier revision's")
  await expect(panel.locator('dd').first()).toHaveText('Winter sale')
  await expect(panel.locator('dd').nth(1)).toHaveText('Autumn sale')
  await shoot(page, 'not-live')
})

test('the Health tab checks every page as eight crawlers and shows the pages that drift', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('health'), 'Hal Health')
  const slug = await organizationWithSite(page, 'Health Shop', 'localhost')
  const site = { organizationSlug: slug, siteHostname: 'localhost' }
  const ownership = await rpc<{ token: string }>(page, 'imports/getOwnership', site)
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/verification`, {
    data: { token: ownership.token },
  })
  await rpc(page, 'imports/verifyOwnership', { ...site, homeUrl: `${E2E_FIXTURE_SITE_ORIGIN}/` })
  // /live/health-ok serves its title; /live/health-off serves another one to everyone.
  for (const [path, title, live] of [
    ['/live/health-ok', 'All good', 'All good'],
    ['/live/health-off', 'Summer sale', 'Spring sale'],
  ] as const) {
    await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/live`, {
      data: { page: path, title: live, delayMs: 0 },
    })
    await rpc(page, 'pages/create', { ...site, path })
    await rpc(page, 'metadataRevisions/save', {
      ...site,
      pagePath: path,
      baseRevisionId: null,
      metadata: { title },
    })
  }

  await openHydrated(page, `/app/organizations/${slug}/sites/localhost`)
  await page
    .getByRole('navigation', { name: 'Site' })
    .getByRole('link', { name: 'Health', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible()
  await expect(page.getByText('No score yet: run a check.')).toBeVisible()
  await page.getByRole('button', { name: 'Check now' }).click()
  await expect(page.getByLabel('Score 50 out of 100')).toBeVisible({ timeout: 60_000 })
  const drifted = page.getByRole('region', { name: 'Drifted pages' })
  await expect(drifted.getByRole('link', { name: '/live/health-off' })).toBeVisible()
  await expect(drifted.getByRole('link', { name: '/live/health-ok' })).toHaveCount(0)
  // Every crawler got the same: said once.
  await expect(drifted.getByRole('heading', { level: 3 })).toHaveText(['Every crawler'])
  await expect(drifted.getByText('Googlebot', { exact: true })).toBeVisible()
  await expect(drifted.locator('dd').first()).toHaveText('Summer sale')
  await expect(drifted.locator('dd').nth(1)).toHaveText('Spring sale')
  const log = page.getByRole('region', { name: 'Checks' }).getByRole('table')
  await expect(log.getByRole('row')).toHaveCount(2)
  await expect(log.getByRole('cell', { name: 'Done' })).toBeVisible()
  // What the plan gives: Business checks every 12 h, up to 10,000 pages.
  await expect(
    page.getByText(/Checked every 12 h, up to 10,000 pages — next check after/),
  ).toBeVisible()
  // Drift over time: one bar per check of the whole site, its numbers in a table.
  const trend = page.getByRole('figure', { name: 'Drifted pages per check' })
  await expect(trend.getByRole('table').getByRole('row')).toHaveCount(2)
  await expect(trend.getByRole('table').getByRole('row').nth(1)).toContainText(/1score 50% of 2$/)

  // The page's editor checks that page alone.
  await drifted.getByRole('link', { name: '/live/health-off' }).click()
  const crawlers = page.getByRole('region', { name: 'Crawlers' })
  await expect(crawlers).toContainText('get something else')
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/live`, {
    data: { page: '/live/health-off', title: 'Summer sale', delayMs: 0 },
  })
  await crawlers.getByRole('button', { name: 'Check' }).click()
  await expect(crawlers.getByText('Every crawler gets what this page should serve.')).toBeVisible({
    timeout: 60_000,
  })

  // Checked again, the site serves what it should: the chart has a second bar, at zero.
  await page.goBack()
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible()
  await page.getByRole('button', { name: 'Check now' }).click()
  await expect(page.getByLabel('Score 100 out of 100')).toBeVisible({ timeout: 60_000 })
  const rows = page
    .getByRole('figure', { name: 'Drifted pages per check' })
    .getByRole('table')
    .getByRole('row')
  await expect(rows).toHaveCount(3)
  await expect(rows.nth(2)).toContainText(/0score 100% of 2$/)
  await page.getByRole('button', { name: 'Show table' }).click()
  await shoot(page, 'health', true)
  await page.getByRole('button', { name: 'Show table' }).click()
  await shoot(page, 'health-chart', true)

  // On Free, checks run on demand only: the tab names the plans that add scheduled checks.
  await rpc(page, 'billing/subscribe', { organizationSlug: slug, planId: 'free' })
  await page.reload()
  const schedule = page.getByText(/^Checked when you click Check now/)
  await expect(schedule).toHaveText(
    'Checked when you click Check now, up to 50 pages a check. Scheduled checks come with a paid plan: Starter every week, Team every 24 h, Business every 12 h. Change plan',
  )
  await expect(schedule.getByRole('link', { name: 'Change plan' })).toHaveAttribute(
    'href',
    `/app/organizations/${slug}/billing`,
  )
  await shoot(page, 'health-free', true)
})

test('on a site with locales the Crawlers panel names the language version that drifts', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('health-locales'), 'Lena Locales')
  const slug = await organizationWithSite(page, 'Locale Shop', 'localhost')
  const site = { organizationSlug: slug, siteHostname: 'localhost' }
  const ownership = await rpc<{ token: string }>(page, 'imports/getOwnership', site)
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/verification`, {
    data: { token: ownership.token },
  })
  await rpc(page, 'imports/verifyOwnership', { ...site, homeUrl: `${E2E_FIXTURE_SITE_ORIGIN}/` })
  await rpc(page, 'sites/updateLocales', {
    ...site,
    locales: [
      { code: 'en', kind: 'path-prefix', value: '' },
      { code: 'de', kind: 'path-prefix', value: '/de' },
    ],
    defaultLocale: 'en',
  })
  // /live/sprachen serves its English title; its German version (/de/live/sprachen) is not there.
  const path = '/live/sprachen'
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/live`, {
    data: { page: path, title: 'Languages', delayMs: 0 },
  })
  await rpc(page, 'pages/create', { ...site, path })
  for (const [locale, title] of [
    [undefined, 'Languages'],
    ['de', 'Sprachen'],
  ] as const) {
    await rpc(page, 'metadataRevisions/save', {
      ...site,
      pagePath: path,
      ...(locale ? { locale } : {}),
      baseRevisionId: null,
      metadata: { title },
    })
  }

  await rpc(page, 'health/checkPage', { ...site, pagePath: path })
  await openHydrated(page, editorUrl(slug, 'localhost', path))
  const crawlers = page.getByRole('region', { name: 'Crawlers' })
  // Each drifting version under its locale: the German one is not served at all.
  const german = crawlers.getByText(/^In the de version, .* get something else:$/)
  await expect(german).toBeVisible({ timeout: 60_000 })
  await expect(german.locator('.hm-badge')).toHaveText('de')
  await expect(crawlers).toContainText('404')
  const SHOTS = screensDir()
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: scheme })
      await crawlers.screenshot({ path: `${SHOTS}/crawlers-locales-${width}-${scheme}.png` })
    }
  }
  await page.emulateMedia({ colorScheme: null })
  await page.setViewportSize({ width: 1280, height: 800 })
})

test('an applied change set checks its pages on the site, and its screen says which are live', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('changes'), 'Cas Changes')
  const slug = await organizationWithSite(page, 'Change Shop', 'localhost')
  const site = { organizationSlug: slug, siteHostname: 'localhost' }
  const ownership = await rpc<{ token: string }>(page, 'imports/getOwnership', site)
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/verification`, {
    data: { token: ownership.token },
  })
  await rpc(page, 'imports/verifyOwnership', { ...site, homeUrl: `${E2E_FIXTURE_SITE_ORIGIN}/` })
  // /live/cs-fresh serves the imported title a second later; /live/cs-stale never does.
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/live`, {
    data: { page: '/live/cs-fresh', title: 'Fresh title', delayMs: 1000 },
  })
  await page.request.post(`${E2E_FIXTURE_SITE_ORIGIN}/site/live`, {
    data: { page: '/live/cs-stale', title: 'Old title', delayMs: 0 },
  })
  const done = await rpc<{ changeSetId: string }>(page, 'transfer/import', {
    ...site,
    format: 'csv',
    content: 'path,title\n/live/cs-fresh,Fresh title\n/live/cs-stale,New title\n',
    createMissing: true,
  })
  await openHydrated(page, `/app/organizations/${slug}/sites/localhost/changes/${done.changeSetId}`)
  const summary = page.getByRole('region', { name: 'On the site' })
  await expect(summary.getByRole('status')).toHaveText(
    /^1 of 2 pages live on localhost:\d+; 1 page not: open it to see what the site serves\.$/,
    { timeout: 30_000 },
  )
  const items = page.getByRole('region', { name: 'Pages' }).getByRole('listitem')
  await expect(
    items.filter({ hasText: '/live/cs-fresh' }).getByText(/^Live after \d+\.\d s$/),
  ).toBeVisible()
  await expect(
    items.filter({ hasText: '/live/cs-stale' }).getByText('Not live after 6.0 s'),
  ).toBeVisible()
  await shoot(page, 'change-set', true)
})
