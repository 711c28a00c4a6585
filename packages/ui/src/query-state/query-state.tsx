import type { ReactNode } from 'react'
import { Alert } from '../alert/alert.tsx'
import { Button } from '../button/button.tsx'
import { EmptyState } from '../empty-state/empty-state.tsx'
import { Skeleton } from '../skeleton/skeleton.tsx'

export type QueryStatus = 'pending' | 'error' | 'success'

/** The part of a React Query result (or any loader's state) this package reads. */
export interface QueryLike<Data> {
  status: QueryStatus
  data?: Data | undefined
  error?: unknown
  refetch?: () => unknown
}

/** What a list shows when it has nothing: EmptyState's title, text and optional action. */
export interface EmptyContent {
  title: ReactNode
  description?: ReactNode
  action?: ReactNode
  headingLevel?: 2 | 3 | 4
}

/** How a failed load is shown: a title, the caller's message and a way to try again. */
export interface QueryErrorProps {
  error?: unknown
  /** The message a person reads; a function gets the error. Defaults to an Error's message. */
  errorMessage?: ReactNode | ((error: unknown) => ReactNode)
  errorTitle?: ReactNode
  /** Called by the "Try again" button; without it (and without `query.refetch`) there is none. */
  onRetry?: () => unknown
  retryLabel?: string
}

export interface QueryStateProps<Data> extends QueryErrorProps {
  /** A React Query–like result; or give `status`, `data` and `error` one by one. */
  query?: QueryLike<Data>
  status?: QueryStatus
  data?: Data | undefined
  /** Whether the loaded data counts as nothing, e.g. `(sites) => sites.length === 0`. */
  isEmpty?: boolean | ((data: Data) => boolean)
  empty?: EmptyContent
  /** The placeholder while loading; three lines of skeleton by default. */
  loading?: ReactNode
  /** Names the loading region for assistive tech, e.g. "Loading API keys". */
  loadingLabel?: string
  /** The content, or a function of the loaded data. */
  children: ReactNode | ((data: Data) => ReactNode)
}

const defaultMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong.'

/** A failed load, in place of its content, with a "Try again" button. */
export function QueryError({
  error,
  errorMessage,
  errorTitle = 'This could not be loaded',
  onRetry,
  retryLabel = 'Try again',
}: QueryErrorProps) {
  const message =
    typeof errorMessage === 'function'
      ? errorMessage(error)
      : (errorMessage ?? defaultMessage(error))
  return (
    <Alert
      tone="danger"
      live="assertive"
      title={errorTitle}
      action={onRetry ? <Button onClick={() => void onRetry()}>{retryLabel}</Button> : null}
    >
      {message}
    </Alert>
  )
}

/**
 * One shape for every loaded thing: a skeleton while it loads (in an `aria-busy` region), the
 * error with "Try again" when it fails, an EmptyState when there is nothing, else the content.
 *
 * @example
 * const keys = useQuery(siteApiKeysQuery(slug, hostname))
 * <QueryState query={keys} errorTitle="The keys could not be loaded"
 *   isEmpty={(list) => list.length === 0} empty={{ title: 'No API keys' }}>
 *   {(list) => <KeyTable keys={list} />}
 * </QueryState>
 */
export function QueryState<Data>({
  query,
  status = query?.status ?? 'success',
  data = query?.data,
  error = query?.error,
  onRetry = query?.refetch,
  isEmpty,
  empty,
  loading,
  loadingLabel = 'Loading',
  children,
  ...errorProps
}: QueryStateProps<Data>) {
  if (status === 'pending') {
    return (
      <div className="hm-query-state" aria-busy="true" aria-label={loadingLabel} role="status">
        {loading ?? <Skeleton lines={3} />}
      </div>
    )
  }
  if (status === 'error') return <QueryError error={error} onRetry={onRetry} {...errorProps} />
  const nothing = typeof isEmpty === 'function' ? isEmpty(data as Data) : Boolean(isEmpty)
  if (nothing && empty) {
    return (
      <EmptyState
        headingLevel={empty.headingLevel ?? 3}
        title={empty.title}
        description={empty.description}
        action={empty.action}
      />
    )
  }
  return <>{typeof children === 'function' ? children(data as Data) : children}</>
}
