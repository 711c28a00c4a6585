import { ORPCError } from '@orpc/client'
import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query'
import { isClientError } from './errors.ts'

declare module '@tanstack/react-query' {
  interface Register {
    mutationMeta: {
      /** The form shows 4xx answers next to its fields, so no toast is needed for them. */
      inlineErrors?: boolean
    }
  }
}

export const QUERY_RETRY_COUNT = 3
export const QUERY_MAX_RETRY_DELAY_MS = 30_000
export const QUERY_GC_TIME_MS = 5 * 60_000

/** Exponential backoff: 1 s, 2 s, 4 s … capped at 30 s. */
export function retryDelay(attempt: number): number {
  return Math.min(1000 * 2 ** attempt, QUERY_MAX_RETRY_DELAY_MS)
}

export function createQueryClient(onError: (error: unknown) => void): QueryClient {
  return new QueryClient({
    queryCache: new QueryCache({ onError }),
    mutationCache: new MutationCache({
      onError: (error, _variables, _result, mutation) => {
        const unauthorized = error instanceof ORPCError && error.status === 401
        if (mutation.meta?.inlineErrors && isClientError(error) && !unauthorized) {
          console.error(error)
          return
        }
        onError(error)
      },
    }),
    defaultOptions: {
      queries: {
        // Never on the server: a failing page would wait for the backoff before answering.
        retry: (failureCount, error) =>
          typeof window !== 'undefined' &&
          failureCount < QUERY_RETRY_COUNT &&
          !isClientError(error),
        retryDelay,
        gcTime: QUERY_GC_TIME_MS,
      },
      mutations: { retry: false },
    },
  })
}
