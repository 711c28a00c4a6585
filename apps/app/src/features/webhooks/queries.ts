import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** A webhook as `webhooks.list` returns it. */
export type Webhook = Awaited<ReturnType<RpcClient['webhooks']['list']>>[number]

/** The spec's named queries of webhooks (mirrors packages/api/src/routers/webhooks.ts). */
export const webhooksQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.webhooks.list.queryOptions({ input: { organizationSlug, siteHostname } })

export const webhookQuery = (organizationSlug: string, webhookId: string) =>
  orpc.webhooks.get.queryOptions({ input: { organizationSlug, webhookId } })

export type CallStatusFilter = 'all' | 'succeeded' | 'failed'

export const webhookCallsQuery = (
  organizationSlug: string,
  webhookId: string,
  status: CallStatusFilter,
  cursor: string | undefined,
) =>
  orpc.webhooks.getCalls.queryOptions({
    input: { organizationSlug, webhookId, status, ...(cursor ? { cursor } : {}) },
  })

/** The webhook's secret, and its previous one while it still signs: asked for when shown, never kept. */
export const webhookSecretQuery = (organizationSlug: string, webhookId: string) =>
  orpc.webhooks.revealSecret.queryOptions({
    input: { organizationSlug, webhookId },
    staleTime: 0,
    gcTime: 0,
  })
