// Throughput of the two hot paths, each next to a naive baseline measured in the same run:
// merging a 40-tag head (baseline: a lodash-style deep merge, which merges arrays by index and
// is what the old client did), and verifying a 2 KB webhook (baselines: node:crypto HMAC with
// `===`, and the standardwebhooks package).
import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { Bench } from 'tinybench'
import { type HeadTag, mergeHead, resolveHead, toHeadTags } from '../src/head.ts'
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
  { tag: 'link', attrs: { rel: 'alternate', hreflang: 'fr', href: 'https://acme.com/fr' } },
  { tag: 'meta', attrs: { name: 'theme-color', content: '#0a0a0a' } },
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
    localeAlternate: ['fr_FR'],
    images: [image(1), image(2)],
  },
  twitter: { card: 'summary_large_image', title: 'Pricing', image: image(3) },
  customTags: [{ name: 'google-site-verification', content: 'abc' }],
} satisfies Parameters<typeof toHeadTags>[0]
const generated = toHeadTags(metadata)
const override: HeadTag[] = [
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/pricing' } },
  { tag: 'meta', attrs: { name: 'robots', content: 'max-image-preview:large' } },
  { tag: 'meta', attrs: { property: 'og:title', content: 'Acme pricing' } },
  { tag: 'meta', attrs: { property: 'article:tag', content: 'pricing' } },
  { tag: 'meta', attrs: { property: 'article:tag', content: 'plans' } },
]
const tagCount = fallback.length + generated.length + override.length

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

const tanstack = compileTanStackHead({ fallback, override })
const next = compileNextMetadata({ fallback, override })
// The same fallback and override as a Next.js user writes them.
const nextObjects = compileNextMetadata({
  fallback: toNextMetadata(fallback),
  override: toNextMetadata(override),
})
const bench = new Bench({ time: 1000, warmupTime: 200 })
bench
  .add(`mergeHead (${tagCount} tags)`, () => {
    mergeHead(fallback, generated, override)
  })
  .add('resolveHead + toTanStackHead', () => {
    toTanStackHead(resolveHead({ fallback, metadata, override }))
  })
  .add('compileTanStackHead', () => {
    tanstack(metadata)
  })
  .add('resolveHead + toNextMetadata', () => {
    toNextMetadata(resolveHead({ fallback, metadata, override }))
  })
  .add('compileNextMetadata (tag layers)', () => {
    next(metadata)
  })
  .add('compileNextMetadata (Metadata layers)', () => {
    nextObjects(metadata)
  })
  .add('baseline: lodash-style deep merge by index', () => {
    deepMerge(deepMerge(deepMerge([], fallback), generated), override)
  })
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

/** Operations per second of the first task whose name starts with `name`. */
const opsPerSecond = (name: string) => {
  const task = bench.tasks.find((t) => t.name.startsWith(name))
  const result = task?.result
  if (!task || !result || result.state !== 'completed') throw new Error(`${name} did not complete`)
  return result.throughput.mean * (task.name.includes('×16') ? 16 : 1)
}
const format = (n: number) => Math.round(n).toLocaleString('en-US').padStart(12)
const rows: Array<[string, string]> = [
  ['mergeHead', 'baseline: lodash'],
  ['verifyWebhook', 'baseline: node:crypto'],
  ['verifyWebhook', 'baseline: standardwebhooks'],
  ['verifyWebhook, 16 concurrent', 'baseline: node:crypto'],
  ['verifyWebhook, 16 concurrent', 'baseline: standardwebhooks'],
]
for (const task of bench.tasks)
  console.log(`${format(opsPerSecond(task.name))} ops/s  ${task.name}`)
console.log('')
for (const [ours, baseline] of rows) {
  const ratio = opsPerSecond(ours) / opsPerSecond(baseline)
  console.log(`${ours} vs ${baseline}: ${ratio.toFixed(2)}×`)
}
