// Throughput of the hot paths, each as a ratio to a naive baseline: every path the README and the
// JSDoc show per request, from three head layers (fallback, Headmark's metadata, override) to what
// TanStack Start, Next.js or a plain HTML server renders, for a page without and with the newer
// fields (canonical, robots, alternates, JSON-LD); the building blocks those paths are made of,
// for information; and verifying a 2 KB webhook.
//
// The head baseline is a lodash-style deep merge of the three tag lists, which merges arrays by
// index and is what the old client did; it does not even convert anything.
//
// Method (head paths): a ratio is measured, not two speeds. Each round runs, for each path, a slice
// of the baseline, a slice of the path and a slice of the baseline again, each slice as many calls
// as fit in BENCH_SLICE_MS (20) milliseconds of this process's CPU time (`process.cpuUsage`, so
// time the machine spends on other processes does not count), and takes the path's calls per CPU
// millisecond over the mean of the two baseline slices around it. The baseline and the path thus
// meet the same machine state (clock, caches, load) within ~60 ms of each other. The ratio printed
// is the median of BENCH_ROUNDS (16) rounds; `spread` is the interquartile range over the median.
// On a shared 2-core machine under load, wall-clock ratios swing by up to 3× run to run; these move
// by a few per cent. The webhook section uses tinybench (wall clock, async) and is not a verdict.
import { createHmac } from 'node:crypto'
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads'
import { Webhook } from 'standardwebhooks'
import { Bench } from 'tinybench'
import {
  compileHead,
  type HeadTag,
  keyOf,
  mergeHead,
  resolveHead,
  toHeadTags,
} from '../src/head.ts'
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
// The same 41 tags with the page's title and description as a fallback built per request (a
// post's own, from the loader's data), the second argument of the compiled function; the
// compiled fallback holds the rest.
const siteFallback = fallback.filter(
  (tag) => tag.tag !== 'title' && keyOf(tag) !== 'meta description',
)
const postFallback = () => ({ title: 'Acme', description: 'Tools for builders' })
const tanstackSite = compileTanStackHead({ fallback: siteFallback, override })
const htmlSite = compileHtmlHead({ fallback: siteFallback, override })
const headSite = compileHead({ fallback: siteFallback, override })

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
const baseline = () => deepMerge(deepMerge(deepMerge([], fallback), generated), override)
const baselineWithFields = () =>
  deepMerge(deepMerge(deepMerge([], fallback), generatedWithFields), override)

type Path = [name: string, run: (page: Metadata) => unknown]
// The per-request paths: what the README and the JSDoc show to render a page's head. The verdict
// (the last line) covers exactly these.
const documented: Path[] = [
  // README "TanStack Start"; JSDoc of createHead and compileTanStackHead.
  ['TanStack head: createHead / compileTanStackHead', (page) => tanstack(page)],
  // README "TanStack Start" (a post's own fallback); JSDoc of compileTanStackHead.
  [
    'TanStack head: compileTanStackHead, fallback built per request',
    (page) => tanstackSite(page, postFallback()),
  ],
  // README "Next.js"; JSDoc of createGenerateMetadata and compileNextMetadata.
  ['Next Metadata: createGenerateMetadata, Metadata layers', (page) => nextFromObjects(page)],
  // README "Any other server: plain HTML"; JSDoc of compileHtmlHead.
  ['HTML: compileHtmlHead', (page) => html(page)],
  // README "Any other server: plain HTML" (a post's own fallback); JSDoc of compileHtmlHead.
  ['HTML: compileHtmlHead, fallback built per request', (page) => htmlSite(page, postFallback())],
  // README "Every export"; JSDoc of compileHead.
  ['tags: compileHead', (page) => head(page)],
  // JSDoc of compileHead (a post's own fallback).
  ['tags: compileHead, fallback built per request', (page) => headSite(page, postFallback())],
  // README "Merge rules"; JSDoc of resolveHead: fixed layers, compiled when seen again.
  ['tags: resolveHead(…)', (page) => resolveHead({ fallback, metadata: page, override })],
]
// The building blocks: exported and documented, each with a note naming the per-request path to
// use instead. Printed for information, outside the verdict.
const buildingBlocks: Path[] = [
  // The per-request paths given a new metadata object on every call, as a server that builds it
  // per request (or fetches without the client's cache) does: what each path's page made can not
  // be reused, only its JSON-LD and robots texts, whose objects are the same.
  ...documented.map(([name, run]): Path => [
    `${name}, new metadata object each call`,
    (page) => run({ ...page }),
  ]),
  [
    'TanStack head: toTanStackHead(resolveHead(…))',
    (page) => toTanStackHead(resolveHead({ fallback, metadata: page, override })),
  ],
  // A fallback built for each render (a new list of the same tags).
  [
    'TanStack head: toTanStackHead(resolveHead(…)), fallback built per render',
    (page) => toTanStackHead(resolveHead({ fallback: [...fallback], metadata: page, override })),
  ],
  ['Next Metadata: createGenerateMetadata, tag layers', (page) => nextFromTags(page)],
  [
    'Next Metadata: toNextMetadata(resolveHead(…))',
    (page) => toNextMetadata(resolveHead({ fallback, metadata: page, override })),
  ],
  [
    'HTML: renderHead(resolveHead(…))',
    (page) => renderHead(resolveHead({ fallback, metadata: page, override })),
  ],
  [
    'tags: mergeHead(fallback, toHeadTags(…), override)',
    (page) => mergeHead(fallback, toHeadTags(page), override),
  ],
]

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 16)
const SLICE_MS = Number(process.env.BENCH_SLICE_MS ?? 20)
/** This process's CPU time, in milliseconds. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage()
  return (user + system) / 1000
}
/** Calls of `run` per CPU millisecond, over one slice. */
function speed(run: () => unknown): number {
  let calls = 0
  const start = cpuMs()
  let now: number
  while ((now = cpuMs()) - start < SLICE_MS) {
    for (let i = 0; i < 32; i++) run()
    calls += 32
  }
  return calls / (now - start)
}
const quantile = (sorted: readonly number[], q: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] as number

interface Case {
  name: string
  run: () => unknown
  base: () => unknown
}
// A path with a page without and with the newer fields: both shapes, as on a real site.
const cases = ([name, run]: Path): Case[] => [
  { name, run: () => run(metadata), base: baseline },
  { name: `${name} + new fields`, run: () => run(withFields), base: baselineWithFields },
]
/** The ratios of a path's two cases, each measured interleaved with its baseline. */
function measure(path: Path): number[][] {
  const both = cases(path)
  // Warm up both shapes before measuring: a path that has seen both has polymorphic property
  // accesses, as on a real site that has both.
  for (let i = 0; i < 3; i++) {
    for (const { run, base } of both) {
      speed(run)
      speed(base)
    }
  }
  const ratios = both.map((): number[] => [])
  for (let round = 0; round < ROUNDS; round++) {
    both.forEach(({ run, base }, i) => {
      const before = speed(base)
      const path = speed(run)
      const after = speed(base)
      ratios[i]?.push(path / ((before + after) / 2))
    })
  }
  return ratios
}
// BENCH_ONLY=HTML measures only the paths whose name holds it (and skips the webhooks).
const only = process.env.BENCH_ONLY
const paths = [...documented, ...buildingBlocks].filter(([name]) => !only || name.includes(only))
const documentedCount = paths.filter((path) => documented.includes(path)).length
if (!isMainThread) {
  // A worker measures one path.
  parentPort?.postMessage(measure(paths[workerData as number] as Path))
  process.exit(0)
}
// Each path in a worker of its own, one after the other: its own V8 isolate, so what V8 learnt
// from the other paths (a call site shared by every adapter seeing five kinds of tag) does not
// slow it, as on a server that uses one adapter. BENCH_SHARED=1 runs them all in this thread.
const shared = process.env.BENCH_SHARED === '1'
const results: number[][][] = []
for (let index = 0; index < paths.length; index++) {
  results.push(
    shared
      ? measure(paths[index] as Path)
      : await new Promise<number[][]>((resolve, reject) => {
          const worker = new Worker(new URL(import.meta.url), { workerData: index })
          worker.once('message', resolve)
          worker.once('error', reject)
        }),
  )
}

const GOAL = 6
const row = (name: string, ratios: number[]) => {
  const sorted = [...ratios].sort((a, b) => a - b)
  const median = quantile(sorted, 0.5)
  const spread = (quantile(sorted, 0.75) - quantile(sorted, 0.25)) / median
  return {
    median,
    line: `${median.toFixed(2).padStart(6)}×  ±${((spread / 2) * 100).toFixed(0).padStart(2)} %  ${name}`,
  }
}
console.log(
  `Head paths (${tagCount} tags in three layers; ${tagCount + generatedWithFields.length - generated.length} with the newer fields): median ratio to the ${BASELINE} of the same tags, by CPU time, interleaved, ${ROUNDS} rounds, ${shared ? 'all paths in one thread' : 'each path in its own worker'}; ± half the interquartile range`,
)
const below: string[] = []
const print = (from: number, to: number, verdict: boolean) => {
  // Without the newer fields first, then with them.
  for (const shape of [0, 1]) {
    for (let index = from; index < to; index++) {
      const [name] = paths[index] as Path
      const label = shape === 0 ? name : `${name} + new fields`
      const { median, line } = row(label, results[index]?.[shape] ?? [])
      console.log(line)
      if (verdict && median < GOAL) below.push(label)
    }
  }
}
console.log('\nPer request (what the README and the JSDoc show):')
print(0, documentedCount, true)
console.log('\nBuilding blocks (documented with "per request, use …"; not in the verdict):')
print(documentedCount, paths.length, false)

console.log(
  below.length === 0
    ? `\nEvery per-request head path (${documentedCount * 2}) is at least ${GOAL}× its baseline: yes`
    : `\nEvery per-request head path (${documentedCount * 2}) is at least ${GOAL}× its baseline: no, ${below.length} below:\n  ${below.join('\n  ')}`,
)

if (!only) await webhooks()

async function webhooks() {
  const bench = new Bench({ time: 1000, warmupTime: 200 })
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
    if (!task || !result || result.state !== 'completed')
      throw new Error(`${name} did not complete`)
    return result.throughput.mean * (task.name.includes('×16') ? 16 : 1)
  }
  const format = (n: number) => Math.round(n).toLocaleString('en-US').padStart(11)
  const webhookRow = (name: string, base: string) =>
    `${format(opsPerSecond(name))} ops/s  ${(opsPerSecond(name) / opsPerSecond(base)).toFixed(2).padStart(6)}×  ${name}`

  console.log(
    '\nWebhook verification (tinybench, wall clock), ratio to node:crypto createHmac + ===:',
  )
  for (const task of bench.tasks)
    console.log(webhookRow(task.name, 'baseline: node:crypto createHmac + ==='))
  console.log('\nWebhook verification, ratio to standardwebhooks:')
  for (const name of [bench.tasks[0]?.name, bench.tasks[3]?.name]) {
    console.log(webhookRow(`${name}`, 'baseline: standardwebhooks verify'))
  }
}
