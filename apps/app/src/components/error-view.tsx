import type { ErrorComponentProps } from '@tanstack/react-router'
import { useState } from 'react'
import { errorViewMessage } from '~/lib/errors.ts'

/**
 * The default error view: a short message, with the error's explanation one click away. Only
 * messages from the error catalogue (the server's 4xx answers) are shown; anything else — a
 * database error, a stack — is replaced by a generic sentence.
 */
export function DefaultErrorView({ error }: ErrorComponentProps) {
  const [shown, setShown] = useState(false)
  return (
    <section className="page page-narrow error-view" role="alert">
      <h1>Something went wrong!</h1>
      <button type="button" className="text-link" onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide Error' : 'Show Error'}
      </button>
      {shown ? <pre className="error-details">{errorViewMessage(error)}</pre> : null}
    </section>
  )
}
