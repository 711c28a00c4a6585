import type { MetadataClient } from './client.ts'
import { type HeadInput, type HeadTag, resolveHead } from './head.ts'
import type { OpenGraphDeterminer, OpenGraphType, TwitterCard } from './types.ts'

export type { HeadInput, HeadTag } from './head.ts'

interface NextImage {
  url: string
  width?: number
  height?: number
  type?: string
  alt?: string
}
interface NextIcon {
  url: string
  sizes?: string
  type?: string
}

/**
 * The subset of Next.js's `Metadata` this adapter fills in. It is structurally assignable to
 * `import type { Metadata } from 'next'`, so this package needs no dependency on Next.
 */
export interface NextMetadata {
  title?: string
  description?: string
  robots?: string
  icons?: { icon?: NextIcon[]; shortcut?: NextIcon[]; apple?: NextIcon[] }
  alternates?: { canonical?: string; languages?: Record<string, string> }
  openGraph?: {
    title?: string
    description?: string
    siteName?: string
    type?: OpenGraphType
    url?: string
    locale?: string
    alternateLocale?: string[]
    determiner?: OpenGraphDeterminer
    images?: NextImage[]
  }
  twitter?: {
    card?: TwitterCard
    title?: string
    description?: string
    site?: string
    creator?: string
    images?: Array<{ url: string; alt?: string }>
  }
  other?: Record<string, string | string[]>
}

type OpenGraph = NonNullable<NextMetadata['openGraph']>
type Twitter = NonNullable<NextMetadata['twitter']>

// Maps, not object literals: a custom tag named `constructor` must not find a prototype member.
const OPEN_GRAPH_FIELDS = new Map<string, keyof OpenGraph>([
  ['og:title', 'title'],
  ['og:description', 'description'],
  ['og:site_name', 'siteName'],
  ['og:type', 'type'],
  ['og:url', 'url'],
  ['og:locale', 'locale'],
  ['og:determiner', 'determiner'],
])
const TWITTER_FIELDS = new Map<string, keyof Twitter>([
  ['twitter:card', 'card'],
  ['twitter:title', 'title'],
  ['twitter:description', 'description'],
  ['twitter:site', 'site'],
  ['twitter:creator', 'creator'],
])
const ICON_RELS = new Map<string, 'icon' | 'shortcut' | 'apple'>([
  ['icon', 'icon'],
  ['shortcut icon', 'shortcut'],
  ['apple-touch-icon', 'apple'],
])

/**
 * Converts head tags to a Next.js `Metadata` object. What Next can not express this way is
 * left out: `charset` and `viewport` (Next sets them; use its `viewport` export), `http-equiv`
 * meta, and links other than icons, canonical and `alternate` + `hreflang`. Meta tags Next has
 * no field for, custom tags included, go to `other`, which Next renders as `<meta name content>`.
 *
 * @example
 * toNextMetadata(resolveHead({ fallback: { title: 'Acme' }, metadata: response?.metadata }))
 */
export function toNextMetadata(tags: readonly HeadTag[]): NextMetadata {
  const result: NextMetadata = {}
  const og: OpenGraph = {}
  const twitter: Twitter = {}
  const ogImages: NextImage[] = []
  const twitterImages: Array<{ url: string; alt?: string }> = []
  const other = new Map<string, string[]>()

  for (const tag of tags) {
    if (tag.tag === 'title') {
      result.title = tag.children
      continue
    }
    const { attrs } = tag
    if (tag.tag === 'link') {
      const rel = `${attrs.rel}`.toLowerCase()
      const href = attrs.href
      if (href === undefined) continue
      const icons = ICON_RELS.get(rel)
      if (icons) {
        const icon: NextIcon = { url: href }
        if (attrs.sizes) icon.sizes = attrs.sizes
        if (attrs.type) icon.type = attrs.type
        result.icons = { ...result.icons, [icons]: [...(result.icons?.[icons] ?? []), icon] }
      } else if (rel === 'canonical') {
        result.alternates = { ...result.alternates, canonical: href }
      } else if (rel === 'alternate' && attrs.hreflang) {
        const languages = { ...result.alternates?.languages, [attrs.hreflang]: href }
        result.alternates = { ...result.alternates, languages }
      }
      continue
    }
    const key = `${attrs.name ?? attrs.property ?? ''}`.toLowerCase()
    const content = `${attrs.content}`
    const lastImage = ogImages.at(-1)
    const ogField = OPEN_GRAPH_FIELDS.get(key)
    const twitterField = TWITTER_FIELDS.get(key)
    if (!key || key === 'viewport' || attrs.content === undefined) continue
    if (key === 'description') result.description = content
    else if (key === 'robots') result.robots = content
    else if (ogField) Object.assign(og, { [ogField]: content })
    else if (key === 'og:locale:alternate')
      og.alternateLocale = [...(og.alternateLocale ?? []), content]
    else if (key === 'og:image' || key === 'og:image:url') ogImages.push({ url: content })
    else if (key === 'og:image:width' && lastImage) lastImage.width = Number(content)
    else if (key === 'og:image:height' && lastImage) lastImage.height = Number(content)
    else if (key === 'og:image:type' && lastImage) lastImage.type = content
    else if (key === 'og:image:alt' && lastImage) lastImage.alt = content
    else if (twitterField) Object.assign(twitter, { [twitterField]: content })
    else if (key === 'twitter:image') twitterImages.push({ url: content })
    else if (key === 'twitter:image:alt' && twitterImages.length > 0) {
      Object.assign(twitterImages.at(-1) as object, { alt: content })
    } else if (!key.startsWith('og:image') && !key.startsWith('twitter:image')) {
      other.set(key, [...(other.get(key) ?? []), content])
    }
  }

  if (ogImages.length > 0) og.images = ogImages
  if (twitterImages.length > 0) twitter.images = twitterImages
  if (Object.keys(og).length > 0) result.openGraph = og
  if (Object.keys(twitter).length > 0) result.twitter = twitter
  if (other.size > 0) {
    result.other = Object.fromEntries(
      [...other].map(([name, values]) => [
        name,
        values.length === 1 ? (values[0] as string) : values,
      ]),
    )
  }
  return result
}

/** Options of {@link createGenerateMetadata}. */
export interface CreateGenerateMetadataOptions<TProps> {
  client: Pick<MetadataClient, 'get'>
  /** The page path from the page's props, e.g. `async ({ params }) => \`/blog/${(await params).slug}\``. */
  path: (props: TProps) => string | Promise<string>
  fallback?: HeadInput
  override?: HeadInput
}

/**
 * Creates a Next.js (App Router) `generateMetadata` for a page: its Headmark metadata between
 * your fallback and override. `robots` is only set when the page is `noindex`; when loading
 * fails the fallback is used and nothing throws.
 *
 * @example
 * // app/blog/[slug]/page.tsx
 * export const generateMetadata = createGenerateMetadata({
 *   client: metadataClient,
 *   path: async ({ params }: { params: Promise<{ slug: string }> }) => `/blog/${(await params).slug}`,
 *   fallback: { title: 'Acme blog' },
 * })
 */
export function createGenerateMetadata<TProps>(
  options: CreateGenerateMetadataOptions<TProps>,
): (props: TProps) => Promise<NextMetadata> {
  return async (props) => {
    const response = await options.client.get(await options.path(props))
    return toNextMetadata(
      resolveHead({
        fallback: options.fallback,
        metadata: response?.metadata,
        override: options.override,
      }),
    )
  }
}
