import type { Metadata, MetadataImage } from './types.ts'

/** A `<title>` element. */
export interface TitleTag {
  tag: 'title'
  children: string
}

/** A `<meta>` element, e.g. `{ tag: 'meta', attrs: { property: 'og:title', content: 'Pricing' } }`. */
export interface MetaTag {
  tag: 'meta'
  attrs: Readonly<Record<string, string>>
}

/** A `<link>` element, e.g. `{ tag: 'link', attrs: { rel: 'canonical', href: 'https://…' } }`. */
export interface LinkTag {
  tag: 'link'
  attrs: Readonly<Record<string, string>>
}

/** A framework-neutral head element; adapters turn lists of them into each framework's shape. */
export type HeadTag = TitleTag | MetaTag | LinkTag

// Browsers drop C0 controls and spaces around a URL and tabs/newlines inside it, so
// `java\tscript:` is `javascript:`. Stripping all of them before looking at the scheme errs
// on the side of rejecting.
// eslint-disable-next-line no-control-regex -- control characters are what it matches
const IGNORED_IN_URL = /[\u0000-\u0020\u007f]/g

/**
 * Whether a URL is safe to put in an `href` or image tag: relative, `http:`, `https:` or a
 * `data:image/…` URL. `javascript:`, `vbscript:`, `data:text/html` and every other scheme are not.
 *
 * @example
 * isSafeUrl('https://example.com/og.png') // true
 * isSafeUrl(' JavaScript:alert(1)')       // false
 */
export function isSafeUrl(url: string): boolean {
  const clean = url.replace(IGNORED_IN_URL, '')
  return !/^[a-z][a-z\d+.-]*:/i.test(clean) || /^(https?:|data:image\/)/i.test(clean)
}

/**
 * Turns a metadata object into a list of head tags. Unset fields produce no tag; `robots` is
 * only emitted when `noindex` is `true`; images with an unsafe URL are left out.
 *
 * @example
 * toHeadTags({ title: 'Pricing', noindex: true })
 * // [{ tag: 'title', children: 'Pricing' }, { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } }]
 */
export function toHeadTags(metadata: Metadata): HeadTag[] {
  const tags: HeadTag[] = []
  const meta = (attr: 'name' | 'property', key: string, content: string | number | undefined) => {
    if (content !== undefined)
      tags.push({ tag: 'meta', attrs: { [attr]: key, content: `${content}` } })
  }
  const og = metadata.openGraph ?? {}
  const twitter = metadata.twitter ?? {}

  if (metadata.title !== undefined) tags.push({ tag: 'title', children: metadata.title })
  meta('name', 'description', metadata.description)
  if (metadata.noindex === true) meta('name', 'robots', 'noindex')

  for (const [rel, icons] of [
    ['icon', metadata.icon],
    ['apple-touch-icon', metadata.appleTouchIcon],
  ] as const) {
    for (const icon of icons ?? []) {
      if (!isSafeUrl(icon.url)) continue
      const attrs: Record<string, string> = { rel, href: icon.url, type: icon.mimeType }
      // `sizes="any"` is how a scalable icon says it fits every size.
      if (icon.mimeType === 'image/svg+xml') attrs.sizes = 'any'
      else if (icon.width > 0 && icon.height > 0) attrs.sizes = `${icon.width}x${icon.height}`
      tags.push({ tag: 'link', attrs })
    }
  }

  meta('property', 'og:title', og.title)
  meta('property', 'og:description', og.description)
  meta('property', 'og:site_name', og.siteName)
  meta('property', 'og:type', og.type)
  if (og.url !== undefined && isSafeUrl(og.url)) meta('property', 'og:url', og.url)
  meta('property', 'og:locale', og.locale)
  for (const locale of og.localeAlternate ?? []) meta('property', 'og:locale:alternate', locale)
  // '' is the Open Graph default ("no determiner"), so it needs no tag.
  if (og.determiner) meta('property', 'og:determiner', og.determiner)
  const seen = new Set<string>()
  for (const image of [og.image, ...(og.images ?? [])]) {
    if (!image || seen.has(image.url) || !isSafeUrl(image.url)) continue
    seen.add(image.url)
    imageTags(meta, 'property', 'og:image', image, true)
  }

  meta('name', 'twitter:card', twitter.card)
  meta('name', 'twitter:title', twitter.title)
  meta('name', 'twitter:description', twitter.description)
  if (twitter.image && isSafeUrl(twitter.image.url)) {
    imageTags(meta, 'name', 'twitter:image', twitter.image, false)
  }

  for (const tag of metadata.customTags ?? []) if (tag.name) meta('name', tag.name, tag.content)
  return tags
}

function imageTags(
  meta: (attr: 'name' | 'property', key: string, content: string | number | undefined) => void,
  attr: 'name' | 'property',
  key: string,
  image: MetadataImage,
  withDetails: boolean,
): void {
  meta(attr, key, image.url)
  if (withDetails) {
    meta(attr, `${key}:width`, image.width)
    meta(attr, `${key}:height`, image.height)
    meta(attr, `${key}:type`, image.mimeType)
  }
  meta(attr, `${key}:alt`, image.alt)
}

// Structured properties: the parent tag and its `:width`, `:alt`, … children form one group.
const GROUPED = /^(og:image|og:video|og:audio|twitter:image)(:|$)/
// Properties the Open Graph protocol declares as arrays.
const REPEATABLE = new Set([
  'og:locale:alternate',
  'article:author',
  'article:tag',
  'book:author',
  'book:tag',
  'music:album',
  'music:musician',
  'music:song',
  'video:actor',
  'video:director',
  'video:tag',
  'video:writer',
])
// Link relations that describe one set of resources (all icons, …): a higher layer replaces the set.
const LINK_SETS = new Set([
  'icon',
  'shortcut icon',
  'apple-touch-icon',
  'apple-touch-icon-precomposed',
  'mask-icon',
])
const LINK_SINGLETONS = new Set(['canonical', 'manifest'])

/** A tag's dedupe key, and whether tags sharing it in one layer accumulate instead of replacing. */
function keyOf(tag: HeadTag, index: number): [key: string, grouped: boolean] {
  if (tag.tag === 'title') return ['title', false]
  const { attrs } = tag
  const lower = (name: string) => `${attrs[name] ?? ''}`.toLowerCase()
  if (tag.tag === 'meta') {
    if (attrs.charset !== undefined) return ['charset', false]
    if (attrs['http-equiv']) return [`http-equiv ${lower('http-equiv')}`, false]
    // `name` and `property` spellings of `og:*` are the same tag to every crawler.
    const name = lower('name') || lower('property')
    if (name) {
      const group = GROUPED.exec(name)
      return group ? [`meta ${group[1]}`, true] : [`meta ${name}`, REPEATABLE.has(name)]
    }
  } else {
    const rel = lower('rel')
    if (LINK_SINGLETONS.has(rel)) return [`link ${rel}`, false]
    if (LINK_SETS.has(rel)) return [`link ${rel}`, true]
    if (rel === 'alternate' && attrs.hreflang) return [`link alternate ${lower('hreflang')}`, false]
    if (attrs.href) return [`link ${rel} ${attrs.href}`, false]
  }
  // Nothing identifies this tag (e.g. `itemprop` meta): it is never deduplicated.
  return [`\u0000${index}`, false]
}

/**
 * Merges three layers of head tags with priority `fallback < generated < override`.
 *
 * - `<title>`, `charset`, each `http-equiv`, each meta `name`/`property` (spelled either way),
 *   `link rel=canonical`/`manifest` and each `rel=alternate` `hreflang` keep one tag: the last
 *   one of the highest layer that has it.
 * - `og:image`, `og:video`, `og:audio`, `twitter:image` (with their `:width`, `:alt`, … children),
 *   icon links and repeatable properties (`og:locale:alternate`, `article:tag`, …) are sets: a
 *   layer may hold several, and a higher layer that has any replaces the lower layer's whole set.
 * - Other links are keyed by `rel` and `href`; nothing is ever merged by array index.
 *
 * A tag keeps the position where its key first appeared.
 *
 * @example
 * mergeHead(
 *   [{ tag: 'title', children: 'Acme' }, { tag: 'meta', attrs: { charset: 'utf-8' } }],
 *   toHeadTags({ title: 'Pricing' }),
 *   [{ tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/pricing' } }],
 * )
 * // title "Pricing", charset utf-8, canonical link
 */
export function mergeHead(
  fallback: readonly HeadTag[] = [],
  generated: readonly HeadTag[] = [],
  override: readonly HeadTag[] = [],
): HeadTag[] {
  const merged = new Map<string, HeadTag[]>()
  let index = 0
  for (const layer of [fallback, generated, override]) {
    const ownKeys = new Set<string>()
    for (const tag of layer) {
      const [key, grouped] = keyOf(tag, index++)
      const own = grouped && ownKeys.has(key) ? merged.get(key) : undefined
      if (own) own.push(tag)
      else {
        merged.set(key, [tag])
        ownKeys.add(key)
      }
    }
  }
  return [...merged.values()].flat()
}

/** A head layer: a metadata object, or tags written by hand (`charset`, `viewport`, canonical, …). */
export type HeadInput = Metadata | readonly HeadTag[]

/** The layers of one page's head, lowest priority first. */
export interface HeadLayers {
  /** Your site's defaults, used where Headmark has nothing. */
  fallback?: HeadInput | undefined
  /** The page's metadata from Headmark; `null`/`undefined` when it could not be loaded. */
  metadata?: Metadata | null | undefined
  /** What always wins over Headmark. */
  override?: HeadInput | undefined
}

const asTags = (input: HeadInput | null | undefined): readonly HeadTag[] =>
  Array.isArray(input) ? input : toHeadTags((input ?? {}) as Metadata)

/**
 * The tags of one page: `fallback`, the page's metadata and `override`, merged by
 * {@link mergeHead}. This is what every adapter renders.
 *
 * @example
 * const response = await client.get('/pricing')
 * resolveHead({
 *   fallback: { title: 'Acme', description: 'Tools for builders' },
 *   metadata: response?.metadata,
 *   override: [{ tag: 'link', attrs: { rel: 'canonical', href: 'https://acme.com/pricing' } }],
 * })
 */
export function resolveHead(layers: HeadLayers): HeadTag[] {
  return mergeHead(asTags(layers.fallback), asTags(layers.metadata), asTags(layers.override))
}
