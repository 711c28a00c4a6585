import type { Meta, StoryObj } from '@storybook/react-vite'
import { dark, narrow } from '../storybook/states.ts'
import { ListSkeleton } from './list-skeleton.tsx'
import { Skeleton } from './skeleton.tsx'

const meta = {
  title: 'Feedback/Skeleton',
  component: Skeleton,
  args: { width: '12rem' },
} satisfies Meta<typeof Skeleton>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Lines: Story = { args: { lines: 4, width: undefined } }

export const Circle: Story = { args: { circle: true, width: undefined } }

export const ListLoading: Story = {
  render: () => (
    <div
      aria-busy="true"
      style={{ display: 'flex', flexDirection: 'column', gap: '1rem', maxWidth: 360 }}
    >
      {['a', 'b', 'c'].map((key) => (
        <div key={key} style={{ display: 'flex', gap: '0.75rem', alignItems: 'center' }}>
          <Skeleton circle />
          <Skeleton lines={2} style={{ flex: 1 }} />
        </div>
      ))}
    </div>
  ),
}

export const Dark: Story = { ...dark, args: { lines: 3, width: undefined } }

/** What a screen shows while its list loads (the app's pending view). */
export const ListScreen: Story = {
  render: () => <ListSkeleton label="Loading sites" rows={4} />,
}

export const ListScreenDark: Story = {
  ...dark,
  render: () => <ListSkeleton label="Loading sites" rows={4} />,
}

export const ListScreenNarrow: Story = {
  ...narrow,
  render: () => <ListSkeleton label="Loading sites" rows={3} />,
}
