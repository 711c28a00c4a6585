import { consumeEventIterator } from '@orpc/client'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { client, orpc } from '~/lib/orpc.ts'
import { refreshQueries } from '~/lib/refresh-queries.ts'

/** How long to wait before opening the stream again after it dropped. */
const RECONNECT_DELAY_MS = 5_000

/**
 * Follows a webhook live over the `webhooks.watch` event stream (server-sent events, kept alive
 * every 5 s): each new call or change of state refreshes the webhook's queries. Returns whether
 * the stream is up; while it is not, callers fall back to refetching.
 */
export function useWebhookLive(organizationSlug: string, webhookId: string): boolean {
  const queryClient = useQueryClient()
  const [connected, setConnected] = useState(false)

  useEffect(() => {
    let stopped = false
    let cancel: (() => Promise<void>) | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () =>
      refreshQueries(queryClient, [
        orpc.webhooks.get.key(),
        orpc.webhooks.getCalls.key(),
        orpc.webhooks.list.key(),
      ])
    const dropped = () => {
      setConnected(false)
      if (!stopped) timer = setTimeout(connect, RECONNECT_DELAY_MS)
    }
    function connect() {
      cancel = consumeEventIterator(client.webhooks.watch({ organizationSlug, webhookId }), {
        onEvent: (event) => {
          setConnected(true)
          // Whatever was missed while the stream was down is fetched again on (re)connection.
          refresh()
          void event
        },
        onError: dropped,
        onSuccess: dropped,
      })
    }
    connect()
    return () => {
      stopped = true
      clearTimeout(timer)
      void cancel?.()
    }
  }, [organizationSlug, webhookId, queryClient])

  return connected
}
