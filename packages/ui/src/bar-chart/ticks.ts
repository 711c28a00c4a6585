const STEPS = [1, 2, 2.5, 5, 10]

/**
 * Round y-axis ticks from 0 up to at least `max`: 3 to 5 of them, evenly spaced by 1, 2, 2.5 or 5
 * times a power of ten (a whole step when every value is a whole number).
 */
export function niceTicks(max: number, wholeNumbers = true): number[] {
  if (!Number.isFinite(max) || max <= 0) return [0, 1, 2]
  const rough = max / 4
  const power = 10 ** Math.floor(Math.log10(rough))
  let step = 10 * power
  for (const candidate of STEPS) {
    const value = Number((candidate * power).toPrecision(12))
    if (value >= rough && (!wholeNumbers || Number.isInteger(value))) {
      step = value
      break
    }
  }
  if (wholeNumbers) step = Math.max(1, Math.round(step))
  const count = Math.max(2, Math.ceil(max / step - 1e-9))
  return Array.from({ length: count + 1 }, (_, index) => Number((index * step).toPrecision(12)))
}
