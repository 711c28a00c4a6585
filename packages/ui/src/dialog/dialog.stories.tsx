import type { Meta, StoryObj } from '@storybook/react-vite'
import { expect, userEvent, waitFor, within } from 'storybook/test'
import { Button } from '../button/button.tsx'
import { Field } from '../field/field.tsx'
import { Input } from '../input/input.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from './dialog.tsx'

const meta = {
  title: 'Overlays/Dialog',
  component: Dialog,
  render: (args) => (
    <Dialog {...args}>
      <DialogTrigger asChild>
        <Button variant="danger">Delete site</Button>
      </DialogTrigger>
      <DialogContent
        title="Delete acme.example?"
        description="Its pages, metadata revisions and webhooks are deleted for good."
        footer={
          <>
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button variant="danger">Delete site</Button>
          </>
        }
      >
        <Field label="Type the hostname to confirm">
          <Input placeholder="acme.example" />
        </Field>
      </DialogContent>
    </Dialog>
  ),
} satisfies Meta<typeof Dialog>

export default meta
type Story = StoryObj<typeof meta>

export const Default: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Delete site' }))
    // The dialog's code loads when a dialog first opens: it appears a moment after the click.
    const dialog = await within(document.body).findByRole(
      'dialog',
      { name: 'Delete acme.example?' },
      { timeout: 10_000 },
    )
    await expect(dialog).toHaveAccessibleDescription(
      'Its pages, metadata revisions and webhooks are deleted for good.',
    )
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(dialog).not.toBeInTheDocument())
    await expect(canvas.getByRole('button', { name: 'Delete site' })).toHaveFocus()
  },
}

export const Open: Story = { args: { defaultOpen: true } }

export const LongRtl: Story = {
  ...rtl,
  render: () => (
    <Dialog defaultOpen>
      <DialogContent
        title="حذف الموقع موقع-طويل-جداً-لشركة-أكمي-للتحليلات.example نهائياً؟"
        description="سيتم حذف صفحاته ومراجعات البيانات الوصفية وخطافات الويب إلى الأبد."
        closeLabel="إغلاق"
      />
    </Dialog>
  ),
}

export const Dark: Story = { ...dark, args: { defaultOpen: true } }

export const Narrow: Story = { ...narrow, args: { defaultOpen: true } }
