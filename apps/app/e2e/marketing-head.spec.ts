import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { expect } from '@playwright/test'
import { freePort, startAppServer } from './server.ts'
import { test, url } from './helpers.ts'

// The DSN the app is built with (the development placeholder of VITE_METADATA_DSN).
const DSN = 'development'

const served: Record<string, object> = {
  '/': {
    metadata: {
      title: 'Served: Headmark home',
      openGraph: {
        title: 'Served: OG home',
        image: {
          url: 'https://headmark.example/og/home.png',
          alt: 'The Headmark editor',
          width: 1200,
          height: 630,
          mimeType: 'image/png',
        },
      },
      twitter: { card: 'summary_large_image' },
    },
    metadataRevisionId: 'rev_home',
  },
  '/pricing': {
    metadata: { title: 'Served: Pricing', description: 'Served: plans and quotas.' },
    metadataRevisionId: 'rev_pricing',
  },
}

/** A tiny metadata service that speaks the public API contract (public-api.md). */
function startMetadataService(requests: string[]): Promise<Server> {
  const server = createServer((req, res) => {
    const requestUrl = new URL(req.url ?? '/', 'http://localhost')
    requests.push(`${req.method} ${requestUrl.pathname}${requestUrl.search}`)
    const match = /^\/v1\/([^/]+)\/metadata\/get-latest$/.exec(requestUrl.pathname)
    if (!match || decodeURIComponent(match[1]!) !== DSN) {
      res.writeHead(404, { 'content-type': 'application/json' })
      res.end(
        JSON.stringify({ defined: false, code: 'NOT_FOUND', status: 404, message: 'Unknown DSN' }),
      )
      return
    }
    const path = requestUrl.searchParams.get('path') ?? '/'
    res.writeHead(200, { 'content-type': 'application/json', 'cache-control': 'max-age=60' })
    res.end(JSON.stringify(served[path] ?? { metadata: {} }))
  })
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)))
}

async function html(base: string, path: string): Promise<string> {
  const response = await fetch(new URL(path, base))
  expect(response.status).toBe(200)
  return response.text()
}

const meta = (page: string, key: string, name: string) =>
  new RegExp(`<meta ${key}="${name.replace(/[:]/g, '\\:')}" content="([^"]*)"`).exec(page)?.[1]
const title = (page: string) => /<title>([^<]*)<\/title>/.exec(page)?.[1]

test.describe('Headmark’s own head tags', () => {
  test('the SSR HTML of / and /pricing carries the tags the metadata service serves, over the page’s fallback', async () => {
    const requests: string[] = []
    const service = await startMetadataService(requests)
    const app = await startAppServer({
      METADATA_API_URL: `http://127.0.0.1:${(service.address() as AddressInfo).port}`,
    })
    try {
      const home = await html(app.baseURL, '/')
      expect(title(home)).toBe('Served: Headmark home')
      expect(meta(home, 'property', 'og:title')).toBe('Served: OG home')
      expect(meta(home, 'property', 'og:image')).toBe('https://headmark.example/og/home.png')
      expect(meta(home, 'property', 'og:image:alt')).toBe('The Headmark editor')
      expect(meta(home, 'name', 'twitter:card')).toBe('summary_large_image')
      // Not served: the page's own fallback stays.
      expect(meta(home, 'name', 'description')).toMatch(/^Manage the titles, descriptions/)
      expect(meta(home, 'property', 'og:site_name')).toBe('Headmark')

      const pricing = await html(app.baseURL, '/pricing')
      expect(title(pricing)).toBe('Served: Pricing')
      expect(meta(pricing, 'name', 'description')).toBe('Served: plans and quotas.')
      expect(meta(pricing, 'property', 'og:title')).toBe('Pricing — Headmark')
      // One title and one description: the root's defaults were replaced, not duplicated.
      expect(pricing.match(/<title>/g)).toHaveLength(1)
      expect(pricing.match(/<meta name="description"/g)).toHaveLength(1)

      expect(requests).toContain(`GET /v1/${DSN}/metadata/get-latest?path=%2F`)
      expect(requests).toContain(`GET /v1/${DSN}/metadata/get-latest?path=%2Fpricing`)
      expect(app.output()).not.toContain('Could not load metadata')
    } finally {
      await app.stop()
      await new Promise((resolve) => service.close(resolve))
    }
  })

  test('when the metadata service refuses connections, the fallback tags are served and a warning is logged', async () => {
    const closedPort = await freePort()
    const app = await startAppServer({ METADATA_API_URL: `http://127.0.0.1:${closedPort}` })
    try {
      const pricing = await html(app.baseURL, '/pricing')
      expect(title(pricing)).toBe('Pricing — Headmark')
      expect(meta(pricing, 'name', 'description')).toMatch(/^Headmark plans, from a free plan/)
      expect(meta(pricing, 'property', 'og:title')).toBe('Pricing — Headmark')
      expect(meta(pricing, 'name', 'twitter:card')).toBe('summary')
      const home = await html(app.baseURL, '/')
      expect(title(home)).toBe('Headmark — metadata for every page')
      expect(app.output()).toContain(
        '[headmark] Could not load metadata for "/pricing"; using the fallback.',
      )
      expect(app.output()).toContain(
        '[headmark] Could not load metadata for "/"; using the fallback.',
      )
    } finally {
      await app.stop()
    }
  })

  test('by default the pages ask the app’s own API and fall back while it has nothing for them', async () => {
    const response = await fetch(url('/pricing'))
    const page = await response.text()
    expect(title(page)).toBe('Pricing — Headmark')
    expect(meta(page, 'property', 'og:description')).toMatch(/^Headmark plans/)
  })

  test('/bot, where HeadmarkBot’s user agent points, has its title, description and canonical', async () => {
    const page = await html(url('/'), '/bot')
    expect(title(page)).toBe('HeadmarkBot — Headmark’s crawler')
    expect(meta(page, 'name', 'description')).toMatch(/^What HeadmarkBot is, when it visits/)
    expect(meta(page, 'property', 'og:title')).toBe('HeadmarkBot — Headmark’s crawler')
    expect(/<link rel="canonical" href="([^"]*)"/.exec(page)?.[1]).toBe('/bot')
    expect(page.match(/<link rel="canonical"/g)).toHaveLength(1)
    // What a site owner comes for: how to block it.
    expect(page).toContain('User-agent: HeadmarkBot\nDisallow: /')
  })

  test('/changelog has its title and description, and lists the changes users see by day', async ({
    page,
  }) => {
    const html = await (await fetch(url('/changelog'))).text()
    expect(title(html)).toBe('Changelog — Headmark')
    expect(meta(html, 'name', 'description')).toMatch(/^What changed in Headmark, day by day/)
    expect(meta(html, 'property', 'og:title')).toBe('Changelog — Headmark')
    expect(html.match(/<title>/g)).toHaveLength(1)

    for (const width of [1280, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 })
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(url('/changelog'))
        await expect(page.getByRole('heading', { level: 1, name: 'Changelog' })).toBeVisible()
        // A day's heading is a date; its changes are one line each, with a tag.
        const days = page.getByRole('list', { name: 'Changes by day' })
        await expect(days.getByRole('heading', { level: 2 }).first()).toHaveText(
          /^[A-Z][a-z]+ \d{1,2}, \d{4}$/,
        )
        const pause = days
          .getByRole('listitem')
          .filter({ hasText: 'Pause a webhook and resume it later' })
          .filter({ hasNot: page.getByRole('heading') })
        await expect(pause).toHaveCount(1)
        await expect(pause).toContainText(/^Webhooks\s*Pause a webhook/)
        // Developer notes are not among them: they are under Packages, folded by package.
        await expect(days).not.toContainText('BulkEditor')
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
        const background = await page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        )
        const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number)
        if (scheme === 'dark') expect(r + g + b).toBeLessThan(200)
        else expect(r + g + b).toBeGreaterThan(600)
        await page.screenshot({
          path: `test-results/shots/changelog-${width}-${scheme}.png`,
          fullPage: true,
        })
      }
    }
    await page.emulateMedia({ colorScheme: null })
    await page.setViewportSize({ width: 1280, height: 900 })
    // The packages' release notes stay on the page, one folded section per package.
    await page.getByRole('link', { name: 'release notes of the npm packages' }).click()
    await expect(page.getByRole('heading', { level: 2, name: 'Packages' })).toBeInViewport()
    const ui = page.locator('summary').filter({ hasText: '@headmark/ui' })
    await ui.click()
    await expect(page.getByText(/^`?BulkEditor`?: every page × the metadata fields/)).toBeVisible()
    await page.screenshot({ path: 'test-results/shots/changelog-packages-1280.png' })
  })

  test('/bot reads at 390 px and in dark mode: nothing wider than the screen, the contact link works', async ({
    page,
  }) => {
    for (const width of [1280, 390]) {
      for (const scheme of ['light', 'dark'] as const) {
        await page.setViewportSize({ width, height: 900 })
        await page.emulateMedia({ colorScheme: scheme })
        await page.goto(url('/bot'))
        await expect(page.getByRole('heading', { level: 1, name: 'HeadmarkBot' })).toBeVisible()
        await expect(page.getByRole('heading', { name: 'How to block it' })).toBeVisible()
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        )
        expect(overflow).toBeLessThanOrEqual(0)
        // Dark mode paints a dark page (the text is readable on it).
        const background = await page.evaluate(
          () => getComputedStyle(document.body).backgroundColor,
        )
        const [r = 0, g = 0, b = 0] = (background.match(/\d+/g) ?? []).map(Number)
        if (scheme === 'dark') expect(r + g + b).toBeLessThan(200)
        else expect(r + g + b).toBeGreaterThan(600)
        await page.screenshot({
          path: `test-results/shots/bot-${width}-${scheme}.png`,
          fullPage: true,
        })
      }
    }
    await page.emulateMedia({ colorScheme: null })
    await page.getByRole('link', { name: 'contact form' }).click()
    await expect(page.getByRole('heading', { level: 1, name: 'Contact' })).toBeVisible()
  })
})
