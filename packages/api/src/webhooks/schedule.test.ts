import { describe, expect, it } from 'vitest'
import { MAX_ATTEMPTS, nextRetryDelay, parseRetryAfter, RETRY_SCHEDULE_MS } from './schedule.ts'

describe('the retry schedule', () => {
  it('follows 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h with ±10 % jitter, then stops', () => {
    expect(MAX_ATTEMPTS).toBe(8)
    const low = () => 0
    const high = () => 1
    const middle = () => 0.5
    for (let attempt = 1; attempt < MAX_ATTEMPTS; attempt++) {
      const step = RETRY_SCHEDULE_MS[attempt] as number
      expect(nextRetryDelay(attempt, { random: middle })).toBe(step)
      expect(nextRetryDelay(attempt, { random: low })).toBe(Math.round(step * 0.9))
      expect(nextRetryDelay(attempt, { random: high })).toBe(Math.round(step * 1.1))
    }
    expect(nextRetryDelay(MAX_ATTEMPTS, { random: middle })).toBeNull()
  })

  it('honours Retry-After when it asks for more, up to the step after', () => {
    const random = () => 0.5
    expect(nextRetryDelay(1, { random, retryAfterMs: 60_000 })).toBe(60_000)
    expect(nextRetryDelay(1, { random, retryAfterMs: 3_600_000 })).toBe(5 * 60_000)
    expect(nextRetryDelay(1, { random, retryAfterMs: 1_000 })).toBe(5_000)
  })

  it('reads Retry-After as seconds or an HTTP date', () => {
    const now = Date.parse('2026-11-22T10:00:00Z')
    expect(parseRetryAfter('120', now)).toBe(120_000)
    expect(parseRetryAfter('Sun, 22 Nov 2026 10:01:00 GMT', now)).toBe(60_000)
    expect(parseRetryAfter('soon', now)).toBeNull()
    expect(parseRetryAfter(undefined, now)).toBeNull()
  })
})
