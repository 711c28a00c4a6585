import { ORPCError } from '@orpc/client'
import { QueryClient } from '@tanstack/react-query'
import type { AnyRouter } from '@tanstack/react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createErrorHandler } from './error-handler.ts'

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('the error handler on a 401', () => {
  it('empties the query cache and goes to /get-started once, however many queries failed', async () => {
    vi.stubGlobal('window', {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const queryClient = new QueryClient()
    queryClient.setQueryData(['session'], { user: { id: 'previous-user' } })
    queryClient.setQueryData(['organizations'], [{ slug: 'previous-users-org' }])
    let finish = () => {}
    const navigate = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)))
    const handle = createErrorHandler(
      () => ({ navigate }) as unknown as AnyRouter,
      () => queryClient,
    )

    const unauthorized = new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' })
    handle(unauthorized)
    handle(unauthorized)
    handle(unauthorized)
    expect(navigate).toHaveBeenCalledTimes(1)
    expect(navigate).toHaveBeenCalledWith({ to: '/get-started', replace: true })
    expect(queryClient.getQueryData(['session'])).toBeUndefined()
    expect(queryClient.getQueryData(['organizations'])).toBeUndefined()

    finish()
    await Promise.resolve()
    await Promise.resolve()
    handle(unauthorized)
    expect(navigate).toHaveBeenCalledTimes(2)
  })

  it('leaves a sign-out under way alone: it goes home itself', () => {
    vi.stubGlobal('window', {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const navigate = vi.fn(async () => {})
    const router = { navigate, state: { location: { pathname: '/sign-out' } } }
    const handle = createErrorHandler(() => router as unknown as AnyRouter)
    handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
    expect(navigate).not.toHaveBeenCalled()
    router.state.location.pathname = '/app/organizations/acme'
    handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
    expect(navigate).toHaveBeenCalledWith({ to: '/get-started', replace: true })
  })
})
