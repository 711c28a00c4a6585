import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect } from 'storybook/test'
import { dark, rtl } from '../storybook/states.ts'
import { Spinner } from './spinner.tsx'

const meta = {
  title: 'Feedback/Spinner',
  component: Spinner,
} satisfies Meta<typeof Spinner>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('status')).toHaveTextContent('Loading…')
  },
}

export const Sizes: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '1rem', alignItems: 'center' }}>
      <Spinner size="sm" label="Loading pages" />
      <Spinner size="md" label="Loading sites" />
      <Spinner size="lg" label="Loading members" />
    </div>
  ),
}

export const Decorative: Story = { args: { label: null } }

export const Rtl: Story = { ...rtl, args: { label: 'جارٍ التحميل…' } }

export const Dark: Story = { ...dark, args: { size: 'lg' } }
