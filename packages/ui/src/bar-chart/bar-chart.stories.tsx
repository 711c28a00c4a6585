import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { BarChart } from './bar-chart.tsx'
import { apiCalls, dailySeries } from './bar-chart.fixtures.ts'

const meta = {
  title: 'Data/BarChart',
  component: BarChart,
  args: {
    title: 'API calls, last 30 days',
    data: apiCalls,
    valueLabel: 'calls',
    labelHeading: 'Day',
  },
} satisfies Meta<typeof BarChart>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const chart = canvas.getByRole('group', { name: /API calls, last 30 days/ })
    await userEvent.tab() // Show table
    await userEvent.tab()
    await expect(chart).toHaveFocus()
    await expect(canvas.getByText('1,523 calls')).toBeVisible()
    await userEvent.keyboard('{Home}')
    await expect(canvas.getByText('1,150 calls')).toBeVisible()
  },
}

export const Empty: Story = { args: { data: [] } }

export const AllZero: Story = { args: { data: dailySeries(30, () => 0) } }

export const OneDay: Story = {
  args: { title: 'API calls today', data: dailySeries(1, () => 87) },
}

export const LargeNumbers: Story = {
  args: {
    title: 'Events, last 14 days',
    valueLabel: 'events',
    data: dailySeries(14, (index) => 1_000_000_000 + index * 37_500_000),
  },
}

export const TableShown: Story = {
  args: { data: dailySeries(7, (index) => index * 12) },
  play: async ({ canvas }) => {
    const toggle = canvas.getByRole('button', { name: 'Show table' })
    await userEvent.click(toggle)
    await expect(toggle).toHaveAttribute('aria-pressed', 'true')
    await expect(canvas.getByRole('cell', { name: '72' })).toBeVisible()
  },
}

export const ManyBarsNarrow: Story = {
  ...narrow,
  args: {
    title: 'API calls, last 92 days',
    data: dailySeries(92, (index) => Math.round(800 + 600 * Math.sin(index / 5) + index * 9)),
  },
}

export const Dark: Story = {
  ...dark,
  play: async ({ canvas }) => {
    await userEvent.tab() // Show table
    await userEvent.tab()
    await expect(canvas.getByText('1,523 calls')).toBeVisible()
  },
}

export const DarkEmpty: Story = { ...dark, args: { data: [] } }

export const Rtl: Story = {
  ...rtl,
  args: {
    title: 'طلبات الواجهة البرمجية، آخر 30 يوماً',
    valueLabel: 'طلب',
    labelHeading: 'اليوم',
    showTableLabel: 'عرض الجدول',
  },
}
