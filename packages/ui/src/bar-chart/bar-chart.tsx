import {
  type ComponentProps,
  type CSSProperties,
  type KeyboardEvent,
  type ReactNode,
  useId,
  useState,
} from 'react'
import { Button } from '../button/button.tsx'
import { cx } from '../lib/cx.ts'
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from '../table/table.tsx'
import { niceTicks } from './ticks.ts'

export interface BarChartDatum {
  label: string
  /** A count or an amount; values below zero are drawn as zero. */
  value: number
  /** More about the bar (e.g. "score 97%"): under the value in the tooltip, and a column of the table. */
  detail?: string
}

export interface BarChartProps extends Omit<ComponentProps<'figure'>, 'title' | 'children'> {
  data: readonly BarChartDatum[]
  /** The figure's caption; it also names the data table. */
  title: string
  /** What the values count, e.g. "calls": shown in the tooltip and as the table's value header. */
  valueLabel?: string
  /** The header of the table's label column. */
  labelHeading?: string
  /** The header of the table's detail column, shown when a datum has a `detail`. */
  detailHeading?: string
  /** Formats a value in the tooltip and the table (default: grouped digits, "1,234,567"). */
  formatValue?: (value: number) => string
  /** Formats a y-axis tick (default: compact, "1.5K", "2B"). */
  formatTick?: (value: number) => string
  /** Height of the plot in pixels. */
  height?: number
  /** Shown instead of the bars when there is no data or every value is zero. */
  emptyMessage?: ReactNode
  /** The button that shows the numbers as a table (screen readers always have the table). */
  showTableLabel?: string
}

const grouped = new Intl.NumberFormat(undefined, { maximumFractionDigits: 2 })
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 })
const defaultFormatValue = (value: number) => grouped.format(value)
const defaultFormatTick = (value: number) => compact.format(value)

type Align = 'start' | 'center' | 'end'

/**
 * A bar chart of one series, e.g. API calls per day, drawn with CSS. The bars are hidden from
 * assistive tech; a table carries the same numbers (visually hidden until "Show table" is
 * pressed). Hover a bar, or focus the chart and use the arrow keys, Home and End, to read one.
 */
export function BarChart({
  data,
  title,
  valueLabel,
  labelHeading = 'Label',
  detailHeading = 'Detail',
  formatValue = defaultFormatValue,
  formatTick = defaultFormatTick,
  height = 200,
  emptyMessage = 'No data for this period yet.',
  showTableLabel = 'Show table',
  className,
  style,
  ...props
}: BarChartProps) {
  const id = useId()
  const [active, setActive] = useState<number | null>(null)
  const [tableShown, setTableShown] = useState(false)
  const count = data.length
  const values = data.map(({ value }) => (Number.isFinite(value) ? Math.max(0, value) : 0))
  const max = Math.max(0, ...values)
  const ticks = niceTicks(
    max,
    values.every((value) => Number.isInteger(value)),
  )
  const top = ticks.at(-1) ?? 1
  const tickLabels = ticks.map((tick) => formatTick(tick))
  const current = active !== null && active < count ? active : null
  const datum = current === null ? undefined : data[current]
  const withUnit = (value: number) => `${formatValue(value)}${valueLabel ? ` ${valueLabel}` : ''}`
  const hasDetail = data.some((row) => row.detail !== undefined)

  const align = (index: number): Align =>
    count < 3 ? 'center' : index / count < 0.15 ? 'start' : index / count > 0.85 ? 'end' : 'center'
  // Logical insets, so a right-to-left page mirrors the chart.
  const place = (index: number): CSSProperties => {
    const where = align(index)
    if (where === 'start') return { insetInlineStart: `${(index / count) * 100}%` }
    if (where === 'end') return { insetInlineEnd: `${((count - index - 1) / count) * 100}%` }
    return { insetInlineStart: `${((index + 0.5) / count) * 100}%` }
  }
  // The x-axis names the first, middle and last bars; the tooltip and the table name every one.
  const axisLabels = [...new Set([0, Math.floor((count - 1) / 2), count - 1])].filter(
    (index) => index >= 0,
  )

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      setActive(null)
      return
    }
    const from = current ?? count - 1
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl'
    const moves: Record<string, number> = {
      ArrowLeft: rtl ? from + 1 : from - 1,
      ArrowRight: rtl ? from - 1 : from + 1,
      ArrowDown: from - 1,
      ArrowUp: from + 1,
      PageDown: from - 10,
      PageUp: from + 10,
      Home: 0,
      End: count - 1,
    }
    const target = moves[event.key]
    if (target === undefined) return
    event.preventDefault()
    setActive(Math.min(count - 1, Math.max(0, target)))
  }

  const rows = (
    <>
      <TableHeader>
        <TableRow>
          <TableHead>{labelHeading}</TableHead>
          <TableHead className="hm-bar-chart__number">{valueLabel ?? 'Value'}</TableHead>
          {hasDetail ? <TableHead>{detailHeading}</TableHead> : null}
        </TableRow>
      </TableHeader>
      <TableBody>
        {data.map((row, index) => (
          // Labels may repeat; a row is its position.
          <TableRow key={index}>
            <TableCell>{row.label}</TableCell>
            <TableCell className="hm-bar-chart__number">{formatValue(row.value)}</TableCell>
            {hasDetail ? <TableCell>{row.detail ?? ''}</TableCell> : null}
          </TableRow>
        ))}
      </TableBody>
    </>
  )

  return (
    <figure
      className={cx('hm-bar-chart', className)}
      style={{ '--hm-bar-chart-height': `${height}px`, ...style } as CSSProperties}
      aria-labelledby={`${id}-title`}
      {...props}
    >
      <figcaption className="hm-bar-chart__header">
        <span id={`${id}-title`} className="hm-bar-chart__title">
          {title}
        </span>
        {count > 0 ? (
          <Button
            variant="ghost"
            size="sm"
            aria-pressed={tableShown}
            onClick={() => setTableShown((shown) => !shown)}
          >
            {showTableLabel}
          </Button>
        ) : null}
      </figcaption>

      {max === 0 ? (
        <p className="hm-bar-chart__empty" style={{ minHeight: height }}>
          {emptyMessage}
        </p>
      ) : (
        <div className="hm-bar-chart__chart">
          <div className="hm-bar-chart__axis" aria-hidden="true">
            {/* In the flow, so the widest tick label sets the axis's width. */}
            <span className="hm-bar-chart__tick-sizer">
              {tickLabels.reduce(
                (widest, label) => (label.length > widest.length ? label : widest),
                '',
              )}
            </span>
            {ticks.map((tick, index) => (
              <span
                key={tick}
                className="hm-bar-chart__tick"
                style={{ bottom: `${(tick / top) * 100}%` }}
              >
                {tickLabels[index]}
              </span>
            ))}
          </div>
          <div
            className="hm-bar-chart__plot"
            role="group"
            aria-label={`${title}: ${count === 1 ? '1 bar' : `${count} bars`}, use the arrow keys to read them`}
            tabIndex={0}
            onKeyDown={onKeyDown}
            onFocus={() => setActive((index) => index ?? count - 1)}
            onBlur={() => setActive(null)}
            onPointerLeave={(event) => {
              if (document.activeElement !== event.currentTarget) setActive(null)
            }}
          >
            <div className="hm-bar-chart__grid" aria-hidden="true">
              {ticks.map((tick) => (
                <span
                  key={tick}
                  className="hm-bar-chart__gridline"
                  style={{ bottom: `${(tick / top) * 100}%` }}
                />
              ))}
            </div>
            <div
              className="hm-bar-chart__bars"
              aria-hidden="true"
              style={{ gridTemplateColumns: `repeat(${count}, minmax(0, 1fr))` }}
            >
              {values.map((value, index) => (
                <div
                  // Labels may repeat; a bar is its position.
                  key={index}
                  className="hm-bar-chart__slot"
                  data-active={index === current ? '' : undefined}
                  onPointerEnter={() => setActive(index)}
                >
                  <span
                    className="hm-bar-chart__bar"
                    data-zero={value === 0 ? '' : undefined}
                    style={{ height: `${(value / top) * 100}%` }}
                  />
                </div>
              ))}
            </div>
            {current !== null && datum ? (
              <div
                className={`hm-bar-chart__tooltip hm-bar-chart__tooltip--${align(current)}`}
                style={place(current)}
                aria-hidden="true"
              >
                <span className="hm-bar-chart__tooltip-label">{datum.label}</span>
                <span className="hm-bar-chart__tooltip-value">{withUnit(datum.value)}</span>
                {datum.detail ? (
                  <span className="hm-bar-chart__tooltip-label">{datum.detail}</span>
                ) : null}
              </div>
            ) : null}
            <span className="hm-visually-hidden" aria-live="polite">
              {datum
                ? `${datum.label}: ${withUnit(datum.value)}${datum.detail ? `, ${datum.detail}` : ''}`
                : ''}
            </span>
          </div>
          <div className="hm-bar-chart__labels" aria-hidden="true">
            {axisLabels.map((index) => (
              <span
                key={index}
                className={`hm-bar-chart__label hm-bar-chart__label--${align(index)}`}
                style={place(index)}
              >
                {data[index]?.label}
              </span>
            ))}
          </div>
        </div>
      )}

      {count === 0 ? null : tableShown ? (
        <div className="hm-bar-chart__table">
          <Table aria-labelledby={`${id}-title`} scrollLabel={title}>
            {rows}
          </Table>
        </div>
      ) : (
        // A div hides it (a table grows to fit its rows whatever its height); no scroll
        // container, which would be a scrolling region no one can reach.
        <div className="hm-visually-hidden">
          <table className="hm-table" aria-labelledby={`${id}-title`}>
            {rows}
          </table>
        </div>
      )}
    </figure>
  )
}
