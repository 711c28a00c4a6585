import { toast } from '@headmark/ui'
import type { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { classifyError, isClientError } from './errors.ts'

/**
 * Applies the app's error policy to an error from any query or mutation. A 401 means the session
 * is gone: everything cached belonged to it, so the cache is emptied (the cached session would
 * otherwise send /get-started straight back to /app) and the user lands on /get-started once,
 * however many queries failed at the same time.
 */
/** The route that signs out (routes/_authenticated/sign-out.tsx). */
const SIGN_OUT_PATH = '/sign-out'

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
      if (signingIn || router?.state?.location?.pathname === SIGN_OUT_PATH) return
      signingIn = true
      getQueryClient()?.clear()
      void Promise.resolve(router?.navigate({ to: '/get-started', replace: true })).finally(() => {
        signingIn = false
      })
      return
    }
    toast.error(outcome.message)
  }
}
