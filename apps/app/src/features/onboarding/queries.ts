import { orpc, type RpcClient } from '~/lib/orpc.ts'
import { ORGANIZATION_STALE_TIME_MS } from '~/features/organizations/queries.ts'

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
