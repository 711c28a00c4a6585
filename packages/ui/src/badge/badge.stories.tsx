import type { Meta, StoryObj } from '@storybook/react-vite'
import { dark, rtl } from '../storybook/states.ts'
import { Badge } from './badge.tsx'

const meta = {
  title: 'Base/Badge',
  component: Badge,
  args: { children: 'Draft' },
} satisfies Meta<typeof Badge>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

const all = () => (
  <div style={{ display: 'flex', gap: '0.5rem', flexWrap: 'wrap' }}>
    <Badge>Draft</Badge>
    <Badge tone="accent">Owner</Badge>
    <Badge tone="success">200 Succeeded</Badge>
    <Badge tone="warning">Truncated</Badge>
    <Badge tone="danger">Network error</Badge>
  </div>
)

export const Tones: Story = { render: all }

export const Long: Story = {
  args: {
    children: 'A very long label that should be cut off with an ellipsis',
    style: { maxWidth: 160 },
  },
}

export const Rtl: Story = { ...rtl, args: { children: 'مسودة', tone: 'accent' } }

export const Dark: Story = { ...dark, render: all }
