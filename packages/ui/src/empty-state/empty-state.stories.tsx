import type { Meta, StoryObj } from '@storybook/react-vite'
import { Button } from '../button/button.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { EmptyState } from './empty-state.tsx'

const icon = (
  <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
    <path d="M4 5h16v14H4zM4 9h16" fill="none" stroke="currentColor" strokeWidth="1.5" />
  </svg>
)

const meta = {
  title: 'Feedback/EmptyState',
  component: EmptyState,
  args: {
    title: 'No sites yet',
    description: 'Add a site by its hostname to start managing its metadata.',
    icon,
    action: <Button variant="primary">Create site</Button>,
  },
} satisfies Meta<typeof EmptyState>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const TitleOnly: Story = {
  args: { description: undefined, icon: undefined, action: undefined },
}

export const LongRtl: Story = {
  ...rtl,
  args: {
    title: 'لا توجد مواقع بعد في هذه المؤسسة، أضف موقعك الأول للبدء',
    description: 'أضف موقعاً باسم المضيف لبدء إدارة بياناته الوصفية.',
    action: <Button variant="primary">إنشاء موقع</Button>,
  },
}

export const Dark: Story = { ...dark }

export const Narrow: Story = { ...narrow }
