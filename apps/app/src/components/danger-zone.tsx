import { Button, ConfirmDialog, type ConfirmDialogProps } from '@headmark/ui'
import type { ReactNode } from 'react'
import { errorText } from '~/lib/form-errors.ts'

/**
 * Asks before an action that can not be undone (deleting, revoking): ConfirmDialog in its
 * danger tone, the server's refusal shown in the dialog. Without a `trigger`, the button that
 * opens it says what the confirm button does.
 */
export function DangerConfirm({
  trigger,
  confirmLabel,
  ...props
}: Omit<ConfirmDialogProps, 'tone' | 'errorMessage'>) {
  return (
    <ConfirmDialog
      trigger={
        trigger ?? (
          <Button variant="danger" className="justify-start">
            {confirmLabel}
          </Button>
        )
      }
      confirmLabel={confirmLabel}
      tone="danger"
      errorMessage={errorText}
      {...props}
    />
  )
}

/** The last section of a settings screen: what deleting does, and the way to do it. */
export function DangerZone({
  id,
  heading,
  children,
}: {
  /** The heading's id, which names the section. */
  id: string
  heading: string
  children: ReactNode
}) {
  return (
    <section aria-labelledby={id} className="danger-zone stack">
      <h2 id={id}>{heading}</h2>
      {children}
    </section>
  )
}
