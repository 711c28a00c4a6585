import { fireEvent, render, screen, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it } from 'vitest'
import { BarChart } from './bar-chart.tsx'
import { dailySeries } from './bar-chart.fixtures.ts'
import { niceTicks } from './ticks.ts'

const format = (value: number) => value.toLocaleString('en-US')
const week = [
  { label: 'Mon', value: 120 },
  { label: 'Tue', value: 0 },
  { label: 'Wed', value: 75 },
  { label: 'Thu', value: 310 },
]

function visibleTicks(container: HTMLElement) {
  return Array.from(container.querySelectorAll('.hm-bar-chart__tick')).map(
    (tick) => tick.textContent,
  )
}

describe('niceTicks', () => {
  it('gives 3 to 5 round ticks from zero that reach the largest value', () => {
    const maxima = [1, 2, 3, 5, 7, 10, 13, 99, 100, 101, 1234, 4210, 999_999, 1e9, 1.3e9, 9.9e9]
    for (const max of maxima) {
      const ticks = niceTicks(max)
      expect(ticks.length, `max ${max}`).toBeGreaterThanOrEqual(3)
      expect(ticks.length, `max ${max}`).toBeLessThanOrEqual(5)
      expect(ticks[0]).toBe(0)
      expect(ticks.at(-1)).toBeGreaterThanOrEqual(max)
      const step = ticks[1] ?? 0
      expect(step / 10 ** Math.floor(Math.log10(step))).toSatisfy((mantissa: number) =>
        [1, 2, 2.5, 5].includes(mantissa),
      )
      for (const [index, tick] of ticks.entries()) expect(tick).toBe(index * step)
    }
    expect(niceTicks(4210)).toEqual([0, 2000, 4000, 6000])
    expect(niceTicks(1e9)).toEqual([0, 250_000_000, 500_000_000, 750_000_000, 1_000_000_000])
  })

  it('keeps whole steps for whole numbers and allows fractions otherwise', () => {
    expect(niceTicks(1)).toEqual([0, 1, 2])
    expect(niceTicks(10)).toEqual([0, 5, 10])
    expect(niceTicks(0.37, false)).toEqual([0, 0.1, 0.2, 0.3, 0.4])
  })
})

describe('BarChart', () => {
  it('is a captioned figure whose numbers are in a table, the drawing hidden from assistive tech', () => {
    render(
      <BarChart title="API calls this week" data={week} valueLabel="calls" formatValue={format} />,
    )
    const figure = screen.getByRole('figure', { name: 'API calls this week' })
    const table = within(figure).getByRole('table', { name: 'API calls this week' })
    expect(
      within(table)
        .getAllByRole('row')
        .map((row) => row.textContent),
    ).toEqual(['Labelcalls', 'Mon120', 'Tue0', 'Wed75', 'Thu310'])
    for (const part of figure.querySelectorAll(
      '.hm-bar-chart__axis, .hm-bar-chart__bars, .hm-bar-chart__labels',
    ))
      expect(part.getAttribute('aria-hidden')).toBe('true')
  })

  it('names each bar’s detail in the tooltip, the live announcement and a column of the table', async () => {
    render(
      <BarChart
        title="Drift per check"
        labelHeading="Check"
        valueLabel="pages"
        detailHeading="Score"
        data={[
          { label: 'Mon', value: 3, detail: 'score 97%' },
          { label: 'Tue', value: 0, detail: 'score 100%' },
        ]}
      />,
    )
    expect(screen.getAllByRole('row').map((row) => row.textContent)).toEqual([
      'CheckpagesScore',
      'Mon3score 97%',
      'Tue0score 100%',
    ])
    await userEvent.tab()
    await userEvent.tab()
    expect(screen.getByText('Tue: 0 pages, score 100%')).toBeTruthy()
  })

  it('draws each bar against the top tick, with a round y-axis', () => {
    const { container } = render(<BarChart title="Calls" data={week} />)
    expect(visibleTicks(container)).toEqual(['0', '100', '200', '300', '400'])
    const heights = Array.from(container.querySelectorAll<HTMLElement>('.hm-bar-chart__bar')).map(
      (bar) => bar.style.height,
    )
    expect(heights).toEqual(['30%', '0%', '18.75%', '77.5%'])
  })

  it('names the first, middle and last bars on the x-axis', () => {
    const { container } = render(<BarChart title="Calls" data={dailySeries(30, (i) => i)} />)
    expect(
      Array.from(container.querySelectorAll('.hm-bar-chart__label')).map(
        (label) => label.textContent,
      ),
    ).toEqual(['24 Oct', '7 Nov', '22 Nov'])
  })

  it('shows a bar on hover and reads bars with the keyboard', async () => {
    const { container } = render(
      <BarChart title="Calls" data={week} valueLabel="calls" formatValue={format} />,
    )
    const plot = screen.getByRole('group', { name: /^Calls: 4 bars/ })
    const slots = container.querySelectorAll('.hm-bar-chart__slot')
    fireEvent.pointerEnter(slots[2] as Element)
    const tooltip = () => container.querySelector('.hm-bar-chart__tooltip')?.textContent
    expect(tooltip()).toBe('Wed75 calls')
    fireEvent.pointerLeave(plot)
    expect(tooltip()).toBeUndefined()

    await userEvent.tab() // Show table
    await userEvent.tab()
    expect(document.activeElement).toBe(plot)
    expect(tooltip()).toBe('Thu310 calls')
    expect(within(plot).getByText('Thu: 310 calls').getAttribute('aria-live')).toBe('polite')
    await userEvent.keyboard('{ArrowLeft}')
    expect(tooltip()).toBe('Wed75 calls')
    await userEvent.keyboard('{Home}')
    expect(tooltip()).toBe('Mon120 calls')
    await userEvent.keyboard('{ArrowLeft}')
    expect(tooltip()).toBe('Mon120 calls')
    await userEvent.keyboard('{End}')
    expect(tooltip()).toBe('Thu310 calls')
    expect(slots[3]?.hasAttribute('data-active')).toBe(true)
    await userEvent.keyboard('{Escape}')
    expect(tooltip()).toBeUndefined()
  })

  it('shows the table on request', async () => {
    const { container } = render(<BarChart title="Calls" data={week} />)
    const toggle = screen.getByRole('button', { name: 'Show table' })
    expect(screen.getByRole('table').parentElement?.className).toBe('hm-visually-hidden')
    expect(container.querySelector('.hm-table-scroll')).toBeNull()
    await userEvent.click(toggle)
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(
      screen.getByRole('region', { name: 'Calls' }).closest('.hm-bar-chart__table'),
    ).toBeTruthy()
  })

  it('says so when there is nothing to draw', () => {
    const { rerender, container } = render(<BarChart title="Calls" data={[]} />)
    expect(screen.getByText('No data for this period yet.')).toBeTruthy()
    expect(screen.queryByRole('table')).toBeNull()
    expect(screen.queryByRole('button')).toBeNull()

    rerender(<BarChart title="Calls" data={dailySeries(3, () => 0)} emptyMessage="No calls yet." />)
    expect(screen.getByText('No calls yet.')).toBeTruthy()
    expect(container.querySelector('.hm-bar-chart__bars')).toBeNull()
    expect(screen.getAllByRole('row')).toHaveLength(4)
  })

  it('draws one bar, 92 bars and values of a billion', () => {
    const { rerender, container } = render(
      <BarChart title="Today" data={dailySeries(1, () => 87)} />,
    )
    expect(container.querySelectorAll('.hm-bar-chart__bar')).toHaveLength(1)
    expect(container.querySelectorAll('.hm-bar-chart__label')).toHaveLength(1)

    rerender(<BarChart title="Quarter" data={dailySeries(92, (i) => i * 10)} />)
    expect(container.querySelectorAll('.hm-bar-chart__bar')).toHaveLength(92)
    expect(
      (container.querySelector('.hm-bar-chart__bars') as HTMLElement).style.gridTemplateColumns,
    ).toBe('repeat(92, minmax(0, 1fr))')

    rerender(
      <BarChart
        title="Events"
        data={dailySeries(5, (i) => 1e9 + i * 5e7)}
        formatTick={(value) => `${value / 1e9}B`}
        formatValue={format}
      />,
    )
    expect(visibleTicks(container)).toEqual(['0B', '0.5B', '1B', '1.5B'])
    expect(screen.getByRole('cell', { name: '1,200,000,000' })).toBeTruthy()
  })

  it('draws values below zero or not finite as zero and still lists them', () => {
    const { container } = render(
      <BarChart
        title="Calls"
        data={[
          { label: 'a', value: -5 },
          { label: 'b', value: Number.NaN },
          { label: 'c', value: 8 },
        ]}
        formatValue={format}
      />,
    )
    const heights = Array.from(container.querySelectorAll<HTMLElement>('.hm-bar-chart__bar')).map(
      (bar) => bar.style.height,
    )
    expect(heights).toEqual(['0%', '0%', '100%'])
    expect(screen.getByRole('cell', { name: '-5' })).toBeTruthy()
  })
})
