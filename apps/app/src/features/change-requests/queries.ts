import type { QueryClient } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

// The change requests' named queries (mirrors packages/api/src/routers/change-requests.ts).

export type ChangeRequestSummary = Awaited<
  ReturnType<RpcClient['changeRequests']['list']>
>['items'][number]
export type ChangeRequestDetail = Awaited<ReturnType<RpcClient['changeRequests']['get']>>
export type PublishingPolicy = Awaited<ReturnType<RpcClient['changeRequests']['getPolicy']>>

/** Change requests fetched per "Load more". */
export const CHANGE_REQUESTS_PER_PAGE = 50

/** An organization's change requests (or one site's), newest first, page by page (keyset). */
export const changeRequestsQuery = (organizationSlug: string, siteHostname?: string) =>
  orpc.changeRequests.list.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      ...(siteHostname ? { siteHostname } : {}),
      limit: CHANGE_REQUESTS_PER_PAGE,
      ...(cursor ? { cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/** The organization's scheduled releases, soonest first. */
export const upcomingReleasesQuery = (organizationSlug: string) =>
  orpc.changeRequests.listUpcoming.queryOptions({ input: { organizationSlug } })

/** One change request with its diff, discussion and reviews. */
export const changeRequestQuery = (organizationSlug: string, changeRequestId: string) =>
  orpc.changeRequests.get.queryOptions({ input: { organizationSlug, changeRequestId } })

/** The caller's open draft of a site, or null. */
export const draftQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.changeRequests.getDraft.queryOptions({ input: { organizationSlug, siteHostname } })

/** The organization's publishing policy. */
export const publishingPolicyQuery = (organizationSlug: string) =>
  orpc.changeRequests.getPolicy.queryOptions({ input: { organizationSlug } })

/** After a write: every change-request read is fetched again. */
export async function invalidateChangeRequests(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: orpc.changeRequests.key() })
}
