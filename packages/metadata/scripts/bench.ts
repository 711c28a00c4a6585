// Throughput of the hot paths, each next to a naive baseline measured in the same run: every
// path the README and the JSDoc show from three head layers (fallback, Headmark's metadata,
// override) to what TanStack Start, Next.js or a plain HTML server renders, for a page without
// and with the newer fields (canonical, robots, alternates, JSON-LD) (baseline: a lodash-style
// deep merge of the three tag lists, which merges arrays by index and is what the old client
// did; it does not even convert anything), and verifying a 2 KB webhook (baselines: node:crypto
// HMAC with `===`, and the standardwebhooks package).
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { Bench } from 'tinybench'
import { compileHead, type HeadTag, mergeHead, resolveHead, toHeadTags } from '../src/head.ts'
import type { Metadata } from '../src/types.ts'
import { compileHtmlHead, renderHead } from '../src/html.ts'
import { compileNextMetadata, toNextMetadata } from '../src/next.ts'
import { compileTanStackHead, toTanStackHead } from '../src/tanstack-start.ts'
import { signWebhook, verifyWebhook } from '../src/signature.ts'

const image = (n: number) => ({
  url: `https://acme.com/og-${n}.png`,
  width: 1200,
  height: 630,
  mimeType: 'image/png',
  alt: `Image ${n}`,
})
// A realistic 41-tag head in three layers: title, description, canonical, robots, 11 `og:*`,
// 6 `twitter:*`, icons and 12 other metas.
const fallback: HeadTag[] = [
  { tag: 'meta', attrs: { charset: 'utf-8' } },
  { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
  { tag: 'title', children: 'Acme' },
  { tag: 'meta', attrs: { name: 'description', content: 'Tools for builders' } },
  { tag: 'meta', attrs: { property: 'og:site_name', content: 'Acme' } },
  { tag: 'meta', attrs: { property: 'og:image', content: 'https://acme.com/default.png' } },
  { tag: 'meta', attrs: { name: 'twitter:site', content: '@acme' } },
  { tag: 'link', attrs: { rel: 'icon', href: '/favicon.ico' } },
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/' } },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#0a0a0a' } },
  { tag: 'meta', attrs: { name: 'application-name', content: 'Acme' } },
]
const metadata = {
  title: 'Pricing',
  description: 'Plans and prices',
  icon: [{ url: '/icon.svg', width: 0, height: 0, mimeType: 'image/svg+xml' }],
  openGraph: {
    title: 'Pricing',
    description: 'Plans and prices',
    type: 'website',
    url: 'https://acme.com/pricing',
    locale: 'en_US',
    images: [image(1)],
  },
  twitter: {
    card: 'summary_large_image',
    title: 'Pricing',
    description: 'Plans and prices',
    image: image(2),
  },
  customTags: [
    { name: 'google-site-verification', content: 'abc' },
    { name: 'msvalidate.01', content: 'def' },
    { name: 'yandex-verification', content: 'ghi' },
    { name: 'author', content: 'Acme' },
    { name: 'keywords', content: 'pricing, plans' },
    { name: 'format-detection', content: 'telephone=no' },
    { name: 'referrer', content: 'origin-when-cross-origin' },
  ],
} satisfies Metadata
// The same page with the newer fields: a canonical, robots directives, three language versions
// and two JSON-LD objects.
const withFields: Metadata = {
  ...metadata,
  canonical: 'https://acme.com/pricing',
  robots: { maxSnippet: 160, maxImagePreview: 'large' },
  alternates: {
    en: 'https://acme.com/pricing',
    de: 'https://acme.com/de/preise',
    'x-default': 'https://acme.com/pricing',
  },
  jsonLd: [
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Acme Pro',
      offers: { '@type': 'Offer', price: '29.00', priceCurrency: 'USD' },
    },
    {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Pricing' }],
    },
  ],
}
const generated = toHeadTags(metadata)
const generatedWithFields = toHeadTags(withFields)
const override: HeadTag[] = [
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/pricing' } },
  { tag: 'meta', attrs: { name: 'robots', content: 'max-image-preview:large' } },
  { tag: 'meta', attrs: { property: 'og:title', content: 'Acme pricing' } },
  { tag: 'meta', attrs: { property: 'article:tag', content: 'pricing' } },
  { tag: 'meta', attrs: { property: 'article:tag', content: 'plans' } },
]
const tagCount = fallback.length + generated.length + override.length

// What the adapters run per request: the fixed layers are compiled once, when the route's
// `head` / `generateMetadata` is created, as `createHead` and `createGenerateMetadata` do.
const tanstack = compileTanStackHead({ fallback, override })
const nextFromTags = compileNextMetadata({ fallback, override })
// The same fallback and override as a Next.js user writes them: `Metadata` objects.
const nextFromObjects = compileNextMetadata({
  fallback: toNextMetadata(fallback),
  override: toNextMetadata(override),
})
const html = compileHtmlHead({ fallback, override })
const head = compileHead({ fallback, override })

function deepMerge(target: unknown, source: unknown): unknown {
  if (Array.isArray(source)) {
    const out: unknown[] = Array.isArray(target) ? [...target] : []
    source.forEach((item, i) => {
      out[i] = deepMerge(out[i], item)
    })
    return out
  }
  if (source && typeof source === 'object') {
    const out: Record<string, unknown> =
      target && typeof target === 'object' ? { ...(target as Record<string, unknown>) } : {}
    for (const [key, value] of Object.entries(source)) out[key] = deepMerge(out[key], value)
    return out
  }
  return source
}

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const payload = (description: string) =>
  JSON.stringify({
    _type: 'metadata_update',
    path: '/pricing',
    metadataRevisionId: 'rev_1',
    metadata: { title: 'Pricing', description },
    site: { hostname: 'acme.com', dsn: 'dsn_acme' },
    timestamp: new Date().toISOString(),
  })
const body = payload('x'.repeat(2048 - payload('').length))
const headers = await signWebhook(body, { secret, id: 'msg_1' })
const nodeSignature = headers['x-webhook-signature']
const theirs = new Webhook(secret)
const theirHeaders = {
  'webhook-id': headers['webhook-id'],
  'webhook-timestamp': headers['webhook-timestamp'],
  'webhook-signature': headers['webhook-signature'],
}

const BASELINE = 'baseline: lodash-style deep merge by index'
const bench = new Bench({ time: 1000, warmupTime: 200 })
const BASELINE_FIELDS = `${BASELINE} + new fields`
bench
  .add(BASELINE, () => {
    deepMerge(deepMerge(deepMerge([], fallback), generated), override)
  })
  .add(BASELINE_FIELDS, () => {
    deepMerge(deepMerge(deepMerge([], fallback), generatedWithFields), override)
  })
// Every path from the three layers, for the page without and with the newer fields.
const paths: Array<[string, (page: Metadata) => unknown]> = [
  ['TanStack head: createHead / compileTanStackHead', (page) => tanstack(page)],
  [
    'TanStack head: toTanStackHead(resolveHead(…))',
    (page) => toTanStackHead(resolveHead({ fallback, metadata: page, override })),
  ],
  // As the JSDoc of `toTanStackHead` shows it: a fallback built for each render (a new list of
  // the same tags), which `resolveHead` can not have compiled.
  [
    'TanStack head: toTanStackHead(resolveHead(…)), fallback built per render',
    (page) => toTanStackHead(resolveHead({ fallback: [...fallback], metadata: page, override })),
  ],
  ['Next Metadata: createGenerateMetadata, Metadata layers', (page) => nextFromObjects(page)],
  ['Next Metadata: createGenerateMetadata, tag layers', (page) => nextFromTags(page)],
  [
    'Next Metadata: toNextMetadata(resolveHead(…))',
    (page) => toNextMetadata(resolveHead({ fallback, metadata: page, override })),
  ],
  ['HTML: compileHtmlHead', (page) => html(page)],
  [
    'HTML: renderHead(resolveHead(…))',
    (page) => renderHead(resolveHead({ fallback, metadata: page, override })),
  ],
  ['tags: compileHead', (page) => head(page)],
  ['tags: resolveHead(…)', (page) => resolveHead({ fallback, metadata: page, override })],
  [
    'tags: mergeHead(fallback, toHeadTags(…), override)',
    (page) => mergeHead(fallback, toHeadTags(page), override),
  ],
]
// Every path without the newer fields first, then with them: once a path has seen pages of both
// shapes its property accesses are polymorphic, which is slower (as on a real site with both).
for (const [name, run] of paths) bench.add(name, () => run(metadata))
for (const [name, run] of paths) bench.add(`${name} + new fields`, () => run(withFields))
// The baselines once more after the paths: each ratio is to their mean, so that a machine busier
// at the start or at the end of the run does not tilt every ratio.
bench
  .add(`${BASELINE} (again)`, () => {
    deepMerge(deepMerge(deepMerge([], fallback), generated), override)
  })
  .add(`${BASELINE_FIELDS} (again)`, () => {
    deepMerge(deepMerge(deepMerge([], fallback), generatedWithFields), override)
  })
const HEAD_TASKS = 4 + paths.length * 2
bench
  .add(`verifyWebhook (${body.length} B, Web Crypto)`, async () => {
    await verifyWebhook(body, headers, { secret })
  })
  .add('baseline: node:crypto createHmac + ===', () => {
    const timestamp = headers['x-webhook-timestamp']
    const expected = `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`
    if (expected !== nodeSignature) throw new Error('baseline failed to verify')
  })
  .add('baseline: standardwebhooks verify', () => {
    theirs.verify(body, theirHeaders)
  })
  // Web Crypto signs on Node's thread pool: a server verifying concurrent deliveries gets more.
  .add('verifyWebhook, 16 concurrent (ops counted ×16)', async () => {
    await Promise.all(Array.from({ length: 16 }, () => verifyWebhook(body, headers, { secret })))
  })
await bench.run()

/** Operations per second of the task named `name`. */
const opsPerSecond = (name: string) => {
  const task = bench.tasks.find((t) => t.name === name)
  const result = task?.result
  if (!task || !result || result.state !== 'completed') throw new Error(`${name} did not complete`)
  return result.throughput.mean * (task.name.includes('×16') ? 16 : 1)
}
const format = (n: number) => Math.round(n).toLocaleString('en-US').padStart(11)
/** A baseline's operations per second: the mean of its two runs when it has two. */
const baselineOps = (name: string) =>
  bench.tasks.some((t) => t.name === `${name} (again)`)
    ? (opsPerSecond(name) + opsPerSecond(`${name} (again)`)) / 2
    : opsPerSecond(name)
const row = (name: string, baseline: string) =>
  `${format(opsPerSecond(name))} ops/s  ${(opsPerSecond(name) / baselineOps(baseline)).toFixed(2).padStart(6)}×  ${name}`

console.log(
  `Head paths (${tagCount} tags in three layers; ${tagCount + generatedWithFields.length - generated.length} with the newer fields), ratio to the ${BASELINE} of the same tags:`,
)
// The documented paths below the bar, by name, to say so in the last line.
const GOAL = 6
const below: string[] = []
for (const task of bench.tasks.slice(0, HEAD_TASKS)) {
  const baseline = task.name.includes('+ new fields') ? BASELINE_FIELDS : BASELINE
  console.log(row(task.name, baseline))
  if (!task.name.startsWith('baseline') && opsPerSecond(task.name) / baselineOps(baseline) < GOAL)
    below.push(task.name)
}
console.log('\nWebhook verification, ratio to node:crypto createHmac + ===:')
for (const task of bench.tasks.slice(HEAD_TASKS))
  console.log(row(task.name, 'baseline: node:crypto createHmac + ==='))
console.log('\nWebhook verification, ratio to standardwebhooks:')
for (const name of [bench.tasks[HEAD_TASKS]?.name, bench.tasks[HEAD_TASKS + 3]?.name]) {
  console.log(row(`${name}`, 'baseline: standardwebhooks verify'))
}
console.log(
  below.length === 0
    ? `\nEvery documented head path (${paths.length * 2}) is at least ${GOAL}× its baseline: yes`
    : `\nEvery documented head path (${paths.length * 2}) is at least ${GOAL}× its baseline: no, ${below.length} below:\n  ${below.join('\n  ')}`,
)
