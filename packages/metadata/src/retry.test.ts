import { describe, expect, it } from 'vitest'
import { exponentialDelay, linearDelay } from './retry.ts'

describe('linearDelay', () => {
  it.each([
    [1, {}, 1000],
    [2, {}, 2000],
    [5, {}, 5000],
    [3, { delay: 250 }, 750],
    [0, {}, 1000],
    [-4, {}, 1000],
    [2.9, {}, 2000],
    [Number.NaN, {}, 1000],
    [Number.POSITIVE_INFINITY, {}, 1000],
  ])('attempt %s with %j → %i ms', (attempt, options, expected) => {
    expect(linearDelay(attempt, options)).toBe(expected)
  })

  it('defaults to 1000 ms steps', () => {
    expect(linearDelay(1)).toBe(1000)
  })
})

describe('exponentialDelay', () => {
  it.each([
    [1, {}, 1000],
    [2, {}, 2000],
    [4, {}, 8000],
    [7, {}, 60_000],
    [1000, {}, 60_000],
    [3, { base: 100, factor: 3 }, 900],
    [3, { max: 3000 }, 3000],
    [0, {}, 1000],
  ])('attempt %s with %j → %i ms', (attempt, options, expected) => {
    expect(exponentialDelay(attempt, options)).toBe(expected)
  })

  it.each([
    [0, 0],
    [0.5, 4000],
    [0.999_999, 7999],
  ])('with jitter and random() = %s → %i ms (between 0 and the delay)', (random, expected) => {
    expect(exponentialDelay(4, { jitter: true, random: () => random })).toBe(expected)
  })

  it('stays within the cap with real randomness', () => {
    for (let attempt = 1; attempt < 30; attempt++) {
      const delay = exponentialDelay(attempt, { jitter: true, max: 5000 })
      expect(delay).toBeGreaterThanOrEqual(0)
      expect(delay).toBeLessThan(5000)
    }
  })
})
