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
/** Where a 401 sends the person. */
const SIGN_IN_PATH = '/get-started'

/** The app's own screens, the only pages that need a session (everything under /app). */
const inApp = (pathname: string) =>
  pathname === DASHBOARD_PATH || pathname.startsWith(`${DASHBOARD_PATH}/`)

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
      // Only the app's screens need a session. Elsewhere a 401 is a late answer to a request
      // that left before the session ended, and is left alone: on /sign-out (what was on screen
      // asks again once the session is gone; the route empties the cache and goes home itself),
      // on the home page it goes to (a request the sign-out's last screen sent), and on the
      // sign-in page (which must not be opened again, without the `?redirect=` it came with).
      const pathname = router?.state?.location?.pathname
      if (signingIn || (pathname !== undefined && !inApp(pathname))) return
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
