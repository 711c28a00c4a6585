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
// What `escapeJsonLd` escapes.
const SCRIPT_UNSAFE = /[<>&\u2028\u2029]/
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
 * reused: their tags were checked and rendered once. A building block: per request, use
 * {@link compileHtmlHead}.
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

// A tag made by `toHeadTags`: its attribute names are the adapter's own and its URLs were
// checked when it was made, so only the values need escaping.
const renderGenerated: Emit<string> = (tag, value, name, attribute) => {
  if (tag === 'meta')
    return `${metaStart(name as string, attribute)}${escapeHtml(value as string)}">`
  if (tag === 'title') return `<title>${escapeHtml(value as string)}</title>`
  if (tag === 'script') {
    return `<script type="application/ld+json">${escapeJsonLd(value as string)}</script>`
  }
  let html = '<link'
  for (const attribute in value as Record<string, string>) {
    html += ` ${attribute}="${escapeHtml((value as Record<string, string>)[attribute] as string)}"`
  }
  return `${html}>`
}

// The same for `compileHtmlHead`, writing the values as they are and collecting them in
// `unescaped`: one test of them all afterwards costs less than one per value, and finds nothing
// to escape on nearly every page (when it does, the page is rendered again by `renderGenerated`).
// (In an object made for each call: a young object takes the new strings without the write
// barrier a module's variable, long-lived, costs on each.)
let unescaped = { html: '', json: '' }
const clean = () => !HTML_UNSAFE.test(unescaped.html) && !SCRIPT_UNSAFE.test(unescaped.json)
// The start of each generated meta by the number of its key in the engine under way, with the
// name and attribute it was made for (a key may be spelled several ways, and its number reused
// after the engine forgets its keys): an array lookup, where `metaStart` looks up a name.
let idStarts: string[] = []
let idNames: string[] = []
let idAttributes: Array<string | undefined> = []
// The JSON-LD texts written as they are, tested for what `escapeJsonLd` escapes.
const renderUnescaped: Emit<string> = (tag, value, name, attribute, id) => {
  if (tag === 'meta') {
    unescaped.html += value as string
    const at = id as number
    let start = idStarts[at]
    if (start === undefined || idNames[at] !== name || idAttributes[at] !== attribute) {
      start = idStarts[at] = metaStart(name as string, attribute)
      idNames[at] = name as string
      idAttributes[at] = attribute
    }
    return `${start}${value as string}">`
  }
  if (tag === 'title') {
    unescaped.html += value as string
    return `<title>${value as string}</title>`
  }
  if (tag === 'script') {
    unescaped.json += value as string
    return `<script type="application/ld+json">${value as string}</script>`
  }
  // The links `generateTags` makes, attributes in its order: a language version (`rel`,
  // `hreflang`, `href`), a canonical (`rel`, `href`), an icon (`rel`, `href`, `type`, `sizes`).
  // `rel` is the package's own.
  const attrs = value as Record<string, string>
  const { rel, href } = attrs
  unescaped.html += href
  if ('hreflang' in attrs) {
    unescaped.html += attrs.hreflang
    return `<link rel="${rel}" hreflang="${attrs.hreflang}" href="${href}">`
  }
  if (!('type' in attrs)) return `<link rel="${rel}" href="${href}">`
  unescaped.html += attrs.type
  if (!('sizes' in attrs)) return `<link rel="${rel}" href="${href}" type="${attrs.type}">`
  unescaped.html += attrs.sizes
  return `<link rel="${rel}" href="${href}" type="${attrs.type}" sizes="${attrs.sizes}">`
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
 * once. What to call per request on a server that writes its own `<head>`. A fallback built
 * per request (a post's own title) is the second argument, over the compiled fallback and under
 * the page's metadata. A metadata object's tags are kept from its second render, as
 * `compileHead` keeps them: replace what it holds rather than change it in place.
 *
 * @example
 * const pageHead = compileHtmlHead({ fallback: { title: 'Acme' } }) // once, at start-up
 * html.replace('</head>', `${pageHead(response?.metadata)}</head>`)
 * pageHead(response?.metadata, { title: post.title }) // with the post's own fallback
 */
export function compileHtmlHead(layers: {
  fallback?: HeadInput | undefined
  override?: HeadInput | undefined
}): (metadata: Metadata | null | undefined, fallback?: HeadInput | null) => string {
  // A page's tags rendered with their values as they are are kept for its next render only when
  // none needed escaping (the escaping engine keeps what it renders).
  const compiled = compileLayers(layers, renderOne, renderUnescaped, clean)
  const escaping = compileLayers(layers, renderOne, renderGenerated)
  const starts: string[] = []
  const names: string[] = []
  const attributes: Array<string | undefined> = []
  return (metadata, fallback) => {
    // The fixed layers were rendered once; the page's tags are rendered with their values as they
    // are, then all those values tested at once, and the page rendered again escaping each value
    // if any needs it.
    unescaped = { html: '', json: '' }
    idStarts = starts
    idNames = names
    idAttributes = attributes
    let parts = compiled(metadata, fallback)
    if (!clean()) parts = escaping(metadata, fallback)
    let html = ''
    for (const part of parts) {
      if (Array.isArray(part)) for (const item of part) html += item
      else html += part as string
    }
    return html
  }
}
