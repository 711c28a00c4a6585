import type { Metadata, MetadataImage } from '@headmark/metadata'
import { toHeadTags } from '@headmark/metadata'
import { renderHead } from '@headmark/metadata/html'
import { Parser } from 'htmlparser2'
import { type ImageProbe, readHead, readRobots } from '../crawler/parse-head.ts'
import { sameJson } from '../domain/served-metadata.ts'

// Compares what a path should serve (servedMetadata: the site's defaults, rules and the page's
// revision) with what the site served one user agent. Pure: the caller fetches.
//
// How the SDK builds a head decides what counts as drift. It merges three layers, lowest first:
// the site's fallback, Headmark's metadata, the site's override (packages/metadata mergeHead).
// So, on a page where the SDK runs with the current revision:
// - a field Headmark serves always has a tag (neither layer can remove one): missing = drift;
// - a field Headmark does not serve may have the site's fallback tag: not drift;
// - a field served with another value is the site's override (not drift), unless the value is
//   the one an earlier revision served (a stale cache: drift), or nothing shows that Headmark's
//   layer is on the page at all (the SDK is not installed, or could not reach Headmark and served
//   the fallback). Only a field the site's own tags would not serve anyway shows it: a page's
//   title, description, images or structured data as Headmark has them (this revision's or an
//   earlier one's), its canonical URL where that names another page. The site's name, types,
//   card, icons, custom tags, language versions and robots, and a canonical URL naming the page
//   itself, are what a fallback serves too. Such fields must be at least as many as the page's
//   own fields served with other values: a site overrides a field or two, it does not replace
//   Headmark's head.
// - a title may be served inside the site's own template: Next.js puts the title every page's
//   metadata returns, Headmark's too, into a layout's `title.template` (`%s | Acme`), and
//   `openGraph.title` and `twitter.title` into theirs. Such a title is Headmark's (or, inside the
//   template, an earlier revision's: stale).
// Both sides are read by the same parser (the intended head is rendered by the SDK first), so
// spelling (robots order, URL forms, entity escaping) never counts as a difference.
//
// The head ends where the HTML parser of a browser ends it: `</head>`, `<body>`, or the first
// element or text a head can not hold (a `<div>`, an `<img>`): tags after that are in <body>,
// where search engines do not read metadata (structured data excepted: it is read anywhere).

/** What one managed field looks like on the page. */
export type FieldState =
  | 'match'
  /** Headmark serves it, the page does not. */
  | 'missing'
  /** The page has it, but in <body>. */
  | 'in-body'
  /** Another value, and the SDK's metadata is not what the page shows. */
  | 'different'
  /** Another value an earlier revision served: a cache serves an old head. */
  | 'stale'
  /** Another value while the rest of Headmark's head is served: the site's override wins. */
  | 'overridden'

export interface FieldComparison {
  /** `title`, `openGraph.images`, `customTags.theme-color`, `alternates.de`, `jsonLd.Product`… */
  field: string
  state: FieldState
  intended: unknown
  /** `undefined` when the page has no such tag in its head. */
  served: unknown
}

export type FindingKind =
  | 'http-status'
  | 'not-installed'
  | 'missing'
  | 'in-body'
  | 'different'
  | 'stale'
  | 'overridden'
  | 'site-fallback'
  | 'duplicate'
  | 'unintended-noindex'
  | 'unintended-indexable'
  | 'canonical-elsewhere'
  /** An image a card shows is unreachable, not an image, or smaller than the network's minimum. */
  | 'image'

export interface Finding {
  kind: FindingKind
  /** The field concerned, as in {@link FieldComparison.field}. */
  field?: string
  /** Words for the page's owner. */
  message: string
  /** Whether crawlers get something other than what the page should serve. */
  drift: boolean
  intended?: unknown
  served?: unknown
}

export interface ServedPage {
  /** The URL asked for (the path on the site's host). */
  url: string
  /** Where redirects led, when they did. */
  finalUrl?: string
  status: number
  /** The page as served: its head at least, its body too when there is one to check. */
  html: string
  /** Response headers, names in any case (`X-Robots-Tag` is read). */
  headers?: Record<string, string | string[] | undefined>
  /** The User-Agent it was fetched as: `googlebot` / `bingbot` robots tags apply to those only. */
  userAgent?: string
}

export interface Comparison {
  /** Whether crawlers of this user agent get something other than the intended head. */
  drifting: boolean
  findings: Finding[]
  /** Every field Headmark serves for the path, with its state. */
  fields: FieldComparison[]
  /** What the page serves, read as Headmark's metadata object (its head, and structured data anywhere). */
  served: Metadata
  /** Whether crawlers of this user agent are told not to index the page. */
  servedNoindex: boolean
}

// ---------------------------------------------------------------------------------------------
// Where the head ends

interface RawTag {
  name: string
  attribs: Record<string, string>
  html: string
}

interface SplitPage {
  head: RawTag[]
  body: RawTag[]
  /** What ended the head before `</head>`/`<body>`, when something did: `<div>`, `text "Hello"`. */
  closedBy?: string
}

/** Elements a head holds: anything else begins the body (HTML's "in head" insertion mode). */
const HEAD_ELEMENTS = new Set([
  'title',
  'meta',
  'link',
  'base',
  'script',
  'style',
  'noscript',
  'template',
  'basefont',
  'bgsound',
])
/** Elements whose content is never read for metadata. */
const OPAQUE = new Set(['noscript', 'template', 'style', 'svg', 'math', 'iframe'])
const isMetadataTag = (name: string, attribs: Record<string, string>) =>
  name === 'title' ||
  name === 'meta' ||
  name === 'link' ||
  name === 'base' ||
  (name === 'script' && (attribs.type ?? '').trim().toLowerCase() === 'application/ld+json')

function splitPage(html: string): SplitPage {
  const head: RawTag[] = []
  const body: RawTag[] = []
  let mode: 'head' | 'after-head' | 'body' = 'head'
  let closedBy: string | undefined
  let opaque: { name: string; depth: number } | null = null
  let open: { name: string; attribs: Record<string, string>; start: number } | null = null
  const startBody = (by: string | undefined) => {
    mode = 'body'
    if (by !== undefined) closedBy = by
  }
  const parser: Parser = new Parser(
    {
      onopentag(name, attribs) {
        if (opaque) {
          if (name === opaque.name) opaque.depth++
          return
        }
        if (open) return
        if (name === 'html' || (name === 'head' && mode !== 'body')) return
        if (mode !== 'body') {
          if (name === 'body') return startBody(undefined)
          if (!HEAD_ELEMENTS.has(name)) startBody(mode === 'head' ? `<${name}>` : undefined)
        }
        if (OPAQUE.has(name) || (name === 'script' && !isMetadataTag(name, attribs))) {
          opaque = { name, depth: 1 }
          return
        }
        if (!isMetadataTag(name, attribs)) return
        if (name === 'title' || name === 'script') {
          open = { name, attribs, start: parser.startIndex }
          return
        }
        const tag = { name, attribs, html: html.slice(parser.startIndex, parser.endIndex + 1) }
        ;(mode === 'body' ? body : head).push(tag)
      },
      ontext(text) {
        if (opaque || open || mode === 'body' || !/\S/.test(text)) return
        const shown = text.trim().replace(/\s+/g, ' ')
        startBody(
          mode === 'head'
            ? `text "${shown.length > 24 ? `${shown.slice(0, 23)}…` : shown}"`
            : undefined,
        )
      },
      onclosetag(name) {
        if (opaque) {
          if (name === opaque.name && --opaque.depth === 0) opaque = null
          return
        }
        if (open && name === open.name) {
          const tag = {
            name: open.name,
            attribs: open.attribs,
            html: html.slice(open.start, parser.endIndex + 1),
          }
          ;(mode === 'body' ? body : head).push(tag)
          open = null
        } else if (name === 'head' && mode === 'head') mode = 'after-head'
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  )
  parser.write(html)
  parser.end()
  return closedBy ? { head, body, closedBy } : { head, body }
}

// ---------------------------------------------------------------------------------------------
// Reading a head as fields

/** A head's metadata; images named without a size are kept (their size is not compared). */
function readTags(
  tags: readonly RawTag[],
  url: string,
): { metadata: Metadata; unsized: Set<string> } {
  const html = `<head>${tags.map((tag) => tag.html).join('')}</head>`
  const first = readHead(html, url)
  const unsized = new Set(first.withoutSize)
  if (unsized.size === 0) return { metadata: first.metadata, unsized }
  // Give them a size, read again, and remember to compare them by URL and text only.
  const probes = new Map<string, ImageProbe>(
    [...unsized].map((image) => [image, { ok: true, width: 1, height: 1, mimeType: 'image/png' }]),
  )
  return { metadata: readHead(html, url, probes).metadata, unsized }
}

const imageKey = (image: MetadataImage, unsized: ReadonlySet<string>) =>
  unsized.has(image.url)
    ? { url: image.url, alt: image.alt }
    : { url: image.url, alt: image.alt, width: image.width, height: image.height }

/** The fields of a metadata object, by key (`openGraph.title`); `noindex` is left to its own check. */
function fieldsOf(metadata: Metadata, unsized: ReadonlySet<string>): Map<string, unknown> {
  const out = new Map<string, unknown>()
  const images = (list: readonly MetadataImage[] | undefined) =>
    list?.map((image) => imageKey(image, unsized))
  for (const key of ['title', 'description', 'canonical'] as const) {
    if (metadata[key] !== undefined) out.set(key, metadata[key])
  }
  for (const key of ['icon', 'appleTouchIcon'] as const) {
    if (metadata[key]?.length) out.set(key, images(metadata[key]))
  }
  for (const [lang, href] of Object.entries(metadata.alternates ?? {})) {
    out.set(`alternates.${lang.toLowerCase()}`, href)
  }
  for (const [key, value] of Object.entries(metadata.openGraph ?? {})) {
    if (value === undefined) continue
    out.set(
      `openGraph.${key}`,
      key === 'images'
        ? images(value as MetadataImage[])
        : key === 'image'
          ? imageKey(value as MetadataImage, unsized)
          : value,
    )
  }
  for (const [key, value] of Object.entries(metadata.twitter ?? {})) {
    if (value === undefined) continue
    out.set(`twitter.${key}`, key === 'image' ? imageKey(value as MetadataImage, unsized) : value)
  }
  for (const [key, value] of Object.entries(metadata.robots ?? {})) {
    if (key !== 'noindex' && value !== undefined && value !== false) out.set(`robots.${key}`, value)
  }
  for (const tag of metadata.customTags ?? []) {
    out.set(`customTags.${tag.name.toLowerCase()}`, tag.content)
  }
  return out
}

/** Fields a site's template may put a title in (Next.js: `title`, `openGraph.title`, `twitter.title`). */
const TITLE_FIELDS = new Set(['title', 'openGraph.title', 'twitter.title'])

// A template sets the title apart from its own words: ` | Acme`, `Acme: `, ` — Acme`, `🚀 `. A
// hyphen or an apostrophe against the title joins words (`Pricing-free`, `Pricing's`).
const TEMPLATE_BEFORE = /(?:[^\p{L}\p{N}\p{M}\s'’-]|\s-)\s*$/u
const TEMPLATE_AFTER = /^\s*(?:[^\p{L}\p{N}\p{M}\s'’-]|-\s)/u

/**
 * How many characters of a served title are the site's template around `title`: 0 when it is
 * `title` itself, null when `title` is not in it, or not set apart as a template sets it.
 *
 * @example
 * inTemplate('Pricing | Acme', 'Pricing') // 7
 * inTemplate('Pricing plans', 'Pricing') // null
 */
function inTemplate(served: string, title: string): number | null {
  if (served === title) return 0
  if (title.trim() === '') return null
  for (let at = served.indexOf(title); at !== -1; at = served.indexOf(title, at + 1)) {
    const before = served.slice(0, at)
    const after = served.slice(at + title.length)
    if (
      (before.trim() === '' || TEMPLATE_BEFORE.test(before)) &&
      (after.trim() === '' || TEMPLATE_AFTER.test(after))
    ) {
      return served.length - title.length
    }
  }
  return null
}

/**
 * Fields a site's own tags commonly serve with Headmark's very value (its name, types, card,
 * icons, custom tags, language versions, robots): a match there does not show that the SDK is on
 * the page. The canonical URL and `og:url` join them when they name the page itself.
 */
const SITE_WIDE_FIELD =
  /^(openGraph\.(siteName|type|locale|localeAlternate|determiner)|twitter\.card|icon|appleTouchIcon|alternates\..+|robots\..+|customTags\..+)$/
const siteWide = (field: string, value: unknown, url: string) =>
  SITE_WIDE_FIELD.test(field) ||
  ((field === 'canonical' || field === 'openGraph.url') &&
    typeof value === 'string' &&
    normalUrl(value, url) === normalUrl(url, url))

/** A structured data item's label: its @type, else its position. */
const jsonLdLabel = (item: unknown, index: number) => {
  const type = (item as { '@type'?: unknown } | null)?.['@type']
  return `jsonLd.${typeof type === 'string' ? type : Array.isArray(type) ? type.join(',') : index + 1}`
}

/** The intended metadata as the SDK renders it, read back by the same parser as the page. */
function rendered(metadata: Metadata, url: string): Metadata {
  const html = renderHead(toHeadTags(metadata))
  return readHead(`<head>${html}</head>`, url).metadata
}

// ---------------------------------------------------------------------------------------------
// Robots

/** The robots meta names that speak to a user agent: `robots`, and `googlebot` to Googlebot… */
function robotsNames(userAgent: string | undefined): string[] {
  const agent = (userAgent ?? '').toLowerCase()
  const names = ['robots']
  for (const bot of ['googlebot', 'bingbot']) if (agent.includes(bot)) names.push(bot)
  return names
}

function headerValues(headers: ServedPage['headers'], name: string): string[] {
  const out: string[] = []
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() !== name || value === undefined) continue
    out.push(...(Array.isArray(value) ? value : [value]))
  }
  return out
}

/** Where a `noindex` for this user agent comes from, or null. */
function noindexSource(page: ServedPage, head: readonly RawTag[]): string | null {
  const names = robotsNames(page.userAgent)
  for (const tag of head) {
    const name = (tag.attribs.name ?? '').trim().toLowerCase()
    if (
      tag.name === 'meta' &&
      names.includes(name) &&
      readRobots(tag.attribs.content ?? '').noindex
    ) {
      return tag.html
    }
  }
  for (const value of headerValues(page.headers, 'x-robots-tag')) {
    // `X-Robots-Tag: googlebot: noindex` speaks to one crawler; without a name, to all.
    const named = /^\s*([a-z][\w-]*)\s*:\s*(.*)$/i.exec(value)
    const agent = named?.[1]?.toLowerCase()
    const directives =
      named && agent && !/^(max-|unavailable_after)/.test(agent) ? (named[2] ?? '') : value
    if (named && agent && directives !== value && !names.includes(agent)) continue
    if (readRobots(directives).noindex) return `X-Robots-Tag: ${value}`
  }
  return null
}

// ---------------------------------------------------------------------------------------------
// Duplicates

/** Tags crawlers read one of: the key, or null for tags that may repeat (images, icons…). */
function singletonKey(tag: RawTag): string | null {
  if (tag.name === 'title') return '<title>'
  if (tag.name === 'link') {
    const rels = (tag.attribs.rel ?? '').toLowerCase().split(/\s+/)
    if (rels.includes('canonical')) return '<link rel="canonical">'
    if (rels.includes('alternate') && tag.attribs.hreflang) {
      return `<link rel="alternate" hreflang="${tag.attribs.hreflang.trim().toLowerCase()}">`
    }
    return null
  }
  if (tag.name !== 'meta') return null
  const name = (tag.attribs.name ?? tag.attribs.property ?? '').trim().toLowerCase()
  if (!name || /^(og:image|og:video|og:audio|twitter:image)(:|$)/.test(name)) return null
  if (/^(og:locale:alternate|article:tag|article:author|book:(author|tag))$/.test(name)) return null
  return `<meta ${tag.attribs.name !== undefined ? 'name' : 'property'}="${name}">`
}

const valueOf = (tag: RawTag) =>
  tag.name === 'link'
    ? (tag.attribs.href ?? '').trim()
    : tag.name === 'title'
      ? tag.html
          .replace(/^<title[^>]*>|<\/title\s*>$/gi, '')
          .replace(/\s+/g, ' ')
          .trim()
      : (tag.attribs.content ?? '').trim()

// ---------------------------------------------------------------------------------------------

const FIELD_WORDS: Record<string, string> = {
  title: 'The title',
  description: 'The description',
  canonical: 'The canonical URL',
  icon: 'The icons',
  appleTouchIcon: 'The Apple touch icons',
  'openGraph.images': 'The Open Graph images',
  'openGraph.image': 'The Open Graph image',
  'twitter.image': "X's image",
}
const fieldWords = (field: string) => FIELD_WORDS[field] ?? `\`${field}\``

/** "The title", "The title and `twitter.card`", "The title, the description and `twitter.card`". */
const wordList = (words: readonly string[]) => {
  const lower = words.map((word, index) => (index === 0 ? word : word.replace(/^The /, 'the ')))
  return lower.length < 2
    ? (lower[0] ?? '')
    : `${lower.slice(0, -1).join(', ')} and ${lower[lower.length - 1]}`
}

/** "None of the 4 fields", "None of the fields" (there is one). */
const noneOf = (count: number) => `None of the ${count === 1 ? '' : `${count} `}fields`

const normalUrl = (raw: string, base: string): string | null => {
  if (!URL.canParse(raw, base)) return null
  const url = new URL(raw, base)
  url.hash = ''
  return url.href
}

/**
 * What a page served, against what its path should serve.
 *
 * @example
 * compareServed({
 *   intended: { title: 'Pricing · Acme' },
 *   page: { url: 'https://acme.com/pricing', status: 200, html: '<title>Acme</title>' },
 * }).findings // [{ kind: 'not-installed', drift: true, … }]
 */
export function compareServed({
  intended,
  previous = [],
  page,
}: {
  /** servedMetadata of the path. */
  intended: Metadata
  /** What the path served before (earlier revisions), newest first: tells a stale cache from an override. */
  previous?: readonly Metadata[]
  page: ServedPage
}): Comparison {
  const url = page.finalUrl ?? page.url
  const split = splitPage(page.html)
  const bodyJsonLd = split.body.filter((tag) => tag.name === 'script')
  const servedRead = readTags([...split.head, ...bodyJsonLd], url)
  const served = servedRead.metadata
  const servedNoindexAt = noindexSource(page, split.head)
  const servedNoindex = servedNoindexAt !== null
  const findings: Finding[] = []

  if (page.status < 200 || page.status >= 300) {
    findings.push({
      kind: 'http-status',
      message: `The page answers ${page.status}: crawlers get no metadata from it.`,
      drift: true,
      served: page.status,
    })
    return { drifting: true, findings, fields: [], served, servedNoindex }
  }

  const intendedRead = rendered(intended, url)
  const want = fieldsOf(intendedRead, new Set())
  const have = fieldsOf(served, servedRead.unsized)
  const bodyFields = fieldsOf(
    readTags(
      split.body.filter((tag) => tag.name !== 'script'),
      url,
    ).metadata,
    new Set(),
  )
  const earlier = previous.map((metadata) => fieldsOf(rendered(metadata, url), new Set()))

  // Served values compared without the sizes of images the page names without a size.
  const same = (field: string, a: unknown, b: unknown) => {
    if (sameJson(a, b)) return true
    const strip = (value: unknown): unknown =>
      Array.isArray(value)
        ? value.map(strip)
        : value && typeof value === 'object' && 'url' in value
          ? servedRead.unsized.has((value as { url: string }).url)
            ? { url: (value as MetadataImage).url, alt: (value as MetadataImage).alt }
            : value
          : value
    return field.endsWith('mages') || field.endsWith('image') || field.endsWith('con')
      ? sameJson(strip(a), strip(b))
      : false
  }

  // How far a served value is from one Headmark serves: 0 the same, the length of the site's
  // template around a title, null another value.
  const distance = (field: string, value: unknown, got: unknown): number | null =>
    same(field, value, got)
      ? 0
      : TITLE_FIELDS.has(field) && typeof value === 'string' && typeof got === 'string'
        ? inTemplate(got, value)
        : null
  /** The revision whose value is served: this one, an earlier one, or none. */
  const servedValue = (field: string, value: unknown, got: unknown): 'match' | 'stale' | null => {
    const now = distance(field, value, got)
    if (now === 0) return 'match'
    let then: number | null = null
    for (const fieldsThen of earlier) {
      if (!fieldsThen.has(field)) continue
      const each = distance(field, fieldsThen.get(field), got)
      if (each !== null && (then === null || each < then)) then = each
    }
    // The title the template holds is the longest one in it: of "Pricing | Plans | Acme", the
    // earlier "Pricing | Plans" rather than the current "Pricing".
    if (now !== null && (then === null || now <= then)) return 'match'
    return then === null ? null : 'stale'
  }

  const fields: FieldComparison[] = []
  for (const [field, value] of want) {
    const got = have.get(field)
    let state: FieldState
    if (got === undefined) state = bodyFields.has(field) ? 'in-body' : 'missing'
    else state = servedValue(field, value, got) ?? 'different'
    fields.push({ field, state, intended: value, served: got ?? bodyFields.get(field) })
  }
  // Structured data: each item Headmark serves must be on the page (the site may add its own).
  const wantJsonLd = intendedRead.jsonLd ?? []
  wantJsonLd.forEach((item, index) => {
    const found = (served.jsonLd ?? []).some((other) => sameJson(other, item))
    fields.push({
      field: jsonLdLabel(item, index),
      state: found ? 'match' : 'missing',
      intended: item,
      served: undefined,
    })
  })

  const matchedFields = fields.filter((field) => field.state === 'match')
  const comparable = fields.filter((field) => field.field !== 'canonical')
  const allStale =
    comparable.length > 0 &&
    comparable.every((field) => field.state === 'stale' || field.state === 'match')
  // Headmark's layer is on the page when fields match, and those the site's own tags would not
  // serve anyway, served as Headmark has them (now or before), are no fewer than the page's own
  // fields served otherwise. Then another value is the site's override (it wins by design).
  const shown = fields.filter(
    (field) =>
      (field.state === 'match' || field.state === 'stale') &&
      !siteWide(field.field, field.intended, url),
  ).length
  const otherwise = fields.filter(
    (field) =>
      field.state === 'different' &&
      field.field !== 'canonical' &&
      !siteWide(field.field, field.intended, url),
  ).length
  const sdkServes = matchedFields.length > 0 && shown > 0 && shown >= otherwise
  if (sdkServes) {
    for (const field of fields) if (field.state === 'different') field.state = 'overridden'
  }

  if (fields.length > 0 && matchedFields.length === 0 && !allStale) {
    findings.push({
      kind: 'not-installed',
      drift: true,
      message: fields.some((field) => field.state === 'in-body')
        ? `${noneOf(fields.length)} Headmark manages for this page is in its <head>; some are in <body>, where crawlers do not read them.`
        : `${noneOf(fields.length)} Headmark manages for this page is served: the SDK is not installed on this page, or it could not reach Headmark and served the site's fallback.`,
    })
  } else if (
    !sdkServes &&
    !allStale &&
    fields.some((field) => field.state === 'different' || field.state === 'missing')
  ) {
    const others = fields.length - matchedFields.length
    findings.push({
      kind: 'not-installed',
      drift: true,
      message: `${wordList(matchedFields.map((field) => fieldWords(field.field)))} ${matchedFields.length === 1 ? 'is' : 'are'} what Headmark serves, as the site's own tags may be too, but ${others} of the ${fields.length} fields Headmark manages for this page ${others === 1 ? 'is' : 'are'} not: the SDK is not installed on this page, or it could not reach Headmark and served the site's fallback.`,
    })
  }

  const intendedCanonical = intended.canonical ? normalUrl(intended.canonical, url) : null
  const servedCanonical = served.canonical ? normalUrl(served.canonical, url) : null
  for (const field of fields) {
    if (field.field === 'canonical' && field.state !== 'match' && field.state !== 'in-body')
      continue
    if (field.state === 'match') continue
    const words = fieldWords(field.field)
    const message =
      field.state === 'missing'
        ? `${words} is not served.`
        : field.state === 'in-body'
          ? `${words} is in <body>${split.closedBy ? `: ${split.closedBy} ends the head before it` : ''}; crawlers read metadata in <head> only.`
          : field.state === 'stale'
            ? `${words} is an earlier revision's: a cache serves an old head.`
            : field.state === 'overridden'
              ? `${words} is the site's own (an override in the SDK's setup wins over Headmark).`
              : `${words} is not Headmark's.`
    findings.push({
      kind: field.state,
      field: field.field,
      message,
      drift: field.state !== 'overridden',
      intended: field.intended,
      served: field.served,
    })
  }

  // A field the last revision served and this one does not, still served as it was: stale.
  const removed = new Set<string>()
  for (const [field, value] of earlier[0] ?? []) {
    if (want.has(field) || field === 'canonical' || !have.has(field)) continue
    if (!same(field, value, have.get(field))) continue
    removed.add(field)
    findings.push({
      kind: 'stale',
      field,
      drift: true,
      served: have.get(field),
      message: `${fieldWords(field)} is still served, though the page no longer has it: a cache serves an old head.`,
    })
  }

  // The site's own tags where Headmark serves nothing: its fallback.
  for (const [field, value] of have) {
    if (want.has(field) || field === 'canonical' || removed.has(field)) continue
    findings.push({
      kind: 'site-fallback',
      field,
      drift: false,
      served: value,
      message: `${fieldWords(field)} is the site's own (Headmark serves none for this page).`,
    })
  }

  // The canonical URL: one that names another page tells crawlers to index that one instead.
  const expectedCanonical = intendedCanonical ?? normalUrl(url, url)
  if (servedCanonical !== null && servedCanonical !== expectedCanonical) {
    findings.push({
      kind: 'canonical-elsewhere',
      field: 'canonical',
      drift: true,
      intended: intendedCanonical ?? undefined,
      served: servedCanonical,
      message: intendedCanonical
        ? `The canonical URL points to ${servedCanonical}, not ${intendedCanonical}.`
        : `The canonical URL points to ${servedCanonical}: crawlers index that page instead of this one.`,
    })
  } else if (servedCanonical === null && intendedCanonical !== null) {
    const inBody = fields.some((field) => field.field === 'canonical' && field.state === 'in-body')
    if (!inBody) {
      findings.push({
        kind: 'missing',
        field: 'canonical',
        drift: true,
        intended: intendedCanonical,
        message: 'The canonical URL is not served.',
      })
    }
  }

  const intendedNoindex = intended.noindex === true || intended.robots?.noindex === true
  if (servedNoindex && !intendedNoindex) {
    findings.push({
      kind: 'unintended-noindex',
      field: 'noindex',
      drift: true,
      served: servedNoindexAt,
      message: `Crawlers are told not to index this page (${servedNoindexAt}), and Headmark does not say so.`,
    })
  } else if (!servedNoindex && intendedNoindex) {
    findings.push({
      kind: 'unintended-indexable',
      field: 'noindex',
      drift: true,
      intended: true,
      message: 'The page should not be indexed, but crawlers are not told so.',
    })
  }

  // Tags crawlers read one of, written more than once.
  const byKey = new Map<string, RawTag[]>()
  for (const tag of split.head) {
    const key = singletonKey(tag)
    if (key) byKey.set(key, [...(byKey.get(key) ?? []), tag])
  }
  for (const [key, tags] of byKey) {
    if (tags.length < 2) continue
    const values = [...new Set(tags.map(valueOf))]
    findings.push({
      kind: 'duplicate',
      field: key,
      // The same value twice is untidy; different values leave crawlers to pick one.
      drift: values.length > 1,
      served: values,
      message:
        values.length > 1
          ? `${key} appears ${tags.length} times with different values: crawlers pick one of them.`
          : `${key} appears ${tags.length} times.`,
    })
  }

  // Metadata in <body> not already told above (a field Headmark does not manage).
  const told = new Set(findings.map((finding) => finding.field))
  for (const [field, value] of bodyFields) {
    if (told.has(field) || want.has(field)) continue
    findings.push({
      kind: 'in-body',
      field,
      drift: false,
      served: value,
      message: `${fieldWords(field)} is in <body>${split.closedBy ? `: ${split.closedBy} ends the head before it` : ''}; crawlers read metadata in <head> only.`,
    })
  }

  return {
    drifting: findings.some((finding) => finding.drift),
    findings,
    fields,
    served,
    servedNoindex,
  }
}

/**
 * The fields whose value differs between two served heads (`openGraph.title`, `jsonLd`…): what a
 * save changed, so what must show on the site before the save is live.
 */
export function changedFields(
  intended: Metadata,
  previous: Metadata | null,
  url: string,
): string[] {
  const now = fieldsOf(rendered(intended, url), new Set())
  const before = fieldsOf(rendered(previous ?? {}, url), new Set())
  const out = new Set<string>()
  for (const [field, value] of now) if (!sameJson(value, before.get(field))) out.add(field)
  for (const field of before.keys()) if (!now.has(field)) out.add(field)
  if (!sameJson(intended.jsonLd ?? [], previous?.jsonLd ?? [])) out.add('jsonLd')
  if ((intended.noindex === true) !== (previous?.noindex === true)) out.add('noindex')
  return [...out]
}

/**
 * Whether a page shows a save: nothing stale, the SDK's head served, and every changed field
 * served with its new value (a changed field the site overrides never shows).
 */
export function showsSave(comparison: Comparison, changed: readonly string[]): boolean {
  const fields = new Set(changed)
  return !comparison.findings.some(
    (finding) =>
      finding.kind === 'stale' ||
      finding.kind === 'not-installed' ||
      finding.kind === 'http-status' ||
      (finding.drift && finding.field !== undefined && fields.has(finding.field)) ||
      (finding.field?.startsWith('jsonLd.') === true && fields.has('jsonLd')) ||
      (finding.kind === 'overridden' && finding.field !== undefined && fields.has(finding.field)),
  )
}
