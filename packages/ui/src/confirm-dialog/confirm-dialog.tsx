import { type FormEvent, type ReactNode, useId, useRef, useState } from 'react'
import { Alert } from '../alert/alert.tsx'
import { Button } from '../button/button.tsx'
import { Dialog, DialogClose, DialogContent, DialogTrigger } from '../dialog/dialog.tsx'
import { Field } from '../field/field.tsx'
import { Input } from '../input/input.tsx'

export interface TypeToConfirm {
  /** What the person types, e.g. the site's hostname or the organization's slug. */
  expected: string
  /** The field's label; "Type {expected} to confirm" by default. */
  label?: string
  /** Turns what was typed into what is compared with `expected` (trimmed by default). */
  normalize?: (typed: string) => string
}

export interface ConfirmDialogProps {
  /** The button that opens the dialog; it gets focus back when the dialog closes. */
  trigger?: ReactNode
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  title: ReactNode
  description?: ReactNode
  /** More content between the description and the buttons. */
  children?: ReactNode
  confirmLabel: string
  cancelLabel?: string
  /** `danger` for what can not be undone. */
  tone?: 'primary' | 'danger'
  /** Asks the person to type a name before the confirm button is enabled. */
  typeToConfirm?: TypeToConfirm
  /**
   * Runs the action; gets the typed (normalized) name when there is one. While its promise runs
   * the confirm button shows it is busy; the dialog closes when it resolves and shows the error
   * when it rejects.
   */
  onConfirm: (confirmed: string) => unknown
  /** The message for a rejection; an Error's own message by default. */
  errorMessage?: (error: unknown) => ReactNode
  /**
   * Why the action can not be taken now (say, "Make another member an owner first"): shown above
   * the buttons, and the confirm button stays disabled, described by it. The server still refuses.
   */
  unavailableReason?: ReactNode
}

const trimmed = (typed: string) => typed.trim()
const defaultMessage = (error: unknown) =>
  error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.'

/**
 * Asks before an action that matters: a title, what happens, Cancel and the confirm button,
 * optionally behind typing a name. Built on Dialog: focus moves in (to the name field, else to
 * Cancel), Escape and Cancel close it, and focus returns to the trigger.
 *
 * @example
 * <ConfirmDialog trigger={<Button variant="danger">Delete site</Button>} tone="danger"
 *   title="Delete Acme?" confirmLabel="Delete site" typeToConfirm={{ expected: 'acme.example' }}
 *   onConfirm={() => deleteSite.mutateAsync({ hostname })} />
 */
export function ConfirmDialog({
  trigger,
  open: controlledOpen,
  defaultOpen = false,
  onOpenChange,
  title,
  description,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  tone = 'primary',
  typeToConfirm,
  onConfirm,
  errorMessage = defaultMessage,
  unavailableReason,
}: ConfirmDialogProps) {
  const [uncontrolledOpen, setUncontrolledOpen] = useState(defaultOpen)
  const open = controlledOpen ?? uncontrolledOpen
  const [typed, setTyped] = useState('')
  const [pending, setPending] = useState(false)
  const [error, setError] = useState<ReactNode>(null)
  const cancelRef = useRef<HTMLButtonElement>(null)
  const inputRef = useRef<HTMLInputElement>(null)
  // A run that finishes after the dialog was closed (or reopened) must not touch it.
  const run = useRef(0)
  const reasonId = useId()
  const unavailable = unavailableReason !== undefined && unavailableReason !== null

  const normalize = typeToConfirm?.normalize ?? trimmed
  const confirmed = typeToConfirm ? normalize(typed) : ''
  const matches = !typeToConfirm || confirmed === typeToConfirm.expected

  function setOpen(next: boolean) {
    run.current += 1
    setTyped('')
    setError(null)
    setPending(false)
    if (controlledOpen === undefined) setUncontrolledOpen(next)
    onOpenChange?.(next)
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!matches || pending || unavailable) return
    const current = ++run.current
    setPending(true)
    setError(null)
    try {
      await onConfirm(confirmed)
      if (current === run.current) setOpen(false)
    } catch (failure) {
      if (current !== run.current) return
      setError(errorMessage(failure))
      setPending(false)
    }
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      {trigger ? <DialogTrigger asChild>{trigger}</DialogTrigger> : null}
      <DialogContent
        title={title}
        description={description}
        className="hm-confirm-dialog"
        onOpenAutoFocus={(event) => {
          // The least harmful place to start: the name to type, else Cancel.
          event.preventDefault()
          ;(inputRef.current ?? cancelRef.current)?.focus()
        }}
      >
        <form
          className="hm-confirm-dialog__form"
          onSubmit={(event) => void submit(event)}
          noValidate
        >
          {error ? (
            <Alert tone="danger" live="assertive">
              {error}
            </Alert>
          ) : null}
          {children}
          {unavailable ? (
            <Alert tone="warning" live="off" id={reasonId}>
              {unavailableReason}
            </Alert>
          ) : null}
          {typeToConfirm && !unavailable ? (
            <Field label={typeToConfirm.label ?? `Type ${typeToConfirm.expected} to confirm`}>
              <Input
                ref={inputRef}
                value={typed}
                autoComplete="off"
                autoCapitalize="none"
                spellCheck={false}
                dir="ltr"
                onChange={(event) => setTyped(event.currentTarget.value)}
              />
            </Field>
          ) : null}
          <div className="hm-dialog__footer">
            <DialogClose asChild>
              <Button ref={cancelRef}>{cancelLabel}</Button>
            </DialogClose>
            <Button
              type="submit"
              variant={tone}
              disabled={!matches || unavailable}
              aria-describedby={unavailable ? reasonId : undefined}
              loading={pending}
            >
              {confirmLabel}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
