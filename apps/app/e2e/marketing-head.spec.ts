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
})
