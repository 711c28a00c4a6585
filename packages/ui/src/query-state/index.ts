export {
  type EmptyContent,
  type QueryErrorProps,
  QueryError,
  type QueryLike,
  QueryState,
  type QueryStateProps,
  type QueryStatus,
} from './query-state.tsx'
