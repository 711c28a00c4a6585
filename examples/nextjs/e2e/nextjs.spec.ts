import { readdir, readFile } from 'node:fs/promises'
import { join } from 'node:path'
import type { Metadata, MetadataUpdatePayload } from '@headmark/metadata'
import { signWebhook } from '@headmark/metadata/webhooks'
import { expect, type Page, test } from '@playwright/test'
import { buildExample, exampleRoot, type ExampleServer, startExample } from './example.ts'
import {
  freePort,
  type Headmark,
  type HeadmarkAccount,
  type HeadmarkSite,
  type SessionCookie,
  startHeadmarkWithSite,
} from '../../e2e-harness/headmark.ts'
import { HOSTILE, searchFields } from '../../e2e-harness/search-fields.ts'
import { one, servedHead } from '../../e2e-harness/served-head.ts'

// One Headmark, one site and one build of the example, shared by the steps below in order.
test.describe.configure({ mode: 'serial' })

const image = (name: string, alt: string) => ({
  url: `https://cdn.acme.example/${name}.png`,
  width: 1200,
  height: 630,
  mimeType: 'image/png',
  alt,
})

const defaults: Metadata = {
  title: 'Acme Rockets',
  description: 'Rockets anyone can launch, as the site’s defaults in Headmark say.',
  openGraph: { siteName: 'Acme Rockets', image: image('og-default', 'An Acme rocket') },
  twitter: { card: 'summary_large_image' },
  icon: [{ url: '/favicon-32.png', width: 32, height: 32, mimeType: 'image/png' }],
}

const home: Metadata = { title: 'Home of Acme Rockets', description: 'Launch day, every day.' }

const pricing = (siteUrl: string): Metadata => ({
  title: 'Pricing that scales with your launches',
  description: 'From a first launch to a fleet: three plans.',
  openGraph: {
    title: 'Acme Rockets pricing',
    description: 'Plans for every launch.',
    type: 'website',
    url: `${siteUrl}/pricing`,
    locale: 'en_US',
    image: image('og-pricing', 'The three plans side by side'),
  },
  twitter: {
    title: 'Acme pricing on X',
    description: 'Three plans, one rocket.',
    card: 'summary_large_image',
    image: image('x-pricing', 'A rocket on a price tag'),
  },
  icon: [{ url: '/favicon-pricing.png', width: 32, height: 32, mimeType: 'image/png' }],
  appleTouchIcon: [
    { url: '/apple-touch-icon.png', width: 180, height: 180, mimeType: 'image/png' },
  ],
  customTags: [{ name: 'theme-color', content: '#0b3d91' }],
})

const helloWorld: Metadata = {
  title: 'Hello from Headmark',
  description: 'The first post, described by its editor.',
  openGraph: { type: 'article', title: 'Hello, world — Acme Rockets blog' },
}

let headmark: Headmark
let site: HeadmarkSite
let example: ExampleServer
let siteUrl: string
let apiKey: string
let webhook: { id: string; secret: string }
let cookies: SessionCookie[]
let account: HeadmarkAccount

test.beforeAll(async () => {
  test.setTimeout(420_000)
  const port = await freePort()
  siteUrl = `http://localhost:${port}`
  ;({ headmark, account, site } = await startHeadmarkWithSite({
    env: {
      // Headmark's live checks fetch the site `localhost` from the example's port.
      CRAWLER_SITE_ORIGINS: `localhost=${siteUrl}`,
      LIVE_CHECK_INTERVAL_MS: '250',
    },
    owner: { name: 'Erin Example' },
    organization: { name: 'Acme Rockets', slug: 'acme' },
    // Webhooks must go to the site's hostname: the example runs on localhost.
    site: { name: 'Acme Rockets', hostname: 'localhost' },
    defaults,
    pages: { '/': home, '/pricing': pricing(siteUrl), '/blog/hello-world': helloWorld },
  }))
  cookies = account.cookies
  // The key is configured from the start; the site only requires it later (a key sent to a
  // site that does not require one is ignored).
  apiKey = await site.createApiKey('Example site')
  webhook = await site.createWebhook(`${siteUrl}/api/headmark`, 'The Next.js example')

  const env = {
    HEADMARK_URL: headmark.metadataApiUrl,
    HEADMARK_DSN: site.dsn,
    HEADMARK_API_KEY: apiKey,
    HEADMARK_WEBHOOK_SECRET: webhook.secret,
    SITE_URL: siteUrl,
  }
  const buildMs = await buildExample(env)
  console.log(`examples/nextjs: next build took ${(buildMs / 1000).toFixed(1)} s`)
  example = await startExample(env, port)
})

test.afterAll(async () => {
  await example?.stop()
  await headmark?.stop()
})

const at = (path: string) => `${example.origin}${path}`

/** Polls the example's page until its `<title>` is `title`; resolves with when it was. */
async function waitForTitle(page: Page, path: string, title: string, timeoutMs = 30_000) {
  const deadline = Date.now() + timeoutMs
  let last: string | null = null
  while (Date.now() < deadline) {
    const head = await servedHead(page, at(path))
    last = head.title
    if (head.status === 200 && last === title) return { at: performance.now(), head }
    await page.waitForTimeout(100)
  }
  throw new Error(
    `${path} still served "${last}" after ${timeoutMs} ms, not "${title}". The example said:\n${example.output().slice(-4000)}`,
  )
}

test('every page serves its Headmark metadata between the site’s fallback and override', async ({
  page,
}) => {
  const homeHead = await servedHead(page, at('/'))
  expect(homeHead.status).toBe(200)
  // Next applies the layout's title template to the pages below it, not to the root page.
  expect(homeHead.title).toBe('Home of Acme Rockets')
  expect(one(homeHead, 'description')).toBe('Launch day, every day.')
  expect(homeHead.links.canonical).toEqual([{ href: siteUrl, sizes: null, type: null }])
  // The page inherits the site's defaults in Headmark: its Open Graph image and X card.
  expect(one(homeHead, 'og:site_name')).toBe('Acme Rockets')
  expect(one(homeHead, 'og:image')).toBe('https://cdn.acme.example/og-default.png')
  expect(one(homeHead, 'og:image:alt')).toBe('An Acme rocket')
  expect(one(homeHead, 'twitter:card')).toBe('summary_large_image')
  expect(homeHead.links.icon).toEqual([
    { href: '/favicon-32.png', sizes: '32x32', type: 'image/png' },
  ])
  expect(homeHead.jsonLd).toContainEqual(
    expect.objectContaining({ '@type': 'Organization', name: 'Acme Rockets' }),
  )

  const head = await servedHead(page, at('/pricing'))
  expect(head.status).toBe(200)
  expect(head.title).toBe('Pricing that scales with your launches | Acme Rockets')
  expect(one(head, 'description')).toBe('From a first launch to a fleet: three plans.')
  expect(head.links.canonical).toEqual([{ href: `${siteUrl}/pricing`, sizes: null, type: null }])
  expect(head.meta).toMatchObject({
    'og:title': ['Acme Rockets pricing'],
    'og:description': ['Plans for every launch.'],
    'og:url': [`${siteUrl}/pricing`],
    'og:locale': ['en_US'],
    'og:site_name': ['Acme Rockets'],
    'og:type': ['website'],
    'og:image': ['https://cdn.acme.example/og-pricing.png'],
    'og:image:width': ['1200'],
    'og:image:height': ['630'],
    'og:image:type': ['image/png'],
    'og:image:alt': ['The three plans side by side'],
    'twitter:card': ['summary_large_image'],
    'twitter:title': ['Acme pricing on X'],
    'twitter:description': ['Three plans, one rocket.'],
    'twitter:image': ['https://cdn.acme.example/x-pricing.png'],
    'twitter:image:alt': ['A rocket on a price tag'],
    // The override: the site's own X account, whatever Headmark says.
    'twitter:site': ['@acmerockets'],
    'theme-color': ['#0b3d91'],
  })
  expect(head.links.icon).toEqual([
    { href: '/favicon-pricing.png', sizes: '32x32', type: 'image/png' },
  ])
  expect(head.links['apple-touch-icon']).toEqual([
    { href: '/apple-touch-icon.png', sizes: '180x180', type: 'image/png' },
  ])
  expect(head.jsonLd).toContainEqual(expect.objectContaining({ '@type': 'Product' }))

  const post = await servedHead(page, at('/blog/hello-world'))
  expect(post.status).toBe(200)
  expect(post.title).toBe('Hello from Headmark | Acme Rockets')
  expect(one(post, 'description')).toBe('The first post, described by its editor.')
  expect(one(post, 'og:type')).toBe('article')
  expect(one(post, 'og:title')).toBe('Hello, world — Acme Rockets blog')
  expect(post.links.canonical).toEqual([
    { href: `${siteUrl}/blog/hello-world`, sizes: null, type: null },
  ])
  expect(post.jsonLd).toContainEqual(
    expect.objectContaining({ '@type': 'BlogPosting', headline: 'Hello, world' }),
  )

  // A post without a page in Headmark: the site's defaults there, the post's canonical here.
  const other = await servedHead(page, at('/blog/launch-checklist'))
  expect(other.status).toBe(200)
  expect(other.title).toBe('Acme Rockets | Acme Rockets')
  expect(one(other, 'og:type')).toBe('article')
  expect(other.links.canonical).toEqual([
    { href: `${siteUrl}/blog/launch-checklist`, sizes: null, type: null },
  ])
  expect((await page.request.get(at('/blog/no-such-post'))).status()).toBe(404)
})

// What the site's defaults and /pricing get in Headmark in the test below.
const { organization, product, pricingFields } = searchFields({
  company: 'Acme Rockets Inc.',
  product: 'Acme rocket',
  currency: 'USD',
})

/** How often `part` occurs in `text`, ignoring case (React writes `hreflang` as `hrefLang`). */
const count = (text: string, part: string) => text.toLowerCase().split(part).length - 1

test('a title saved in the dashboard is the next render’s <head>, through the webhook', async ({
  page,
  context,
}) => {
  await context.addCookies(cookies)
  await page.goto(site.editorUrl('/pricing'))
  const title = page.getByRole('textbox', { name: 'Title' })
  await expect(title).toHaveValue('Pricing that scales with your launches')
  await title.fill('Pricing, edited in the dashboard')
  const saved = performance.now()
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved as revision 2.')).toBeVisible()
  const confirmed = performance.now()

  const { at: seen } = await waitForTitle(
    page,
    '/pricing',
    'Pricing, edited in the dashboard | Acme Rockets',
  )
  console.log(
    `examples/nextjs: save → new <head> in ${Math.round(seen - saved)} ms (${Math.round(seen - confirmed)} ms after the editor said saved)`,
  )

  // Headmark's history shows the receiver's answer: verified, and the path it revalidated.
  const answered = async () => {
    const calls = await site.webhookCalls(webhook.id)
    const call = calls.find((each) => each.request.body.includes('edited in the dashboard'))
    return call?.response ? { status: call.status, body: JSON.parse(call.response.body) } : null
  }
  await expect.poll(answered).toEqual({ status: 200, body: { ok: true, revalidated: '/pricing' } })
})

test('a save in the dashboard is reported live on the site, with the seconds it took', async ({
  page,
  context,
}) => {
  // Headmark fetches the page after each save (the site is connected: its build asked Headmark
  // for every page) until it serves the new revision; the editor says when it did. The site
  // serves the title inside its layout's template, `%s | Acme Rockets`: that is the title saved.
  await context.addCookies(cookies)
  await page.goto(site.editorUrl('/pricing'))
  const title = page.getByRole('textbox', { name: 'Title' })
  await expect(title).toHaveValue('Pricing, edited in the dashboard')
  await title.fill('Pricing, checked live on the site')
  await page.getByRole('button', { name: 'Save', exact: true }).click()
  await expect(page.getByText('Saved as revision 3.')).toBeVisible()
  const panel = page.getByRole('region', { name: 'On the site' })
  await expect(panel.getByText(/^Live on localhost:\d+ \d+(\.\d)? s after saving$/)).toBeVisible({
    timeout: 60_000,
  })
  await expect(panel).toContainText(`Revision 3 is what ${new URL(siteUrl).host}/pricing serves.`)
  expect((await servedHead(page, at('/pricing'))).title).toBe(
    'Pricing, checked live on the site | Acme Rockets',
  )
  const check = await account.rpc<{ state: string; elapsedMs: number }>('health/getLiveCheck', {
    organizationSlug: site.organizationSlug,
    siteHostname: site.hostname,
    pagePath: '/pricing',
  })
  expect(check.state).toBe('live')
  const seconds = (check.elapsedMs / 1000).toFixed(2)
  test.info().annotations.push({ type: 'save → live (Next.js)', description: `${seconds} s` })
  console.log(`examples/nextjs: save → verified live on the site in ${seconds} s`)
})

test('a page’s canonical URL, language versions, robots and structured data from Headmark are served', async ({
  page,
}) => {
  await site.saveMetadata(null, { ...defaults, jsonLd: [organization] })
  await site.saveMetadata('/pricing', { ...pricing(siteUrl), ...pricingFields })
  // The webhooks revalidate the pages: the next render has the new fields.
  await expect
    .poll(async () => {
      const { html } = await servedHead(page, at('/pricing'))
      return html.includes('https://acme.example/en/pricing') && html.includes('Acme Rockets Inc.')
    })
    .toBe(true)

  const head = await servedHead(page, at('/pricing'))
  expect(head.title).toBe('Pricing that scales with your launches | Acme Rockets')
  // Headmark's canonical URL replaces the page's own; its language versions and robots are added.
  expect(head.links.canonical).toEqual([
    { href: 'https://acme.example/en/pricing', sizes: null, type: null },
  ])
  expect(head.alternates).toHaveLength(3)
  expect(Object.fromEntries(head.alternates)).toEqual(pricingFields.alternates)
  expect(head.meta.robots).toEqual(['nofollow, max-image-preview:large'])
  // The served text: one canonical link and one robots tag in the head.
  const served = head.html.slice(0, head.html.indexOf('</head>'))
  expect(count(served, 'rel="canonical"')).toBe(1)
  expect(count(served, 'name="robots"')).toBe(1)
  expect(count(served, 'hreflang=')).toBe(3)
  expect(one(head, 'twitter:site')).toBe('@acmerockets')
  // Headmark's structured data, in the page as Next recommends, parses back to what was saved:
  // the site's first, after the page's own offers. No value ends its script element.
  expect(head.jsonLd).toEqual([
    expect.objectContaining({ '@type': 'Product', name: 'Acme Rockets' }),
    organization,
    product,
  ])
  expect(head.html).not.toContain(HOSTILE)
  expect(head.html).not.toContain('<script>alert(1)')
  // No script element of its own: the string is in its JSON-LD script (and, escaped, in the
  // data Next's own script hands to React).
  expect(head.scripts.filter((script) => script.text.trim() === 'alert(1)')).toEqual([])
  expect(
    head.scripts.filter(
      (script) => script.type === 'application/ld+json' && script.text.includes('alert(1)'),
    ),
  ).toHaveLength(1)

  // A page without these fields in Headmark keeps the example's own canonical URL, no robots tag
  // and no language versions; the site's structured data reaches it too.
  const homeHead = await servedHead(page, at('/'))
  expect(homeHead.links.canonical).toEqual([{ href: siteUrl, sizes: null, type: null }])
  expect(homeHead.meta.robots).toBeUndefined()
  expect(homeHead.alternates).toEqual([])
  expect(homeHead.jsonLd).toEqual([
    expect.objectContaining({ '@type': 'Organization', name: 'Acme Rockets' }),
    organization,
  ])

  // With scripts running, nothing in the data runs.
  const dialogs: string[] = []
  page.on('dialog', (dialog) => {
    dialogs.push(dialog.message())
    void dialog.dismiss()
  })
  await page.goto(at('/pricing'))
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Pricing')
  await expect(page.locator('head link[rel="canonical"]')).toHaveCount(1)
  expect(dialogs).toEqual([])
})

test('with the site requiring a key, the example’s key works and is never sent to a browser', async ({
  page,
}) => {
  await site.update({ requireApiKey: true })
  const api = `${headmark.metadataApiUrl}/v1/${site.dsn}/metadata/get-latest?path=%2Fpricing`
  expect((await fetch(api)).status).toBe(401)
  expect((await fetch(api, { headers: { authorization: `Bearer ${apiKey}` } })).status).toBe(200)

  // A change makes the example load the page again, now with its key.
  await site.saveMetadata('/pricing', { ...pricing(siteUrl), title: 'Pricing for key holders' })
  await waitForTitle(page, '/pricing', 'Pricing for key holders | Acme Rockets')

  const secrets = [apiKey, webhook.secret]
  for (const path of ['/', '/pricing', '/blog/hello-world', '/blog/launch-checklist']) {
    const { html } = await servedHead(page, at(path))
    for (const secret of secrets) expect(html).not.toContain(secret)
  }
  const staticDir = join(exampleRoot, '.next', 'static')
  const files = (await readdir(staticDir, { recursive: true, withFileTypes: true })).filter(
    (entry) => entry.isFile(),
  )
  expect(files.some((file) => file.name.endsWith('.js'))).toBe(true)
  for (const file of files) {
    const content = await readFile(join(file.parentPath, file.name), 'utf8')
    for (const secret of secrets) {
      expect(content.includes(secret), `${file.name} holds a secret`).toBe(false)
    }
  }
})

test('with Headmark stopped, every page still renders, with its fallback tags', async ({
  page,
}) => {
  await headmark.stop()
  // What was rendered stays served.
  expect((await servedHead(page, at('/pricing'))).title).toBe(
    'Pricing for key holders | Acme Rockets',
  )

  // A change to the site's defaults revalidates every page: rendered now, without Headmark.
  const payload: MetadataUpdatePayload = {
    _type: 'metadata_update',
    path: null,
    metadataRevisionId: 'e2e-defaults',
    metadata: {},
    site: { hostname: site.hostname, dsn: site.dsn },
    timestamp: new Date().toISOString(),
  }
  const body = JSON.stringify(payload)
  const signed = await signWebhook(body, { secret: webhook.secret, id: 'msg_e2e_defaults' })
  const answer = await page.request.post(at('/api/headmark'), {
    headers: { ...signed, 'content-type': 'application/json' },
    data: body,
  })
  expect(answer.status()).toBe(200)
  expect(await answer.json()).toEqual({ ok: true, revalidated: null })

  const { head: homeHead } = await waitForTitle(
    page,
    '/',
    'Acme Rockets — rockets anyone can launch',
  )
  expect(one(homeHead, 'description')).toBe('Rockets anyone can launch.')
  expect(homeHead.links.canonical).toEqual([{ href: siteUrl, sizes: null, type: null }])
  expect(homeHead.links.icon).toEqual([{ href: '/icon.svg', sizes: null, type: 'image/svg+xml' }])
  expect(homeHead.html).toContain('<h1>Acme Rockets</h1>')

  const { head } = await waitForTitle(page, '/pricing', 'Pricing | Acme Rockets')
  expect(one(head, 'description')).toBe('Three plans, from a first launch to a fleet.')
  expect(head.links.canonical).toEqual([{ href: `${siteUrl}/pricing`, sizes: null, type: null }])
  expect(one(head, 'twitter:site')).toBe('@acmerockets')
  expect(one(head, 'og:site_name')).toBe('Acme Rockets')
  expect(head.html).toContain('<h1>Pricing</h1>')

  const { head: post } = await waitForTitle(
    page,
    '/blog/hello-world',
    'Hello, world | Acme Rockets',
  )
  expect(one(post, 'description')).toBe('Why we build rockets anyone can launch.')
  expect(one(post, 'og:type')).toBe('article')
  expect(post.jsonLd).toContainEqual(expect.objectContaining({ '@type': 'BlogPosting' }))
})
