import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { gzipSync } from 'node:zlib'
import { expect, type Page } from '@playwright/test'
import {
  hydrated,
  organizationWithSite,
  rpc,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'
import { appRoot } from './server.ts'

// The browser gets none of the server: the app imports @headmark/api's server side only where the
// build strips it from the client (server functions, isomorphic server branches, server routes).

/** Every JavaScript file under `dir`, read as text. */
function scripts(dir: string): Array<{ file: string; text: string }> {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.js') || file.endsWith('.mjs'))
    .map((file) => ({ file, text: readFileSync(join(dir, file), 'utf8') }))
}

// What only the server's code names: the embedded database, the ORM, the mailer, the queue, the
// request facts' storage, the server's factory.
const SERVER_ONLY = [
  '@electric-sql/pglite',
  'drizzle-orm',
  'nodemailer',
  'pg-boss',
  'node:async_hooks',
  'createHeadmark',
]

test('the client build holds no server code', () => {
  const server = scripts(join(appRoot, 'dist', 'server'))
  const client = scripts(join(appRoot, 'dist', 'client'))
  expect(client.length).toBeGreaterThan(10)
  for (const marker of SERVER_ONLY) {
    // Each marker is found where the server's code is, so its absence below means something.
    expect(
      server.some(({ text }) => text.includes(marker)),
      `${marker} in the server build`,
    ).toBe(true)
    const leaked = client.filter(({ text }) => text.includes(marker)).map(({ file }) => file)
    expect(leaked, `${marker} in the client build`).toEqual([])
  }
})

/** Initial JavaScript of every signed-in screen, gzipped (issue "What a newcomer meets"). */
const SIGNED_IN_BUDGET = 200 * 1024

/**
 * The JavaScript a screen requests until it has hydrated (`<html data-hydrated>`: it answers
 * clicks and keys), gzipped (the server sends it precompressed; gzip here so that the figure does
 * not depend on the encoding). What loads after that (previews, checks, the revision diff,
 * analytics) is not counted.
 */
async function initialJs(page: Page, path: string): Promise<{ bytes: number; files: string[] }> {
  await page.addInitScript(() => {
    new MutationObserver((_, observer) => {
      if (document.documentElement?.dataset.hydrated === undefined) return
      ;(window as unknown as { hydratedAt: number }).hydratedAt = performance.now()
      observer.disconnect()
    }).observe(document, { attributes: true, subtree: true, attributeFilter: ['data-hydrated'] })
  })
  const sizes = new Map<string, number>()
  const pending: Promise<void>[] = []
  page.on('response', (response) => {
    const type = response.headers()['content-type'] ?? ''
    if (!type.includes('javascript') || sizes.has(response.url())) return
    sizes.set(response.url(), 0)
    pending.push(
      response.body().then(
        (body) => void sizes.set(response.url(), gzipSync(body).length),
        () => undefined,
      ),
    )
  })
  await page.goto(url(path))
  await hydrated(page)
  await page.waitForLoadState('networkidle')
  await Promise.all(pending)
  const before = await page.evaluate(() => {
    const hydratedAt = (window as unknown as { hydratedAt?: number }).hydratedAt
    if (hydratedAt === undefined) throw new Error('the moment of hydration was not seen')
    return performance
      .getEntriesByType('resource')
      .filter((entry) => entry.startTime <= hydratedAt)
      .map((entry) => entry.name)
  })
  const initial = [...sizes].filter(([file]) => before.includes(file))
  return {
    bytes: initial.reduce((sum, [, size]) => sum + size, 0),
    files: initial.map(
      ([file, size]) => `${(size / 1024).toFixed(1)} KB ${new URL(file).pathname}`,
    ),
  }
}

test('every signed-in screen loads at most 200 KB of JavaScript, gzipped, before it is usable', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signUpAndVerify(page, uniqueEmail('bundle'))
  const slug = await organizationWithSite(page, 'Bundle', 'bundle.example')
  await rpc(page, 'pages/create', {
    organizationSlug: slug,
    siteHostname: 'bundle.example',
    path: '/pricing',
  })
  const organization = `/app/organizations/${slug}`
  const site = `${organization}/sites/bundle.example`
  const screens: Record<string, string> = {
    'organization home': organization,
    members: `${organization}/members`,
    settings: `${organization}/settings`,
    billing: `${organization}/billing`,
    'audit log': `${organization}/audit`,
    'change requests': `${organization}/change-requests`,
    'site overview': site,
    'page editor': `${site}/page?path=%2Fpricing`,
    bulk: `${site}/bulk`,
    'site settings': `${site}/edit`,
    webhooks: `${site}/webhooks`,
    import: `${site}/import`,
    spreadsheet: `${site}/transfer`,
    changes: `${site}/changes`,
    'path rules': `${site}/rules`,
    account: '/app/account',
  }
  const state = await page.context().storageState()
  for (const [screen, path] of Object.entries(screens)) {
    // A fresh context each time: nothing cached from the screen before.
    const context = await browser.newContext({ storageState: state })
    const { bytes, files } = await initialJs(await context.newPage(), path)
    expect
      .soft(bytes, `${screen}: ${(bytes / 1024).toFixed(1)} KB\n${files.join('\n')}`)
      .toBeLessThanOrEqual(SIGNED_IN_BUDGET)
    await context.close()
  }
})
