import { createInProcessClient, type Router } from '@headmark/api'
import { createORPCClient } from '@orpc/client'
import { RPCLink } from '@orpc/client/fetch'
import type { RouterClient } from '@orpc/server'
import { createTanstackQueryUtils } from '@orpc/tanstack-query'
import { createIsomorphicFn } from '@tanstack/react-start'
import { getRequestHeaders } from '@tanstack/react-start/server'
import { headmark } from '~/server/headmark.ts'
import { MAX_GET_URL_LENGTH, rpcMethodFor } from './rpc-method.ts'

export type RpcClient = RouterClient<Router>

// During SSR the router is called in-process with the incoming request's headers (cookies), with
// the same checks and error mapping as over HTTP (no SQL or stack reaches a rendered page); in the
// browser every call goes over HTTP to /api/rpc on the same origin.
const getClient = createIsomorphicFn()
  .server((): RpcClient =>
    createInProcessClient(async () =>
      (await headmark()).createContext(new Headers(getRequestHeaders())),
    ),
  )
  .client((): RpcClient =>
    createORPCClient(
      new RPCLink({
        url: () => `${window.location.origin}/api/rpc`,
        method: (_options, path) => rpcMethodFor(path),
        maxUrlLength: MAX_GET_URL_LENGTH,
        fallbackMethod: 'POST',
      }),
    ),
  )

export const client: RpcClient = getClient()
export const orpc = createTanstackQueryUtils(client)
