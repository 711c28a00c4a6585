import { orpc, type RpcClient } from '~/lib/orpc.ts'

// The change sets' named queries (mirrors packages/api/src/routers/change-sets.ts).

export type ChangeSetSummary = Awaited<ReturnType<RpcClient['changeSets']['list']>>['items'][number]
export type ChangeSetItem = Awaited<ReturnType<RpcClient['changeSets']['get']>>['items'][number]

/** A site's change sets, newest first. */
export const changeSetsQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.changeSets.list.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      siteHostname,
      ...(cursor ? { cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/** Pages of a change set's detail, each with its diff. */
export const CHANGE_SET_ITEMS_PER_REQUEST = 50

/** One change set and its edits, page by page in path order. */
export const changeSetQuery = (
  organizationSlug: string,
  siteHostname: string,
  changeSetId: string,
) =>
  orpc.changeSets.get.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      siteHostname,
      changeSetId,
      limit: CHANGE_SET_ITEMS_PER_REQUEST,
      ...(cursor ? { cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })
