import { toast } from '@headmark/ui'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { classifyError, isClientError } from './errors.ts'
import { DASHBOARD_PATH, safeRedirect } from './redirect-target.ts'

/**
 * Applies the app's error policy to an error from any query or mutation. A 401 means the session
 * is gone: everything cached belonged to it, so the cache is emptied (the cached session would
 * otherwise send /get-started straight back to /app) and the user lands on /get-started once,
 * however many queries failed at the same time, with `?redirect=` naming the page of the app they
 * were on, so that signing in again brings them back to it.
 */
/** The route that signs out (routes/_authenticated/sign-out.tsx). */
const SIGN_OUT_PATH = '/sign-out'
/** Where a 401 sends the person. */
const SIGN_IN_PATH = '/get-started'

export function createErrorHandler(
  getRouter: () => AnyRouter | undefined,
  getQueryClient: () => QueryClient | undefined = () => undefined,
) {
  let signingIn = false
  return (error: unknown) => {
    // While rendering on the server a 4xx is an answer, not an incident: no stack in the log.
    if (typeof window !== 'undefined' || !isClientError(error)) console.error(error)
    const outcome = classifyError(error)
    if (outcome.kind === 'ignore' || typeof window === 'undefined') return
    if (outcome.kind === 'sign-in') {
      const router = getRouter()
      // Signing out: what was on screen may ask again once the session is gone; those 401s are
      // expected, and the sign-out route empties the cache and goes home itself.
      // Already on the sign-in page: a late 401 (a request that left before the session ended)
      // must not send it there again, without the `?redirect=` it came with.
      const pathname = router?.state?.location?.pathname
      if (signingIn || pathname === SIGN_OUT_PATH || pathname === SIGN_IN_PATH) return
      signingIn = true
      getQueryClient()?.clear()
      // Back to where the person was once signed in again (a page of the app only: the
      // destination goes through safeRedirect, here and again on /get-started).
      const location = router?.state?.location
      const back = location?.pathname.startsWith(`${DASHBOARD_PATH}/`)
        ? safeRedirect(location.href)
        : undefined
      void Promise.resolve(
        router?.navigate({
          to: SIGN_IN_PATH,
          search: back ? { redirect: back } : {},
          replace: true,
        }),
      ).finally(() => {
        signingIn = false
      })
      return
    }
    toast.error(outcome.message)
  }
}
