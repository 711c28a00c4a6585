import { client, orpc, type RpcClient } from '~/lib/orpc.ts'

export type DiscoveredPath = Awaited<ReturnType<RpcClient['discoveredPaths']['list']>>[number]

/** Paths customer sites asked the public API for that have no page yet, most requested first. */
export const discoveredPathsQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.discoveredPaths.list.queryOptions({ input: { organizationSlug, siteHostname } })

/** What `pages.create` answers, as far as this section needs it. */
export interface CreatedPage {
  id: string
  path: string
}

/** Creates the page at `path` (`pages.create`). */
export const createPage = (input: {
  organizationSlug: string
  siteHostname: string
  path: string
}): Promise<CreatedPage> => client.pages.create(input)
