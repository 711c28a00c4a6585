import type { MetadataClient } from './client.ts'
import { type HeadInput, type HeadTag, resolveHead } from './head.ts'
import type { Metadata } from './types.ts'

export type { HeadInput, HeadTag } from './head.ts'

/** What a TanStack Router/Start `head` function returns: `meta` (with the title) and `links`. */
export interface TanStackHead {
  meta: Array<Record<string, string>>
  links: Array<Record<string, string>>
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

/**
 * Converts head tags to the `{ meta, links }` shape of a TanStack `head` function. Use it in your
 * own `head` when the metadata comes from your loader.
 *
 * @example
 * head: ({ loaderData }) =>
 *   toTanStackHead(resolveHead({ fallback, metadata: loaderData?.metadata }))
 */
export function toTanStackHead(tags: readonly HeadTag[]): TanStackHead {
  const head: TanStackHead = { meta: [], links: [] }
  for (const tag of tags) {
    if (tag.tag === 'title') {
      head.meta.push({ title: tag.children })
      continue
    }
    const props: Record<string, string> = {}
    for (const [name, value] of Object.entries(tag.attrs))
      props[REACT_NAMES.get(name) ?? name] = value
    ;(tag.tag === 'meta' ? head.meta : head.links).push(props)
  }
  return head
}

/** Options of {@link createHead}. */
export type CreateHeadOptions<TContext> = {
  fallback?: HeadInput
  override?: HeadInput
} & (
  | {
      /** Loads the page's metadata; keep the API key on the server (see the README). */
      client: Pick<MetadataClient, 'get'>
      /** The page path; `ctx.match.pathname` by default. */
      path?: (ctx: TContext) => string
    }
  | {
      /** Reads the page's metadata from the context, e.g. from `loaderData`. */
      metadata: (
        ctx: TContext,
      ) => Metadata | null | undefined | Promise<Metadata | null | undefined>
    }
)

/**
 * Creates a route's `head` function: the page's Headmark metadata between your fallback and
 * override. When loading fails the fallback is used; it never throws.
 *
 * @example
 * export const Route = createFileRoute('/blog/$slug')({
 *   head: createHead({ client: metadataClient, fallback: { title: 'Acme blog' } }),
 * })
 */
export function createHead<TContext = TanStackHeadContext>(
  options: CreateHeadOptions<TContext>,
): (ctx: TContext) => Promise<TanStackHead> {
  return async (ctx) => {
    const metadata =
      'metadata' in options
        ? await options.metadata(ctx)
        : (
            await options.client.get(
              options.path?.(ctx) ?? (ctx as unknown as TanStackHeadContext).match.pathname,
            )
          )?.metadata
    return toTanStackHead(
      resolveHead({ fallback: options.fallback, metadata, override: options.override }),
    )
  }
}

/**
 * Creates the root route's `head` function from fallback and override alone: the tags every
 * page has (`charset`, `viewport`, the site name, icons) without calling Headmark.
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
  const head = toTanStackHead(resolveHead(options))
  return () => ({ meta: [...head.meta], links: [...head.links] })
}
