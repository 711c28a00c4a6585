import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, fn, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button/button.tsx'
import { dark, narrow } from '../storybook/states.ts'
import { ConfirmDialog } from './confirm-dialog.tsx'

const meta = {
  title: 'Overlays/ConfirmDialog',
  component: ConfirmDialog,
  args: {
    trigger: (
      <Button size="sm" variant="ghost" aria-label="Remove Cody Colleague">
        Remove
      </Button>
    ),
    title: 'Remove Cody Colleague?',
    description: 'Cody Colleague loses access to Acme and its sites at once.',
    confirmLabel: 'Remove member',
    tone: 'danger',
    onConfirm: fn(),
  },
} satisfies Meta<typeof ConfirmDialog>

export default meta
type Story = StoryObj<typeof meta>

const body = () => within(document.body)

export const Default: Story = {
  play: async ({ canvas, args }) => {
    const trigger = canvas.getByRole('button', { name: 'Remove Cody Colleague' })
    await userEvent.click(trigger)
    // The dialog's code loads when a dialog first opens: it appears a moment after the click.
    const dialog = await body().findByRole(
      'dialog',
      { name: 'Remove Cody Colleague?' },
      { timeout: 10_000 },
    )
    await expect(dialog).toHaveAccessibleDescription(
      'Cody Colleague loses access to Acme and its sites at once.',
    )
    await waitFor(() =>
      expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus(),
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await expect(trigger).toHaveFocus()
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

export const Open: Story = { args: { defaultOpen: true } }

export const Pending: Story = {
  args: { defaultOpen: true, onConfirm: fn(() => new Promise(() => {})) },
  play: async () => {
    const confirm = body().getByRole('button', { name: 'Remove member' })
    await userEvent.click(confirm)
    await expect(confirm).toHaveAttribute('aria-busy', 'true')
  },
}

export const Refused: Story = {
  args: {
    defaultOpen: true,
    trigger: undefined,
    title: 'Leave Acme?',
    description:
      'You are its only owner: make another member an owner first, or delete the organization.',
    confirmLabel: 'Leave organization',
    onConfirm: fn(() =>
      Promise.reject(
        new Error('An organization needs an owner: make someone else an owner first.'),
      ),
    ),
  },
  play: async () => {
    await userEvent.click(body().getByRole('button', { name: 'Leave organization' }))
    await expect(await body().findByRole('alert')).toHaveTextContent(
      'An organization needs an owner: make someone else an owner first.',
    )
    await expect(body().getByRole('dialog')).toBeInTheDocument()
  },
}

export const TypeToConfirm: Story = {
  args: {
    trigger: <Button variant="danger">Delete site</Button>,
    title: 'Delete Acme marketing?',
    description: 'Every page, revision and webhook of this site goes with it.',
    confirmLabel: 'Delete site',
    typeToConfirm: { expected: 'acme.example', normalize: (typed) => typed.trim().toLowerCase() },
  },
  play: async ({ canvas, args }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete site' }))
    const dialog = await body().findByRole('dialog', {}, { timeout: 10_000 })
    const input = within(dialog).getByRole('textbox', { name: 'Type acme.example to confirm' })
    await waitFor(() => expect(input).toHaveFocus())
    const confirm = within(dialog).getByRole('button', { name: 'Delete site' })
    await expect(confirm).toBeDisabled()
    await userEvent.type(input, 'Acme.Example')
    await expect(confirm).toBeEnabled()
    await userEvent.click(confirm)
    await expect(args.onConfirm).toHaveBeenCalledWith('acme.example')
  },
}

/** The action exists but can not be taken now: the reason is shown and confirming stays off. */
export const Unavailable: Story = {
  args: {
    defaultOpen: true,
    title: 'Leave Acme?',
    description: 'You lose access to its sites at once.',
    confirmLabel: 'Leave organization',
    unavailableReason:
      'You are its only owner: make another member an owner first, or delete the organization.',
  },
  play: async ({ args }) => {
    const confirm = body().getByRole('button', { name: 'Leave organization' })
    await expect(confirm).toBeDisabled()
    await expect(confirm).toHaveAccessibleDescription(
      'You are its only owner: make another member an owner first, or delete the organization.',
    )
    await expect(args.onConfirm).not.toHaveBeenCalled()
  },
}

export const Dark: Story = { ...dark, args: { defaultOpen: true } }

export const DarkTypeToConfirm: Story = {
  ...dark,
  args: { ...TypeToConfirm.args, defaultOpen: true },
}

export const Narrow: Story = {
  ...narrow,
  args: { ...TypeToConfirm.args, defaultOpen: true },
}
