import { ORPCError } from '@orpc/client'
import { describe, expect, it, vi } from 'vitest'
import { createQueryClient, QUERY_GC_TIME_MS, retryDelay } from './query-client.ts'

describe('the query client', () => {
  it('backs off exponentially, capped at 30 seconds', () => {
    expect([0, 1, 2, 3, 4, 5, 6].map(retryDelay)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000,
    ])
  })

  it('retries a failing query three times in the browser but never a 4xx answer', async () => {
    vi.stubGlobal('window', {})
    const client = createQueryClient(() => {})
    client.setDefaultOptions({
      queries: { ...client.getDefaultOptions().queries, retryDelay: 0 },
    })
    const serverError = vi.fn().mockRejectedValue(new ORPCError('INTERNAL_SERVER_ERROR'))
    await client.fetchQuery({ queryKey: ['a'], queryFn: serverError }).catch(() => {})
    expect(serverError).toHaveBeenCalledTimes(4)

    const notFound = vi.fn().mockRejectedValue(new ORPCError('NOT_FOUND'))
    await client.fetchQuery({ queryKey: ['b'], queryFn: notFound }).catch(() => {})
    expect(notFound).toHaveBeenCalledTimes(1)
    vi.unstubAllGlobals()
  })

  it('never retries on the server, so a failing page answers at once', async () => {
    expect(typeof window).toBe('undefined')
    const client = createQueryClient(() => {})
    const serverError = vi.fn().mockRejectedValue(new ORPCError('INTERNAL_SERVER_ERROR'))
    await client.fetchQuery({ queryKey: ['s'], queryFn: serverError }).catch(() => {})
    expect(serverError).toHaveBeenCalledTimes(1)
  })

  it('keeps unused data for five minutes', () => {
    expect(createQueryClient(() => {}).getDefaultOptions().queries?.gcTime).toBe(QUERY_GC_TIME_MS)
    expect(QUERY_GC_TIME_MS).toBe(300_000)
  })

  it('reports query and mutation errors to the policy, except inline form errors', async () => {
    const onError = vi.fn()
    const client = createQueryClient(onError)
    const conflict = new ORPCError('CONFLICT', { message: 'taken' })
    const mutate = (meta?: { inlineErrors?: boolean }) =>
      client
        .getMutationCache()
        .build(client, { mutationFn: () => Promise.reject(conflict), meta })
        .execute(undefined)
        .catch(() => {})

    await mutate({ inlineErrors: true })
    expect(onError).not.toHaveBeenCalled()
    await mutate()
    expect(onError).toHaveBeenCalledWith(conflict)

    await client
      .fetchQuery({ queryKey: ['c'], queryFn: () => Promise.reject(conflict) })
      .catch(() => {})
    expect(onError).toHaveBeenCalledTimes(2)
  })
})
