import type { ErrorComponentProps } from '@tanstack/react-router'
import { errorText } from '../lib/form-errors.ts'

/** A route's error shown where its content would be, with the server's own message. */
export function InPlaceError({ error, reset }: ErrorComponentProps) {
  const message = error instanceof Error && error.message ? errorText(error) || error.message : ''
  return (
    <section className="in-place-error" role="alert">
      <h1>This could not be shown</h1>
      <p>{message || 'An unexpected error occurred.'}</p>
      <button type="button" className="text-link" onClick={reset}>
        Try again
      </button>
    </section>
  )
}
