import type { QueryClient } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** A rule as `pathRules.list` returns it, with the pages it matches. */
export type PathRuleRow = Awaited<ReturnType<RpcClient['pathRules']['list']>>['items'][number]
export type PathRule = Awaited<ReturnType<RpcClient['pathRules']['get']>>
export type PathRuleRevision = Awaited<
  ReturnType<RpcClient['pathRules']['listRevisions']>
>['items'][number]

/** The named queries of path rules (mirrors packages/api/src/routers/path-rules.ts). */
export const pathRulesQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.pathRules.list.queryOptions({ input: { organizationSlug, siteHostname } })

export const pathRuleQuery = (organizationSlug: string, siteHostname: string, ruleId: string) =>
  orpc.pathRules.get.queryOptions({ input: { organizationSlug, siteHostname, ruleId } })

export const pathRuleRevisionsQuery = (
  organizationSlug: string,
  siteHostname: string,
  ruleId: string,
) =>
  orpc.pathRules.listRevisions.queryOptions({ input: { organizationSlug, siteHostname, ruleId } })

/**
 * After a rule changed: the rules themselves, and every page's served view (a rule changes what
 * many pages serve).
 */
export async function invalidateRuleData(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: orpc.pathRules.key() }),
    queryClient.invalidateQueries({ queryKey: orpc.pages.key() }),
  ])
}
