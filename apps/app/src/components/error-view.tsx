import type { ErrorComponentProps } from '@tanstack/react-router'
import { useState } from 'react'

/** The default error view: a short message, with the error itself one click away. */
export function DefaultErrorView({ error }: ErrorComponentProps) {
  const [shown, setShown] = useState(false)
  return (
    <section className="page page-narrow error-view" role="alert">
      <h1>Something went wrong!</h1>
      <button type="button" className="text-link" onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide Error' : 'Show Error'}
      </button>
      {shown ? (
        <pre className="error-details">
          {error instanceof Error ? error.message : String(error)}
        </pre>
      ) : null}
    </section>
  )
}
