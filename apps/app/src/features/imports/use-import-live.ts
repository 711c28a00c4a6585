import { consumeEventIterator } from '@orpc/client'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useState } from 'react'
import { client, orpc } from '~/lib/orpc.ts'
import { refreshQueries } from '~/lib/refresh-queries.ts'

const RECONNECT_DELAY_MS = 5_000

/**
 * Follows an import live over the `imports.watch` event stream (server-sent events): each
 * change of its counts or state refreshes its queries. The stream ends when the import does.
 * Returns whether the stream is up.
 */
export function useImportLive(
  organizationSlug: string,
  siteHostname: string,
  importId: string,
  active: boolean,
): boolean {
  const queryClient = useQueryClient()
  const [connected, setConnected] = useState(false)

  useEffect(() => {
    if (!active) return
    let stopped = false
    let cancel: (() => Promise<void>) | null = null
    let timer: ReturnType<typeof setTimeout> | undefined
    const refresh = () =>
      refreshQueries(queryClient, [orpc.imports.get.key(), orpc.imports.list.key()])
    function connect() {
      cancel = consumeEventIterator(
        client.imports.watch({ organizationSlug, siteHostname, importId }),
        {
          onEvent: () => {
            setConnected(true)
            refresh()
          },
          onError: () => {
            setConnected(false)
            if (!stopped) timer = setTimeout(connect, RECONNECT_DELAY_MS)
          },
          onSuccess: () => {
            // The import ended: one last refresh shows its final counts.
            setConnected(false)
            refresh()
          },
        },
      )
    }
    connect()
    return () => {
      stopped = true
      clearTimeout(timer)
      void cancel?.()
    }
  }, [organizationSlug, siteHostname, importId, active, queryClient])

  return connected
}
