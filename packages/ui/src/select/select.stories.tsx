import { OPEN_GRAPH_TYPES } from '@headmark/metadata'
import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { Field } from '../field/field.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Select } from './select.tsx'

const types = OPEN_GRAPH_TYPES.map((type) => ({ value: type, label: type }))

const meta = {
  title: 'Forms/Select',
  component: Select,
  args: { options: types, onValueChange: fn() },
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <Field label="Open Graph type">
        <Select {...args} />
      </Field>
    </div>
  ),
} satisfies Meta<typeof Select>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const select = canvas.getByRole('combobox', { name: 'Open Graph type' })
    await expect(select).toHaveDisplayValue('Choose…')
    await userEvent.selectOptions(select, 'article')
    await expect(args.onValueChange).toHaveBeenCalledWith('article')
    await expect(select).toHaveDisplayValue('article')
    // The placeholder can not be chosen again.
    await expect((select as HTMLSelectElement).options[0]).toHaveProperty('disabled', true)
    await expect((select as HTMLSelectElement).options[0]).toHaveProperty('text', 'Choose…')
  },
}

export const Selected: Story = { args: { defaultValue: 'website' } }

export const Empty: Story = { args: { options: [], placeholder: 'No types available' } }

export const Invalid: Story = {
  render: (args) => (
    <div style={{ maxWidth: 320 }}>
      <Field label="Card" error="Choose a card type.">
        <Select {...args} options={[{ value: 'summary', label: 'Summary' }]} />
      </Field>
    </div>
  ),
}

export const Disabled: Story = { args: { disabled: true, defaultValue: 'website' } }

export const LongRtl: Story = {
  ...rtl,
  args: {
    options: [{ value: 'long', label: 'نوع طويل جداً من أنواع المحتوى الذي يظهر في القائمة' }],
    defaultValue: 'long',
  },
}

export const Dark: Story = { ...dark, args: { defaultValue: 'article' } }

export const Narrow: Story = { ...narrow, args: { defaultValue: 'video.tv_show' } }
