import { ORPCError } from '@orpc/client'
import { describe, expect, it } from 'vitest'
import { classifyError, isClientError, UNEXPECTED_ERROR_MESSAGE } from './errors.ts'

describe('the error policy', () => {
  it.each([
    ['an aborted fetch', new DOMException('The operation was aborted.', 'AbortError')],
    ['a request the client closed', new ORPCError('CLIENT_CLOSED_REQUEST')],
  ])('ignores %s', (_name, error) => {
    expect(classifyError(error)).toEqual({ kind: 'ignore' })
  })

  it('sends a 401 to sign in', () => {
    expect(classifyError(new ORPCError('UNAUTHORIZED'))).toEqual({ kind: 'sign-in' })
  })

  it("shows the server's own message", () => {
    const error = new ORPCError('CONFLICT', { message: 'The slug "acme" is already taken.' })
    expect(classifyError(error)).toEqual({
      kind: 'toast',
      message: 'The slug "acme" is already taken.',
    })
  })

  it.each([
    ['a network failure', new TypeError('Failed to fetch')],
    ['a thrown string', 'boom'],
    ['nothing at all', undefined],
  ])('shows the generic message for %s', (_name, error) => {
    expect(classifyError(error)).toEqual({ kind: 'toast', message: UNEXPECTED_ERROR_MESSAGE })
  })

  it('treats 4xx answers as definitive and 5xx as worth retrying', () => {
    expect(isClientError(new ORPCError('NOT_FOUND'))).toBe(true)
    expect(isClientError(new ORPCError('INTERNAL_SERVER_ERROR'))).toBe(false)
    expect(isClientError(new TypeError('Failed to fetch'))).toBe(false)
  })
})
