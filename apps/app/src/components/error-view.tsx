import { Button } from '@headmark/ui'
import { useQueryErrorResetBoundary } from '@tanstack/react-query'
import { type ErrorComponentProps, useRouter } from '@tanstack/react-router'
import { useState } from 'react'
import { errorViewMessage } from '~/lib/errors.ts'

/**
 * The default error view: a short message, a Try again button that loads the screen afresh, and
 * the error's explanation one click away. Only messages from the error catalogue (the server's 4xx
 * answers) are shown; anything else — a database error, a stack — is replaced by a generic
 * sentence.
 */
export function DefaultErrorView({ error, reset }: ErrorComponentProps) {
  const [shown, setShown] = useState(false)
  const [retrying, setRetrying] = useState(false)
  const router = useRouter({ warn: false })
  const queries = useQueryErrorResetBoundary()
  const retry = () => {
    setRetrying(true)
    queries.reset()
    // The route's loader runs again; the boundary shows the screen once it has succeeded.
    void Promise.resolve(router?.invalidate())
      .then(() => reset())
      .finally(() => setRetrying(false))
  }
  return (
    <section className="page page-narrow error-view" role="alert">
      <h1>Something went wrong!</h1>
      <p>
        <Button onClick={retry} disabled={retrying} aria-busy={retrying || undefined}>
          {retrying ? 'Trying again…' : 'Try again'}
        </Button>
      </p>
      <button type="button" className="text-link" onClick={() => setShown((s) => !s)}>
        {shown ? 'Hide Error' : 'Show Error'}
      </button>
      {shown ? <pre className="error-details">{errorViewMessage(error)}</pre> : null}
    </section>
  )
}
