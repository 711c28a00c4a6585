import type { MetadataClient } from './client.ts'
import {
  compileLayers,
  escapeCss,
  escapeJsonLd,
  type Emit,
  type HeadInput,
  type HeadTag,
  isJsonLd,
  reuseResolved,
} from './head.ts'
import type { Metadata } from './types.ts'

export type { HeadInput, HeadTag } from './head.ts'

/**
 * What a TanStack Router/Start `head` function returns: `meta` (with the title) and `links`,
 * plus `scripts` (JSON-LD) and `styles` when there are any.
 */
export interface TanStackHead {
  meta: Array<Record<string, string>>
  links: Array<Record<string, string>>
  scripts?: Array<Record<string, string>>
  styles?: Array<Record<string, string>>
}

/** The part of TanStack's `head` context used to find the page path. */
export interface TanStackHeadContext {
  match: { pathname: string }
}

// React spells these attributes in camelCase; TanStack renders the props with React.
const REACT_NAMES = new Map([
  ['charset', 'charSet'],
  ['http-equiv', 'httpEquiv'],
  ['hreflang', 'hrefLang'],
  ['crossorigin', 'crossOrigin'],
  ['referrerpolicy', 'referrerPolicy'],
  ['fetchpriority', 'fetchPriority'],
  ['imagesrcset', 'imageSrcSet'],
  ['imagesizes', 'imageSizes'],
])

const META = 0
const LINK = 1
const SCRIPT = 2
const STYLE = 3
/** A tag in TanStack's shape and the list it goes to. */
interface Item {
  list: number
  props: Record<string, string>
}
/** What a tag TanStack is not given becomes. */
const DROPPED: Item = { list: -1, props: {} }

function reactProps(attrs: Readonly<Record<string, string>>): Record<string, string> {
  const props: Record<string, string> = {}
  for (const name in attrs) {
    if (Object.hasOwn(attrs, name)) props[REACT_NAMES.get(name) ?? name] = attrs[name] as string
  }
  return props
}

function toItem(tag: HeadTag): Item {
  switch (tag.tag) {
    case 'title':
      return { list: META, props: { title: tag.children } }
    case 'meta':
      return { list: META, props: reactProps(tag.attrs) }
    case 'link':
      return { list: LINK, props: reactProps(tag.attrs) }
    case 'script':
      // TanStack writes `children` as raw HTML: only JSON-LD, escaped again, gets through.
      return isJsonLd(tag)
        ? {
            list: SCRIPT,
            props: { ...reactProps(tag.attrs), children: escapeJsonLd(tag.children) },
          }
        : DROPPED
    case 'style':
      return { list: STYLE, props: { ...reactProps(tag.attrs), children: escapeCss(tag.children) } }
    default:
      return DROPPED
  }
}

// A generated link as it is, or an alternate with `hreflang` spelled as React spells it.
const alternateProps = (attrs: Readonly<Record<string, string>>): Record<string, string> => {
  const { hreflang } = attrs
  return hreflang === undefined
    ? attrs
    : { rel: 'alternate', hrefLang: hreflang, href: attrs.href as string }
}

// Tags made by `toHeadTags` only use names React spells the same way (an alternate's `hreflang`
// aside): a link's attributes can be handed over as they are.
const generatedItem: Emit<Item> = (tag, value, name, attribute) =>
  tag === 'meta'
    ? {
        list: META,
        props: (attribute === 'property'
          ? { property: name, content: value }
          : { name, content: value }) as Record<string, string>,
      }
    : tag === 'title'
      ? { list: META, props: { title: value as string } }
      : tag === 'script'
        ? {
            list: SCRIPT,
            props: { type: 'application/ld+json', children: escapeJsonLd(value as string) },
          }
        : { list: LINK, props: alternateProps(value as Record<string, string>) }

type Lists = Array<Array<Record<string, string>>>
function collect(fill: (lists: Lists) => void): TanStackHead {
  const meta: Array<Record<string, string>> = []
  const links: Array<Record<string, string>> = []
  const scripts: Array<Record<string, string>> = []
  const styles: Array<Record<string, string>> = []
  fill([meta, links, scripts, styles])
  const head: TanStackHead = { meta, links }
  if (scripts.length > 0) head.scripts = scripts
  if (styles.length > 0) head.styles = styles
  return head
}

// A tag `resolveHead` made from the metadata, into its list: its attribute names are the ones
// React spells the same way (an alternate's `hreflang` aside), so a meta's attributes are its
// props as they are.
function addResolved(lists: Lists, tag: HeadTag): void {
  if (tag.tag === 'meta') lists[META]?.push(tag.attrs)
  else if (tag.tag === 'title') lists[META]?.push({ title: tag.children })
  else if (tag.tag === 'link') lists[LINK]?.push(alternateProps(tag.attrs))
  else {
    lists[SCRIPT]?.push({
      type: 'application/ld+json',
      children: escapeJsonLd((tag as { children: string }).children),
    })
  }
}

/**
 * Converts head tags to the shape of a TanStack `head` function: `{ meta, links }`, plus
 * `scripts` for JSON-LD (escaped, so `</script>` in a value can not end the element; other
 * scripts are left out) and `styles` (with `<` escaped). Given the list `resolveHead` has just
 * returned, unchanged, it reuses the layers `resolveHead` compiled: their tags are converted once,
 * and a meta made from the page's metadata is handed over with its own attributes object. Tags are
 * values: do not mutate the returned objects. A building block: per request, use
 * {@link createHead} or {@link compileTanStackHead}, which take a fallback built per render as
 * their second argument.
 *
 * @example
 * toTanStackHead([{ tag: 'title', children: 'Acme' }, { tag: 'link', attrs: { rel: 'icon', href: '/icon.svg' } }])
 * // { meta: [{ title: 'Acme' }], links: [{ rel: 'icon', href: '/icon.svg' }] }
 */
export function toTanStackHead(tags: readonly HeadTag[]): TanStackHead {
  return collect((lists) => {
    // What `resolveHead` has just returned: its fixed layers were converted once.
    const converted = reuseResolved(tags, toItem)
    for (let i = 0; i < tags.length; i++) {
      const item = converted ? converted[i] : toItem(tags[i] as HeadTag)
      if (item === undefined) addResolved(lists, tags[i] as HeadTag)
      else lists[item.list]?.push(item.props)
    }
  })
}

/**
 * Prepares a fallback and an override once and returns the function that turns a page's
 * Headmark metadata into its TanStack head. Equal to
 * `toTanStackHead(resolveHead({ fallback, metadata, override }))`, several times faster: the
 * fixed layers are keyed and converted once. The returned objects of the fixed layers are
 * shared between calls; do not mutate them.
 *
 * A fallback that depends on the loader's data (a post's own title) is the second argument: it
 * goes over the compiled fallback and under Headmark's metadata, and only its tags are converted
 * per call.
 *
 * @example
 * const pageHead = compileTanStackHead({ fallback: siteFallback, override }) // once, at module scope
 * head: ({ loaderData }) => pageHead(loaderData?.metadata)
 * // with the post's own fallback from the loader:
 * head: ({ loaderData }) =>
 *   pageHead(loaderData?.metadata, { title: loaderData?.post.title, description: loaderData?.post.summary })
 */
export function compileTanStackHead(layers: {
  fallback?: HeadInput | undefined
  override?: HeadInput | undefined
}): (metadata: Metadata | null | undefined, fallback?: HeadInput | null) => TanStackHead {
  const compiled = compileLayers(layers, toItem, generatedItem)
  return (metadata, fallback) =>
    collect((lists) => {
      for (const value of compiled(metadata, fallback)) {
        if (Array.isArray(value)) for (const item of value) lists[item.list]?.push(item.props)
        else lists[(value as Item).list]?.push((value as Item).props)
      }
    })
}

/** Where {@link createHead} gets a page's metadata from. */
export type MetadataSource<TContext> =
  | {
      /** Loads the page's metadata; keep the API key on the server (see the README). */
      client: Pick<MetadataClient, 'get'>
      /** The page path; `ctx.match.pathname` by default. */
      path?: (ctx: TContext) => string
    }
  | {
      /**
       * A server function made with {@link metadataPath} (or {@link metadataRequest}) and
       * {@link loadMetadata}: the head asks the server for the metadata, so the client and its
       * API key stay out of the browser.
       */
      serverFn: (options: { data: string }) => Promise<Metadata | null>
      /** The page path; `ctx.match.pathname` by default. */
      path?: (ctx: TContext) => string
    }
  | {
      /** Reads the page's metadata from the context, e.g. from `loaderData`. */
      metadata: (
        ctx: TContext,
      ) => Metadata | null | undefined | Promise<Metadata | null | undefined>
    }

/** Options of {@link createHead}. */
export type CreateHeadOptions<TContext> = {
  fallback?: HeadInput
  override?: HeadInput
} & MetadataSource<TContext>

/**
 * Creates a route's `head` function: the page's Headmark metadata between your fallback and
 * override. When loading fails the fallback is used; it never throws.
 *
 * @example
 * export const Route = createFileRoute('/blog/$slug')({
 *   head: createHead({ serverFn: getPageMetadata, fallback: { title: 'Acme blog' } }),
 * })
 */
export function createHead<TContext = TanStackHeadContext>(
  options: CreateHeadOptions<TContext>,
): (ctx: TContext) => Promise<TanStackHead> {
  const head = compileTanStackHead(options)
  const pathOf = (ctx: TContext, path?: (ctx: TContext) => string) =>
    path?.(ctx) ?? (ctx as unknown as TanStackHeadContext).match.pathname
  return async (ctx) => {
    if ('metadata' in options) return head(await options.metadata(ctx))
    if ('serverFn' in options) {
      // A failed request to the server function renders the fallback, like a failed API call.
      const metadata = await options.serverFn({ data: pathOf(ctx, options.path) }).catch(() => null)
      return head(metadata)
    }
    return head((await options.client.get(pathOf(ctx, options.path)))?.metadata)
  }
}

/**
 * Creates the root route's `head` function from fallback and override alone: the tags every
 * page has (`charset`, `viewport`, the site name, icons, an Organization JSON-LD) without
 * calling Headmark.
 *
 * @example
 * export const Route = createRootRoute({
 *   head: createRootHead({
 *     fallback: [
 *       { tag: 'meta', attrs: { charset: 'utf-8' } },
 *       { tag: 'meta', attrs: { name: 'viewport', content: 'width=device-width, initial-scale=1' } },
 *       { tag: 'title', children: 'Acme' },
 *     ],
 *   }),
 * })
 */
export function createRootHead(options: {
  fallback?: HeadInput
  override?: HeadInput
}): () => TanStackHead {
  const head = compileTanStackHead(options)(null)
  return () => {
    const copy: TanStackHead = { ...head, meta: [...head.meta], links: [...head.links] }
    if (head.scripts) copy.scripts = [...head.scripts]
    if (head.styles) copy.styles = [...head.styles]
    return copy
  }
}

/** The longest page path the metadata server function accepts. */
const MAX_PATH_LENGTH = 2048

/**
 * The input validator of a metadata server function: a page path, as a string of at most
 * 2048 characters. Anything else throws, which the server function answers as a client error.
 *
 * @example
 * createServerFn({ method: 'GET' }).validator(metadataPath).handler(…)
 */
export function metadataPath(input: unknown): string {
  if (typeof input !== 'string') throw new TypeError('The page path must be a string')
  if (input.length > MAX_PATH_LENGTH) {
    throw new TypeError(`The page path must be at most ${MAX_PATH_LENGTH} characters`)
  }
  return input
}

/**
 * What a metadata server function is asked for: a page path and, on a site with locales, the
 * locale to read (none: the default locale's).
 */
export interface MetadataRequest {
  path: string
  /** A locale of the site (`de`, `fr-CA`), sent to get-latest as `locale=`. */
  locale?: string | undefined
}

/** The longest locale code the metadata server function accepts (BCP 47's usual bound). */
const MAX_LOCALE_LENGTH = 35
const LOCALE = /^[a-z\d]+(?:-[a-z\d]+)*$/i

/**
 * The input validator of a metadata server function that reads a page in a locale: a page path
 * (as {@link metadataPath} takes it) or `{ path, locale? }`, the locale a language code of at
 * most 35 characters (`de`, `fr-CA`; `null` or none: the default locale's). Anything else
 * throws a TypeError, which the server function answers as a client error. Returns
 * `{ path, locale? }` for {@link loadMetadata}.
 *
 * @example
 * // src/headmark.functions.ts
 * export const getPageMetadata = createServerFn({ method: 'GET' })
 *   .validator(metadataRequest)
 *   .handler(({ data }) => loadMetadata(metadataClient, data))
 * // in a route's head: /de/pricing is Headmark's /pricing in German
 * await getPageMetadata({ data: { path: '/pricing', locale: 'de' } })
 */
export function metadataRequest(input: string | MetadataRequest): MetadataRequest {
  if (typeof input !== 'object' || input === null) return { path: metadataPath(input) }
  const { path, locale } = input as { path?: unknown; locale?: unknown }
  const request: MetadataRequest = { path: metadataPath(path) }
  if (locale === undefined || locale === null) return request
  if (typeof locale !== 'string' || locale.length > MAX_LOCALE_LENGTH || !LOCALE.test(locale)) {
    throw new TypeError('The locale must be a language code such as de or fr-CA')
  }
  request.locale = locale
  return request
}

/**
 * The body of a metadata server function: the page's metadata, or `null` when it could not be
 * loaded. Runs on the server, so the client and its API key never reach the browser. Takes the
 * path ({@link metadataPath}) or `{ path, locale? }` ({@link metadataRequest}).
 *
 * @example
 * // src/headmark.functions.ts
 * export const getPageMetadata = createServerFn({ method: 'GET' })
 *   .validator(metadataPath)
 *   .handler(({ data }) => loadMetadata(metadataClient, data))
 * // or, for a page in a locale:
 * loadMetadata(metadataClient, { path: '/pricing', locale: 'de' })
 */
export async function loadMetadata(
  client: Pick<MetadataClient, 'get'>,
  input: string | MetadataRequest,
): Promise<Metadata | null> {
  const { path, locale } = typeof input === 'string' ? { path: input, locale: undefined } : input
  const answer = locale === undefined ? client.get(path) : client.get(path, { locale })
  return (await answer)?.metadata ?? null
}
