import { orpc } from '~/lib/orpc.ts'

/** The site's live API keys (owners and admins only: members get FORBIDDEN). */
export const siteApiKeysQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.siteApiKeys.list.queryOptions({ input: { organizationSlug, siteHostname } })
