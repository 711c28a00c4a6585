import { cleanup, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { beforeAll, describe, expect, it, vi } from 'vitest'
import { Button } from '../button/button.tsx'
import { Dialog, DialogContent } from '../dialog/dialog.tsx'
import { ConfirmDialog } from './confirm-dialog.tsx'

// A dialog's content loads once the page is idle; here it has loaded before each test.
beforeAll(async () => {
  render(
    <Dialog open>
      <DialogContent title="Loading" />
    </Dialog>,
  )
  await screen.findByRole('dialog', { name: 'Loading' })
  cleanup()
})

const deferred = () => {
  let resolve!: () => void
  let reject!: (error: unknown) => void
  const promise = new Promise<void>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

describe('ConfirmDialog', () => {
  it('opens from its trigger with focus on Cancel, and Cancel closes it without acting', async () => {
    const onConfirm = vi.fn()
    render(
      <ConfirmDialog
        trigger={<Button>Remove</Button>}
        title="Remove Cody?"
        description="Cody loses access at once."
        confirmLabel="Remove member"
        tone="danger"
        onConfirm={onConfirm}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Remove' }))
    const dialog = screen.getByRole('dialog', { name: 'Remove Cody?' })
    expect(dialog.getAttribute('aria-describedby')).toBeTruthy()
    await waitFor(() => expect(document.activeElement?.textContent).toBe('Cancel'))
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onConfirm).not.toHaveBeenCalled()
  })

  it('is busy while the action runs and closes when it succeeds', async () => {
    const action = deferred()
    const onOpenChange = vi.fn()
    render(
      <ConfirmDialog
        defaultOpen
        onOpenChange={onOpenChange}
        title="Revoke the key?"
        confirmLabel="Revoke key"
        onConfirm={() => action.promise}
      />,
    )
    const confirm = screen.getByRole('button', { name: 'Revoke key' })
    await userEvent.click(confirm)
    expect(confirm.getAttribute('aria-busy')).toBe('true')
    action.resolve()
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    expect(onOpenChange).toHaveBeenLastCalledWith(false)
  })

  it('stays open and shows the error inside when the action fails, then clears it on reopening', async () => {
    render(
      <ConfirmDialog
        trigger={<Button>Leave</Button>}
        title="Leave Acme?"
        confirmLabel="Leave organization"
        errorMessage={(error) => `Refused: ${(error as Error).message}`}
        onConfirm={() => Promise.reject(new Error('You are its only owner.'))}
      />,
    )
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }))
    await userEvent.click(screen.getByRole('button', { name: 'Leave organization' }))
    const alert = await screen.findByRole('alert')
    expect(alert.textContent).toBe('Refused: You are its only owner.')
    const confirm = screen.getByRole('button', { name: 'Leave organization' })
    expect(confirm.getAttribute('aria-busy')).toBeNull()
    await userEvent.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await userEvent.click(screen.getByRole('button', { name: 'Leave' }))
    expect(screen.queryByRole('alert')).toBeNull()
  })

  it('enables confirming only once the name is typed, and passes the normalized name on', async () => {
    const onConfirm = vi.fn()
    render(
      <ConfirmDialog
        defaultOpen
        title="Delete Acme?"
        confirmLabel="Delete site"
        tone="danger"
        typeToConfirm={{
          expected: 'acme.example',
          normalize: (typed) => typed.trim().toLowerCase(),
        }}
        onConfirm={onConfirm}
      />,
    )
    const input = screen.getByRole('textbox', { name: 'Type acme.example to confirm' })
    await waitFor(() => expect(document.activeElement).toBe(input))
    const confirm = screen.getByRole('button', { name: 'Delete site' })
    await userEvent.type(input, 'acme')
    expect(confirm).toHaveProperty('disabled', true)
    await userEvent.type(input, '.EXAMPLE {Enter}')
    expect(onConfirm).toHaveBeenCalledWith('acme.example')
  })

  it('keeps the confirm button disabled, described by the reason, while the action is unavailable', async () => {
    const onConfirm = vi.fn()
    render(
      <ConfirmDialog
        defaultOpen
        title="Leave Acme?"
        confirmLabel="Leave organization"
        tone="danger"
        unavailableReason="You are its only owner: make another member an owner first."
        onConfirm={onConfirm}
      />,
    )
    const confirm = screen.getByRole('button', { name: 'Leave organization' })
    expect(confirm).toHaveProperty('disabled', true)
    const describedBy = confirm.getAttribute('aria-describedby') ?? ''
    expect(document.getElementById(describedBy)?.textContent).toBe(
      'You are its only owner: make another member an owner first.',
    )
    await userEvent.click(confirm)
    expect(onConfirm).not.toHaveBeenCalled()
    expect(screen.getByRole('button', { name: 'Cancel' })).toHaveProperty('disabled', false)
  })
})
