import type { Metadata } from '@headmark/metadata'
import {
  type APIRequestContext,
  type Browser,
  type BrowserContext,
  expect,
  type Page,
  type Request,
  test,
} from '@playwright/test'
import { buildExample, clientFiles, type Example, startExample } from './example.ts'
import {
  freePort,
  type Headmark,
  type HeadmarkAccount,
  type HeadmarkSite,
  startHeadmarkWithSite,
} from '../../e2e-harness/headmark.ts'
import { HOSTILE, searchFields } from '../../e2e-harness/search-fields.ts'

// One story, in order: the site serves Headmark's metadata, an edit in the dashboard reaches it
// through the webhook, the key stays on the server, and the site survives Headmark going away.
test.describe.configure({ mode: 'serial' })

const image = (url: string, alt: string) => ({
  url,
  alt,
  width: 1200,
  height: 630,
  mimeType: 'image/png',
})

const defaults: Metadata = {
  openGraph: { siteName: 'Acme Anvils' },
  twitter: { card: 'summary_large_image' },
  icon: [{ url: '/icons/acme-32.png', width: 32, height: 32, mimeType: 'image/png' }],
  appleTouchIcon: [
    {
      url: 'https://cdn.acme.example/apple-180.png',
      width: 180,
      height: 180,
      mimeType: 'image/png',
    },
  ],
}

const pages: Record<string, Metadata> = {
  '/': {
    title: 'Acme: the anvil people',
    description: 'Anvils delivered anywhere, on time, since 1949.',
    openGraph: {
      title: 'Acme anvils',
      description: 'Anvils delivered anywhere.',
      type: 'website',
      url: 'https://acme.example/',
      image: image('https://cdn.acme.example/og/home.png', 'An anvil on a cliff'),
    },
    twitter: {
      title: 'Acme on X',
      description: 'Anvils, on time.',
      image: image('https://cdn.acme.example/x/home.png', 'An anvil in flight'),
    },
    customTags: [{ name: 'theme-color', content: '#1f2937' }],
  },
  '/pricing': {
    title: 'Anvil pricing',
    description: 'Three anvils, one flat delivery fee, no surprises.',
    openGraph: { title: 'Anvil prices', url: 'https://acme.example/pricing' },
    twitter: { title: 'Anvil prices on X' },
  },
  '/blog/hello-world': {
    title: 'Hello from Headmark',
    description: 'The first post, with metadata from Headmark.',
    openGraph: {
      type: 'article',
      image: image('https://cdn.acme.example/og/hello.png', 'A hello'),
    },
  },
  '/blog/launch-notes': {
    title: 'Launch notes, served with a key',
    description: 'Only a caller with the site key gets this.',
  },
}

let headmark: Headmark
let account: HeadmarkAccount
let site: HeadmarkSite
let example: Example
let apiKey: string

test.beforeAll(async () => {
  test.setTimeout(240_000)
  const buildSeconds = buildExample()
  console.log(`example: build took ${buildSeconds.toFixed(1)} s`)

  ;({ headmark, account, site } = await startHeadmarkWithSite({
    owner: { name: 'Wile E. Coyote', email: 'wile@acme.example' },
    organization: { name: 'Acme', slug: 'acme' },
    // The example runs on localhost: the webhook's host must be the site's hostname.
    site: { name: 'Acme', hostname: 'localhost' },
    defaults,
    pages,
  }))
  const port = await freePort()
  const webhook = await site.createWebhook(`http://localhost:${port}/api/headmark`, 'Example site')
  // A key sent to a site that does not require one is ignored: the site works before and after.
  apiKey = await site.createApiKey('Example site')
  example = await startExample(port, {
    HEADMARK_URL: headmark.metadataApiUrl,
    HEADMARK_DSN: site.dsn,
    HEADMARK_API_KEY: apiKey,
    HEADMARK_WEBHOOK_SECRET: webhook.secret,
  })
})

test.afterAll(async () => {
  await example?.stop()
  await headmark?.stop()
})

const crawlers: BrowserContext[] = []
test.afterEach(async () => {
  for (const context of crawlers.splice(0)) await context.close()
})

/** Opens a page as a crawler sees it: the served HTML, no JavaScript run. */
async function served(browser: Browser, path: string): Promise<Page> {
  const context = await browser.newContext({ javaScriptEnabled: false })
  crawlers.push(context)
  const page = await context.newPage()
  const response = await page.goto(`${example.origin}${path}`)
  expect(response?.status(), `${path} answers 200`).toBe(200)
  return page
}

const metaContent = (page: Page, key: string) =>
  page.locator(`head meta[name="${key}"], head meta[property="${key}"]`)

async function expectMeta(page: Page, expected: Record<string, string>) {
  for (const [key, content] of Object.entries(expected)) {
    await expect(metaContent(page, key), key).toHaveCount(1)
    await expect(metaContent(page, key), key).toHaveAttribute('content', content)
  }
}

async function jsonLd(page: Page): Promise<Array<Record<string, unknown>>> {
  const texts = await page.locator('head script[type="application/ld+json"]').allTextContents()
  return texts.map((text) => JSON.parse(text) as Record<string, unknown>)
}

/**
 * Makes sure the example's client holds `path` fresh (60 s), with `text` in it: a second request
 * after a short pause finds the entry fresh even if the first found it stale and refreshed it.
 * From here only the webhook can change what the page serves within the next 60 s.
 */
async function expectCached(request: APIRequestContext, path: string, text: string) {
  await request.get(`${example.origin}${path}`)
  await new Promise((resolve) => setTimeout(resolve, 300))
  expect(await (await request.get(`${example.origin}${path}`)).text()).toContain(text)
}

/** Requests a page until `done(html)` holds; fails after 30 s, well under the client's 60 s freshness. */
async function untilServed(
  request: APIRequestContext,
  path: string,
  done: (html: string) => boolean,
): Promise<void> {
  const started = performance.now()
  for (;;) {
    if (done(await (await request.get(`${example.origin}${path}`)).text())) return
    expect(performance.now() - started, `${path} within 30 s`).toBeLessThan(30_000)
    await new Promise((resolve) => setTimeout(resolve, 50))
  }
}

test('every page serves its Headmark metadata over the site’s fallback and override', async ({
  browser,
}) => {
  const home = await served(browser, '/')
  await expect(home).toHaveTitle('Acme: the anvil people')
  await expect(home.locator('head title')).toHaveCount(1)
  await expectMeta(home, {
    description: 'Anvils delivered anywhere, on time, since 1949.',
    'og:title': 'Acme anvils',
    'og:description': 'Anvils delivered anywhere.',
    'og:type': 'website',
    'og:url': 'https://acme.example/',
    'og:site_name': 'Acme Anvils',
    'og:image': 'https://cdn.acme.example/og/home.png',
    'og:image:width': '1200',
    'og:image:height': '630',
    'og:image:alt': 'An anvil on a cliff',
    'twitter:card': 'summary_large_image',
    'twitter:title': 'Acme on X',
    'twitter:description': 'Anvils, on time.',
    'twitter:image': 'https://cdn.acme.example/x/home.png',
    'theme-color': '#1f2937',
  })
  await expect(home.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://acme.example/',
  )
  // Headmark's icons replace the site's own icon set.
  await expect(home.locator('head link[rel="icon"]')).toHaveCount(1)
  await expect(home.locator('head link[rel="icon"]')).toHaveAttribute('href', '/icons/acme-32.png')
  await expect(home.locator('head link[rel="apple-touch-icon"]')).toHaveAttribute(
    'href',
    'https://cdn.acme.example/apple-180.png',
  )
  expect(await jsonLd(home)).toEqual([
    expect.objectContaining({ '@type': 'Organization', name: 'Acme' }),
  ])

  const pricing = await served(browser, '/pricing')
  await expect(pricing).toHaveTitle('Anvil pricing')
  await expectMeta(pricing, {
    description: 'Three anvils, one flat delivery fee, no surprises.',
    'og:title': 'Anvil prices',
    'og:url': 'https://acme.example/pricing',
    // Not in Headmark's page: the site's fallback.
    'og:type': 'website',
    'og:site_name': 'Acme Anvils',
    'twitter:title': 'Anvil prices on X',
    'twitter:card': 'summary_large_image',
  })
  await expect(pricing.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://acme.example/pricing',
  )
  expect(await jsonLd(pricing)).toEqual([
    expect.objectContaining({ '@type': 'Organization' }),
    expect.objectContaining({
      '@type': 'Product',
      offers: expect.arrayContaining([expect.objectContaining({ price: 49 })]),
    }),
  ])

  const post = await served(browser, '/blog/hello-world')
  await expect(post).toHaveTitle('Hello from Headmark')
  await expectMeta(post, {
    description: 'The first post, with metadata from Headmark.',
    'og:type': 'article',
    'og:image': 'https://cdn.acme.example/og/hello.png',
    'og:image:alt': 'A hello',
  })
  await expect(post.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://acme.example/blog/hello-world',
  )
  expect(await jsonLd(post)).toContainEqual(
    expect.objectContaining({ '@type': 'BlogPosting', headline: 'Hello, world' }),
  )
  await expect(post.getByRole('heading', { level: 1 })).toHaveText('Hello, world')
})

// What the site's defaults and /pricing get in Headmark in the test below.
const { organization, product, pricingFields } = searchFields({
  company: 'Acme Anvils Ltd.',
  product: 'Acme anvil',
  currency: 'EUR',
})

/** The served document's `<head>`, as text. */
async function servedHeadHtml(request: APIRequestContext, path: string): Promise<string> {
  const html = await (await request.get(`${example.origin}${path}`)).text()
  return html.slice(html.indexOf('<head>'), html.indexOf('</head>') + '</head>'.length)
}

/** How often `part` occurs in `text`, ignoring case (React writes `hreflang` as `hrefLang`). */
const count = (text: string, part: string) => text.toLowerCase().split(part).length - 1

test('a page’s canonical URL, language versions, robots and structured data from Headmark are served', async ({
  browser,
  request,
}) => {
  await site.saveMetadata(null, { ...defaults, jsonLd: [organization] })
  await site.saveMetadata('/pricing', { ...pages['/pricing'], ...pricingFields })
  // The webhooks drop the site's cached answers: the next render has the new fields.
  await untilServed(
    request,
    '/pricing',
    (html) => html.includes('https://acme.example/en/pricing') && html.includes('Acme Anvils Ltd.'),
  )

  // The served text: one canonical link, one robots tag, and no script element from the data.
  const head = await servedHeadHtml(request, '/pricing')
  expect(count(head, 'rel="canonical"'), head).toBe(1)
  expect(count(head, 'name="robots"'), head).toBe(1)
  expect(count(head, 'hreflang='), head).toBe(3)
  expect(head).not.toContain(HOSTILE)
  expect(head).not.toContain('<script>alert(1)')

  // The same HTML as a crawler parses it.
  const pricing = await served(browser, '/pricing')
  await expect(pricing).toHaveTitle('Anvil pricing')
  await expect(pricing.locator('head link[rel="canonical"]')).toHaveCount(1)
  await expect(pricing.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://acme.example/en/pricing',
  )
  const alternates = await pricing
    .locator('head link[rel="alternate"][hreflang]')
    .evaluateAll((links) =>
      links.map((link) => [link.getAttribute('hreflang'), link.getAttribute('href')]),
    )
  expect(Object.fromEntries(alternates)).toEqual(pricingFields.alternates)
  expect(alternates).toHaveLength(3)
  await expect(metaContent(pricing, 'robots')).toHaveCount(1)
  await expect(metaContent(pricing, 'robots')).toHaveAttribute(
    'content',
    'nofollow, max-image-preview:large',
  )
  // Headmark's structured data (the scripts without an id) parses back to what was saved, the
  // site's first; the example's own (the Organization of every page, the offers) are still there.
  const fromHeadmark = await pricing
    .locator('head script[type="application/ld+json"]:not([id])')
    .allTextContents()
  expect(fromHeadmark.map((text) => JSON.parse(text) as unknown)).toEqual([organization, product])
  expect(await jsonLd(pricing)).toEqual(
    expect.arrayContaining([
      expect.objectContaining({ '@type': 'Organization', name: 'Acme' }),
      expect.objectContaining({ '@type': 'Product', name: 'Acme anvils' }),
    ]),
  )
  expect(await jsonLd(pricing)).toHaveLength(4)
  // The hostile string stays in the one script it was written to.
  const holding = await pricing
    .locator('script')
    .evaluateAll((scripts) =>
      scripts
        .filter((script) => script.textContent?.includes('alert(1)'))
        .map((script) => script.getAttribute('type')),
    )
  expect(holding).toEqual(['application/ld+json'])

  // A page without these fields in Headmark keeps the example's own canonical URL, no robots tag
  // and no language versions; the site's structured data reaches it too.
  const home = await served(browser, '/')
  await expect(home.locator('head link[rel="canonical"]')).toHaveCount(1)
  await expect(home.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://acme.example/',
  )
  await expect(metaContent(home, 'robots')).toHaveCount(0)
  await expect(home.locator('head link[hreflang]')).toHaveCount(0)
  expect(await jsonLd(home)).toContainEqual(organization)

  // With scripts running, nothing in the data runs.
  const context = await browser.newContext()
  crawlers.push(context)
  const page = await context.newPage()
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(`${example.origin}/pricing`)
  await expect(page).toHaveTitle('Anvil pricing')
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1)
  expect(dialogs).toEqual([])
})

test('in the browser, navigation gets the head through the server function, never from Headmark', async ({
  page,
}) => {
  const requests: Request[] = []
  page.on('request', (request) => requests.push(request))
  await page.goto(`${example.origin}/`)
  await expect(page).toHaveTitle('Acme: the anvil people')
  // Client-side navigation: the route's head() runs in the browser and calls the server function.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Pricing' })
    .click()
  await expect(page).toHaveURL(`${example.origin}/pricing`)
  await expect(page).toHaveTitle('Anvil pricing')
  await page.goBack()
  await page.getByRole('link', { name: 'Hello, world' }).click()
  await expect(page).toHaveTitle('Hello from Headmark')
  await expect(page.locator('meta[property="og:type"]')).toHaveAttribute('content', 'article')

  const serverFunctionCalls = requests.filter((request) => request.url().includes('/_serverFn/'))
  expect(serverFunctionCalls.length, 'server function requests').toBeGreaterThan(0)
  for (const request of requests) {
    expect(new URL(request.url()).origin, request.url()).toBe(example.origin)
    expect(JSON.stringify(await request.allHeaders())).not.toContain(apiKey)
    const response = await request.response()
    if (response && response.status() < 300) {
      expect((await response.body()).toString('latin1'), request.url()).not.toContain(apiKey)
    }
  }
})

test('with the site requiring a key, the example’s key works and appears in no client chunk nor any HTML', async ({
  browser,
  request,
}) => {
  const settings = await site.update({ requireApiKey: true })
  expect(settings.requireApiKey).toBe(true)
  const endpoint = `${headmark.metadataApiUrl}/v1/${site.dsn}/metadata/get-latest?path=/blog/launch-notes`
  expect((await request.get(endpoint)).status(), 'the API without a key').toBe(401)
  const withKey = await request.get(endpoint, { headers: { authorization: `Bearer ${apiKey}` } })
  expect(withKey.status(), 'the API with the key').toBe(200)

  // A page the example has not asked for yet: its head needs the key.
  const post = await served(browser, '/blog/launch-notes')
  await expect(post).toHaveTitle('Launch notes, served with a key')
  await expectMeta(post, { description: 'Only a caller with the site key gets this.' })

  for (const { file, text } of clientFiles()) expect(text, file).not.toContain(apiKey)
  for (const path of ['/', '/pricing', '/blog/hello-world', '/blog/launch-notes', '/missing']) {
    const html = await (await request.get(`${example.origin}${path}`)).text()
    expect(html, path).toContain('</html>')
    expect(html, path).not.toContain(apiKey)
  }
})

test('an edit saved in the dashboard is the next render’s head, without a restart', async ({
  page,
  request,
}) => {
  test.setTimeout(120_000)
  await page.context().addCookies(account.cookies)
  await page.goto(site.editorUrl('/pricing'))
  const title = page.getByRole('textbox', { name: 'Title' })
  await expect(title).toHaveValue('Anvil pricing')
  await title.fill('Anvil pricing, edited in the dashboard')
  await expect(page.getByText('Unsaved changes')).toBeVisible()
  await expectCached(request, '/pricing', '<title>Anvil pricing</title>')

  const saved = performance.now()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  // The editor says so at once (before its toast goes, whatever the webhook takes).
  await expect(page.getByText(/Saved as revision \d+\./)).toBeVisible()
  // An old page after 30 s means the webhook did nothing: the cached answer is fresh for 60 s.
  await untilServed(request, '/pricing', (html) =>
    html.includes('<title>Anvil pricing, edited in the dashboard</title>'),
  )
  console.log(`example: save → new <head> took ${Math.round(performance.now() - saved)} ms`)
  expect(example.output()).toContain('Headmark: metadata of /pricing changed')
})

test('a change to the site’s defaults reaches every page', async ({ request }) => {
  const paths = ['/', '/blog/hello-world']
  const siteName = (name: string) => `<meta property="og:site_name" content="${name}"/>`
  for (const path of paths) await expectCached(request, path, siteName('Acme Anvils'))
  const saved = performance.now()
  await site.saveMetadata(null, { ...defaults, openGraph: { siteName: 'Acme Anvils & Co' } })
  for (const path of paths) {
    await untilServed(request, path, (html) => html.includes(siteName('Acme Anvils &amp; Co')))
  }
  console.log(
    `example: defaults save → every page's new <head> took ${Math.round(performance.now() - saved)} ms`,
  )
  expect(example.output()).toContain('Headmark: metadata of every page changed')
})

test('with Headmark stopped, pages still render, with their fallback tags', async ({ browser }) => {
  await headmark.stop()
  // Never asked for before: nothing cached, so the fallback.
  const post = await served(browser, '/blog/behind-the-anvil')
  await expect(post).toHaveTitle('Behind the anvil — Acme blog')
  await expectMeta(post, {
    description: 'How an Acme anvil is made.',
    'og:type': 'article',
    'og:site_name': 'Acme',
    'twitter:card': 'summary',
  })
  await expect(post.locator('head link[rel="icon"]')).toHaveAttribute('href', '/favicon.svg')
  await expect(post.locator('head link[rel="canonical"]')).toHaveAttribute(
    'href',
    'https://acme.example/blog/behind-the-anvil',
  )
  expect(await jsonLd(post)).toContainEqual(
    expect.objectContaining({ '@type': 'BlogPosting', headline: 'Behind the anvil' }),
  )
  await expect(post.getByRole('heading', { level: 1 })).toHaveText('Behind the anvil')
  // A page the site already had keeps what it last got from Headmark.
  const home = await served(browser, '/')
  await expect(home).toHaveTitle('Acme: the anvil people')
  await expectMeta(home, { 'og:site_name': 'Acme Anvils & Co' })
})
