import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Textarea } from './textarea.tsx'

const meta = {
  title: 'Forms/Textarea',
  component: Textarea,
  args: { 'aria-label': 'Description', limit: 160 },
} satisfies Meta<typeof Textarea>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  args: { defaultValue: 'Simple plans for teams of every size.' },
  play: async ({ canvas }) => {
    await userEvent.type(canvas.getByRole('textbox'), ' Start free.')
    await expect(canvas.getByText(/^49 \/ 160/)).toBeVisible()
  },
}

export const Empty: Story = { args: { placeholder: 'Describe the page in a sentence or two' } }

export const OverTarget: Story = {
  args: { limit: 20, defaultValue: 'This description is far longer than twenty characters.' },
}

export const Disabled: Story = { args: { disabled: true, defaultValue: 'Locked while saving' } }

export const LongRtl: Story = {
  ...rtl,
  args: {
    defaultValue:
      'خطط بسيطة لكل الفرق. ابدأ مجاناً وقم بالترقية عندما تحتاج إلى المزيد من المواقع أو الصفحات أو الأعضاء أو خطافات الويب.',
  },
}

export const Dark: Story = {
  ...dark,
  args: { defaultValue: 'Simple plans for teams of every size.' },
}

export const Narrow: Story = {
  ...narrow,
  args: { defaultValue: 'Simple plans for teams of every size.' },
}
