import {
  compileLayers,
  escapeCss,
  escapeJsonLd,
  type Emit,
  type HeadInput,
  type HeadTag,
  isJsonLd,
  isSafeUrl,
  reuseResolved,
} from './head.ts'
import type { Metadata } from './types.ts'

export type { HeadInput, HeadTag } from './head.ts'

// Escaping all five characters makes the output safe both in text and in quoted attributes.
const HTML_UNSAFE = /[&<>"']/
const escapeHtml = (value: string): string =>
  HTML_UNSAFE.test(value) ? value.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`) : value

const ATTRIBUTE_NAME = /^[a-z_:][a-z\d_:.-]*$/i
const URL_ATTRIBUTES = new Set(['href', 'src', 'action', 'formaction'])
const REFRESH_URL = /url\s*=\s*['"]?(.*)$/i

function isSafe(name: string, value: string, attrs: Readonly<Record<string, string>>): boolean {
  if (URL_ATTRIBUTES.has(name.toLowerCase())) return isSafeUrl(value)
  if (name === 'content' && `${attrs['http-equiv']}`.toLowerCase() === 'refresh') {
    return isSafeUrl(REFRESH_URL.exec(value)?.[1] ?? '')
  }
  return true
}

function renderAttributes(attrs: Readonly<Record<string, string>>): string | null {
  let html = ''
  for (const [name, raw] of Object.entries(attrs)) {
    const value = `${raw}`
    // A name that could break out of the tag is dropped; an unsafe URL drops the whole tag,
    // since a link without its target (or a refresh without its URL) means something else.
    if (!ATTRIBUTE_NAME.test(name)) continue
    if (!isSafe(name, value, attrs)) return null
    html += ` ${name}="${escapeHtml(value)}"`
  }
  return html
}

/**
 * Renders head tags as an HTML string for any server that writes its own `<head>`. Every text
 * and attribute value is escaped, attribute names that are not plain names are dropped, and
 * tags whose `href`/`src` (or `http-equiv=refresh` target) is not a safe URL are left out.
 * Only `title`, `meta`, `link`, JSON-LD `script` (its JSON escaped with `escapeJsonLd`, so
 * `</script>` in a value can not end it) and `style` (with `<` escaped) elements are produced.
 *
 * Given the list `resolveHead` has just returned, unchanged, the layers `resolveHead` compiled are
 * reused: their tags were checked and rendered once. Per request, {@link compileHtmlHead} remains
 * the fastest.
 *
 * @example
 * renderHead(toHeadTags({ title: 'Pricing', description: 'Plans & prices' }))
 * // '<title>Pricing</title><meta name="description" content="Plans &#38; prices">'
 */
export function renderHead(tags: readonly HeadTag[]): string {
  let html = ''
  // What `resolveHead` has just returned: its fixed layers were checked and rendered once.
  const rendered = reuseResolved(tags, renderOne)
  if (rendered) {
    for (let i = 0; i < tags.length; i++) html += rendered[i] ?? renderResolved(tags[i] as HeadTag)
    return html
  }
  for (const tag of tags) {
    if (tag.tag === 'title') html += `<title>${escapeHtml(`${tag.children}`)}</title>`
    else if (tag.tag === 'meta' || tag.tag === 'link') {
      const attributes = renderAttributes(tag.attrs)
      if (attributes !== null) html += `<${tag.tag}${attributes}>`
    } else if (tag.tag === 'script' ? isJsonLd(tag) : tag.tag === 'style') {
      const attributes = renderAttributes(tag.attrs)
      const text = tag.tag === 'script' ? escapeJsonLd(tag.children) : escapeCss(tag.children)
      if (attributes !== null) html += `<${tag.tag}${attributes}>${text}</${tag.tag}>`
    }
  }
  return html
}

const renderOne = (tag: HeadTag): string => renderHead([tag])

// The start of a generated meta up to its content, by name (`name`) or property: pages repeat
// the same few names.
const metaStarts = [new Map<string, string>(), new Map<string, string>()]
function metaStart(name: string, attribute: 'name' | 'property' | undefined): string {
  const property = attribute === 'property'
  const starts = metaStarts[property ? 1 : 0] as Map<string, string>
  let start = starts.get(name)
  if (start === undefined) {
    start = `<meta ${property ? 'property' : 'name'}="${escapeHtml(name)}" content="`
    if (starts.size >= 4096) starts.clear()
    starts.set(name, start)
  }
  return start
}

// The values `renderGenerated` wrote without escaping them, when `compileHtmlHead` asks it to:
// one test of them all afterwards costs less than one per value, and finds nothing to escape on
// nearly every page. `undefined`: escape each value.
let unescaped: string | undefined
const value = (text: string): string => {
  if (unescaped === undefined) return escapeHtml(text)
  unescaped += text
  return text
}

// A tag made by `toHeadTags`: its attribute names are the adapter's own and its URLs were
// checked when it was made, so only the values need escaping.
const renderGenerated: Emit<string> = (tag, content, name, attribute) => {
  if (tag === 'meta') return `${metaStart(name as string, attribute)}${value(content as string)}">`
  if (tag === 'title') return `<title>${value(content as string)}</title>`
  if (tag === 'script') {
    return `<script type="application/ld+json">${escapeJsonLd(content as string)}</script>`
  }
  let html = '<link'
  for (const attribute in content as Record<string, string>) {
    html += ` ${attribute}="${value((content as Record<string, string>)[attribute] as string)}"`
  }
  return `${html}>`
}

// A tag `resolveHead` made from the metadata: a meta's name is the package's own, so only its
// values need escaping; a link is checked again, as it may have been given other attributes since.
function renderResolved(tag: HeadTag): string {
  if (tag.tag !== 'meta') {
    return tag.tag === 'link'
      ? renderOne(tag)
      : renderGenerated(tag.tag as 'title' | 'script', tag.children)
  }
  const { name, property, content } = tag.attrs
  return name === undefined
    ? renderGenerated('meta', content as string, property, 'property')
    : renderGenerated('meta', content as string, name, 'name')
}

/**
 * Prepares a fallback and an override once and returns the function that renders a page's
 * head as HTML from its metadata: equal to `renderHead(resolveHead({ fallback, metadata,
 * override }))`, several times faster, since the fixed layers are merged, checked and rendered
 * once. What to call per request on a server that writes its own `<head>`.
 *
 * @example
 * const pageHead = compileHtmlHead({ fallback: { title: 'Acme' } }) // once, at start-up
 * html.replace('</head>', `${pageHead(response?.metadata)}</head>`)
 */
export function compileHtmlHead(layers: {
  fallback?: HeadInput | undefined
  override?: HeadInput | undefined
}): (metadata: Metadata | null | undefined) => string {
  const compiled = compileLayers(layers, renderOne, renderGenerated)
  return (metadata) => {
    // The fixed layers were rendered once; the page's tags are rendered as they are, then all
    // their values tested at once, and rendered again escaping each one if any needs it.
    let parts
    try {
      unescaped = ''
      parts = compiled(metadata)
      if (HTML_UNSAFE.test(unescaped)) {
        unescaped = undefined
        parts = compiled(metadata)
      }
    } finally {
      unescaped = undefined
    }
    let html = ''
    for (const part of parts) {
      if (Array.isArray(part)) for (const item of part) html += item
      else html += part as string
    }
    return html
  }
}
