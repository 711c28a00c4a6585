import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent } from 'storybook/test'
import { Input } from '../input/input.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Textarea } from '../textarea/textarea.tsx'
import { Field } from './field.tsx'

const meta = {
  title: 'Forms/Field',
  component: Field,
  args: {
    label: 'Site name',
    description: 'Shown next to the page title when links are shared.',
    children: <Input placeholder="Acme Analytics" />,
  },
} satisfies Meta<typeof Field>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {}

export const Required: Story = {
  args: { label: 'Hostname', required: true, children: <Input placeholder="acme.example" /> },
}

export const Optional: Story = { args: { optional: true } }

export const WithError: Story = {
  args: {
    label: 'Canonical URL',
    description: undefined,
    error: 'Enter a full URL starting with https://.',
    children: <Input defaultValue="acme.example/pricing" />,
  },
  play: async ({ canvas }) => {
    const input = canvas.getByRole('textbox', { name: 'Canonical URL' })
    await expect(input).toHaveAttribute('aria-invalid', 'true')
    await expect(input).toHaveAccessibleDescription('Enter a full URL starting with https://.')
  },
}

export const Disabled: Story = { args: { disabled: true, children: <Input defaultValue="Acme" /> } }

export const WithCounter: Story = {
  args: {
    label: 'Description',
    description: 'Search results show about 160 characters.',
    children: <Textarea limit={160} defaultValue="Simple plans for teams of every size." />,
  },
  play: async ({ canvas }) => {
    const textarea = canvas.getByRole('textbox', { name: 'Description' })
    await userEvent.type(textarea, ' Start free.')
    await expect(canvas.getByText(/^49 \/ 160/)).toBeVisible()
  },
}

export const LongRtl: Story = {
  ...rtl,
  args: {
    label: 'اسم الموقع الذي يظهر بجانب عنوان الصفحة عند مشاركة الروابط على الشبكات الاجتماعية',
    description: 'يظهر بجانب عنوان الصفحة عند مشاركة الروابط.',
    error: 'الاسم طويل جداً.',
    required: true,
    children: <Input defaultValue="أكمي للتحليلات" />,
  },
}

export const Dark: Story = { ...dark, args: { error: 'This name is already taken.' } }

export const Narrow: Story = { ...narrow }
