import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent, within } from 'storybook/test'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { sampleCalls, sampleQueued } from './history.fixtures.ts'
import { callOutcome, type WebhookCallFilter } from './types.ts'
import { WebhookHistory, type WebhookHistoryProps } from './webhook-history.tsx'

const utc = new Intl.DateTimeFormat('en-GB', {
  dateStyle: 'medium',
  timeStyle: 'medium',
  timeZone: 'UTC',
})

/** Filters locally the way the app would ask the server to. */
function Harness(props: WebhookHistoryProps) {
  const [filter, setFilter] = useState<WebhookCallFilter>(props.filter ?? 'all')
  const calls = props.calls.filter((call) =>
    filter === 'all' ? true : (callOutcome(call) === 'success') === (filter === 'succeeded'),
  )
  return (
    <WebhookHistory
      {...props}
      calls={calls}
      filter={filter}
      onFilterChange={(next) => {
        setFilter(next)
        props.onFilterChange?.(next)
      }}
    />
  )
}

const meta = {
  title: 'Product/WebhookHistory',
  component: WebhookHistory,
  render: (args) => <Harness {...args} />,
  args: {
    calls: sampleCalls,
    page: 2,
    pageCount: 4,
    onPageChange: fn(),
    onFilterChange: fn(),
    onRedeliver: fn(),
    onRetry: fn(),
    formatTime: (date) => utc.format(date),
  },
} satisfies Meta<typeof WebhookHistory>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const ExpandRow: Story = {
  play: async ({ args, canvas }) => {
    const [details] = canvas.getAllByRole('button', { name: /^Details/ })
    await userEvent.click(details as HTMLElement)
    await expect(details).toHaveAttribute('aria-expanded', 'true')
    const panel = document.getElementById(details?.getAttribute('aria-controls') ?? '')
    await expect(panel).not.toBeNull()
    const region = within(panel as HTMLElement)
    await expect(region.getByText('x-webhook-signature')).toBeVisible()
    await expect(region.getByRole('heading', { name: 'Response body' })).toBeVisible()
    await userEvent.click(canvas.getAllByRole('button', { name: /^Redeliver/ })[0] as HTMLElement)
    await expect(args.onRedeliver).toHaveBeenCalledWith(sampleCalls[0])
  },
}

export const TruncatedResponse: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getAllByRole('button', { name: /^Details/ })[1] as HTMLElement)
    await expect(canvas.getByText('Truncated')).toBeVisible()
  },
}

export const FilterFailed: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Failed' }))
    await expect(args.onFilterChange).toHaveBeenCalledWith('failed')
    await expect(canvas.getByRole('button', { name: 'Failed' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(canvas.queryByText('200 Succeeded')).toBeNull()
    await expect(canvas.getByText('Network error')).toBeVisible()
  },
}

export const Paging: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }))
    await expect(args.onPageChange).toHaveBeenCalledWith(3)
  },
}

export const Empty: Story = { args: { calls: [], page: 1, pageCount: 1 } }

export const EmptyFilter: Story = { args: { calls: [], filter: 'failed', page: 1, pageCount: 1 } }

export const Loading: Story = { args: { calls: [], loading: true } }

export const LoadError: Story = {
  args: { error: 'The server did not answer in time. Check your connection and try again.' },
  play: async ({ args, canvas }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('Could not load the call history')
    await userEvent.click(canvas.getByRole('button', { name: 'Retry' }))
    await expect(args.onRetry).toHaveBeenCalled()
  },
}

export const Redelivering: Story = { args: { redeliveringId: 'call_2' } }

export const WithoutActions: Story = {
  render: (args) => <WebhookHistory {...args} />,
  args: { onRedeliver: undefined, onPageChange: undefined, onFilterChange: undefined },
}

export const Rtl: Story = { ...rtl }

export const Dark: Story = {
  ...dark,
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getAllByRole('button', { name: /^Details/ })[0] as HTMLElement)
  },
}

export const Narrow: Story = { ...narrow }

/** Attempts waiting in the queue above the calls: sending, due, and a retry scheduled later. */
export const Backlog: Story = {
  args: { queued: sampleQueued, queuedTotal: 1204 },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Waiting to be sent' })).toBeInTheDocument()
  },
}

export const BacklogDark: Story = { ...dark, args: { queued: sampleQueued, queuedTotal: 1204 } }

export const BacklogNarrow: Story = { ...narrow, args: { queued: sampleQueued, queuedTotal: 3 } }
