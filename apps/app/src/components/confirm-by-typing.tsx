import {
  Button,
  Dialog,
  DialogClose,
  DialogContent,
  DialogTrigger,
  Field,
  Input,
} from '@headmark/ui'
import { type FormEvent, useState } from 'react'
import { FormAlert } from '~/features/auth/form-alert.tsx'

/**
 * The state a {@link ConfirmByTyping} dialog shares with the mutation it confirms: the mutation
 * closes the dialog when it succeeds and shows its error inside it when it fails.
 */
export function useConfirmByTyping() {
  const [open, setOpen] = useState(false)
  const [error, setError] = useState<string | null>(null)
  return {
    open,
    setOpen,
    error,
    setError,
    close: () => setOpen(false),
  }
}

export type ConfirmByTypingState = ReturnType<typeof useConfirmByTyping>

const trimmed = (typed: string) => typed.trim()

/**
 * A danger button that opens a dialog in which the person types `expected` (a slug, a hostname)
 * before the action runs. `normalize` turns what was typed into what is compared with `expected`
 * and handed to `onConfirm`.
 */
export function ConfirmByTyping({
  state,
  action,
  title,
  description,
  expected,
  normalize = trimmed,
  pending,
  onConfirm,
}: {
  state: ConfirmByTypingState
  /** The label of the button that opens the dialog and of the one that confirms. */
  action: string
  title: string
  description: string
  expected: string
  normalize?: (typed: string) => string
  pending: boolean
  onConfirm: (confirmed: string) => void
}) {
  const [typed, setTyped] = useState('')
  const confirmed = normalize(typed)
  const matches = confirmed === expected

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    if (!matches) {
      state.setError(`Type ${expected} to confirm.`)
      return
    }
    onConfirm(confirmed)
  }

  return (
    <Dialog
      open={state.open}
      onOpenChange={(next) => {
        state.setOpen(next)
        setTyped('')
        state.setError(null)
      }}
    >
      <DialogTrigger asChild>
        <Button variant="danger" className="justify-start">
          {action}
        </Button>
      </DialogTrigger>
      <DialogContent title={title} description={description}>
        <form onSubmit={onSubmit} className="form-stack" noValidate>
          <FormAlert message={state.error} />
          <Field label={`Type ${expected} to confirm`}>
            <Input
              value={typed}
              autoComplete="off"
              autoCapitalize="none"
              spellCheck={false}
              dir="ltr"
              onChange={(event) => setTyped(event.currentTarget.value)}
            />
          </Field>
          <div className="dialog-actions">
            <DialogClose asChild>
              <Button>Cancel</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={!matches} loading={pending}>
              {action}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  )
}
