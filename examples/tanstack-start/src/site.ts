import type { Metadata } from '@headmark/metadata'
import { jsonLd } from '@headmark/metadata/head'

/** Where the site lives in production: canonical URLs point there wherever it runs. */
export const SITE_ORIGIN = 'https://acme.example'
export const SITE_NAME = 'Acme'

/**
 * The canonical URL of a path on the production site. Routes put it in their fallback: a canonical
 * saved in Headmark for the page replaces it, a page without one keeps this.
 */
export const canonical = (path: string) => new URL(path, SITE_ORIGIN).href

/**
 * What every page shows when Headmark has nothing for it (or can not be reached): each route
 * adds its own title and description on top.
 */
export const siteFallback = {
  icon: [{ url: '/favicon.svg', width: 32, height: 32, mimeType: 'image/svg+xml' }],
  openGraph: { siteName: SITE_NAME, type: 'website' },
  twitter: { card: 'summary' },
} satisfies Metadata

export const organizationJsonLd = jsonLd(
  { '@context': 'https://schema.org', '@type': 'Organization', name: SITE_NAME, url: SITE_ORIGIN },
  { id: 'organization' },
)

export interface Post {
  slug: string
  title: string
  summary: string
  published: string
  body: string
}

export const posts: readonly Post[] = [
  {
    slug: 'hello-world',
    title: 'Hello, world',
    summary: 'Why Acme exists and what comes next.',
    published: '2026-09-01',
    body: 'Acme makes anvils that arrive on time. This is where we write about them.',
  },
  {
    slug: 'launch-notes',
    title: 'Launch notes',
    summary: 'Everything that shipped in the first release.',
    published: '2026-10-15',
    body: 'Three anvil sizes, free delivery to any canyon, and a pricing page with no surprises.',
  },
  {
    slug: 'behind-the-anvil',
    title: 'Behind the anvil',
    summary: 'How an Acme anvil is made.',
    published: '2026-11-02',
    body: 'Cast, ground and tested by dropping it from a cliff, twice.',
  },
]

export const findPost = (slug: string) => posts.find((post) => post.slug === slug)
