import { orpc, type RpcClient } from '~/lib/orpc.ts'

export type Revision = Awaited<ReturnType<RpcClient['metadataRevisions']['get']>>
export type RevisionSummary = Awaited<
  ReturnType<RpcClient['metadataRevisions']['list']>
>['items'][number]

/** A page's revisions (of one locale's set, when given), newest first, 50 at a time. */
export const revisionsQuery = (
  organizationSlug: string,
  siteHostname: string,
  pagePath: string | null,
  locale?: string,
) =>
  orpc.metadataRevisions.list.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      siteHostname,
      pagePath,
      ...(locale ? { locale } : {}),
      ...(cursor ? { cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

export const revisionQuery = (
  organizationSlug: string,
  siteHostname: string,
  pagePath: string | null,
  metadataRevisionId: string,
) =>
  orpc.metadataRevisions.get.queryOptions({
    input: { organizationSlug, siteHostname, pagePath, metadataRevisionId },
    // A revision never changes once written.
    staleTime: Number.POSITIVE_INFINITY,
  })
