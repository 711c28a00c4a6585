// Golden answers: what every adapter produced for pages without `canonical`, `robots`,
// `alternates` and `jsonLd`, captured before those fields existed. A client that knows only the
// older fields must keep getting exactly these bytes.
import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { compileHead, type HeadTag, resolveHead, toHeadTags } from './head.ts'
import { renderHead } from './html.ts'
import { compileNextMetadata, toNextMetadata } from './next.ts'
import { compileTanStackHead, toTanStackHead } from './tanstack-start.ts'
import type { Metadata } from './types.ts'

const corpus = JSON.parse(
  readFileSync(new URL('../../../../shared/corpus/hostile-strings.json', import.meta.url), 'utf8'),
) as Record<string, unknown>
const hostile = Object.values(corpus)
  .filter((value): value is string[] => Array.isArray(value))
  .flat()
  .filter((value): value is string => typeof value === 'string')

const urls = corpus.urls as string[]
const image = (url: string) => ({ url, width: 1200, height: 630, mimeType: 'image/png', alt: 'A' })
const pages: Record<string, Metadata> = {
  empty: {},
  title: { title: 'Pricing' },
  noindexFalse: { title: 'Pricing', noindex: false },
  noindex: { title: 'Pricing', description: 'Plans', noindex: true },
  full: {
    title: 'Pricing',
    description: 'Plans and prices',
    noindex: true,
    icon: [{ url: '/icon.svg', width: 0, height: 0, mimeType: 'image/svg+xml' }],
    appleTouchIcon: [{ url: '/apple.png', width: 180, height: 180, mimeType: 'image/png' }],
    openGraph: {
      title: 'Pricing',
      description: 'Plans',
      siteName: 'Acme',
      type: 'website',
      url: 'https://acme.com/pricing',
      locale: 'en_US',
      localeAlternate: ['fr_FR', 'de_DE'],
      determiner: 'the',
      image: image('https://acme.com/a.png'),
      images: [image('https://acme.com/a.png'), image('https://acme.com/b.png')],
    },
    twitter: {
      card: 'summary_large_image',
      title: 'Pricing',
      description: 'Plans',
      image: image('https://acme.com/c.png'),
    },
    customTags: [
      { name: 'google-site-verification', content: 'abc' },
      { name: 'robots', content: 'max-image-preview:large' },
      { name: 'article:tag', content: 'a' },
      { name: 'article:tag', content: 'b' },
    ],
  },
  hostile: {
    title: hostile.join(' '),
    description: hostile.slice(0, 8).join(''),
    icon: urls.map((url) => ({ url, width: 16, height: 16, mimeType: 'image/png' })),
    openGraph: { url: 'javascript:alert(1)', images: urls.map(image) },
    customTags: hostile.map((content, i) => ({ name: `x-${i}`, content })),
  },
}

const fallback: HeadTag[] = [
  { tag: 'meta', attrs: { charset: 'utf-8' } },
  { tag: 'title', children: 'Acme' },
  { tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/' } },
  { tag: 'meta', attrs: { name: 'robots', content: 'max-snippet:50' } },
  { tag: 'link', attrs: { rel: 'alternate', hreflang: 'fr', href: 'https://acme.com/fr' } },
]
const override: HeadTag[] = [{ tag: 'meta', attrs: { property: 'og:title', content: 'Acme!' } }]
const nextFallback = { title: { default: 'Acme', template: '%s | Acme' }, robots: 'all' }

function outputs(metadata: Metadata) {
  const layers = { fallback, metadata, override }
  return {
    toHeadTags: toHeadTags(metadata),
    renderHead: renderHead(toHeadTags(metadata)),
    renderResolved: renderHead(resolveHead(layers)),
    compileHead: compileHead({ fallback, override })(metadata),
    toTanStackHead: toTanStackHead(resolveHead(layers)),
    compileTanStackHead: compileTanStackHead({ fallback, override })(metadata),
    toNextMetadata: toNextMetadata(resolveHead(layers)),
    compileNextMetadataAlone: compileNextMetadata({})(metadata),
    compileNextMetadataTags: compileNextMetadata({ fallback, override })(metadata),
    compileNextMetadataObjects: compileNextMetadata({ fallback: nextFallback })(metadata),
  }
}

describe('pages without the newer fields', () => {
  for (const [name, metadata] of Object.entries(pages)) {
    it(`gives the same output as before: ${name}`, async () => {
      await expect(`${JSON.stringify(outputs(metadata), null, 1)}\n`).toMatchFileSnapshot(
        `__golden__/${name}.golden`,
      )
    })
  }
})
