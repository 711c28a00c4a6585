import type { Metadata } from '@headmark/metadata'
import { expect, test } from '@playwright/test'
import { buildExample, type ExampleServer, startExample } from './example.ts'
import {
  freePort,
  type Headmark,
  type HeadmarkAccount,
  type HeadmarkSite,
  startHeadmarkWithSite,
} from '../../e2e-harness/headmark.ts'
import { importExample } from '../../e2e-harness/import-check.ts'

// Importing the example yields exactly the head it serves: the site runs on Headmark (defaults
// and three pages) and adds its own title template (the layout's `%s | Acme Rockets`); its pages
// are imported into a fresh site that holds the same defaults and that template, and the fresh
// site then serves, path by path, the head the example served — the suffix once, not twice.
test.describe.configure({ mode: 'serial' })

/** The example's layout's title template, kept in Headmark by the site it is imported into. */
const titleTemplate = '%s | Acme Rockets'

const defaults: Metadata = {
  title: 'Acme Rockets',
  description: 'Rockets anyone can launch.',
  openGraph: { siteName: 'Acme Rockets', type: 'website' },
  twitter: { card: 'summary_large_image' },
}

const pages = (siteUrl: string): Record<string, Metadata> => ({
  '/': { description: 'Launch day, every day.' },
  '/pricing': {
    title: 'Pricing that scales with your launches',
    description: 'From a first launch to a fleet: three plans.',
    canonical: `${siteUrl}/pricing`,
    openGraph: { title: 'Acme Rockets pricing', description: 'Plans for every launch.' },
    customTags: [{ name: 'theme-color', content: '#0b3d91' }],
  },
  '/blog/hello-world': {
    title: 'Hello from Headmark',
    openGraph: { type: 'article', title: 'Hello, world — Acme Rockets blog' },
    noindex: true,
  },
})

let headmark: Headmark
let account: HeadmarkAccount
let example: ExampleServer

test.beforeAll(async () => {
  test.setTimeout(420_000)
  const port = await freePort()
  const siteUrl = `http://localhost:${port}`
  let site: HeadmarkSite
  ;({ headmark, account, site } = await startHeadmarkWithSite({
    owner: { name: 'Ivy Importer' },
    organization: { name: 'Acme Rockets', slug: 'acme' },
    site: { name: 'Acme Rockets', hostname: 'localhost' },
    defaults,
    pages: pages(siteUrl),
  }))
  const env = { HEADMARK_URL: headmark.metadataApiUrl, HEADMARK_DSN: site.dsn, SITE_URL: siteUrl }
  await buildExample(env)
  example = await startExample(env, port)
})

test.afterAll(async () => {
  await example?.stop()
  await headmark?.stop()
})

test('importing the example into a fresh site serves exactly the head the example served', async ({
  page,
}) => {
  test.setTimeout(120_000)
  const paths = Object.keys(pages(example.origin))
  const imported = await importExample({
    page,
    headmark,
    account,
    origin: example.origin,
    paths,
    titleTemplate,
    defaults,
  })
  const heads = (side: 'served' | 'headmark') =>
    Object.fromEntries(imported.map((result) => [result.path, result[side]]))
  expect(heads('headmark')).toEqual(heads('served'))
  for (const result of imported) {
    expect(
      result.served.filter((line) => line.startsWith('title ')),
      result.path,
    ).toHaveLength(1)
  }
  const byPath = new Map(imported.map((result) => [result.path, result]))
  expect(byPath.get('/pricing')?.served).toContain(
    'title Pricing that scales with your launches | Acme Rockets',
  )
  // Stored without the suffix, and without what the site's defaults already serve.
  expect(byPath.get('/pricing')?.stored).toMatchObject({
    title: 'Pricing that scales with your launches',
  })
  expect(byPath.get('/pricing')?.stored?.openGraph).not.toHaveProperty('siteName')
  // The home page's title is the defaults' own: inherited, not stored.
  expect(byPath.get('/')?.stored ?? {}).not.toHaveProperty('title')
  // What Headmark has no field for is listed, not dropped: Next's viewport, the X handle.
  expect(
    byPath
      .get('/pricing')
      ?.unmapped.map((tag) => tag.html)
      .join('\n'),
  ).toContain('twitter:site')
})
