import type { QueryClient } from '@tanstack/react-query'
import { ORGANIZATION_STALE_TIME_MS } from '~/features/organizations/queries.ts'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** What `billing.getUsage` answers: the organization's use this period against its plan. */
export type Usage = Awaited<ReturnType<RpcClient['billing']['getUsage']>>

export const usageQuery = (organizationSlug: string) =>
  orpc.billing.getUsage.queryOptions({ input: { organizationSlug } })

/** An organization's current subscription as `billing.getSubscription` returns it (null: none). */
export type Subscription = Awaited<ReturnType<RpcClient['billing']['getSubscription']>>

/**
 * The organization's subscription. The organization layout reads it on every navigation inside
 * the organization (alongside the organization itself), so it is kept as long as the
 * organization: choosing or cancelling a plan invalidates it.
 */
export const subscriptionQuery = (organizationSlug: string) =>
  orpc.billing.getSubscription.queryOptions({
    input: { organizationSlug },
    staleTime: ORGANIZATION_STALE_TIME_MS,
  })

/** After a change of plan: the plan, the usage measured against it and the banner refetch. */
export async function invalidateBilling(queryClient: QueryClient): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: orpc.billing.key() })
}
