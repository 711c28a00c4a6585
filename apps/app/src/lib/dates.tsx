import { useSyncExternalStore } from 'react'

const subscribeNever = () => () => {}

/**
 * False during server rendering and hydration, true afterwards: lets a component render what
 * only the browser knows (its time zone) without a hydration mismatch.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNever,
    () => true,
    () => false,
  )
}

const serverFormat = new Intl.DateTimeFormat('en', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
})
let localFormat: Intl.DateTimeFormat | undefined

/** A date and time: in UTC while the page hydrates, then in the reader's own time zone. */
export function Time({ value }: { value: Date | string }) {
  const hydrated = useHydrated()
  const date = typeof value === 'string' ? new Date(value) : value
  const text = hydrated
    ? (localFormat ??= new Intl.DateTimeFormat('en', {
        dateStyle: 'medium',
        timeStyle: 'short',
      })).format(date)
    : `${serverFormat.format(date)} UTC`
  return <time dateTime={date.toISOString()}>{text}</time>
}
