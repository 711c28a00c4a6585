import type { QueryClient } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** A site as `sites.get` and `sites.list` return it. */
export type Site = Awaited<ReturnType<RpcClient['sites']['get']>>

export const sitesQuery = (organizationSlug: string) =>
  orpc.sites.list.queryOptions({ input: { organizationSlug } })

export const siteQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.sites.get.queryOptions({ input: { organizationSlug, siteHostname } })

/**
 * After a write that changes a site or what it serves: every cached site, page and revision
 * query is refetched when next shown (they are cheap, and a save changes the site's lists).
 */
export async function invalidateSiteData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orpc.sites.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.pages.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.metadataRevisions.key() }),
    // Sites and pages count against the plan: the usage (and the quota banner) follow.
    queryClient.invalidateQueries({ queryKey: orpc.billing.key() }),
  ])
}
