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
      if (signingIn) return
      signingIn = true
      getQueryClient()?.clear()
      const router = getRouter()
      void Promise.resolve(router?.navigate({ to: '/get-started', replace: true })).finally(() => {
        signingIn = false
      })
      return
    }
    toast.error(outcome.message)
  }
}
