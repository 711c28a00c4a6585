import { ORPCError } from '@orpc/client'
import { describe, expect, it } from 'vitest'
import { UNEXPECTED_ERROR_MESSAGE } from '~/lib/errors.ts'
import { routeErrorMessage } from './in-place-error.tsx'

describe('the message of an error shown in place', () => {
  it('is the server’s own, also once server rendering has made it a plain Error', () => {
    const message = 'The path has a malformed % escape.'
    expect(routeErrorMessage(new ORPCError('BAD_REQUEST', { message }))).toBe(message)
    expect(routeErrorMessage(new Error(message))).toBe(message)
  })

  it('is the generic one for programming errors and anything else', () => {
    expect(routeErrorMessage(new TypeError('x is undefined'))).toBe(UNEXPECTED_ERROR_MESSAGE)
    expect(routeErrorMessage('boom')).toBe(UNEXPECTED_ERROR_MESSAGE)
    expect(routeErrorMessage(new Error(''))).toBe(UNEXPECTED_ERROR_MESSAGE)
  })
})
