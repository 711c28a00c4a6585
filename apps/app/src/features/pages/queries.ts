import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** How many pages one request of the site overview's list brings (the server's maximum is 100). */
export const PAGES_PER_REQUEST = 50

export type PageSummary = Awaited<ReturnType<RpcClient['pages']['list']>>['items'][number]
export type PageDetails = Awaited<ReturnType<RpcClient['pages']['get']>>

/** A site's pages by path, filtered by `search`, one keyset page after another. */
export const pagesQuery = (organizationSlug: string, siteHostname: string, search: string) =>
  orpc.pages.list.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      siteHostname,
      limit: PAGES_PER_REQUEST,
      ...(search ? { search } : {}),
      ...(cursor ? { cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/**
 * One page (null: the site's defaults) with its current revision, the defaults and what it
 * serves; on a site with locales, in `locale` (absent: the default locale's set).
 */
export const pageQuery = (
  organizationSlug: string,
  siteHostname: string,
  pagePath: string | null,
  locale?: string,
) =>
  orpc.pages.get.queryOptions({
    input: { organizationSlug, siteHostname, pagePath, ...(locale ? { locale } : {}) },
  })
