import type { Meta, StoryObj } from '@storybook/react-vite'
import { useEffect } from 'react'
import { expect, userEvent, waitFor } from 'storybook/test'
import { Button } from '../button/button.tsx'
import { dark, narrow, rtl } from '../storybook/states.ts'
import { toast } from './toast.ts'
import { Toaster } from './toaster.tsx'

/** Toasts are global: each story starts and ends with none. */
function Demo({ show }: { show?: () => void }) {
  useEffect(() => {
    show?.()
    return () => toast.remove()
  }, [show])
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: '0.5rem', minHeight: 260 }}>
      <Button onClick={() => toast('Link copied to the clipboard')}>Blank</Button>
      <Button onClick={() => toast.success('Metadata saved')}>Success</Button>
      <Button onClick={() => toast.error('Could not reach the server')}>Error</Button>
      <Button
        onClick={() =>
          toast.promise(new Promise((resolve) => setTimeout(resolve, 1500)), {
            loading: 'Publishing…',
            success: 'Published',
            error: 'Could not publish',
          })
        }
      >
        Promise
      </Button>
      <Toaster />
    </div>
  )
}

const meta = {
  title: 'Feedback/Toast',
  component: Toaster,
  render: () => <Demo />,
  parameters: { layout: 'fullscreen' },
} satisfies Meta<typeof Toaster>

export default meta
type Story = StoryObj<typeof meta>

export const ShowsAndLeaves: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Success' }))
    await waitFor(() => expect(canvas.getByText('Metadata saved')).toBeVisible())
    // Success toasts last 2000 ms, then animate out and are removed.
    await waitFor(() => expect(canvas.queryByText('Metadata saved')).toBeNull(), { timeout: 5000 })
  },
}

export const Dismiss: Story = {
  play: async ({ canvas }) => {
    await userEvent.click(canvas.getByRole('button', { name: 'Error' }))
    await waitFor(() => expect(canvas.getByText('Could not reach the server')).toBeVisible())
    await userEvent.click(canvas.getByRole('button', { name: 'Dismiss' }))
    await waitFor(() => expect(canvas.queryByText('Could not reach the server')).toBeNull(), {
      timeout: 3000,
    })
  },
}

export const Kinds: Story = {
  render: () => (
    <Demo
      show={() => {
        toast('Link copied to the clipboard')
        toast.success('Metadata saved')
        toast.error('Could not reach the server')
        toast.loading('Publishing…')
      }}
    />
  ),
}

export const LongRtl: Story = {
  ...rtl,
  render: () => (
    <Demo
      show={() =>
        toast.error(
          'تعذر الوصول إلى الخادم. تحقق من اتصالك بالإنترنت ثم حاول مرة أخرى بعد بضع دقائق، وإذا استمرت المشكلة فاتصل بالدعم.',
        )
      }
    />
  ),
}

export const Dark: Story = {
  ...dark,
  render: () => <Demo show={() => toast.success('Metadata saved')} />,
}

export const Narrow: Story = {
  ...narrow,
  render: () => <Demo show={() => toast.error('Could not reach the server, try again')} />,
}
