import type {
  CustomTag,
  JsonLdObject,
  Metadata,
  MetadataImage,
  OpenGraphMetadata,
  RobotsDirectives,
  TwitterMetadata,
} from '@headmark/metadata'
import { METADATA_LIMITS } from '@headmark/metadata'
import { Parser } from 'htmlparser2'
import { METADATA_MAX_BYTES, metadataBytes, metadataSchema } from '../domain/metadata-schema.ts'
import type { ParsedHead, UnmappedTag } from './types.ts'

// parseHead reads a page's <head> into Headmark's metadata object. Rules:
// - Only <title>, <meta>, <link>, <base> and <script type="application/ld+json"> are metadata tags;
//   other scripts, styles and <noscript> are the page's code and are not listed. Reading stops at
//   </head> or <body>.
// - The first of a tag wins; the others are listed ("a second <title>").
// - Every other tag is listed with its reason. Technical tags (charset, viewport, http-equiv,
//   <link rel="stylesheet|preload|preconnect|manifest|…">) are listed as "not metadata Headmark
//   serves"; tags of a kind Headmark has no field for (og:video, twitter:site…) as "… is not a
//   Headmark field".
// - Values are then checked by the metadata schema field by field: a refused value is left out and
//   listed with the schema's message, so the metadata returned always passes metadataSchema.
// - URLs are resolved against the page URL, or the first <base href>. An image's type, when not
//   given, is read from its file extension; X's image takes its size from the Open Graph image of
//   the same URL (X has no size tags). Images without a width and height can not be stored:
//   parseHead lists them; the crawler's fetchHead measures them (readHead with probes) first.

const SHORT = 300
const shorten = (html: string) => (html.length > SHORT ? `${html.slice(0, SHORT - 1)}…` : html)

interface RawTag {
  name: 'title' | 'meta' | 'link' | 'base' | 'script'
  attribs: Record<string, string>
  html: string
  text: string
}

/** The metadata tags of the head, in order, as the HTML parser reads them. */
function readTags(html: string): RawTag[] {
  const tags: RawTag[] = []
  let stopped = false
  let open: { name: 'title' | 'script'; attribs: Record<string, string>; start: number } | null =
    null
  let text = ''
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        if (stopped) return
        if (name === 'body') {
          stopped = true
          return
        }
        if (open) return
        if (name === 'title') {
          open = { name, attribs, start: parser.startIndex }
          text = ''
        } else if (name === 'script') {
          const type = (attribs.type ?? '').trim().toLowerCase()
          if (type === 'application/ld+json') {
            open = { name, attribs, start: parser.startIndex }
            text = ''
          }
        } else if (name === 'meta' || name === 'link' || name === 'base') {
          tags.push({
            name,
            attribs,
            html: html.slice(parser.startIndex, parser.endIndex + 1),
            text: '',
          })
        }
      },
      ontext(chunk) {
        if (open && !stopped) text += chunk
      },
      onclosetag(name) {
        if (stopped) return
        if (open && name === open.name) {
          tags.push({
            name: open.name,
            attribs: open.attribs,
            html: html.slice(open.start, parser.endIndex + 1),
            text,
          })
          open = null
        } else if (name === 'head') {
          stopped = true
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.write(html)
  parser.end()
  // A <title> left open by a cut page still says something.
  const left = open as {
    name: 'title' | 'script'
    attribs: Record<string, string>
    start: number
  } | null
  if (left && !stopped) {
    tags.push({ name: left.name, attribs: left.attribs, html: html.slice(left.start), text })
  }
  return tags
}

const EXTENSION_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  avif: 'image/avif',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  bmp: 'image/bmp',
}

function typeFromExtension(url: string): string | undefined {
  try {
    const path = new URL(url, 'http://x/').pathname
    const extension = /\.([a-z0-9]+)$/i.exec(path)?.[1]?.toLowerCase()
    return extension ? EXTENSION_TYPES[extension] : undefined
  } catch {
    return undefined
  }
}

/** A whole number as written, or the text itself (the schema then says what is wrong). */
const pixels = (value: string | undefined): number | undefined =>
  value === undefined
    ? undefined
    : /^\s*\d+\s*$/.test(value)
      ? Number(value)
      : (value as unknown as number)

interface ImageDraft {
  url: string
  width?: number
  height?: number
  alt?: string
  mimeType?: string
  html: string
}

/** What measuring an image found: its size and type, or why they could not be read. */
export type ImageProbe =
  { ok: true; width: number; height: number; mimeType: string } | { ok: false; reason: string }

const isPixels = (value: unknown) =>
  typeof value === 'number' && Number.isInteger(value) && value > 0

/** Whether the image still lacks a usable width, height or type once its tags are read. */
const lacksSize = (draft: ImageDraft) =>
  !isPixels(draft.width) ||
  !isPixels(draft.height) ||
  (draft.mimeType ?? typeFromExtension(draft.url)) === undefined

const finishImage = (
  draft: ImageDraft,
  probes?: ReadonlyMap<string, ImageProbe>,
  failures?: Map<string, string>,
): MetadataImage => {
  const image: Partial<MetadataImage> = { url: draft.url }
  if (draft.alt !== undefined) image.alt = draft.alt
  let { width, height, mimeType } = draft
  const probe = lacksSize(draft) ? probes?.get(draft.url) : undefined
  if (probe?.ok) {
    // The measured size replaces a partial or unreadable one: width and height go together.
    if (!isPixels(width) || !isPixels(height)) {
      width = probe.width
      height = probe.height
    }
    mimeType ??= probe.mimeType
  } else if (probe) failures?.set(draft.html, probe.reason)
  if (width !== undefined) image.width = width
  if (height !== undefined) image.height = height
  image.mimeType = mimeType ?? typeFromExtension(draft.url)
  if (image.mimeType === undefined) delete image.mimeType
  return image as MetadataImage
}

const OG_SINGLE: Record<string, keyof OpenGraphMetadata> = {
  'og:title': 'title',
  'og:description': 'description',
  'og:locale': 'locale',
  'og:site_name': 'siteName',
  'og:type': 'type',
  'og:url': 'url',
  'og:determiner': 'determiner',
}
const TWITTER_SINGLE: Record<string, keyof TwitterMetadata> = {
  'twitter:card': 'card',
  'twitter:title': 'title',
  'twitter:description': 'description',
}
// The schema reserves viewport (and charset) for the page's own code.
const TECHNICAL_META = new Set(['viewport'])
const TECHNICAL_LINKS = new Set([
  'stylesheet',
  'preload',
  'modulepreload',
  'prefetch',
  'preconnect',
  'dns-prefetch',
  'prerender',
  'manifest',
  'mask-icon',
  'pingback',
  'edituri',
  'wlwmanifest',
  'https://api.w.org/',
  'profile',
  'search',
])
/**
 * How the reason of each technical tag of a head starts (charset, viewport, http-equiv,
 * stylesheets…): imports sum those up instead of listing them by page.
 */
export const NOT_SERVED = 'not metadata Headmark serves'

/** What `<meta name="robots">` says, as Headmark's fields; unknown directives are listed. */
export function readRobots(content: string): {
  noindex: boolean
  robots: RobotsDirectives
  unknown: string[]
} {
  const robots: RobotsDirectives = {}
  let noindex = false
  const unknown: string[] = []
  for (const part of content.split(',')) {
    const directive = part.trim().toLowerCase()
    if (!directive) continue
    const [key = '', ...rest] = directive.split(':')
    const value = rest.join(':').trim()
    if (key === 'noindex') noindex = true
    else if (key === 'none') {
      noindex = true
      robots.nofollow = true
    } else if (key === 'nofollow') robots.nofollow = true
    else if (key === 'noarchive' || key === 'nocache') robots.noarchive = true
    else if (key === 'noimageindex') robots.noimageindex = true
    else if (key === 'nosnippet') robots.maxSnippet ??= 0
    else if (key === 'max-snippet') robots.maxSnippet = pixels(value)
    else if (key === 'max-video-preview') {
      robots.maxVideoPreview = /^-?\d+$/.test(value) ? Number(value) : (value as unknown as number)
    } else if (key === 'max-image-preview') {
      robots.maxImagePreview = value as RobotsDirectives['maxImagePreview']
    } else if (key === 'index' || key === 'follow' || key === 'all') {
      // The defaults: nothing to keep.
    } else unknown.push(directive)
  }
  if (robots.maxSnippet !== undefined && typeof robots.maxSnippet !== 'number') {
    const text = String(robots.maxSnippet)
    robots.maxSnippet = /^-\d+$/.test(text) ? Number(text) : robots.maxSnippet
  }
  return { noindex, robots, unknown }
}

/**
 * Reads a page's head into Headmark's metadata object. Never throws; the metadata returned
 * always passes `metadataSchema`, and everything not kept is in `unmapped` with its reason.
 *
 * @example
 * parseHead('<title>Home</title><meta property="og:video" content="/v.mp4">', 'https://a.example/')
 * // { metadata: { title: 'Home' }, unmapped: [{ html: '<meta property="og:video" …>', reason: 'og:video is not a Headmark field' }] }
 */
export function parseHead(html: string, pageUrl: string): ParsedHead {
  const { metadata, unmapped } = readHead(html, pageUrl)
  return { metadata, unmapped }
}

/**
 * parseHead, with the sizes measured of images the head names without them (`probes`, by URL):
 * such an image is kept with its measured width, height and type; one that could not be measured
 * stays listed with the probe's reason. Also says which image URLs lack a size (`withoutSize`, in
 * the order they matter: Open Graph images, X's image, icons, apple-touch-icons).
 */
export function readHead(
  html: string,
  pageUrl: string,
  probes?: ReadonlyMap<string, ImageProbe>,
): ParsedHead & { withoutSize: string[] } {
  const unmapped: UnmappedTag[] = []
  // The tags of images whose measuring failed, with why: their listing says it.
  const failures = new Map<string, string>()
  const list = (tagHtml: string, reason: string) => {
    const failure = failures.get(tagHtml)
    if (failure !== undefined) {
      const field = reason.slice(0, Math.max(0, reason.indexOf(':')))
      const unit = field.replace(/\.(width|height|mimeType)$/, '')
      reason = `${unit ? `${unit}: ` : ''}no size in the head, and ${failure}`
    }
    unmapped.push({ html: shorten(tagHtml), reason })
  }
  let tags: RawTag[]
  try {
    tags = readTags(html)
  } catch (error) {
    return {
      metadata: {},
      unmapped: [{ html: shorten(html), reason: `The head could not be read: ${String(error)}` }],
      withoutSize: [],
    }
  }

  // URLs resolve against the first <base href> (wherever it is), else the page.
  let base: string | undefined = URL.canParse(pageUrl) ? pageUrl : undefined
  let baseSeen = false
  for (const tag of tags) {
    if (tag.name !== 'base') continue
    if (baseSeen || tag.attribs.href === undefined) {
      list(tag.html, baseSeen ? 'a second <base>' : NOT_SERVED)
      continue
    }
    baseSeen = true
    const href = tag.attribs.href.trim()
    if (URL.canParse(href, base)) base = new URL(href, base).href
    list(tag.html, `${NOT_SERVED} (URLs of the head were resolved against it)`)
  }
  const resolve = (value: string) => {
    const trimmed = value.trim()
    return URL.canParse(trimmed, base) ? new URL(trimmed, base).href : trimmed
  }

  const sources = new Map<string, string>()
  const metadata: Metadata = {}
  const og: OpenGraphMetadata = {}
  const twitter: TwitterMetadata = {}
  const ogImages: ImageDraft[] = []
  let twitterImage: ImageDraft | undefined
  const icons: ImageDraft[] = []
  const touchIcons: ImageDraft[] = []
  const alternates = new Map<string, string>()
  const alternateSources = new Map<string, string>()
  const customTags: CustomTag[] = []
  const customSources: string[] = []
  const customNames = new Set<string>()
  const jsonLd: JsonLdObject[] = []
  const jsonLdSources: string[] = []
  const localeAlternates: string[] = []
  const localeSources: string[] = []
  let robotsSeen = false

  for (const tag of tags) {
    const { attribs } = tag
    if (tag.name === 'title') {
      const title = tag.text.replace(/\s+/g, ' ').trim()
      if (metadata.title !== undefined) list(tag.html, 'a second <title>')
      else if (!title) list(tag.html, 'an empty <title>')
      else {
        metadata.title = title
        sources.set('title', tag.html)
      }
    } else if (tag.name === 'script') {
      let parsed: unknown
      try {
        parsed = JSON.parse(tag.text)
      } catch (error) {
        list(tag.html, `the JSON-LD block is not valid JSON (${(error as Error).message})`)
        continue
      }
      const items = Array.isArray(parsed) ? parsed : [parsed]
      for (const item of items) {
        if (jsonLd.length >= METADATA_LIMITS.jsonLdObjects) {
          list(tag.html, `At most ${METADATA_LIMITS.jsonLdObjects} structured data items.`)
          break
        }
        jsonLd.push(item as JsonLdObject)
        jsonLdSources.push(tag.html)
      }
    } else if (tag.name === 'link') {
      const rels = (attribs.rel ?? '').toLowerCase().split(/\s+/).filter(Boolean)
      const href = attribs.href
      if (rels.length === 0 || href === undefined) {
        list(tag.html, `${NOT_SERVED} (a <link> without rel or href)`)
        continue
      }
      const url = resolve(href)
      if (rels.includes('canonical')) {
        if (metadata.canonical !== undefined) list(tag.html, 'a second <link rel="canonical">')
        else {
          metadata.canonical = url
          sources.set('canonical', tag.html)
        }
      } else if (rels.includes('alternate') && attribs.hreflang !== undefined) {
        const hreflang = attribs.hreflang.trim()
        const key = hreflang.toLowerCase()
        if ([...alternates.keys()].some((known) => known.toLowerCase() === key)) {
          list(tag.html, `a second <link rel="alternate" hreflang="${hreflang.slice(0, 64)}">`)
        } else if (alternates.size >= METADATA_LIMITS.alternates) {
          list(tag.html, `At most ${METADATA_LIMITS.alternates} language versions.`)
        } else {
          alternates.set(hreflang, url)
          alternateSources.set(hreflang, tag.html)
        }
      } else if (
        rels.includes('apple-touch-icon') ||
        rels.includes('apple-touch-icon-precomposed')
      ) {
        touchIcons.push(iconDraft(url, attribs, tag.html))
      } else if (rels.includes('icon')) {
        icons.push(iconDraft(url, attribs, tag.html))
      } else if (rels.includes('alternate')) {
        list(
          tag.html,
          '<link rel="alternate"> without hreflang (a feed or another format) is not a Headmark field',
        )
      } else if (rels.some((rel) => TECHNICAL_LINKS.has(rel))) {
        list(tag.html, NOT_SERVED)
      } else {
        list(tag.html, `<link rel="${rels.join(' ').slice(0, 64)}"> is not a Headmark field`)
      }
    } else if (tag.name === 'meta') {
      if (attribs.charset !== undefined) {
        list(tag.html, NOT_SERVED)
        continue
      }
      if (attribs['http-equiv'] !== undefined) {
        list(tag.html, `${NOT_SERVED} (meta http-equiv)`)
        continue
      }
      const byProperty = attribs.property !== undefined
      const rawKey = (attribs.property ?? attribs.name ?? attribs.itemprop ?? '').trim()
      const key = rawKey.toLowerCase()
      const content = attribs.content
      if (!rawKey) {
        list(tag.html, 'a <meta> without name or property is not a Headmark field')
        continue
      }
      if (attribs.itemprop !== undefined && attribs.name === undefined && !byProperty) {
        list(tag.html, `<meta itemprop> (microdata) is not a Headmark field`)
        continue
      }
      if (content === undefined) {
        list(tag.html, 'a <meta> without content')
        continue
      }
      const value = content.trim()
      if (key === 'description') {
        if (metadata.description !== undefined) list(tag.html, 'a second <meta name="description">')
        else {
          metadata.description = value
          sources.set('description', tag.html)
        }
      } else if (key === 'robots') {
        if (robotsSeen) {
          list(tag.html, 'a second <meta name="robots">')
          continue
        }
        robotsSeen = true
        const read = readRobots(value)
        if (read.noindex) {
          metadata.noindex = true
          sources.set('noindex', tag.html)
        }
        if (Object.keys(read.robots).length > 0) {
          metadata.robots = read.robots
          for (const field of Object.keys(read.robots)) sources.set(`robots.${field}`, tag.html)
        }
        for (const directive of read.unknown) {
          list(tag.html, `the robots directive “${directive.slice(0, 64)}” is not a Headmark field`)
        }
      } else if (OG_SINGLE[key]) {
        const field = OG_SINGLE[key]
        if (og[field] !== undefined) list(tag.html, `a second ${key}`)
        else {
          const kept = field === 'url' ? resolve(value) : value
          ;(og as Record<string, unknown>)[field] = kept
          sources.set(`openGraph.${field}`, tag.html)
        }
      } else if (key === 'og:locale:alternate') {
        if (localeAlternates.includes(value))
          list(tag.html, `a second og:locale:alternate “${value.slice(0, 64)}”`)
        else if (localeAlternates.length >= METADATA_LIMITS.localeAlternates) {
          list(tag.html, 'At most 50 alternate locales.')
        } else {
          localeAlternates.push(value)
          localeSources.push(tag.html)
        }
      } else if (key === 'og:image' || key === 'og:image:url') {
        const url = resolve(value)
        const current = ogImages.at(-1)
        if (key === 'og:image:url' && current && current.url === url) continue
        if (ogImages.length >= METADATA_LIMITS.images + 1) {
          list(tag.html, `At most ${METADATA_LIMITS.images} images.`)
        } else ogImages.push({ url, html: tag.html })
      } else if (key.startsWith('og:image:')) {
        const current = ogImages.at(-1)
        const part = key.slice('og:image:'.length)
        if (!current) list(tag.html, `${key} before any og:image`)
        else if (!applyImagePart(current, part, value)) {
          list(
            tag.html,
            part === 'secure_url'
              ? 'og:image:secure_url is not a Headmark field (og:image is kept)'
              : `${key} is not a Headmark field`,
          )
        }
      } else if (TWITTER_SINGLE[key]) {
        const field = TWITTER_SINGLE[key]
        if (twitter[field] !== undefined) list(tag.html, `a second ${key}`)
        else {
          ;(twitter as Record<string, unknown>)[field] = value
          sources.set(`twitter.${field}`, tag.html)
        }
      } else if (key === 'twitter:image' || key === 'twitter:image:src') {
        if (twitterImage) list(tag.html, `a second ${key}`)
        else twitterImage = { url: resolve(value), html: tag.html }
      } else if (key === 'twitter:image:alt') {
        if (!twitterImage) list(tag.html, 'twitter:image:alt before any twitter:image')
        else if (twitterImage.alt !== undefined) list(tag.html, 'a second twitter:image:alt')
        else twitterImage.alt = value
      } else if (key.startsWith('og:') || key.startsWith('twitter:')) {
        list(tag.html, `${key.slice(0, 64)} is not a Headmark field`)
      } else if (byProperty) {
        list(
          tag.html,
          `<meta property="${key.slice(0, 64)}"> is not a Headmark field (custom tags are <meta name>)`,
        )
      } else if (TECHNICAL_META.has(key)) {
        list(tag.html, NOT_SERVED)
      } else if (customNames.has(key)) {
        list(tag.html, `a second <meta name="${rawKey.slice(0, 64)}">`)
      } else if (customTags.length >= METADATA_LIMITS.customTags) {
        list(tag.html, `At most ${METADATA_LIMITS.customTags} custom tags.`)
      } else {
        customNames.add(key)
        customTags.push({ name: rawKey, content: value })
        customSources.push(tag.html)
      }
    }
  }

  // Open Graph images: the first is `image`, the others `images`.
  const [firstImage, ...otherImages] = ogImages
  if (firstImage) {
    og.image = finishImage(firstImage, probes, failures)
    sources.set('openGraph.image', firstImage.html)
  }
  if (otherImages.length > 0) {
    og.images = otherImages.map((draft) => finishImage(draft, probes, failures))
    otherImages.forEach((draft, index) => sources.set(`openGraph.images.${index}`, draft.html))
  }
  if (localeAlternates.length > 0) {
    og.localeAlternate = localeAlternates
    localeSources.forEach((source, index) =>
      sources.set(`openGraph.localeAlternate.${index}`, source),
    )
  }
  if (Object.keys(og).length > 0) metadata.openGraph = og
  if (twitterImage) {
    // X has no size tags: the Open Graph image of the same URL lends its size.
    const same = ogImages.find((draft) => draft.url === twitterImage.url)
    if (same) {
      twitterImage.width ??= same.width
      twitterImage.height ??= same.height
      twitterImage.mimeType ??= same.mimeType
    }
    twitter.image = finishImage(twitterImage, probes, failures)
    sources.set('twitter.image', twitterImage.html)
  }
  if (Object.keys(twitter).length > 0) metadata.twitter = twitter
  const listOf = (key: 'icon' | 'appleTouchIcon', drafts: ImageDraft[]) => {
    const kept = drafts.slice(0, METADATA_LIMITS.images)
    for (const draft of drafts.slice(METADATA_LIMITS.images)) {
      list(draft.html, `At most ${METADATA_LIMITS.images} images.`)
    }
    if (kept.length === 0) return
    metadata[key] = kept.map((draft) => finishImage(draft, probes, failures))
    kept.forEach((draft, index) => sources.set(`${key}.${index}`, draft.html))
  }
  listOf('icon', icons)
  listOf('appleTouchIcon', touchIcons)
  if (alternates.size > 0) {
    metadata.alternates = Object.fromEntries(alternates)
    for (const [key, source] of alternateSources) sources.set(`alternates.${key}`, source)
  }
  if (jsonLd.length > 0) {
    metadata.jsonLd = jsonLd
    jsonLdSources.forEach((source, index) => sources.set(`jsonLd.${index}`, source))
  }
  if (customTags.length > 0) {
    metadata.customTags = customTags
    customSources.forEach((source, index) => sources.set(`customTags.${index}`, source))
  }

  const valid = keepValid(metadata, sources, list)
  const withoutSize = [
    ...ogImages.slice(0, METADATA_LIMITS.images + 1),
    ...(twitterImage ? [twitterImage] : []),
    ...icons.slice(0, METADATA_LIMITS.images),
    ...touchIcons.slice(0, METADATA_LIMITS.images),
  ]
    .filter(lacksSize)
    .map((draft) => draft.url)
  return {
    metadata: withinSize(valid, sources, list),
    unmapped,
    withoutSize: [...new Set(withoutSize)],
  }
}

function iconDraft(url: string, attribs: Record<string, string>, html: string): ImageDraft {
  const draft: ImageDraft = { url, html }
  const size = /(\d+)\s*[xX]\s*(\d+)/.exec(attribs.sizes ?? '')
  if (size) {
    draft.width = Number(size[1])
    draft.height = Number(size[2])
  }
  if (attribs.type !== undefined) draft.mimeType = attribs.type.trim()
  return draft
}

/** Sets one og:image:* property on its image; false when Headmark has no field for it. */
function applyImagePart(image: ImageDraft, part: string, value: string): boolean {
  if (part === 'width') image.width ??= pixels(value)
  else if (part === 'height') image.height ??= pixels(value)
  else if (part === 'alt') image.alt ??= value
  else if (part === 'type') image.mimeType ??= value
  else return false
  return true
}

/** Which part of the metadata an issue at `path` refuses: the unit left out as a whole. */
function unitOf(path: readonly PropertyKey[]): string[] {
  const parts = path.map(String)
  const [top = '', second, third] = parts
  if (top === 'openGraph' || top === 'twitter' || top === 'robots') {
    if (second === undefined) return [top]
    if ((second === 'images' || second === 'localeAlternate') && third !== undefined) {
      return [top, second, third]
    }
    return [top, second]
  }
  if (['icon', 'appleTouchIcon', 'jsonLd', 'customTags', 'alternates'].includes(top)) {
    return second === undefined ? [top] : [top, second]
  }
  return [top]
}

function removeUnit(metadata: Metadata, unit: string[]): void {
  const record = metadata as Record<string, unknown>
  const [top = '', second, third] = unit
  if (unit.length === 1) {
    delete record[top]
    return
  }
  const container = record[top] as Record<string, unknown> | unknown[] | undefined
  if (!container) return
  if (unit.length === 2) {
    if (Array.isArray(container)) container[Number(second)] = REMOVED
    else delete container[second as string]
    return
  }
  const inner = (container as Record<string, unknown>)[second as string]
  if (Array.isArray(inner)) inner[Number(third)] = REMOVED
}

const REMOVED = Symbol('removed')

/** Drops the markers of removed items and the containers left empty. */
function compact(metadata: Metadata): void {
  const record = metadata as Record<string, unknown>
  for (const [key, value] of Object.entries(record)) {
    if (Array.isArray(value)) {
      const kept = value.filter((item) => item !== REMOVED)
      if (kept.length === 0) delete record[key]
      else record[key] = kept
    } else if (value && typeof value === 'object' && key !== 'alternates') {
      const inner = value as Record<string, unknown>
      for (const [innerKey, innerValue] of Object.entries(inner)) {
        if (Array.isArray(innerValue)) {
          const kept = innerValue.filter((item) => item !== REMOVED)
          if (kept.length === 0) delete inner[innerKey]
          else inner[innerKey] = kept
        }
      }
      if (Object.keys(inner).length === 0) delete record[key]
    } else if (key === 'alternates' && value && Object.keys(value).length === 0) {
      delete record[key]
    }
  }
  if (record.alternates && Object.keys(record.alternates).length === 0) delete record.alternates
}

/** Moves the sources of list items to the index they have once the removed ones are gone. */
function reindexSources(metadata: Metadata, sources: Map<string, string>): void {
  const record = metadata as Record<string, unknown>
  const lists: Array<[string, unknown]> = [
    ['icon', record.icon],
    ['appleTouchIcon', record.appleTouchIcon],
    ['jsonLd', record.jsonLd],
    ['customTags', record.customTags],
    ['openGraph.images', metadata.openGraph?.images],
    ['openGraph.localeAlternate', metadata.openGraph?.localeAlternate],
  ]
  for (const [prefix, items] of lists) {
    if (!Array.isArray(items) || !items.includes(REMOVED)) continue
    const moved = new Map<string, string>()
    let next = 0
    items.forEach((item, index) => {
      const source = sources.get(`${prefix}.${index}`)
      sources.delete(`${prefix}.${index}`)
      if (item === REMOVED) return
      if (source !== undefined) moved.set(`${prefix}.${next}`, source)
      next += 1
    })
    for (const [key, source] of moved) sources.set(key, source)
  }
}

/** Leaves out, value by value, what the metadata schema refuses, listing it with its message. */
function keepValid(
  metadata: Metadata,
  sources: Map<string, string>,
  list: (html: string, reason: string) => void,
): Metadata {
  for (let round = 0; round < 8; round += 1) {
    const checked = metadataSchema.safeParse(metadata)
    if (checked.success) return metadata
    const done = new Set<string>()
    for (const issue of checked.error.issues) {
      const unit = unitOf(issue.path)
      const key = unit.join('.')
      if (done.has(key)) continue
      done.add(key)
      const source =
        sources.get(key) ??
        [...sources.entries()].find(([sourceKey]) => sourceKey.startsWith(`${key}.`))?.[1] ??
        `<${key}>`
      list(shorten(source), `${issue.path.map(String).join('.') || 'metadata'}: ${issue.message}`)
      removeUnit(metadata, unit)
    }
    reindexSources(metadata, sources)
    compact(metadata)
  }
  // Not reached with the schema as it is; kept so the promise holds whatever it becomes.
  return metadataSchema.safeParse(metadata).success ? metadata : {}
}

/**
 * Keeps the metadata within what one revision may hold (METADATA_MAX_BYTES): structured data,
 * then custom tags, language versions, extra images and icons are left out from the last one,
 * each listed, until it fits.
 */
function withinSize(
  metadata: Metadata,
  sources: Map<string, string>,
  list: (html: string, reason: string) => void,
): Metadata {
  if (metadataBytes(metadata) <= METADATA_MAX_BYTES) return metadata
  const reason = `left out: a page's metadata can hold at most ${METADATA_MAX_BYTES / 1024} KiB`
  const record = metadata as Record<string, unknown>
  const lists: Array<[string, () => unknown[] | undefined, () => void]> = [
    ['jsonLd', () => metadata.jsonLd, () => delete record.jsonLd],
    ['customTags', () => metadata.customTags, () => delete record.customTags],
    ['openGraph.images', () => metadata.openGraph?.images, () => delete metadata.openGraph?.images],
    ['icon', () => metadata.icon, () => delete record.icon],
    ['appleTouchIcon', () => metadata.appleTouchIcon, () => delete record.appleTouchIcon],
  ]
  for (const [prefix, items, clear] of lists) {
    let current = items()
    while (current && current.length > 0 && metadataBytes(metadata) > METADATA_MAX_BYTES) {
      const index = current.length - 1
      current.pop()
      list(sources.get(`${prefix}.${index}`) ?? `<${prefix}>`, reason)
      if (current.length === 0) clear()
      current = items()
    }
  }
  const alternates = metadata.alternates
  if (alternates) {
    for (const key of Object.keys(alternates).reverse()) {
      if (metadataBytes(metadata) <= METADATA_MAX_BYTES) break
      delete alternates[key]
      list(sources.get(`alternates.${key}`) ?? '<alternates>', reason)
    }
    if (Object.keys(alternates).length === 0) delete record.alternates
  }
  // Every other field is short enough by the schema's limits; kept whole if it still did not fit.
  return metadataBytes(metadata) <= METADATA_MAX_BYTES ? metadata : {}
}
