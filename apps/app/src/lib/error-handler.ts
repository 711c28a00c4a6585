import { toast } from '@headmark/ui'
import type { AnyRouter } from '@tanstack/react-router'
import { classifyError } from './errors.ts'

/** Applies the app's error policy to an error from any query or mutation. */
export function createErrorHandler(getRouter: () => AnyRouter | undefined) {
  return (error: unknown) => {
    console.error(error)
    const outcome = classifyError(error)
    if (outcome.kind === 'ignore' || typeof window === 'undefined') return
    if (outcome.kind === 'sign-in') {
      void getRouter()?.navigate({ to: '/get-started' })
      return
    }
    toast.error(outcome.message)
  }
}
