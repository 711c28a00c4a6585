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
    expect(navigate).toHaveBeenCalledWith({ to: '/get-started', search: {}, replace: true })
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
    const router = { navigate, state: { location: { pathname: '/sign-out', href: '/sign-out' } } }
    const handle = createErrorHandler(() => router as unknown as AnyRouter)
    handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
    expect(navigate).not.toHaveBeenCalled()
    router.state.location = { pathname: '/app/organizations/acme', href: '/app/organizations/acme' }
    handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
    expect(navigate).toHaveBeenCalledWith({
      to: '/get-started',
      search: { redirect: '/app/organizations/acme' },
      replace: true,
    })
  })

  it('leaves the pages that need no session alone: a late 401 on the home page after signing out', () => {
    vi.stubGlobal('window', {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const navigate = vi.fn(async () => {})
    // The sign-out went home; a request its last screen sent answers 401 there.
    const router = { navigate, state: { location: { pathname: '/', href: '/' } } }
    const handle = createErrorHandler(() => router as unknown as AnyRouter)
    handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
    router.state.location = { pathname: '/pricing', href: '/pricing' }
    handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
    expect(navigate).not.toHaveBeenCalled()
    // The dashboard's own home still needs a session.
    router.state.location = { pathname: '/app', href: '/app' }
    handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
    expect(navigate).toHaveBeenCalledTimes(1)
  })

  it('leaves the sign-in page and its way back alone when a late request answers 401 there', async () => {
    vi.stubGlobal('window', {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const router = {
      navigate: vi.fn(async ({ search }: { search: { redirect?: string } }) => {
        const query = search.redirect ? `?redirect=${encodeURIComponent(search.redirect)}` : ''
        router.state.location = { pathname: '/get-started', href: `/get-started${query}` }
      }),
      state: { location: { pathname: '/app/organizations/acme', href: '/app/organizations/acme' } },
    }
    const handle = createErrorHandler(() => router as unknown as AnyRouter)
    const unauthorized = new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' })
    handle(unauthorized)
    await Promise.resolve()
    await Promise.resolve()
    // A query that left before the session ended answers once the sign-in page is showing.
    handle(unauthorized)
    expect(router.navigate).toHaveBeenCalledTimes(1)
    expect(router.state.location.href).toBe('/get-started?redirect=%2Fapp%2Forganizations%2Facme')
  })

  it('keeps the page of the app the person was on, query and all, and nothing else', () => {
    vi.stubGlobal('window', {})
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const navigate = vi.fn(async () => {})
    const at = (pathname: string, href = pathname) => {
      const handle = createErrorHandler(
        () => ({ navigate, state: { location: { pathname, href } } }) as unknown as AnyRouter,
      )
      handle(new ORPCError('UNAUTHORIZED', { message: 'Sign in to continue.' }))
      return navigate.mock.lastCall
    }
    expect(
      at(
        '/app/organizations/acme/sites/acme.com/page',
        '/app/organizations/acme/sites/acme.com/page?path=%2Fpricing&tab=og',
      ),
    ).toEqual([
      {
        to: '/get-started',
        search: { redirect: '/app/organizations/acme/sites/acme.com/page?path=%2Fpricing&tab=og' },
        replace: true,
      },
    ])
    // Not a path on this site: signing in opens the dashboard. (A page outside the app needs no
    // session: a 401 there is left alone, tested above.)
    for (const [pathname, href] of [
      ['/app/x', '//evil.example'],
      ['/app/x', 'https://evil.example/app/x'],
      ['/app/x', '/app/x\\evil.example'],
    ] as const) {
      expect(at(pathname, href)).toEqual([{ to: '/get-started', search: {}, replace: true }])
    }
  })
})
