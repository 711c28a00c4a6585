import * as RadixDialog from '@radix-ui/react-dialog'
import type { ComponentProps, ReactNode } from 'react'
import { cx } from '../lib/cx.ts'

// Loaded by ./dialog.tsx when a dialog first opens: an open Radix Dialog of its own, whose open
// state is the Dialog's (./dialog.tsx).

export interface DialogContentProps extends Omit<
  ComponentProps<typeof RadixDialog.Content>,
  'title'
> {
  title: ReactNode
  /** Set by ./dialog.tsx: the Dialog's open state is told when Radix closes it (Escape, outside). */
  onOpenChange?: (open: boolean) => void
  /** Read out when the dialog opens. */
  description?: ReactNode
  /** Buttons along the bottom, e.g. Cancel (wrapped in DialogClose) and the main action. */
  footer?: ReactNode
  closeLabel?: string
}

export default function DialogContentView({
  title,
  description,
  footer,
  closeLabel = 'Close',
  className,
  children,
  onOpenChange,
  ...props
}: DialogContentProps) {
  return (
    <RadixDialog.Root open onOpenChange={onOpenChange}>
      <RadixDialog.Portal>
        <RadixDialog.Overlay className="hm-dialog__overlay" />
        <RadixDialog.Content
          className={cx('hm-dialog', className)}
          // Without a description Radix warns unless told there is none on purpose.
          {...(description ? {} : { 'aria-describedby': undefined })}
          {...props}
        >
          <div className="hm-dialog__header">
            <RadixDialog.Title className="hm-dialog__title">{title}</RadixDialog.Title>
            <RadixDialog.Close className="hm-dialog__close" aria-label={closeLabel}>
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </RadixDialog.Close>
          </div>
          {description ? (
            <RadixDialog.Description className="hm-dialog__description">
              {description}
            </RadixDialog.Description>
          ) : null}
          {children ? <div className="hm-dialog__body">{children}</div> : null}
          {footer ? <div className="hm-dialog__footer">{footer}</div> : null}
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  )
}
