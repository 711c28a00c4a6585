/**
 * When automatic attempts run, counted from the previous attempt (Svix's schedule): at once, then
 * 5 s, 5 min, 30 min, 2 h, 5 h, 10 h and 10 h: 8 attempts over about 28 hours.
 */
export const RETRY_SCHEDULE_MS = [
  0,
  5_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  5 * 3_600_000,
  10 * 3_600_000,
  10 * 3_600_000,
] as const

/** Automatic attempts per message. */
export const MAX_ATTEMPTS = RETRY_SCHEDULE_MS.length

/** A webhook failing without a single success for this long is disabled. */
export const DISABLE_AFTER_FAILING_MS = 5 * 24 * 3_600_000

/** Delays are spread by up to ±10 % so that receivers coming back are not hit all at once. */
export const JITTER = 0.1

/**
 * Reads `Retry-After` (seconds or an HTTP date) as milliseconds from `now`; null when absent or
 * unreadable.
 */
export function parseRetryAfter(value: string | undefined | null, now: number): number | null {
  if (!value) return null
  const trimmed = value.trim()
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000
  const date = Date.parse(trimmed)
  return Number.isNaN(date) ? null : Math.max(0, date - now)
}

/**
 * How long to wait after failed attempt number `attempt` (1-based) before the next one, or null
 * when it was the last. A `Retry-After` from the receiver is honoured when it asks for more time,
 * up to the step after the scheduled one.
 */
export function nextRetryDelay(
  attempt: number,
  {
    retryAfterMs = null,
    random = Math.random,
  }: { retryAfterMs?: number | null; random?: () => number } = {},
): number | null {
  const scheduled = RETRY_SCHEDULE_MS[attempt]
  if (scheduled === undefined) return null
  const jittered = Math.round(scheduled * (1 + JITTER * (2 * random() - 1)))
  if (retryAfterMs === null || retryAfterMs <= jittered) return jittered
  const ceiling = RETRY_SCHEDULE_MS[attempt + 1] ?? scheduled
  return Math.min(retryAfterMs, Math.max(ceiling, jittered))
}
