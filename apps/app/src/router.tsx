import { createRouter } from '@tanstack/react-router'
import { createIsomorphicFn } from '@tanstack/react-start'
import { currentCspNonce } from '@headmark/api/edge'
import { setupRouterSsrQueryIntegration } from '@tanstack/react-router-ssr-query'
import { DefaultErrorView } from '~/components/error-view.tsx'
import { NotFound } from '~/components/not-found.tsx'
import { PendingView } from '~/components/pending-view.tsx'
import { env } from './env.ts'
import { createErrorHandler } from '~/lib/error-handler.ts'
import { createQueryClient } from '~/lib/query-client.ts'
import { routeTree } from './routeTree.gen.ts'

export const ROUTER_PRELOAD_DELAY_MS = 50
export const ROUTER_PENDING_MS = 1000
export const ROUTER_PENDING_MIN_MS = 500

/**
 * The Content-Security-Policy nonce of this page: made per request by the production server
 * (server.mjs), which hands it over out of band (request-facts.ts), and stamped on every inline
 * script the router renders; in the browser, read back from the page.
 */
const getCspNonce = createIsomorphicFn()
  .server(() => currentCspNonce() || undefined)
  .client(
    () =>
      document.querySelector<HTMLMetaElement>('meta[property="csp-nonce"]')?.content || undefined,
  )

export function getRouter() {
  // The error handler needs the router (to redirect on 401) and the router needs the query
  // client: bind the handler late.
  const queryClient = createQueryClient(
    createErrorHandler(
      () => router,
      () => queryClient,
    ),
  )
  const router = createRouter({
    routeTree,
    // Validating the public configuration here makes a bad build fail on its first page.
    context: { queryClient, env },
    scrollRestoration: true,
    defaultPreload: 'intent',
    defaultPreloadDelay: ROUTER_PRELOAD_DELAY_MS,
    defaultPendingMs: ROUTER_PENDING_MS,
    defaultPendingMinMs: ROUTER_PENDING_MIN_MS,
    // Freshness is the query cache's job; the router always asks it.
    defaultPreloadStaleTime: 0,
    defaultErrorComponent: DefaultErrorView,
    defaultNotFoundComponent: NotFound,
    defaultPendingComponent: PendingView,
    ssr: { nonce: getCspNonce() },
  })
  setupRouterSsrQueryIntegration({ router, queryClient })
  return router
}

declare module '@tanstack/react-router' {
  interface Register {
    router: ReturnType<typeof getRouter>
  }
}
