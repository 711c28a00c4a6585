import type { Meta, StoryObj } from '@storybook/react-vite'
import { useState } from 'react'
import { expect, fn, userEvent } from 'storybook/test'
import { dark } from '../storybook/states.ts'
import { type ThemePreference, ThemeToggle } from './theme-toggle.tsx'

const meta = {
  title: 'Base/ThemeToggle',
  component: ThemeToggle,
  args: { value: 'system', onChange: fn() },
  render: function Render(args) {
    const [value, setValue] = useState<ThemePreference>(args.value)
    return (
      <ThemeToggle
        {...args}
        value={value}
        onChange={(next) => {
          setValue(next)
          args.onChange(next)
        }}
      />
    )
  },
} satisfies Meta<typeof ThemeToggle>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ args, canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Dark' }))
    await expect(canvas.getByRole('button', { name: 'Dark' })).toHaveAttribute(
      'aria-pressed',
      'true',
    )
    await expect(args.onChange).toHaveBeenCalledWith('dark')
  },
}

export const Light: Story = { args: { value: 'light' } }

export const Dark: Story = { ...dark, args: { value: 'dark' } }
