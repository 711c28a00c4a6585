import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { Field } from '../field/field.tsx'
import { dark, rtl } from '../storybook/states.ts'
import { Checkbox } from './checkbox.tsx'

const meta = {
  title: 'Forms/Checkbox',
  component: Checkbox,
  args: { label: 'Send a test event after saving', onCheckedChange: fn() },
} satisfies Meta<typeof Checkbox>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByText('Send a test event after saving'))
    await expect(canvas.getByRole('checkbox')).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true)
  },
}

export const Checked: Story = { args: { defaultChecked: true } }

export const Indeterminate: Story = {
  args: { checked: 'indeterminate', label: 'Select all pages' },
}

export const InField: Story = {
  args: { label: undefined },
  render: (args) => (
    <Field label="I understand this deletes every page" error="Tick the box to continue.">
      <Checkbox {...args} />
    </Field>
  ),
}

export const Disabled: Story = { args: { disabled: true } }

export const LongRtl: Story = {
  ...rtl,
  args: {
    label: 'أرسل حدث اختبار بعد الحفظ إلى جميع خطافات الويب المفعلة لهذا الموقع',
    defaultChecked: true,
  },
}

export const Dark: Story = { ...dark, args: { defaultChecked: true } }
