import { queryOptions } from '@tanstack/react-query'
import { publicApiUrl } from './api-url.ts'

/** This Headmark's public metadata API, for the install snippets (it never changes). */
export const publicApiUrlQuery = () =>
  queryOptions({
    queryKey: ['publicApiUrl'],
    queryFn: () => publicApiUrl(),
    staleTime: Number.POSITIVE_INFINITY,
  })
