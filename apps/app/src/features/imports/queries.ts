import { orpc, type RpcClient } from '~/lib/orpc.ts'

// The imports' named queries (mirrors packages/api/src/routers/imports.ts).

export type ImportView = Awaited<ReturnType<RpcClient['imports']['list']>>[number]
export type ImportFailure = Awaited<ReturnType<RpcClient['imports']['get']>>['failures'][number]
export type ImportUnmapped = Awaited<ReturnType<RpcClient['imports']['get']>>['unmapped'][number]
export type ImportTechnical = NonNullable<
  Awaited<ReturnType<RpcClient['imports']['get']>>['technical']
>
export type Ownership = Awaited<ReturnType<RpcClient['imports']['getOwnership']>>

/** A site's imports, newest first. */
export const importsQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.imports.list.queryOptions({ input: { organizationSlug, siteHostname } })

/** One import, with its first page of failures. */
export const importQuery = (organizationSlug: string, siteHostname: string, importId: string) =>
  orpc.imports.get.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      siteHostname,
      importId,
      ...(cursor ? { failuresCursor: cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextFailuresCursor ?? undefined,
  })

/** One import's pages whose head had tags Headmark has no field for, 50 pages at a time. */
export const importUnmappedQuery = (
  organizationSlug: string,
  siteHostname: string,
  importId: string,
) =>
  orpc.imports.get.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      siteHostname,
      importId,
      ...(cursor ? { unmappedCursor: cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextUnmappedCursor ?? undefined,
    // Its own cache entry: the failures' pages page on another cursor.
    queryKey: [...orpc.imports.get.key({ type: 'infinite' }), 'unmapped', importId],
  })

/** Whether the site's ownership is verified (and, for owners and admins, the token). */
export const ownershipQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.imports.getOwnership.queryOptions({ input: { organizationSlug, siteHostname } })

/** Words for an import's source. */
export function importSourceLabel(source: ImportView['source']): string {
  if (source.kind === 'sitemap') return source.sitemapUrl ?? `Sitemap of ${source.origin}`
  if (source.kind === 'url') return source.url
  return `${source.count.toLocaleString('en')} ${source.count === 1 ? 'URL' : 'URLs'}`
}

export const HEAD_SOURCE_LABELS = {
  html: 'Page HTML',
  yoast: 'Yoast SEO',
  rankmath: 'Rank Math',
} as const

export const STATE_LABELS = {
  queued: 'Queued',
  running: 'Running',
  cancelled: 'Cancelled',
  done: 'Done',
  failed: 'Failed',
} as const

/** "about 3 min", "12 s" */
export function etaLabel(seconds: number | null): string | null {
  if (seconds === null) return null
  if (seconds < 60) return `about ${seconds} s`
  if (seconds < 3600) return `about ${Math.round(seconds / 60)} min`
  return `about ${(seconds / 3600).toFixed(1)} h`
}

const pagesLabel = (n: number) => `${n.toLocaleString('en')} ${n === 1 ? 'page' : 'pages'}`

/**
 * The one line that sums up the technical tags of an import's pages (charset, viewport…), which
 * Headmark does not serve: on how many of the pages read, and each kind, with its own count of
 * pages where that is not all of them. `null` when there were none.
 */
export function technicalTagsSummary(
  technical: ImportTechnical | null | undefined,
  pagesRead: number,
): { lead: string; tags: { label: string; pages: string | null }[] } | null {
  if (!technical || technical.pages === 0 || technical.tags.length === 0) return null
  const lead =
    technical.pages >= pagesRead
      ? `Technical tags on every page (${pagesLabel(technical.pages)}), not served by Headmark:`
      : `Technical tags on ${pagesLabel(technical.pages)} of ${pagesRead.toLocaleString('en')}, not served by Headmark:`
  return {
    lead,
    tags: technical.tags.map((tag) => ({
      label: tag.label,
      pages: tag.pages === technical.pages ? null : pagesLabel(tag.pages),
    })),
  }
}
