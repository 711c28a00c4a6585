import { ORPCError } from '@orpc/client'

export const UNEXPECTED_ERROR_MESSAGE = 'An unexpected error occurred.'

export type ErrorOutcome =
  { kind: 'ignore' } | { kind: 'sign-in' } | { kind: 'toast'; message: string }

function isAbort(error: unknown): boolean {
  return (
    (error instanceof DOMException && error.name === 'AbortError') ||
    (error instanceof Error && error.name === 'AbortError') ||
    (error instanceof ORPCError && error.code === 'CLIENT_CLOSED_REQUEST')
  )
}

/**
 * The one error policy for queries and mutations: aborted requests are ignored, a 401 sends the
 * user to sign in, a server error shows its own message, anything else a generic one.
 */
export function classifyError(error: unknown): ErrorOutcome {
  if (isAbort(error)) return { kind: 'ignore' }
  if (error instanceof ORPCError) {
    if (error.status === 401) return { kind: 'sign-in' }
    if (error.message && error.status < 500) return { kind: 'toast', message: error.message }
  }
  return { kind: 'toast', message: UNEXPECTED_ERROR_MESSAGE }
}

/** 4xx answers are definitive: retrying them only delays the message the user needs. */
export function isClientError(error: unknown): boolean {
  return error instanceof ORPCError && error.status >= 400 && error.status < 500
}

/**
 * What an error view may show: the message of a 4xx answer from the server (written for people),
 * never the text of anything else, which may carry SQL, parameters or a stack.
 */
export function errorViewMessage(error: unknown): string {
  if (isClientError(error) && (error as ORPCError<string, unknown>).message) {
    return (error as ORPCError<string, unknown>).message
  }
  return UNEXPECTED_ERROR_MESSAGE
}
