import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button/button.tsx'
import { dark, rtl } from '../storybook/states.ts'
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuLabel,
  DropdownMenuSeparator,
  DropdownMenuTrigger,
} from './dropdown-menu.tsx'

const onSelect = fn()

const meta = {
  title: 'Overlays/DropdownMenu',
  component: DropdownMenu,
  render: (args) => (
    <DropdownMenu {...args}>
      <DropdownMenuTrigger asChild>
        <Button>Page actions</Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="start">
        <DropdownMenuLabel>/pricing</DropdownMenuLabel>
        <DropdownMenuItem onSelect={onSelect}>Edit page</DropdownMenuItem>
        <DropdownMenuItem disabled>Duplicate</DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem tone="danger">Delete page</DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  ),
} satisfies Meta<typeof DropdownMenu>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    const trigger = canvas.getByRole('button', { name: 'Page actions' })
    trigger.focus()
    await userEvent.keyboard('{Enter}')
    const menu = within(document.body).getByRole('menu')
    await userEvent.keyboard('{Enter}')
    await expect(onSelect).toHaveBeenCalled()
    await waitFor(() => expect(menu).not.toBeInTheDocument())
    await expect(trigger).toHaveFocus()
  },
}

export const Open: Story = { args: { defaultOpen: true } }

export const Rtl: Story = { ...rtl, args: { defaultOpen: true, dir: 'rtl' } }

export const Dark: Story = { ...dark, args: { defaultOpen: true } }
