import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * Asks again for the queries under each key after an event says their data changed. A fetch
 * already under way may have been answered before the event, so it is cancelled and asked
 * again: invalidating alone would join a first fetch still under way and keep its old answer.
 */
export function refreshQueries(queryClient: QueryClient, queryKeys: QueryKey[]): void {
  for (const queryKey of queryKeys) {
    void queryClient
      .cancelQueries({ queryKey })
      .then(() => queryClient.invalidateQueries({ queryKey }))
  }
}
