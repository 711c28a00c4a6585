import { type DefaultError, useMutation, type UseMutationOptions } from '@tanstack/react-query'

/**
 * A mutation whose refusals (4xx) the screen shows in place, next to a form's fields or in its
 * dialog: the app's error policy shows no toast for them (a 401 and a 5xx still go to it).
 *
 * @example
 * const create = useInlineMutation(orpc.sites.create.mutationOptions({ onSuccess: … }))
 */
export function useInlineMutation<
  TData,
  TError = DefaultError,
  TVariables = void,
  TContext = unknown,
>(options: UseMutationOptions<TData, TError, TVariables, TContext>) {
  return useMutation({ ...options, meta: { ...options.meta, inlineErrors: true } })
}
