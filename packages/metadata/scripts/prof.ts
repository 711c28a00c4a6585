import { compileNextMetadata, toNextMetadata } from '../src/next.ts'
import type { HeadTag } from '../src/head.ts'
const image = (n: number) => ({ url: `https://acme.com/og-${n}.png`, width: 1200, height: 630, mimeType: 'image/png', alt: `Image ${n}` })
const metadata = { title: 'Pricing', description: 'Plans and prices', icon: [{ url: '/icon.svg', width: 0, height: 0, mimeType: 'image/svg+xml' }],
  openGraph: { title: 'Pricing', description: 'Plans and prices', type: 'website' as const, url: 'https://acme.com/pricing', locale: 'en_US', localeAlternate: ['fr_FR'], images: [image(1), image(2)] },
  twitter: { card: 'summary_large_image' as const, title: 'Pricing', image: image(3) }, customTags: [{ name: 'google-site-verification', content: 'abc' }] }
const fallback: HeadTag[] = [
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
const override: HeadTag[] = [
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/pricing' } },
  { tag: 'meta', attrs: { name: 'robots', content: 'max-image-preview:large' } },
  { tag: 'meta', attrs: { property: 'og:title', content: 'Acme pricing' } },
]
const f = compileNextMetadata({ fallback: toNextMetadata(fallback), override: toNextMetadata(override) })
const g = compileNextMetadata({})
for (const [name, fn] of [['generated only', g], ['full', f], ['generated only', g]] as const) {
  const t = performance.now(); let n = 0
  while (performance.now() - t < 1000) { for (let i = 0; i < 1000; i++) fn(metadata); n += 1000 }
  console.log(name, Math.round(n / ((performance.now() - t) / 1000)))
}
