import { orpc, type RpcClient } from '~/lib/orpc.ts'

export type SiteApiKey = Awaited<ReturnType<RpcClient['siteApiKeys']['list']>>[number]

/** The site's live API keys (owners and admins only: members get FORBIDDEN). */
export const siteApiKeysQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.siteApiKeys.list.queryOptions({ input: { organizationSlug, siteHostname } })
