import { useEffect, useState, useSyncExternalStore } from 'react'

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
  const text = hydrated ? localDateTime(date) : `${serverFormat.format(date)} UTC`
  return <time dateTime={date.toISOString()}>{text}</time>
}

const relativeFormat = new Intl.RelativeTimeFormat('en', { numeric: 'auto' })
const RELATIVE_UNITS: Array<[Intl.RelativeTimeFormatUnit, number]> = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['week', 7 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
]

/** "just now", "3 minutes ago", "yesterday": how long ago `date` was, seen from `now`. */
export function relativeTime(date: Date, now: number): string {
  // A moment a little ahead of a clock that last ticked seconds ago is still "just now".
  const seconds = Math.min(0, Math.round((date.getTime() - now) / 1000))
  for (const [unit, size] of RELATIVE_UNITS) {
    if (Math.abs(seconds) >= size) return relativeFormat.format(Math.trunc(seconds / size), unit)
  }
  return 'just now'
}

/** Ticks every `ms` while mounted in the browser; the current time in ms. */
function useNow(ms: number): number {
  const [now, setNow] = useState(() => Date.now())
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), ms)
    return () => clearInterval(timer)
  }, [ms])
  return now
}

/**
 * How long ago a moment was ("2 minutes ago"), kept current; the full date and time as its
 * tooltip. While the page hydrates it shows the date in UTC, as {@link Time} does.
 */
export function RelativeTime({ value }: { value: Date | string }) {
  const hydrated = useHydrated()
  const now = useNow(15_000)
  const date = typeof value === 'string' ? new Date(value) : value
  if (!hydrated) return <Time value={date} />
  return (
    <time dateTime={date.toISOString()} title={localDateTime(date)}>
      {relativeTime(date, now)}
    </time>
  )
}

function localDateTime(date: Date): string {
  return (localFormat ??= new Intl.DateTimeFormat('en', {
    dateStyle: 'medium',
    timeStyle: 'short',
  })).format(date)
}
