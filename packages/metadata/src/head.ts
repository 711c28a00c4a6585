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

/**
 * A `<script type="application/ld+json">` block of structured data; build it with {@link jsonLd}.
 * Adapters render only JSON-LD scripts, and escape their text again so it can not end the element.
 */
export interface ScriptTag {
  tag: 'script'
  attrs: Readonly<Record<string, string>>
  children: string
}

/** An inline `<style>` element; adapters escape `<` so the text can not end the element. */
export interface StyleTag {
  tag: 'style'
  attrs: Readonly<Record<string, string>>
  children: string
}

/** A framework-neutral head element; adapters turn lists of them into each framework's shape. */
export type HeadTag = TitleTag | MetaTag | LinkTag | ScriptTag | StyleTag

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
  // The common case, decided without copying the string.
  if (/^https?:\/\//.test(url)) return true
  const clean = url.replace(IGNORED_IN_URL, '')
  return !/^[a-z][a-z\d+.-]*:/i.test(clean) || /^(https?:|data:image\/)/i.test(clean)
}

/**
 * Turns a metadata object into a list of head tags. Unset fields produce no tag; `robots` is
 * only emitted when a directive is set (`noindex: true`, `robots.nofollow: true`, …); the
 * canonical, language alternates, images and icons with an unsafe URL are left out; each
 * `jsonLd` object becomes an escaped JSON-LD script, after every other tag. A building block:
 * per request, use {@link compileHead} (or an adapter's compiled function), which makes these
 * tags and merges them with layers prepared once.
 *
 * @example
 * toHeadTags({ title: 'Pricing', noindex: true })
 * // [{ tag: 'title', children: 'Pricing' }, { tag: 'meta', attrs: { name: 'robots', content: 'noindex' } }]
 */
export function toHeadTags(metadata: Metadata): HeadTag[] {
  const tags: HeadTag[] = []
  generateTags(metadata, (...made) => tags.push(generatedTag(...made)))
  return tags
}

/** @internal A generated tag from what {@link generateTags} emits. */
export const generatedTag: Emit<HeadTag> = (tag, value, name, attribute) =>
  tag === 'meta'
    ? {
        tag,
        attrs: (attribute === 'property'
          ? { property: name, content: value }
          : { name, content: value }) as Attrs,
      }
    : tag === 'title'
      ? { tag, children: value as string }
      : tag === 'script'
        ? { tag, attrs: { type: 'application/ld+json' }, children: value as string }
        : { tag, attrs: value as Attrs }

type Attrs = Record<string, string>
/** @internal The elements {@link generateTags} makes. */
export type GeneratedTag = 'title' | 'meta' | 'link' | 'script'
/**
 * @internal Receives each generated tag: a title's text, a meta's content with its name and the
 * attribute that holds the name, a link's attributes, or a JSON-LD script's escaped text; in a
 * compiled head, with the number of its merge key.
 */
export type Emit<T = void> = (
  tag: GeneratedTag,
  value: Attrs | string,
  name?: string,
  attribute?: 'name' | 'property',
  id?: number,
) => T

// `noindex` first, when it or `robots.noindex` is `true`; then each directive in the order of its
// field: a flag that is `true` as its name, a value as `name:value` (`maxSnippet: 50` →
// `max-snippet:50`).
function robotsContent({ noindex, robots }: Metadata): string {
  let directives = (noindex || robots?.noindex) === true ? ', noindex' : ''
  for (const field in robots) {
    const value = robots[field as keyof typeof robots]
    const name = field.replace(/[A-Z]/g, '-$&').toLowerCase()
    if (field !== 'noindex' && value !== false && value !== undefined)
      directives += value === true ? `, ${name}` : `, ${name}:${value}`
  }
  return directives.slice(2)
}

/** @internal Emits the tags of {@link toHeadTags}: a title's text, a meta's or link's attributes. */
export function generateTags(
  metadata: Metadata,
  emit: Emit,
  // `<` as `\u003c`, so the text can not end its element however it is rendered; the adapters
  // escape JSON-LD in full again.
  json = (data: object): string => JSON.stringify(data).replace(/</g, '\\u003c'),
  robots = robotsContent,
): void {
  const og = metadata.openGraph ?? {}
  const twitter = metadata.twitter ?? {}
  // Open Graph tags are written with `property`, every other one (custom tags too) with `name`.
  const meta = (name: string, content: string | number | undefined, custom?: boolean) => {
    if (content !== undefined) {
      emit('meta', `${content}`, name, custom || name[2] !== ':' ? 'name' : 'property')
    }
  }
  const link = (attrs: Attrs) => {
    if (isSafeUrl(attrs.href as string)) emit('link', attrs)
  }
  const icons = (rel: string, list: readonly MetadataImage[] | undefined) => {
    for (const icon of list ?? []) {
      if (!isSafeUrl(icon.url)) continue
      const attrs: Record<string, string> = { rel, href: icon.url, type: icon.mimeType }
      // `sizes="any"` is how a scalable icon says it fits every size.
      if (icon.mimeType === 'image/svg+xml') attrs.sizes = 'any'
      else if (icon.width > 0 && icon.height > 0) attrs.sizes = `${icon.width}x${icon.height}`
      emit('link', attrs)
    }
  }
  const seen: string[] = []
  const ogImage = (image: MetadataImage | undefined) => {
    if (!image || seen.includes(image.url) || !isSafeUrl(image.url)) return
    seen.push(image.url)
    meta('og:image', image.url)
    meta('og:image:width', image.width)
    meta('og:image:height', image.height)
    meta('og:image:type', image.mimeType)
    meta('og:image:alt', image.alt)
  }
  if (metadata.title !== undefined) emit('title', metadata.title)
  meta('description', metadata.description)
  meta('robots', robots(metadata) || undefined)
  // An empty canonical says nothing: no tag.
  if (metadata.canonical) link({ rel: 'canonical', href: metadata.canonical })
  for (const hreflang in metadata.alternates)
    link({ rel: 'alternate', hreflang, href: `${metadata.alternates[hreflang]}` })
  icons('icon', metadata.icon)
  icons('apple-touch-icon', metadata.appleTouchIcon)

  meta('og:title', og.title)
  meta('og:description', og.description)
  meta('og:site_name', og.siteName)
  meta('og:type', og.type)
  if (og.url !== undefined && isSafeUrl(og.url)) meta('og:url', og.url)
  meta('og:locale', og.locale)
  for (const locale of og.localeAlternate ?? []) {
    meta('og:locale:alternate', locale)
  }
  // '' is the Open Graph default ("no determiner"), so it needs no tag.
  if (og.determiner) meta('og:determiner', og.determiner)
  ogImage(og.image)
  for (const image of og.images ?? []) ogImage(image)

  meta('twitter:card', twitter.card)
  meta('twitter:title', twitter.title)
  meta('twitter:description', twitter.description)
  if (twitter.image && isSafeUrl(twitter.image.url)) {
    meta('twitter:image', twitter.image.url)
    meta('twitter:image:alt', twitter.image.alt)
  }

  for (const tag of metadata.customTags ?? []) {
    if (tag.name) meta(tag.name, tag.content, true)
  }
  for (const data of metadata.jsonLd ?? []) emit('script', json(data))
}

// Characters that could end a `<script>` element or an inline script's line early. JSON has no
// `<`, `>` or `&` outside strings, so their `\u` escapes keep the text the same JSON.
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/g
const escapeScriptJson = (json: string): string =>
  /[<>&\u2028\u2029]/.test(json)
    ? json.replace(
        SCRIPT_UNSAFE,
        (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
      )
    : json

/**
 * The text of a JSON-LD script, safe to put between `<script>` and `</script>`: `<`, `>`, `&`,
 * U+2028 and U+2029 are written as `\u` escapes, so a value holding `</script>` can not end the
 * element. Already escaped text comes back unchanged.
 *
 * @example
 * escapeJsonLd('{"name":"</script><script>alert(1)</script>"}')
 * // '{"name":"\u003c/script\u003e\u003cscript\u003ealert(1)\u003c/script\u003e"}'
 */
export function escapeJsonLd(json: string): string {
  return escapeScriptJson(`${json}`)
}

/**
 * Escapes inline CSS for a `<style>` element: every `<` becomes the CSS escape `\3c `, so the
 * text can not end the element.
 *
 * @example
 * escapeCss('a::after { content: "</style>" }') // 'a::after { content: "\3c /style>" }'
 */
export function escapeCss(css: string): string {
  return `${css}`.replace(/</g, '\\3c ')
}

/**
 * A JSON-LD head tag (`<script type="application/ld+json">`) holding `data`, escaped with
 * {@link escapeJsonLd}. Give it an `id` to let a higher layer replace it.
 *
 * @example
 * jsonLd({ '@context': 'https://schema.org', '@type': 'Organization', name: 'Acme' }, { id: 'org' })
 */
export function jsonLd(data: unknown, attrs: Readonly<Record<string, string>> = {}): ScriptTag {
  return {
    tag: 'script',
    attrs: { ...attrs, type: 'application/ld+json' },
    children: escapeScriptJson(JSON.stringify(data) ?? 'null'),
  }
}

/** Whether a head tag is a JSON-LD script, the only kind of script adapters render. */
export const isJsonLd = (tag: HeadTag): tag is ScriptTag =>
  tag.tag === 'script' && `${tag.attrs.type}`.trim().toLowerCase() === 'application/ld+json'

/** Options of {@link alternateLinks}. */
export interface AlternateLinksOptions {
  /** The page's canonical URL. */
  canonical?: string
  /** URL of each language version by `hreflang` (`en`, `fr-CA`, `x-default`). */
  languages?: Readonly<Record<string, string>>
  /** Relative URLs are resolved against it, e.g. `https://acme.com`. */
  baseUrl?: string
}

/**
 * The canonical link and one `<link rel="alternate" hreflang>` per language. URLs that are not
 * `http(s):` or relative are left out, as are relative URLs that `baseUrl` can not resolve.
 *
 * @example
 * alternateLinks({ baseUrl: 'https://acme.com', canonical: '/pricing',
 *   languages: { en: '/pricing', fr: '/fr/tarifs', 'x-default': '/pricing' } })
 * // canonical https://acme.com/pricing, then hreflang en, fr and x-default
 */
export function alternateLinks(options: AlternateLinksOptions): LinkTag[] {
  const links: LinkTag[] = []
  const resolve = (url: string): string | null => {
    if (!isSafeUrl(url)) return null
    if (options.baseUrl === undefined) return url
    try {
      return new URL(url, options.baseUrl).href
    } catch {
      return null
    }
  }
  const canonical = options.canonical === undefined ? null : resolve(options.canonical)
  if (canonical !== null) links.push({ tag: 'link', attrs: { rel: 'canonical', href: canonical } })
  for (const [hreflang, url] of Object.entries(options.languages ?? {})) {
    const href = resolve(url)
    if (href !== null) links.push({ tag: 'link', attrs: { rel: 'alternate', hreflang, href } })
  }
  return links
}

// Structured properties: the parent tag and its `:width`, `:alt`, … children form one group.
const GROUPED = /^(og:image|og:video|og:audio|twitter:image)(:|$)/
// Properties the Open Graph protocol declares as arrays.
const REPEATABLE =
  /^(og:locale:alternate|(article|book):(author|tag)|music:(album|musician|song)|video:(actor|director|tag|writer))$/
// Link relations that describe one set of resources (all icons, …): a higher layer replaces the set.
const LINK_SETS = /^((shortcut |mask-)?icon|apple-touch-icon(-precomposed)?)$/
const LINK_SINGLETONS = /^(canonical|manifest)$/

// Keys of sets start with `+`; `null` means the tag is never deduplicated. The keys of meta
// names are memoised by their spelling: a head has few distinct names and every page repeats them.
const metaKeys = new Map<string, string>()
const MAX_MEMOISED = 4096

/** @internal The merge key of a meta tag by its name or property. */
export function metaKey(spelling: string): string {
  let key = metaKeys.get(spelling)
  if (key === undefined) {
    const name = spelling.toLowerCase()
    const group = GROUPED.exec(name)
    key = group ? `+meta ${group[1]}` : REPEATABLE.test(name) ? `+meta ${name}` : `meta ${name}`
    if (metaKeys.size >= MAX_MEMOISED) metaKeys.clear()
    metaKeys.set(spelling, key)
  }
  return key
}

const present = (value: unknown): value is string | number =>
  value !== undefined && value !== null && `${value}` !== ''

/** @internal A tag's merge key (sets start with `+`), or `null` when nothing identifies it. */
export function keyOf(tag: HeadTag): string | null {
  if (tag.tag === 'title') return 'title'
  const { attrs } = tag
  if (tag.tag === 'meta') {
    if (attrs.charset !== undefined) return 'charset'
    if (present(attrs['http-equiv'])) return `http-equiv ${attrs['http-equiv']}`.toLowerCase()
    // `name` and `property` spellings of `og:*` are the same tag to every crawler.
    if (present(attrs.name)) return metaKey(`${attrs.name}`)
    if (present(attrs.property)) return metaKey(`${attrs.property}`)
    // Nothing identifies this tag (e.g. `itemprop` meta): it is never deduplicated.
    return null
  }
  if (tag.tag === 'link') {
    const rel = `${attrs.rel ?? ''}`.toLowerCase()
    if (LINK_SINGLETONS.test(rel)) return `link ${rel}`
    if (LINK_SETS.test(rel)) return `+link ${rel}`
    if (rel === 'alternate' && attrs.hreflang)
      return `link alternate ${attrs.hreflang}`.toLowerCase()
    return attrs.href ? `link ${rel} ${attrs.href}` : null
  }
  // Scripts and styles are replaced only by one with the same `id`.
  return present(attrs.id) ? `${tag.tag} #${attrs.id}` : null
}

/**
 * Merges three layers of head tags with priority `fallback < generated < override`. A building
 * block: per request, use {@link compileHead} (or an adapter's compiled function), which merges
 * the same way with the fixed layers prepared once.
 *
 * - `<title>`, `charset`, each `http-equiv`, each meta `name`/`property` (spelled either way),
 *   `link rel=canonical`/`manifest` and each `rel=alternate` `hreflang` keep one tag: the last
 *   one of the highest layer that has it.
 * - `og:image`, `og:video`, `og:audio`, `twitter:image` (with their `:width`, `:alt`, … children),
 *   icon links and repeatable properties (`og:locale:alternate`, `article:tag`, …) are sets: a
 *   layer may hold several, and a higher layer that has any replaces the lower layer's whole set.
 * - Other links are keyed by `rel` and `href`, scripts and styles by `id`; nothing is ever
 *   merged by array index.
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
  // Per key: its position in `out` and the layer it holds; a set holds an array of tags.
  const positions = new Map<string, number>()
  const layers: number[] = []
  const out: Array<HeadTag | HeadTag[]> = []
  let layer = 0
  // Plain loops, each set grown in place and one `flat()` at the end: a third faster than a
  // `forEach` with a new array per added set member and `concat(...out)`.
  for (const tags of [fallback, generated, override]) {
    for (const tag of tags) {
      const key = keyOf(tag)
      // `null` (a tag nothing identifies) is never a key in `positions`.
      const at = positions.get(key as string)
      const set = out[at as number]
      if (at === undefined) {
        if (key !== null) positions.set(key, out.length)
        layers[out.length] = layer
        out.push(tag)
      } else if (layers[at] !== layer || (key as string).charCodeAt(0) !== 43) {
        layers[at] = layer
        out[at] = tag
      } else if (Array.isArray(set)) set.push(tag)
      // A set key (`+…`) accumulates within one layer.
      else out[at] = [set as HeadTag, tag]
    }
    layer++
  }
  return out.flat()
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

/** @internal The tags of a layer. */
export const asTags = (input: HeadInput | null | undefined): readonly HeadTag[] =>
  Array.isArray(input) ? input : toHeadTags((input ?? {}) as Metadata)

/**
 * The tags of one page: `fallback`, the page's metadata and `override`, merged by
 * {@link mergeHead}. This is what every adapter renders. Given the same fallback and override
 * again (it remembers the last 16 pairs), it compiles them once (as {@link compileHead}) and
 * reuses them: the same objects, or new ones built for each render with the same contents (a
 * list of the same tag objects, a metadata object with the same field values; a nested object
 * such as `openGraph` must be the same object). A layer changed in place at its top level is
 * noticed, a change deeper inside (a tag's attributes, a nested field) is not: treat layers as
 * values. The page's metadata is read afresh on every call. Per request, prefer
 * {@link compileHead} or an adapter's compiled function; a layer that changes from page to page
 * (a post's own title) is their second argument.
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
  const { fallback, override } = layers
  for (const entry of recentLayers) {
    if (entry && entry.fallback === fallback && entry.override === override) {
      // The same fallback and override again: compiled, and compiled again if either has
      // changed in place since.
      if (
        !entry.head ||
        !sameLayer(fallback, entry.fallbackContents) ||
        !sameLayer(override, entry.overrideContents)
      ) {
        entry.fallbackContents = shallow(fallback)
        entry.overrideContents = shallow(override)
        entry.head = compileResolved({ fallback, override })
      }
      return entry.head(layers.metadata)
    }
  }
  // Layers built for each render are new objects: new objects with the same tags (or the same
  // fields) are the same layers, compiled the second time they are seen too.
  for (const entry of recentLayers) {
    if (
      entry &&
      Array.isArray(fallback) === Array.isArray(entry.fallback) &&
      Array.isArray(override) === Array.isArray(entry.override) &&
      sameLayer(fallback, entry.fallbackContents) &&
      sameLayer(override, entry.overrideContents)
    ) {
      entry.fallback = fallback
      entry.override = override
      entry.head ??= compileResolved({ fallback, override })
      return entry.head(layers.metadata)
    }
  }
  recentLayers[nextRecent] = {
    fallback,
    override,
    fallbackContents: shallow(fallback),
    overrideContents: shallow(override),
  }
  nextRecent = (nextRecent + 1) % recentLayers.length
  return mergeHead(asTags(fallback), asTags(layers.metadata), asTags(override))
}

/** The last head `resolveHead` compiled, and what an adapter needs to convert it fast. */
interface Resolved {
  /** The array returned. */
  tags: readonly HeadTag[]
  /**
   * How it was made, in order: a fixed tag as its index in `fixed`, a tag made from the metadata
   * as itself, a set of tags as an array of those.
   */
  layout: ReadonlyArray<HeadTag | number | ReadonlyArray<HeadTag | number>>
  /** The fixed layers' tags. */
  fixed: readonly HeadTag[]
  /** The fixed tags converted by each adapter, by its conversion function. */
  converted: Map<unknown, unknown[]>
}
let lastResolved: Resolved | undefined

// `compileHead` that remembers what it returned last, for `reuseResolved`.
function compileResolved(
  layers: Omit<HeadLayers, 'metadata'>,
): (metadata: Metadata | null | undefined) => HeadTag[] {
  const fixed: HeadTag[] = []
  const converted = new Map<unknown, unknown[]>()
  // The fixed tags become their index: `compileLayers` converts the fallback, then the override.
  const compiled = compileLayers<HeadTag | number>(
    layers,
    (tag) => fixed.push(tag) - 1,
    generatedTag,
  )
  return (metadata) => {
    const tags: HeadTag[] = []
    const layout = compiled(metadata)
    for (const value of layout) {
      if (typeof value === 'number') tags.push(fixed[value] as HeadTag)
      else if (Array.isArray(value)) {
        for (const item of value)
          tags.push(typeof item === 'number' ? (fixed[item] as HeadTag) : item)
      } else tags.push(value as HeadTag)
    }
    lastResolved = { tags, layout, fixed, converted }
    return tags
  }
}

/**
 * @internal What `resolveHead` has just returned, unchanged, prepared with what was prepared when
 * its layers were compiled: for each tag, its fixed tag converted (once, by `convert`, remembered
 * by that function), or `undefined` for a tag made from the metadata, which the adapter converts
 * knowing how such a tag is made (its attribute names are the package's own, its URLs checked).
 * The adapter walks the list in a loop of its own. `undefined` for any other list, or one changed
 * since.
 */
export function reuseResolved<T>(
  tags: readonly HeadTag[],
  convert: (tag: HeadTag) => T,
): Array<T | undefined> | undefined {
  const resolved = lastResolved
  if (resolved?.tags !== tags) return undefined
  const fixedTags = resolved.fixed
  let fixed = resolved.converted.get(convert) as T[] | undefined
  if (fixed === undefined) {
    fixed = fixedTags.map(convert)
    resolved.converted.set(convert, fixed)
  }
  // Still the same tags in the same places? (A tag is a value: what it holds is not compared.)
  const converted: Array<T | undefined> = []
  for (const value of resolved.layout) {
    if (typeof value === 'number') {
      if (tags[converted.length] !== fixedTags[value]) return undefined
      converted.push(fixed[value])
    } else if (Array.isArray(value)) {
      for (const item of value) {
        if (typeof item === 'number') {
          if (tags[converted.length] !== fixedTags[item]) return undefined
          converted.push(fixed[item])
        } else if (tags[converted.length] !== item) return undefined
        else converted.push(undefined)
      }
    } else if (tags[converted.length] !== value) return undefined
    else converted.push(undefined)
  }
  return converted.length === tags.length ? converted : undefined
}

// The last layers `resolveHead` was given, by identity, with their shallow contents when they
// were seen or compiled (a tag list's tags, a metadata object's fields and values), so that a
// layer changed in place is noticed and a layer built again for each render, with the same
// contents, is recognised.
const recentLayers: Array<
  | {
      fallback: HeadInput | undefined
      override: HeadInput | undefined
      fallbackContents: unknown[]
      overrideContents: unknown[]
      head?: (metadata: Metadata | null | undefined) => HeadTag[]
    }
  | undefined
> = /* @__PURE__ */ Array.from({ length: 16 })
let nextRecent = 0
function shallow(layer: HeadInput | undefined): unknown[] {
  const contents: unknown[] = []
  if (Array.isArray(layer)) contents.push(...layer)
  else for (const field in layer) contents.push(field, (layer as Record<string, unknown>)[field])
  return contents
}
function sameLayer(layer: HeadInput | undefined, contents: readonly unknown[]): boolean {
  let i = 0
  if (Array.isArray(layer)) {
    for (const tag of layer) if (contents[i++] !== tag) return false
  } else {
    for (const field in layer) {
      if (contents[i++] !== field || contents[i++] !== (layer as Record<string, unknown>)[field])
        return false
    }
  }
  return i === contents.length
}

/**
 * Prepares a fallback and an override once and returns the function that resolves a page's
 * head from its metadata: the result equals `resolveHead({ fallback, metadata, override })`,
 * without converting and keying the two fixed layers on every render. Tags are values: do not
 * mutate the layers after compiling them, nor what a page's metadata object holds (`openGraph`,
 * `jsonLd`, `robots`, …) after rendering it: the client's cache hands out the same object for
 * every render of a page, so what an object made is kept from its second render, and only its
 * own fields are compared on each call (a field set again is noticed).
 *
 * The optional second argument is the page's own fallback, built per request (a post's title
 * and canonical URL from the loader's data): it goes over the compiled fallback and under the
 * page's metadata, and only its tags are made and keyed per call.
 *
 * @example
 * const head = compileHead({ fallback: { title: 'Acme' }, override: [jsonLd(organization)] })
 * head(response?.metadata) // HeadTag[]
 * head(response?.metadata, { title: post.title, canonical: post.url }) // with the post's own
 */
export function compileHead(
  layers: Omit<HeadLayers, 'metadata'>,
): (metadata: Metadata | null | undefined, fallback?: HeadInput | null) => HeadTag[] {
  const compiled = compileLayers(layers, (tag) => tag, generatedTag)
  return (metadata, fallback) => {
    const tags: HeadTag[] = []
    for (const value of compiled(metadata, fallback)) {
      if (Array.isArray(value)) tags.push(...value)
      else tags.push(value as HeadTag)
    }
    return tags
  }
}

const NO_METADATA: Metadata = {}
const LATELY = 32

// JSON-LD objects as text, by object: a page's metadata from the client's cache is the same
// object from one render to the next, and serialising is most of the cost of JSON-LD.
const jsonLdText = /* @__PURE__ */ new WeakMap<object, string>()
const serializedJsonLd = (data: object): string => {
  let text = jsonLdText.get(data)
  if (text === undefined) {
    text = JSON.stringify(data).replace(/</g, '\\u003c')
    jsonLdText.set(data, text)
  }
  return text
}

// The robots content, by robots object (for the same reason), and by the top-level `noindex`.
const robotsText = /* @__PURE__ */ new WeakMap<object, Array<string | undefined>>()
const memoisedRobots = (metadata: Metadata): string => {
  const { robots } = metadata
  if (!robots) return robotsContent(metadata)
  const texts = robotsText.get(robots) ?? []
  const slot = metadata.noindex === true ? 1 : 0
  let text = texts[slot]
  if (text === undefined) {
    texts[slot] = text = robotsContent(metadata)
    robotsText.set(robots, texts)
  }
  return text
}

/**
 * @internal The engine of the compiled adapters. The fixed layers are keyed and converted (by `convert`)
 * once, and every key gets a small number, so a call only looks up the generated tags' keys and
 * merges in arrays. It returns the merged values in order, a set as an array of its values; the
 * adapter walks them in a loop of its own (a callback shared by every adapter would be a call
 * V8 can not inline, per tag). `T` must not be an array. The returned function is synchronous and
 * not re-entrant, which is what lets it reuse its bookkeeping arrays between calls.
 */
export function compileLayers<T>(
  layers: Omit<HeadLayers, 'metadata'>,
  convert: (tag: HeadTag) => T,
  convertGenerated: Emit<T>,
  // Whether what was just made from a page's metadata may be kept for its next render (the HTML
  // adapter keeps only values that needed no escaping).
  keep?: () => boolean,
): (
  metadata: Metadata | null | undefined,
  page?: HeadInput | null,
) => ReadonlyArray<T | readonly T[]> {
  const ids = new Map<string, number>()
  const sets: boolean[] = []
  const idOf = (key: string | null): number => {
    if (key === null) return -1
    let id = ids.get(key)
    if (id === undefined) {
      id = ids.size
      ids.set(key, id)
      sets[id] = key.charCodeAt(0) === 43
    }
    return id
  }
  const metaIds = new Map<string, number>()
  const relIds = new Map<string, number>()
  const hreflangIds = new Map<string, number>()
  const fixedKeys: Array<string | null> = []
  const prepare = (input: HeadInput | undefined) => {
    const tags = asTags(input)
    const keys = tags.map(keyOf)
    fixedKeys.push(...keys)
    return { ids: keys.map(idOf), values: tags.map(convert) }
  }
  const fallback = prepare(layers.fallback)
  const override = prepare(layers.override)
  const fixedIds = ids.size
  // Per key: the call that last used it, its position in that call's output and its layer.
  const stamp: number[] = []
  const position: number[] = []
  const layerOf: number[] = []
  let calls = 0

  // The output of the call under way, and its number (the function is not re-entrant).
  let out: Array<T | T[]> = []
  let call = 0
  // The layer of the tags being generated: the page's own fallback (1) or its metadata (2).
  let generating = 2
  const add = (id: number, value: T, layer: number) => {
    if (id < 0) out.push(value)
    else if (stamp[id] !== call) {
      stamp[id] = call
      position[id] = out.length
      layerOf[id] = layer
      out.push(value)
    } else if (layerOf[id] === layer && sets[id]) {
      const at = position[id] as number
      const current = out[at] as T | T[]
      if (Array.isArray(current)) current.push(value)
      else out[at] = [current, value]
    } else {
      out[position[id] as number] = value
      layerOf[id] = layer
    }
  }
  const emitGenerated: Emit = (tag, value, name, attribute) => {
    // The keys `keyOf` would give these tags, known from how they were made; a meta's number
    // is remembered by its name.
    let id: number | undefined
    if (tag === 'meta') {
      id = metaIds.get(name as string)
      if (id === undefined) {
        id = idOf(metaKey(name as string))
        metaIds.set(name as string, id)
      }
    } else if (tag === 'link') {
      // Icons are keyed by `rel`, alternates by `hreflang`: remembered by that.
      const { rel, hreflang } = value as Attrs
      const memo = hreflang === undefined ? relIds : hreflangIds
      const by = (hreflang ?? rel) as string
      id = memo.get(by)
      if (id === undefined) {
        id = idOf(keyOf({ tag, attrs: value as Attrs }))
        memo.set(by, id)
      }
    } else id = tag === 'title' ? idOf('title') : -1
    const converted = convertGenerated(tag, value, name, attribute, id)
    made?.push(id, converted)
    add(id, converted, generating)
  }
  // What each page's metadata made, by metadata object: its tags' key numbers and converted
  // values, with the object's fields and values when they were made. The client's cache hands
  // out the same object for every render of a page until the page changes, so a page is made
  // once per answer; a field set again since is noticed and the page made afresh. An object is
  // kept from its second render within the last LATELY: keeping one costs more than making it,
  // which a server that builds a new object for every request would pay on every call.
  let pages = new WeakMap<object, { fields: unknown[]; made: Array<number | T> }>()
  let made: Array<number | T> | undefined
  const lately: unknown[] = []
  let latelyAt = 0

  return (metadata, pageFallback) => {
    // Custom tag names are open-ended: forget the generated keys now and then. The fixed keys
    // get the same numbers again since they are registered in the same order.
    if (ids.size > fixedIds + MAX_MEMOISED) {
      ids.clear()
      metaIds.clear()
      relIds.clear()
      hreflangIds.clear()
      fixedKeys.forEach(idOf)
      pages = new WeakMap()
    }
    call = ++calls
    out = []
    for (let i = 0; i < fallback.values.length; i++) {
      add(fallback.ids[i] as number, fallback.values[i] as T, 0)
    }
    // The page's own fallback, built per request: only its tags are keyed and converted.
    generating = 1
    if (Array.isArray(pageFallback)) {
      for (const tag of pageFallback) add(idOf(keyOf(tag)), convert(tag), 1)
    } else if (pageFallback) {
      generateTags(pageFallback as Metadata, emitGenerated, serializedJsonLd, memoisedRobots)
    }
    generating = 2
    const page = metadata ?? NO_METADATA
    const known = pages.get(page)
    if (known && sameLayer(page, known.fields)) {
      const tags = known.made
      for (let i = 0; i < tags.length; i += 2) add(tags[i] as number, tags[i + 1] as T, 2)
    } else {
      const again = known !== undefined || lately.includes(page)
      made = again ? [] : undefined
      generateTags(page, emitGenerated, serializedJsonLd, memoisedRobots)
      if (!again) {
        lately[latelyAt] = page
        latelyAt = (latelyAt + 1) % LATELY
      } else if (!keep || keep()) pages.set(page, { fields: shallow(page), made: made as [] })
      made = undefined
    }
    for (let i = 0; i < override.values.length; i++) {
      add(override.ids[i] as number, override.values[i] as T, 3)
    }
    return out
  }
}
