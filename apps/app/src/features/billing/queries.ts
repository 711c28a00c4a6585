import type { QueryClient } from '@tanstack/react-query'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** What `billing.getUsage` answers: the organization's use this period against its plan. */
export type Usage = Awaited<ReturnType<RpcClient['billing']['getUsage']>>

export const usageQuery = (organizationSlug: string) =>
  orpc.billing.getUsage.queryOptions({ input: { organizationSlug } })

export const subscriptionQuery = (organizationSlug: string) =>
  orpc.billing.getSubscription.queryOptions({ input: { organizationSlug } })

/** After a change of plan: the plan, the usage measured against it and the banner refetch. */
export async function invalidateBilling(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: orpc.billing.key() })
}
