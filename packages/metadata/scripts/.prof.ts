import { Bench } from 'tinybench'
import { compileHead, resolveHead, toHeadTags, mergeHead, type HeadTag } from '../src/head.ts'
import { toTanStackHead, compileTanStackHead } from '../src/tanstack-start.ts'
import { toNextMetadata, compileNextMetadata } from '../src/next.ts'
const src = await import('node:fs').then(f => f.readFileSync(new URL('./bench.ts', import.meta.url), 'utf8'))
// reuse fixtures by eval-free copy: import bench data via dynamic module is not possible; redefine minimal
const image = (n: number) => ({ url: `https://acme.com/og-${n}.png`, width: 1200, height: 630, mimeType: 'image/png', alt: `Image ${n}` })
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
const metadata = { title: 'Pricing', description: 'Plans and prices', icon: [{ url: '/icon.svg', width: 0, height: 0, mimeType: 'image/svg+xml' }],
  openGraph: { title: 'Pricing', description: 'Plans and prices', type: 'website' as const, url: 'https://acme.com/pricing', locale: 'en_US', images: [image(1)] },
  twitter: { card: 'summary_large_image' as const, title: 'Pricing', description: 'Plans and prices', image: image(2) },
  customTags: [ { name: 'google-site-verification', content: 'abc' }, { name: 'msvalidate.01', content: 'def' }, { name: 'yandex-verification', content: 'ghi' }, { name: 'author', content: 'Acme' }, { name: 'keywords', content: 'pricing, plans' }, { name: 'format-detection', content: 'telephone=no' }, { name: 'referrer', content: 'origin-when-cross-origin' } ] }
const override: HeadTag[] = [
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/pricing' } },
  { tag: 'meta', attrs: { name: 'robots', content: 'max-image-preview:large' } },
  { tag: 'meta', attrs: { property: 'og:title', content: 'Acme pricing' } },
  { tag: 'meta', attrs: { property: 'article:tag', content: 'pricing' } },
  { tag: 'meta', attrs: { property: 'article:tag', content: 'plans' } },
]
const ch = compileHead({ fallback, override })
const tags = resolveHead({ fallback, metadata, override })
const b = new Bench({ time: 400, warmupTime: 100 })
b.add('toHeadTags', () => toHeadTags(metadata))
 .add('resolveHead', () => resolveHead({ fallback, metadata, override }))
 .add('compileHead', () => ch(metadata))
 .add('toTanStackHead(tags)', () => toTanStackHead(tags))
 .add('toNextMetadata(tags)', () => toNextMetadata(tags))
 .add('compileTanStackHead', (() => { const f = compileTanStackHead({ fallback, override }); return () => f(metadata) })())
 .add('compileNext tags', (() => { const f = compileNextMetadata({ fallback, override }); return () => f(metadata) })())
await b.run()
for (const t of b.tasks) console.log(Math.round(t.result!.throughput.mean).toString().padStart(9), t.name)
import { renderHead } from '../src/html.ts'
const b2 = new Bench({ time: 400, warmupTime: 100 })
const ctags = ch(metadata)
b2.add('renderHead(compiled tags)', () => renderHead(ctags)).add('compileHead+renderHead', () => renderHead(ch(metadata)))
await b2.run()
for (const t of b2.tasks) console.log(Math.round(t.result!.throughput.mean).toString().padStart(9), t.name)
