import type { Router } from '@headmark/api'
import { createORPCClient } from '@orpc/client'
import { RPCLink } from '@orpc/client/fetch'
import type { RouterClient } from '@orpc/server'
import { createTanstackQueryUtils } from '@orpc/tanstack-query'
import { createIsomorphicFn } from '@tanstack/react-start'
import { MAX_GET_URL_LENGTH, rpcMethodFor } from './rpc-method.ts'

export type RpcClient = RouterClient<Router>

// During SSR the router is called in-process with the incoming request's headers (cookies);
// in the browser every call goes over HTTP to /api/rpc on the same origin.
const getClient = createIsomorphicFn()
  .server(async (): Promise<RpcClient> => {
    const [{ getHeadmark }, { getRequestHeaders }] = await Promise.all([
      import('@headmark/api'),
      import('@tanstack/react-start/server'),
    ])
    const headmark = await getHeadmark()
    // The same checks and error mapping as over HTTP: no SQL or stack reaches a rendered page.
    return headmark.createClient(() => new Headers(getRequestHeaders()))
  })
  .client(async (): Promise<RpcClient> => browserClient)

const browserClient: RpcClient = createORPCClient(
  new RPCLink({
    url: () => `${window.location.origin}/api/rpc`,
    method: (_options, path) => rpcMethodFor(path),
    maxUrlLength: MAX_GET_URL_LENGTH,
    fallbackMethod: 'POST',
  }),
)

/** A client whose every call resolves the right transport for the side it runs on. */
function lazyClient(path: string[] = []): RpcClient {
  const call = async (...args: unknown[]) => {
    let target: unknown = await getClient()
    for (const key of path) target = (target as Record<string, unknown>)[key]
    return (target as (...a: unknown[]) => unknown)(...args)
  }
  return new Proxy(call, {
    // `then` must stay undefined so that awaiting a client never treats it as a promise.
    get: (_target, key) =>
      typeof key === 'string' && key !== 'then' ? lazyClient([...path, key]) : undefined,
  }) as unknown as RpcClient
}

export const client: RpcClient = lazyClient()
export const orpc = createTanstackQueryUtils(client)
