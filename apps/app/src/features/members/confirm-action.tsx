import { Button, Dialog, DialogClose, DialogContent, DialogTrigger } from '@headmark/ui'
import { type ReactNode, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'
import { errorText } from '~/lib/form-errors.ts'

/**
 * A button that asks before doing something that can not be undone. The dialog stays open and
 * shows the server's message when the action is refused (e.g. the last owner leaving).
 */
export function ConfirmAction({
  label,
  accessibleLabel,
  title,
  description,
  confirmLabel,
  onConfirm,
}: {
  label: string
  /** The trigger's name for assistive tech when `label` alone is ambiguous in a list. */
  accessibleLabel?: string
  title: string
  description: ReactNode
  confirmLabel: string
  onConfirm: () => Promise<unknown>
}) {
  const [open, setOpen] = useState(false)
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function confirm() {
    setPending(true)
    setError(null)
    try {
      await onConfirm()
      setOpen(false)
    } catch (failure) {
      setError(errorText(failure))
    } finally {
      setPending(false)
    }
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next)
        setError(null)
      }}
    >
      <DialogTrigger asChild>
        <Button size="sm" variant="ghost" aria-label={accessibleLabel}>
          {label}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <div className="form-stack">
          <FormAlert message={error} />
          <div className="dialog-actions">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button variant="danger" loading={pending} onClick={() => void confirm()}>
              {confirmLabel}
            </Button>
          </div>
        </div>
      </DialogContent>
    </Dialog>
  )
}
