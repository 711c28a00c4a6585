import { randomBytes } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { expect, type Page, test } from '@playwright/test'
import { buildExample, type Example, type ExampleEnv, startExample } from './example.ts'
import {
  DEV_MAILBOX_KEY,
  freePort,
  type Headmark,
  type HeadmarkAccount,
  type HeadmarkSite,
  startHeadmarkWithSite,
} from '../../e2e-harness/headmark.ts'

// Does the example serve what Headmark intends? Headmark fetches the example's pages itself
// (through its crawler, on loopback: CRAWLER_SITE_ORIGINS) after each save and on each drift
// check. In order:
// 1. a title saved in the editor is reported live, with the seconds it took; then the example
//    is redeployed as a staging copy (SITE_NOINDEX=true: `X-Robots-Tag: noindex`), and the next
//    drift check sends the drift alert (e-mail and `metadata_drift` webhook) and the Health tab
//    lists both pages;
// 2. the example is redeployed with a webhook secret that is not the webhook's, so its receiver
//    refuses every call and its cache is never dropped: the next save is reported not live, with
//    what the site serves, and the next drift check lists the page.
test.describe.configure({ mode: 'serial' })

/** How long after a save Headmark looks for it on the site (60 s in production). */
const LIVE_CHECK_SECONDS = 10

// Each page names its canonical URL: the example's own canonical URLs point to its production
// origin (https://acme.example), not to the loopback address Headmark fetches it from, and a
// canonical pointing elsewhere than Headmark intends is drift.
const pages: Record<string, Metadata> = {
  '/pricing': {
    title: 'Anvil pricing',
    description: 'Three anvils, one flat delivery fee, no surprises.',
    canonical: 'https://acme.example/pricing',
  },
  '/blog/hello-world': {
    title: 'Hello from Headmark',
    description: 'The first post, with metadata from Headmark.',
    canonical: 'https://acme.example/blog/hello-world',
  },
}

let headmark: Headmark
let account: HeadmarkAccount
let site: HeadmarkSite
let webhookId: string
let env: ExampleEnv
let example: Example
let port: number

test.beforeAll(async () => {
  test.setTimeout(240_000)
  const buildSeconds = buildExample()
  console.log(`example: build took ${buildSeconds.toFixed(1)} s`)

  port = await freePort()
  ;({ headmark, account, site } = await startHeadmarkWithSite({
    env: {
      // The site `localhost` is fetched from the example's port (https://localhost otherwise).
      CRAWLER_SITE_ORIGINS: `localhost=http://localhost:${port}`,
      LIVE_CHECK_SECONDS: String(LIVE_CHECK_SECONDS),
      LIVE_CHECK_INTERVAL_MS: '250',
    },
    owner: { name: 'Road Runner' },
    organization: { name: 'Acme', slug: 'acme-health' },
    site: { name: 'Acme', hostname: 'localhost' },
    pages,
  }))
  const webhook = await site.createWebhook(`http://localhost:${port}/api/headmark`, 'Example site')
  webhookId = webhook.id
  env = {
    HEADMARK_URL: headmark.metadataApiUrl,
    HEADMARK_DSN: site.dsn,
    HEADMARK_WEBHOOK_SECRET: webhook.secret,
  }
  example = await startExample(port, env)
  // The SDK's first call connects the site: only connected sites are checked.
  for (const path of Object.keys(pages)) await fetch(`${example.origin}${path}`)
  await expect.poll(async () => (await health()).connected, { timeout: 30_000 }).toBe(true)
})

test.afterAll(async () => {
  await example?.stop()
  await headmark?.stop()
})

const ref = () => ({ organizationSlug: site.organizationSlug, siteHostname: site.hostname })

interface SiteHealth {
  connected: boolean
  score: number | null
  drifted: Array<{ path: string; agents: Array<{ findings: Array<{ message: string }> }> }>
}

const health = () => account.rpc<SiteHealth>('health/getSite', ref())

/** Stops the example and starts it again (the same build) with `changes` to its configuration. */
async function redeploy(changes: Partial<ExampleEnv>): Promise<void> {
  await example.stop()
  example = await startExample(port, { ...env, ...changes })
}

/** Saves `title` for `path` in the page editor; resolves once the editor says it is saved. */
async function saveTitle(page: Page, path: string, before: string, title: string) {
  await page.goto(site.editorUrl(path))
  const field = page.getByRole('textbox', { name: 'Title' })
  await expect(field).toHaveValue(before)
  await field.fill(title)
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText(/Saved as revision \d+\./)).toBeVisible()
  return page.getByRole('region', { name: 'On the site' })
}

/** Opens the site's Health tab, runs "Check now" and waits for the check's score. */
async function checkNow(page: Page, score: number): Promise<void> {
  await page.goto(`${headmark.origin}/app/organizations/${site.organizationSlug}/sites/localhost`)
  await page
    .getByRole('navigation', { name: 'Site' })
    .getByRole('link', { name: 'Health', exact: true })
    .click()
  await expect(page.getByRole('heading', { name: 'Health', level: 1 })).toBeVisible()
  // The log of checks (the drift chart beside it has a table of its own).
  const checks = page.getByRole('region', { name: 'Checks' }).getByRole('table').getByRole('row')
  const before = await checks.count()
  await page.getByRole('button', { name: 'Check now' }).click()
  // The log gains the check (and its header row, for the first one); its score shows once done.
  await expect(checks).toHaveCount(Math.max(before, 1) + 1)
  await expect(page.getByRole('button', { name: 'Check now' })).toBeEnabled({ timeout: 60_000 })
  await expect(page.getByLabel(`Score ${score} out of 100`)).toBeVisible()
}

test('a save is live on the example, with its time; the example deployed with noindex is a drift alert by e-mail and webhook, and the Health tab lists its pages', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.context().addCookies(account.cookies)

  // Live after save: the webhook drops the example's cached head, Headmark's next fetch shows it.
  const panel = await saveTitle(page, '/pricing', 'Anvil pricing', 'Anvil pricing, checked live')
  await expect(panel.getByText(/^Live on localhost:\d+ \d+(\.\d)? s after saving$/)).toBeVisible({
    timeout: 30_000,
  })
  await expect(panel).toContainText(`Revision 2 is what localhost:${port}/pricing serves.`)
  const check = await account.rpc<{ state: string; elapsedMs: number }>('health/getLiveCheck', {
    ...ref(),
    pagePath: '/pricing',
  })
  expect(check.state).toBe('live')
  const seconds = (check.elapsedMs / 1000).toFixed(2)
  test
    .info()
    .annotations.push({ type: 'save → live (TanStack Start)', description: `${seconds} s` })
  console.log(`example: save → verified live on the site in ${seconds} s`)

  // Before: every page serves what it should, to every crawler.
  await checkNow(page, 100)
  await expect(page.getByText('Every page checked serves what it should')).toBeVisible()

  // A staging deploy's configuration reaches production: every response says noindex.
  await redeploy({ SITE_NOINDEX: 'true' })
  const served = await fetch(`${example.origin}/pricing`)
  expect(served.headers.get('x-robots-tag')).toBe('noindex')
  await checkNow(page, 0)
  const drifted = page.getByRole('region', { name: 'Drifted pages' })
  const noindex =
    'Crawlers are told not to index this page (X-Robots-Tag: noindex), and Headmark does not say so.'
  for (const path of Object.keys(pages)) {
    const item = drifted
      .getByRole('listitem')
      .filter({ has: page.getByRole('link', { name: path }) })
    await expect(item.getByRole('heading', { level: 3 })).toHaveText(['Every crawler'])
    await expect(item.getByText(noindex)).toBeVisible()
  }

  // The owner's e-mail: one for the check, both pages in it.
  const mail = page
    .getByRole('listitem')
    .filter({ hasText: 'localhost: 2 pages drift from their metadata' })
  await expect(async () => {
    await page.goto(`${headmark.origin}/dev/mailbox?key=${DEV_MAILBOX_KEY}`)
    await expect(mail).toHaveCount(1, { timeout: 1000 })
  }).toPass({ timeout: 30_000 })
  await expect(mail).toContainText(`To ${account.email}`)
  const everyCrawler = 'Bingbot, Browser, Discord, Facebook, Googlebot, LinkedIn, Slack, X'
  for (const path of Object.keys(pages)) {
    await expect(mail).toContainText(`${path} (${everyCrawler}): ${noindex}`)
  }

  // The site's webhook got `metadata_drift`: the example's receiver acknowledges a type it does
  // not act on with 200.
  await page.goto(
    `${headmark.origin}/app/organizations/${site.organizationSlug}/sites/localhost/webhooks/${webhookId}`,
  )
  const drift = page.getByRole('table').getByRole('row').filter({ hasText: 'metadata_drift' })
  await expect(drift).toHaveCount(1, { timeout: 30_000 })
  await expect(drift).toContainText('200')
  const [call] = (await site.webhookCalls(webhookId)).filter(
    (each) => each.eventType === 'metadata_drift',
  )
  expect(JSON.parse(call?.request.body ?? '{}')).toMatchObject({
    _type: 'metadata_drift',
    site: { hostname: 'localhost', dsn: site.dsn },
    started: Object.keys(pages)
      .sort()
      .map((path) => ({ path, agents: everyCrawler.split(', '), findings: [noindex] })),
    stopped: [],
  })
})

test('with the example’s webhook receiver refusing Headmark’s calls, a save is not live and the next check lists the page', async ({
  page,
}) => {
  test.setTimeout(180_000)
  await page.context().addCookies(account.cookies)
  // Deployed with another webhook secret (and without noindex): every call is refused (401), so
  // nothing drops a cached head before it is a minute old.
  await redeploy({ HEADMARK_WEBHOOK_SECRET: `whsec_${randomBytes(24).toString('base64')}` })
  // The post in the example's cache, fresh for 60 s from here.
  for (let i = 0; i < 2; i++) {
    expect(await (await fetch(`${example.origin}/blog/hello-world`)).text()).toContain(
      '<title>Hello from Headmark</title>',
    )
  }

  const panel = await saveTitle(
    page,
    '/blog/hello-world',
    'Hello from Headmark',
    'Hello again from Headmark',
  )
  await expect(panel.getByText(/^Checking localhost:\d+ for revision 2/)).toBeVisible()
  await expect(
    panel.getByText(`Not live after ${LIVE_CHECK_SECONDS} s — here is what the site serves`),
  ).toBeVisible({ timeout: 30_000 })
  await expect(panel).toContainText("The title is an earlier revision's")
  await expect(panel.locator('dd').first()).toHaveText('Hello again from Headmark')
  await expect(panel.locator('dd').nth(1)).toHaveText('Hello from Headmark')
  // Headmark's history says why: the receiver answered 401.
  const calls = await site.webhookCalls(webhookId)
  const update = calls.find((call) => call.request.body.includes('Hello again from Headmark'))
  expect(update?.status).toBe(401)

  // The next drift check lists the post (the old title, for every crawler), and the pricing page
  // serves what it should again.
  await checkNow(page, 50)
  const drifted = page.getByRole('region', { name: 'Drifted pages' })
  await expect(drifted.getByRole('link', { name: '/blog/hello-world' })).toBeVisible()
  await expect(drifted.getByRole('link', { name: '/pricing' })).toHaveCount(0)
  await expect(drifted.getByRole('heading', { level: 3 })).toHaveText(['Every crawler'])
  await expect(drifted).toContainText("The title is an earlier revision's")
  await expect(drifted.locator('dd').first()).toHaveText('Hello again from Headmark')
  await expect(drifted.locator('dd').nth(1)).toHaveText('Hello from Headmark')
})
