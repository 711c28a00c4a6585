import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent } from 'storybook/test'
import { Field } from '../field/field.tsx'
import { dark, rtl } from '../storybook/states.ts'
import { Switch } from './switch.tsx'

const meta = {
  title: 'Forms/Switch',
  component: Switch,
  args: { onCheckedChange: fn() },
  render: (args) => (
    <Field label="Hide from search engines" description="Adds robots: noindex to the page.">
      <Switch {...args} />
    </Field>
  ),
} satisfies Meta<typeof Switch>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ args, canvas }) => {
    const control = canvas.getByRole('switch', { name: 'Hide from search engines' })
    await userEvent.click(control)
    await expect(control).toBeChecked()
    await expect(args.onCheckedChange).toHaveBeenCalledWith(true)
  },
}

export const On: Story = { args: { defaultChecked: true } }

export const Disabled: Story = { args: { disabled: true, defaultChecked: true } }

export const Rtl: Story = { ...rtl, args: { defaultChecked: true } }

export const Dark: Story = { ...dark, args: { defaultChecked: true } }
