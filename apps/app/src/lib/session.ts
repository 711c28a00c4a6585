import { queryOptions } from '@tanstack/react-query'
import { client, type RpcClient } from './orpc.ts'

export type SessionUser = NonNullable<Awaited<ReturnType<RpcClient['auth']['getSession']>>['user']>

export const SESSION_STALE_TIME_MS = 60_000

/** The signed-in user, if any; fetched before every navigation and cached for a minute. */
export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: () => client.auth.getSession(),
  staleTime: SESSION_STALE_TIME_MS,
})
