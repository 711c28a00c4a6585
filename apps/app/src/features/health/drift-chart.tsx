import { BarChart } from '@headmark/ui'
import { useHydrated } from '~/lib/dates.tsx'
import type { SiteHealth } from './queries.ts'

const serverLabel = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'UTC',
})
const localLabel = new Intl.DateTimeFormat('en', {
  month: 'short',
  day: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
})

/**
 * Drift over time: the drifted pages of each finished check of the whole site (scheduled or
 * Check now), oldest first, with its score; the chart's table carries the same numbers for
 * screen readers and on "Show table".
 */
export function DriftChart({ checks }: { checks: SiteHealth['checks'] }) {
  const hydrated = useHydrated()
  const finished = checks
    .filter((check) => check.kind !== 'page' && check.state === 'done')
    .toReversed()
  const label = (date: Date) =>
    hydrated ? localLabel.format(date) : `${serverLabel.format(date)} UTC`
  return (
    <BarChart
      className="health-chart"
      title="Drifted pages per check"
      labelHeading="Check"
      valueLabel={finished.length > 0 ? 'drifted pages' : undefined}
      detailHeading="Score"
      height={160}
      data={finished.map((check) => ({
        label: label(check.finishedAt ?? check.createdAt),
        value: check.driftingCount,
        detail:
          check.checkedCount > 0
            ? `score ${Math.round((100 * (check.checkedCount - check.driftingCount)) / check.checkedCount)}% of ${check.checkedCount}`
            : 'no page checked',
      }))}
      emptyMessage={
        finished.length === 0
          ? 'No check of the whole site has finished yet.'
          : 'No page drifted in the checks kept.'
      }
    />
  )
}
