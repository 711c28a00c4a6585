/**
 * Delays between retries, in milliseconds, for the n-th retry (`attempt` starts at 1). Used by
 * webhook delivery. A missing, fractional or non-finite attempt counts as the nearest valid one.
 * @module
 */

const attemptNumber = (attempt: number) =>
  Number.isFinite(attempt) ? Math.max(1, Math.floor(attempt)) : 1

/**
 * A delay that grows linearly: `delay × attempt`.
 *
 * @example
 * linearDelay(1)                  // 1000
 * linearDelay(3)                  // 3000
 * linearDelay(3, { delay: 250 })  // 750
 */
export function linearDelay(attempt: number, options: { delay?: number } = {}): number {
  return (options.delay ?? 1000) * attemptNumber(attempt)
}

/** Options of {@link exponentialDelay}. */
export interface ExponentialDelayOptions {
  /** The first delay. Default 1000. */
  base?: number
  /** How much each attempt multiplies the delay by. Default 2. */
  factor?: number
  /** The cap. Default 60 000. */
  max?: number
  /**
   * "Full jitter": pick uniformly between 0 and the computed delay, so that many receivers
   * failing at once do not retry in lockstep. Default `false`.
   */
  jitter?: boolean
  /** A source of numbers in [0, 1), for tests. Default `Math.random`. */
  random?: () => number
}

/**
 * A delay that grows exponentially, `base × factor^(attempt − 1)`, capped at `max`, with
 * optional full jitter.
 *
 * @example
 * exponentialDelay(1)                  // 1000
 * exponentialDelay(4)                  // 8000
 * exponentialDelay(20)                 // 60000 (the cap)
 * exponentialDelay(4, { jitter: true }) // somewhere in [0, 8000)
 */
export function exponentialDelay(attempt: number, options: ExponentialDelayOptions = {}): number {
  const { base = 1000, factor = 2, max = 60_000, jitter = false, random = Math.random } = options
  const delay = Math.min(max, base * factor ** (attemptNumber(attempt) - 1))
  return jitter ? Math.floor(random() * delay) : delay
}
