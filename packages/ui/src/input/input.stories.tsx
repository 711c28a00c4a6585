import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Input } from './input.tsx'

const meta = {
  title: 'Forms/Input',
  component: Input,
  args: { 'aria-label': 'Title', placeholder: 'Pricing — Acme' },
} satisfies Meta<typeof Input>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Empty: Story = { args: { placeholder: undefined } }

export const WithCounter: Story = {
  args: { limit: 60, defaultValue: 'Pricing — Acme Analytics' },
  play: async ({ canvas }) => {
    await userEvent.type(
      canvas.getByRole('textbox', { name: 'Title' }),
      ' for teams of every size, billed yearly',
    )
    await expect(canvas.getByText(/^63 \/ 60/)).toBeVisible()
    await expect(canvas.getByRole('textbox', { name: 'Title' })).toHaveAccessibleDescription(
      '63 / 60 characters, over the target',
    )
  },
}

export const Invalid: Story = { args: { 'aria-invalid': true, defaultValue: 'not a url' } }

export const Disabled: Story = { args: { disabled: true, defaultValue: 'acme.example' } }

export const ReadOnly: Story = { args: { readOnly: true, defaultValue: 'acme.example' } }

export const LongRtl: Story = {
  ...rtl,
  args: { defaultValue: 'الأسعار — خطط بسيطة لكل الفرق مهما كان حجمها، ابدأ مجاناً', limit: 60 },
}

export const Dark: Story = { ...dark, args: { defaultValue: 'Pricing — Acme', limit: 60 } }

export const Narrow: Story = { ...narrow, args: { defaultValue: 'Pricing — Acme', limit: 60 } }
