import type { MetadataClient } from './client.ts'
import {
  compileLayers,
  escapeJsonLd,
  generatedTag,
  isSafeUrl,
  metaKey,
  type HeadTag,
  isJsonLd,
  type ScriptTag,
} from './head.ts'
import type {
  MaxImagePreview,
  Metadata,
  MetadataImage,
  OpenGraphDeterminer,
  OpenGraphType,
  TwitterCard,
} from './types.ts'
import { createWebhookHandler, type WebhookHandlerOptions } from './webhooks.ts'

export type { HeadTag } from './head.ts'

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
/** Next's robots object, as this adapter fills it in from Headmark's `robots`. */
export type NextRobots = {
  index?: boolean
  follow?: boolean
  noarchive?: boolean
  noimageindex?: boolean
  'max-snippet'?: number
  'max-image-preview'?: MaxImagePreview
  'max-video-preview'?: number
}

export interface NextMetadata {
  title?: string
  description?: string
  /** `'noindex'` for a page that only sets `noindex`; an object when it sets `robots`. */
  robots?: string | NextRobots
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
 * meta, JSON-LD (render it in the page with {@link jsonLdScriptProps}) and links other than
 * icons, canonical and `alternate` + `hreflang`. Meta tags Next has no field for, custom tags
 * included, go to `other`, which Next renders as `<meta name content>`. A building block: per
 * request, use {@link createGenerateMetadata} or {@link compileNextMetadata} with `Metadata`
 * layers, several times faster.
 *
 * @example
 * toNextMetadata([{ tag: 'title', children: 'Acme' }, { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } }])
 * // { title: 'Acme', robots: 'noindex' }
 */
export function toNextMetadata(tags: readonly HeadTag[]): NextMetadata {
  const builder = new NextBuilder()
  for (const tag of tags) builder.add(tag)
  return builder.finish()
}

/** Builds a Next `Metadata` object tag by tag; the body of {@link toNextMetadata}. */
class NextBuilder {
  /**
   * With `merged`, the tags come from one merged layer: a repeated name that is not a set
   * replaces the earlier value in `other`, as merging would have.
   */
  private readonly merged: boolean
  constructor(merged = false) {
    this.merged = merged
  }

  readonly result: NextMetadata = {}
  og: Record<string, unknown> | undefined
  twitter: Record<string, unknown> | undefined
  ogImages: NextImage[] | undefined
  twitterImages: Array<{ url: string; alt?: string }> | undefined
  private other: Record<string, string | string[]> | undefined

  add(tag: HeadTag): void {
    if (tag.tag === 'title') {
      this.result.title = tag.children
      return
    }
    const { result } = this
    const { attrs } = tag
    if (tag.tag === 'link') {
      const href = attrs.href
      if (href === undefined) return
      const rel = `${attrs.rel}`.toLowerCase()
      const kind = ICON_RELS.get(rel)
      if (kind) {
        const icon: NextIcon = { url: href }
        if (attrs.sizes) icon.sizes = attrs.sizes
        if (attrs.type) icon.type = attrs.type
        const icons = (result.icons ??= {})
        ;(icons[kind] ??= []).push(icon)
      } else if (rel === 'canonical') {
        ;(result.alternates ??= {}).canonical = href
      } else if (rel === 'alternate' && attrs.hreflang) {
        const alternates = (result.alternates ??= {})
        ;(alternates.languages ??= {})[attrs.hreflang] = href
      }
      return
    }
    if (tag.tag !== 'meta') return
    const content = attrs.content
    const spelling = attrs.name ?? attrs.property
    if (spelling === undefined || content === undefined) return
    const rule = ruleOf(`${spelling}`)
    const text = `${content}`
    const { ogImages, twitterImages } = this
    const lastImage = ogImages?.[ogImages.length - 1]
    switch (rule.kind) {
      case DESCRIPTION:
        result.description = text
        break
      case ROBOTS:
        result.robots = text
        break
      case OG_FIELD:
        ;(this.og ??= {})[rule.field as string] = text
        break
      case OG_LOCALE_ALTERNATE: {
        const og = (this.og ??= {})
        ;((og.alternateLocale as string[] | undefined) ?? (og.alternateLocale = [])).push(text)
        break
      }
      case OG_IMAGE:
        ;(this.ogImages ??= []).push({ url: text })
        break
      case OG_IMAGE_NUMBER:
        if (lastImage) lastImage[rule.field as 'width' | 'height'] = Number(text)
        break
      case OG_IMAGE_TEXT:
        if (lastImage) lastImage[rule.field as 'type' | 'alt'] = text
        break
      case TWITTER_FIELD:
        ;(this.twitter ??= {})[rule.field as string] = text
        break
      case TWITTER_IMAGE:
        ;(this.twitterImages ??= []).push({ url: text })
        break
      case TWITTER_IMAGE_ALT:
        if (twitterImages) (twitterImages[twitterImages.length - 1] as { alt?: string }).alt = text
        break
      case OTHER: {
        // Written straight into `other`: a name's first value as a string, more as a list.
        const other = (this.other ??= {})
        const { key } = rule
        let values = other[key]
        // A name such as `constructor` finds a prototype member: it has no value yet.
        if (values !== undefined && !Object.hasOwn(other, key)) values = undefined
        if (values === undefined || (this.merged && !rule.set)) setOwn(other, key, text)
        else if (typeof values === 'string') setOwn(other, key, [values, text])
        else values.push(text)
      }
    }
  }

  finish(): NextMetadata {
    const { result, ogImages, twitterImages, other } = this
    let { og, twitter } = this
    if (ogImages) (og ??= {}).images = ogImages
    if (twitterImages) (twitter ??= {}).images = twitterImages
    if (og) result.openGraph = og as OpenGraph
    if (twitter) result.twitter = twitter as Twitter
    if (other) result.other = other
    return result
  }
}

function icons(result: NextMetadata, kind: 'icon' | 'apple', list: readonly MetadataImage[]): void {
  for (const image of list) {
    if (!isSafeUrl(image.url)) continue
    const icon: NextIcon = { url: image.url }
    if (image.mimeType === 'image/svg+xml') icon.sizes = 'any'
    else if (image.width > 0 && image.height > 0) icon.sizes = `${image.width}x${image.height}`
    if (image.mimeType) icon.type = image.mimeType
    ;((result.icons ??= {})[kind] ??= []).push(icon)
  }
}

function ogImage(builder: NextBuilder, image: MetadataImage): void {
  if (!isSafeUrl(image.url) || builder.ogImages?.some((seen) => seen.url === image.url)) return
  const next: NextImage = { url: image.url }
  if (image.width !== undefined) next.width = Number(`${image.width}`)
  if (image.height !== undefined) next.height = Number(`${image.height}`)
  if (image.mimeType !== undefined) next.type = `${image.mimeType}`
  if (image.alt !== undefined) next.alt = `${image.alt}`
  ;(builder.ogImages ??= []).push(next)
}

/** The language versions whose URL is safe, or `undefined` when none is. */
function safeLanguages(
  alternates: Readonly<Record<string, string>> | undefined,
): Record<string, string> | undefined {
  let languages: Record<string, string> | undefined
  for (const hreflang in alternates) {
    const href = `${alternates[hreflang]}`
    if (isSafeUrl(href)) (languages ??= {})[hreflang] = href
  }
  return languages
}

/**
 * `toNextMetadata(toHeadTags(metadata))` without making the tags: the fields are set directly
 * and only custom tags go through the builder, which merges them as `mergeHead` would.
 */
function fromHeadmark(metadata: Metadata): NextMetadata {
  const builder = new NextBuilder(true)
  const { result } = builder
  if (metadata.title !== undefined) result.title = metadata.title
  if (metadata.description !== undefined) result.description = `${metadata.description}`
  const robots = metadata.robots
  if (robots) {
    const next: NextRobots = {}
    if (metadata.noindex === true || robots.noindex === true) next.index = false
    if (robots.nofollow === true) next.follow = false
    if (robots.noarchive === true) next.noarchive = true
    if (robots.noimageindex === true) next.noimageindex = true
    if (robots.maxSnippet !== undefined) next['max-snippet'] = robots.maxSnippet
    if (robots.maxImagePreview !== undefined) next['max-image-preview'] = robots.maxImagePreview
    if (robots.maxVideoPreview !== undefined) next['max-video-preview'] = robots.maxVideoPreview
    for (const _ in next) {
      result.robots = next
      break
    }
  } else if (metadata.noindex === true) result.robots = 'noindex'
  if (metadata.canonical && isSafeUrl(`${metadata.canonical}`)) {
    result.alternates = { canonical: `${metadata.canonical}` }
  }
  const languages = safeLanguages(metadata.alternates)
  if (languages) (result.alternates ??= {}).languages = languages
  if (metadata.icon) icons(result, 'icon', metadata.icon)
  if (metadata.appleTouchIcon) icons(result, 'apple', metadata.appleTouchIcon)
  const og = metadata.openGraph
  if (og) {
    const fields: Record<string, unknown> = {}
    if (og.title !== undefined) fields.title = `${og.title}`
    if (og.description !== undefined) fields.description = `${og.description}`
    if (og.siteName !== undefined) fields.siteName = `${og.siteName}`
    if (og.type !== undefined) fields.type = `${og.type}`
    if (og.url !== undefined && isSafeUrl(og.url)) fields.url = `${og.url}`
    if (og.locale !== undefined) fields.locale = `${og.locale}`
    if (og.localeAlternate?.length) fields.alternateLocale = og.localeAlternate.map(String)
    if (og.determiner) fields.determiner = og.determiner
    if (og.image) ogImage(builder, og.image)
    for (const image of og.images ?? []) ogImage(builder, image)
    for (const _ in fields) {
      builder.og = fields
      break
    }
  }
  const twitter = metadata.twitter
  if (twitter) {
    const fields: Record<string, unknown> = {}
    if (twitter.card !== undefined) fields.card = `${twitter.card}`
    if (twitter.title !== undefined) fields.title = `${twitter.title}`
    if (twitter.description !== undefined) fields.description = `${twitter.description}`
    for (const _ in fields) {
      builder.twitter = fields
      break
    }
    const image = twitter.image
    if (image && isSafeUrl(image.url)) {
      builder.twitterImages = [
        image.alt === undefined ? { url: image.url } : { url: image.url, alt: `${image.alt}` },
      ]
    }
  }
  for (const tag of metadata.customTags ?? []) {
    if (tag.name && tag.content !== undefined) {
      builder.add({ tag: 'meta', attrs: { name: tag.name, content: tag.content } })
    }
  }
  return builder.finish()
}

// What a meta tag becomes in Next's `Metadata`, by its lower-cased name.
const IGNORED = 0
const DESCRIPTION = 1
const ROBOTS = 2
const OG_FIELD = 3
const OG_LOCALE_ALTERNATE = 4
const OG_IMAGE = 5
const OG_IMAGE_NUMBER = 6
const OG_IMAGE_TEXT = 7
const TWITTER_FIELD = 8
const TWITTER_IMAGE = 9
const TWITTER_IMAGE_ALT = 10
const OTHER = 11
interface MetaRule {
  /** The lower-cased name. */
  key: string
  kind: number
  /** The field it sets, for Open Graph, X and image properties. */
  field?: string
  /** Whether the name is a set (`article:tag`, …) that a merge keeps whole. */
  set?: boolean
}
const IMAGE_FIELDS = new Map([
  ['og:image:width', 'width'],
  ['og:image:height', 'height'],
  ['og:image:type', 'type'],
  ['og:image:alt', 'alt'],
])
function classify(key: string): MetaRule {
  const ogField = OPEN_GRAPH_FIELDS.get(key)
  const twitterField = TWITTER_FIELDS.get(key)
  const imageField = IMAGE_FIELDS.get(key)
  if (!key || key === 'viewport') return { key, kind: IGNORED }
  if (key === 'description') return { key, kind: DESCRIPTION }
  if (key === 'robots') return { key, kind: ROBOTS }
  if (ogField) return { key, kind: OG_FIELD, field: ogField }
  if (key === 'og:locale:alternate') return { key, kind: OG_LOCALE_ALTERNATE }
  if (key === 'og:image' || key === 'og:image:url') return { key, kind: OG_IMAGE }
  if (imageField) {
    const kind = imageField === 'width' || imageField === 'height' ? OG_IMAGE_NUMBER : OG_IMAGE_TEXT
    return { key, kind, field: imageField }
  }
  if (twitterField) return { key, kind: TWITTER_FIELD, field: twitterField }
  if (key === 'twitter:image') return { key, kind: TWITTER_IMAGE }
  if (key === 'twitter:image:alt') return { key, kind: TWITTER_IMAGE_ALT }
  // Other image properties have no field in Next's `Metadata`.
  if (key.startsWith('og:image') || key.startsWith('twitter:image')) return { key, kind: IGNORED }
  return { key, kind: OTHER, set: metaKey(key).charCodeAt(0) === 43 }
}

// The rule of each meta name, memoised by spelling: pages repeat the same few names.
const rules = new Map<string, MetaRule>()
function ruleOf(spelling: string): MetaRule {
  let rule = rules.get(spelling)
  if (rule === undefined) {
    rule = classify(spelling.toLowerCase())
    if (rules.size >= 4096) rules.clear()
    rules.set(spelling, rule)
  }
  return rule
}

type Url = string | URL
type Fields = { readonly [field: string]: unknown }
/** A title as Next spells it: a string, or `{ default, template }`, `{ absolute, template? }`. */
export type NextTitle =
  string | { default: string; template: string } | { absolute: string; template?: string | null }

/**
 * A Next.js `Metadata` object as a fallback or override layer: every `Metadata` from `next` is
 * one. The fields listed are the ones merged field by field; any other (`keywords`,
 * `verification`, `appleWebApp`, …) is taken from the highest layer that sets it.
 */
export interface NextMetadataInput {
  metadataBase?: null | Url | undefined
  title?: null | NextTitle | undefined
  description?: null | string | undefined
  robots?: null | string | Fields | undefined
  alternates?:
    | null
    | {
        canonical?: null | Url | { url: Url; title?: string | undefined } | undefined
        languages?: Fields | undefined
        media?: Fields | undefined
        types?: Fields | undefined
      }
    | undefined
  icons?: null | Url | ReadonlyArray<Url | Fields> | Fields | undefined
  openGraph?: null | Fields | undefined
  twitter?: null | Fields | undefined
  other?: Fields | undefined
}

/** A fallback or override layer of the Next adapter: a `Metadata` object, or head tags. */
export type NextLayer = NextMetadataInput | readonly HeadTag[]

// Node defines the global `URL` lazily, behind a getter: read it once.
const UrlClass = URL
const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' &&
  value !== null &&
  !Array.isArray(value) &&
  !(value instanceof UrlClass)

/** `{ ...lower, ...higher }` without the fields `higher` leaves `undefined`. */
/** Sets an own property; a field named `__proto__` is defined as data, not as the prototype. */
function setOwn(target: Record<string, unknown>, field: string, value: unknown): void {
  if (field === '__proto__') {
    Object.defineProperty(target, field, {
      value,
      enumerable: true,
      writable: true,
      configurable: true,
    })
  } else target[field] = value
}

function assignDefined(target: Record<string, unknown>, source: object): Record<string, unknown> {
  for (const field in source) {
    const value = (source as Record<string, unknown>)[field]
    if (value !== undefined && Object.hasOwn(source, field)) setOwn(target, field, value)
  }
  return target
}

function mergeFields(lower: unknown, higher: unknown): unknown {
  if (!isObject(lower) || !isObject(higher)) return higher
  return assignDefined(assignDefined({}, lower), higher)
}

// Next's `icons` may be one URL, a list, or an object by kind: all become the object form.
function iconsByKind(icons: unknown): unknown {
  if (typeof icons === 'string' || icons instanceof UrlClass || Array.isArray(icons)) {
    return { icon: icons }
  }
  return icons
}

const ALTERNATE_GROUPS = ['languages', 'media', 'types']

/** The value of one field of a higher layer (not `undefined`) merged over a lower layer's. */
function mergeField(field: string, lower: unknown, value: unknown): unknown {
  switch (field) {
    case 'openGraph':
    case 'twitter':
    case 'other':
      return mergeFields(lower, value)
    case 'icons':
      return mergeFields(lower, iconsByKind(value))
    case 'alternates': {
      const below = isObject(lower) ? lower : {}
      const merged = mergeFields(below, value)
      if (isObject(merged) && isObject(value)) {
        for (const group of ALTERNATE_GROUPS) {
          if (value[group] !== undefined) merged[group] = mergeFields(below[group], value[group])
        }
      }
      return merged
    }
    default:
      return value
  }
}

function mergeTitle(layers: readonly NextMetadataInput[]): unknown {
  let title: unknown
  let template: string | null | undefined
  for (const layer of layers) {
    if (layer.title !== undefined) title = layer.title
    if (isObject(layer.title) && typeof layer.title.template === 'string') {
      template = layer.title.template
    }
  }
  // A template set by a lower layer still applies to the pages below this segment.
  if (template === undefined || title === null || title === undefined) return title
  if (typeof title === 'string') return { default: title, template }
  return 'template' in (title as object) ? title : { ...(title as object), template }
}

/**
 * Merges Next.js `Metadata` objects, lowest priority first, with the keyed rules of
 * {@link mergeHead}: `openGraph` and `twitter` field by field (their `images` as one set),
 * `icons` by kind (`icon`, `apple`, `shortcut`, `other`), `alternates` by canonical, language,
 * media and type, `other` by name; a `title` template from any layer is kept. Every other field
 * comes from the highest layer that sets it; `null` clears a field, as in Next.
 *
 * @example
 * mergeNextMetadata(
 *   { metadataBase: new URL('https://acme.com'), title: { default: 'Acme', template: '%s | Acme' } },
 *   { title: 'Pricing', openGraph: { title: 'Pricing' } },
 * )
 * // { metadataBase, title: { default: 'Pricing', template: '%s | Acme' }, openGraph: { title: 'Pricing' } }
 */
export function mergeNextMetadata<T extends NextMetadataInput>(
  ...layers: ReadonlyArray<T | NextMetadata | null | undefined>
): NoInfer<T> & NextMetadata {
  const present = layers.filter((layer) => layer != null) as NextMetadataInput[]
  const result: Record<string, unknown> = {}
  for (const layer of present) {
    for (const field in layer) {
      const value = (layer as Record<string, unknown>)[field]
      if (value !== undefined && Object.hasOwn(layer, field)) {
        result[field] = mergeField(field, result[field], value)
      }
    }
  }
  const title = mergeTitle(present)
  if (title !== undefined) result.title = title
  return result as T & NextMetadata
}

/** The fallback and override of the Next adapter's helpers. */
export interface NextLayers<F extends NextLayer = NextLayer, O extends NextLayer = NextLayer> {
  /** Your site's or section's defaults: a Next `Metadata` object, or head tags. */
  fallback?: F | undefined
  /** What always wins over Headmark. */
  override?: O | undefined
}

type ObjectOf<L> = L extends readonly unknown[] ? unknown : L
/**
 * What the helpers return: a Next `Metadata` object with the fields of your `Metadata` layers
 * (`keywords`, `verification`, …) and the ones this adapter fills in.
 */
export type MergedNextMetadata<F, O> = NoInfer<ObjectOf<F> & ObjectOf<O>> & NextMetadata

/**
 * Prepares a fallback and an override once and returns the function that turns a page's
 * Headmark metadata into the Next `Metadata` to return from `generateMetadata`. `Metadata`
 * objects as layers are the fast path; tag layers are merged tag by tag, about half as fast. A
 * dynamic route whose fallback depends on the item (a post's title) compiles each item's layers
 * once and keeps them, e.g. in a `Map` by slug.
 *
 * @example
 * const pageMetadata = compileNextMetadata({ fallback: { title: 'Acme' } })
 * pageMetadata(response?.metadata) // Metadata
 */
export function compileNextMetadata<
  F extends NextLayer = NextMetadata,
  O extends NextLayer = NextMetadata,
>(layers: NextLayers<F, O>): (metadata: Metadata | null | undefined) => MergedNextMetadata<F, O> {
  type T = NextMetadataInput
  // Tag layers merge with Headmark's tags by the rules of `mergeHead`; `Metadata` layers merge
  // with the result field by field.
  const tags = (layer: NextLayer | undefined) => (Array.isArray(layer) ? layer : undefined)
  const objects = (layer: NextLayer | undefined) =>
    Array.isArray(layer) ? undefined : (layer as T | undefined)
  const fallback = objects(layers.fallback)
  const override = objects(layers.override)
  const merge = compileLayers(
    { fallback: tags(layers.fallback), override: tags(layers.override) },
    (tag) => tag,
    generatedTag,
  )
  const tagLayers = layers.fallback !== fallback || layers.override !== override
  // The fixed layers merged once; each call merges the generated fields in between.
  const fixed = mergeNextMetadata<T>(fallback, override)
  const normalized = (layer: T | undefined): Record<string, unknown> =>
    layer?.icons === undefined
      ? { ...layer }
      : ({ ...layer, icons: iconsByKind(layer.icons) } as unknown as Record<string, unknown>)
  const low = normalized(fallback)
  const high = normalized(override)
  // The defined fields of each object-valued field of the fixed layers, e.g. `openGraph`.
  const listFields = (layer: Record<string, unknown>) =>
    new Map(
      Object.entries(layer)
        .filter(([, value]) => isObject(value))
        .map(([name, value]) => [
          name,
          Object.entries(value as object).filter(([, field]) => field !== undefined),
        ]),
    )
  const lowFields = listFields(low)
  const highFields = listFields(high)
  return (metadata) => {
    let generated: NextMetadata
    if (tagLayers) {
      const builder = new NextBuilder()
      for (const value of merge(metadata)) {
        if (Array.isArray(value)) for (const tag of value) builder.add(tag)
        else builder.add(value as HeadTag)
      }
      generated = builder.finish()
    } else generated = metadata ? fromHeadmark(metadata) : {}
    if (fallback === undefined && override === undefined) {
      return generated as MergedNextMetadata<F, O>
    }
    const result: Record<string, unknown> = { ...(fixed as Record<string, unknown>) }
    for (const field of GENERATED_FIELDS) {
      const value = (generated as Record<string, unknown>)[field]
      if (value === undefined) continue
      const above = high[field]
      if (!MERGED_FIELDS.has(field)) {
        if (above === undefined) result[field] = value
        continue
      }
      const below = low[field]
      const lower = lowFields.get(field)
      const upper = highFields.get(field)
      if (
        field !== 'alternates' &&
        (below === undefined || lower) &&
        (above === undefined || upper)
      ) {
        // The usual case, in one copy: the fixed layers' fields were listed once. The generated
        // object is this adapter's own, with no inherited or undefined fields.
        const fields: Record<string, unknown> = {}
        if (lower) for (const [name, field] of lower) setOwn(fields, name, field)
        for (const name in value as object) {
          setOwn(fields, name, (value as Record<string, unknown>)[name])
        }
        if (upper) for (const [name, field] of upper) setOwn(fields, name, field)
        result[field] = fields
        continue
      }
      const merged = below === undefined ? value : mergeField(field, below, value)
      result[field] = above === undefined ? merged : mergeField(field, merged, above)
    }
    const title = mergeTitle([low, generated, high] as NextMetadataInput[])
    if (title !== undefined) result.title = title
    return result as MergedNextMetadata<F, O>
  }
}

// The fields `toNextMetadata` fills in.
const GENERATED_FIELDS = [
  'description',
  'robots',
  'icons',
  'alternates',
  'openGraph',
  'twitter',
  'other',
] as const
const MERGED_FIELDS = new Set(['openGraph', 'twitter', 'other', 'icons', 'alternates'])

/** Options of {@link createGenerateMetadata}. */
export interface CreateGenerateMetadataOptions<
  TProps,
  F extends NextLayer = NextLayer,
  O extends NextLayer = NextLayer,
> extends NextLayers<F, O> {
  client: Pick<MetadataClient, 'get'>
  /** The page path from the page's props, e.g. `async ({ params }) => \`/blog/${(await params).slug}\``. */
  path: (props: TProps) => string | Promise<string>
}

/**
 * Creates a Next.js (App Router) `generateMetadata` for a page: its Headmark metadata between
 * your fallback and override, which are Next `Metadata` objects (or head tags). `robots` is only
 * set when the page is `noindex` or sets `robots`; the canonical and the language versions go to
 * `alternates`; when loading fails the fallback is used and nothing throws. Metadata objects as
 * layers are the fast path; tag layers are merged tag by tag, about half as fast.
 *
 * @example
 * // app/blog/[slug]/page.tsx
 * export const generateMetadata = createGenerateMetadata({
 *   client: metadataClient,
 *   path: async ({ params }: { params: Promise<{ slug: string }> }) => `/blog/${(await params).slug}`,
 *   fallback: { title: 'Acme blog', alternates: { canonical: './' } },
 * })
 */
export function createGenerateMetadata<
  TProps,
  F extends NextLayer = NextMetadata,
  O extends NextLayer = NextMetadata,
>(
  options: CreateGenerateMetadataOptions<TProps, F, O>,
): (props: TProps) => Promise<MergedNextMetadata<F, O>> {
  const resolve = compileNextMetadata(options)
  return async (props) => resolve((await options.client.get(await options.path(props)))?.metadata)
}

/**
 * The root layout's `metadata`: your site-wide fallback and override merged, e.g. the
 * `metadataBase` that makes Headmark's relative image URLs absolute, the title template and
 * the icons. Pages then add their Headmark metadata with {@link createGenerateMetadata}.
 *
 * @example
 * // app/layout.tsx
 * export const metadata = createRootMetadata({
 *   fallback: {
 *     metadataBase: new URL('https://acme.com'),
 *     title: { default: 'Acme', template: '%s | Acme' },
 *   },
 * })
 */
export function createRootMetadata<
  F extends NextLayer = NextMetadata,
  O extends NextLayer = NextMetadata,
>(layers: NextLayers<F, O>): MergedNextMetadata<F, O> {
  return compileNextMetadata(layers)(null)
}

/**
 * The props of a `<script type="application/ld+json">` element for a server component:
 * Next's `Metadata` has no field for structured data, so render it in the page or layout, as
 * Next's documentation recommends. The JSON is escaped so a value holding `</script>` can not end
 * the element. Headmark's own JSON-LD is in the page's metadata: `metadata.jsonLd`.
 *
 * @example
 * <script {...jsonLdScriptProps({ '@context': 'https://schema.org', '@type': 'Product', name })} />
 * // Headmark's: (await metadataClient.get(path))?.metadata.jsonLd?.map((data, i) =>
 * //   <script key={i} {...jsonLdScriptProps(data)} />)
 */
export function jsonLdScriptProps(data: unknown | ScriptTag): {
  type: 'application/ld+json'
  dangerouslySetInnerHTML: { __html: string }
} {
  const json =
    isObject(data) && data.tag === 'script' && isJsonLd(data as unknown as ScriptTag)
      ? (data as unknown as ScriptTag).children
      : (JSON.stringify(data) ?? 'null')
  return { type: 'application/ld+json', dangerouslySetInnerHTML: { __html: escapeJsonLd(json) } }
}

/** Options of {@link createWebhookRoute}. */
export interface WebhookRouteOptions extends Omit<WebhookHandlerOptions, 'revalidate'> {
  /**
   * Next's `revalidatePath` from `next/cache`: a changed page is revalidated by its URL path, the
   * site's default metadata (path `null`) by `revalidatePath('/', 'layout')`, i.e. every page.
   */
  revalidatePath?: (path: string, type?: 'layout' | 'page') => void
}

type RouteHandler = (request: Request) => Promise<Response>

/**
 * The webhook receiver as a Next.js route handler module: every HTTP method is exported and
 * answered as the contract says (`POST` verified and handled, `OPTIONS` `204`, any other
 * `405` with `Allow: POST`). It drops the changed path from the client's cache and revalidates
 * the page with `revalidatePath`; the `200` body says which path.
 *
 * @example
 * // app/api/headmark/route.ts
 * import { revalidatePath } from 'next/cache'
 * export const { GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS } = createWebhookRoute({
 *   secret: process.env.HEADMARK_WEBHOOK_SECRET,
 *   client: metadataClient,
 *   revalidatePath,
 * })
 */
export function createWebhookRoute(
  options: WebhookRouteOptions,
): Record<'GET' | 'HEAD' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'OPTIONS', RouteHandler> {
  const { revalidatePath, ...rest } = options
  const handler = createWebhookHandler(
    revalidatePath
      ? {
          ...rest,
          revalidate: (path) =>
            path === null ? revalidatePath('/', 'layout') : revalidatePath(path),
        }
      : rest,
  )
  return {
    GET: handler,
    HEAD: handler,
    POST: handler,
    PUT: handler,
    PATCH: handler,
    DELETE: handler,
    OPTIONS: handler,
  }
}
