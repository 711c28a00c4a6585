import type { BarChartDatum } from './bar-chart.tsx'

const day = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', timeZone: 'UTC' })

/** `days` consecutive days ending on 22 November 2026, each with a deterministic value. */
export function dailySeries(days: number, value: (index: number) => number): BarChartDatum[] {
  const end = Date.UTC(2026, 10, 22)
  return Array.from({ length: days }, (_, index) => ({
    label: day.format(new Date(end - (days - 1 - index) * 86_400_000)),
    value: value(index),
  }))
}

/** API calls per day over 30 days: weekday peaks, quiet weekends, one spike. */
export const apiCalls = dailySeries(30, (index) => {
  const weekend = index % 7 === 5 || index % 7 === 6
  const base = weekend ? 180 : 1150 + ((index * 137) % 400)
  return index === 23 ? 4210 : base
})
