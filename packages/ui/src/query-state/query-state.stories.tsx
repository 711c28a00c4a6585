import type { Meta, StoryObj } from '@storybook/react-vite'
import { fn } from 'storybook/test'
import { expect, userEvent } from 'storybook/test'
import { Button } from '../button/button.tsx'
import { dark, narrow } from '../storybook/states.ts'
import { QueryState } from './query-state.tsx'

const keys = ['Production server', 'Staging server']

const meta = {
  title: 'Feedback/QueryState',
  component: QueryState,
  args: {
    status: 'success',
    data: keys,
    loadingLabel: 'Loading API keys',
    errorTitle: 'The keys could not be loaded',
    error: new Error('The server did not answer. Try again in a moment.'),
    onRetry: fn(),
    isEmpty: (data: unknown) => (data as string[]).length === 0,
    empty: {
      title: 'No API keys',
      description: 'Create one for each server that fetches this site’s metadata.',
      action: <Button variant="primary">Create key</Button>,
    },
    children: (data: unknown) => (
      <ul>
        {(data as string[]).map((key) => (
          <li key={key}>{key}</li>
        ))}
      </ul>
    ),
  },
  render: (args) => (
    <div style={{ maxWidth: 560 }}>
      <QueryState {...args} />
    </div>
  ),
} satisfies Meta<typeof QueryState>

export default meta
type Story = StoryObj<typeof meta>

export const Content: Story = {}

export const Loading: Story = {
  args: { status: 'pending', data: undefined },
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status', { name: 'Loading API keys' })).toHaveAttribute(
      'aria-busy',
      'true',
    )
  },
}

export const Failed: Story = {
  args: { status: 'error', data: undefined },
  play: async ({ canvas, args }) => {
    await expect(canvas.getByRole('alert')).toHaveTextContent('The keys could not be loaded')
    await userEvent.click(canvas.getByRole('button', { name: 'Try again' }))
    await expect(args.onRetry).toHaveBeenCalledOnce()
  },
}

export const Empty: Story = { args: { data: [] } }

export const Dark: Story = { ...dark, args: { status: 'error', data: undefined } }

export const DarkEmpty: Story = { ...dark, args: { data: [] } }

export const Narrow: Story = { ...narrow, args: { status: 'error', data: undefined } }
