import type { Metadata } from '@headmark/metadata'
import { expect, test } from '@playwright/test'
import { buildExample, type Example, startExample } from './example.ts'
import {
  freePort,
  type Headmark,
  type HeadmarkAccount,
  type HeadmarkSite,
  startHeadmarkWithSite,
} from '../../e2e-harness/headmark.ts'
import { importExample } from '../../e2e-harness/import-check.ts'

// Importing the example yields exactly the head it serves: the site runs on Headmark (defaults,
// a title template, three pages); its pages are imported into a fresh site with the same
// defaults and template, and the fresh site then serves, path by path, the head the example
// served — the template's suffix once, not twice, and the site's own JSON-LD with it.
test.describe.configure({ mode: 'serial' })

const titleTemplate = '%s · Acme'

const defaults: Metadata = {
  title: 'Acme',
  description: 'Anvils delivered anywhere.',
  openGraph: { siteName: 'Acme', type: 'website' },
  twitter: { card: 'summary_large_image' },
}

const pages: Record<string, Metadata> = {
  '/': { description: 'Anvils delivered anywhere, on time, since 1949.' },
  '/pricing': {
    title: 'Anvil pricing',
    description: 'Three anvils, one flat delivery fee, no surprises.',
    openGraph: { title: 'Anvil prices' },
    customTags: [{ name: 'theme-color', content: '#1f2937' }],
  },
  '/blog/hello-world': {
    title: 'Hello from Headmark',
    openGraph: { type: 'article' },
    noindex: true,
  },
}

let headmark: Headmark
let account: HeadmarkAccount
let example: Example

test.beforeAll(async () => {
  test.setTimeout(300_000)
  const buildSeconds = buildExample()
  console.log(`example: build took ${buildSeconds.toFixed(1)} s`)
  let site: HeadmarkSite
  ;({ headmark, account, site } = await startHeadmarkWithSite({
    owner: { name: 'Ivy Importer' },
    organization: { name: 'Acme', slug: 'acme' },
    site: { name: 'Acme', hostname: 'localhost' },
    settings: { titleTemplate },
    defaults,
    pages,
  }))
  const port = await freePort()
  const webhook = await site.createWebhook(`http://localhost:${port}/api/headmark`, 'Example site')
  example = await startExample(port, {
    HEADMARK_URL: headmark.metadataApiUrl,
    HEADMARK_DSN: site.dsn,
    HEADMARK_WEBHOOK_SECRET: webhook.secret,
  })
})

test.afterAll(async () => {
  await example?.stop()
  await headmark?.stop()
})

test('importing the example into a fresh site serves exactly the head the example served', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const imported = await importExample({
    page,
    headmark,
    account,
    origin: example.origin,
    paths: Object.keys(pages),
    titleTemplate,
    defaults,
  })
  const heads = (side: 'served' | 'headmark') =>
    Object.fromEntries(imported.map((result) => [result.path, result[side]]))
  expect(heads('headmark')).toEqual(heads('served'))
  const byPath = new Map(imported.map((result) => [result.path, result]))
  expect(byPath.get('/pricing')?.served).toContain('title Anvil pricing · Acme')
  // Stored without the suffix, and without what the site's defaults already serve.
  expect(byPath.get('/pricing')?.stored).toMatchObject({ title: 'Anvil pricing' })
  expect(byPath.get('/pricing')?.stored?.openGraph).not.toHaveProperty('siteName')
  // The home page's title is the defaults' own: inherited, not stored.
  expect(byPath.get('/')?.stored ?? {}).not.toHaveProperty('title')
  // The site's own structured data (its Organization) is served again.
  expect(byPath.get('/')?.served.some((line) => line.includes('"@type":"Organization"'))).toBe(true)
  // What Headmark has no field for is not dropped silently: the viewport and the stylesheet are
  // summed up as the technical tags of the import's pages.
  expect(byPath.get('/')?.technical).toEqual(expect.arrayContaining(['viewport', 'stylesheet']))
})
