import { orpc, type RpcClient } from '~/lib/orpc.ts'

export type SiteHealth = Awaited<ReturnType<RpcClient['health']['getSite']>>
export type DriftedPage = SiteHealth['drifted'][number]

/** A site's health: score, drifted pages and the check log. */
export const siteHealthQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.health.getSite.queryOptions({ input: { organizationSlug, siteHostname } })
