import { Slot } from '@radix-ui/react-slot'
import {
  type ComponentProps,
  createContext,
  lazy,
  type ReactNode,
  type RefObject,
  Suspense,
  useContext,
  useRef,
  useState,
} from 'react'
import type { DialogContentProps as ViewProps } from './dialog-content.tsx'

export type DialogContentProps = Omit<ViewProps, 'onOpenChange'>

// Radix Dialog (portal, overlay, focus trap, scroll lock: ≈ 10 KB gzipped) loads when a dialog
// first opens. Until then a dialog is its open state and its trigger, kept here.

interface DialogState {
  open: boolean
  setOpen: (open: boolean) => void
  triggerRef: RefObject<HTMLElement | null>
}

const DialogContext = createContext<DialogState | null>(null)

function useDialog(part: string): DialogState {
  const state = useContext(DialogContext)
  if (!state) throw new Error(`${part} must be used within Dialog`)
  return state
}

export interface DialogProps {
  open?: boolean
  defaultOpen?: boolean
  onOpenChange?: (open: boolean) => void
  children?: ReactNode
}

/** A dialog with the system's look: Dialog → DialogTrigger + DialogContent (Radix Dialog). */
export function Dialog({ open, defaultOpen = false, onOpenChange, children }: DialogProps) {
  const [uncontrolled, setUncontrolled] = useState(defaultOpen)
  const triggerRef = useRef<HTMLElement | null>(null)
  const state: DialogState = {
    open: open ?? uncontrolled,
    setOpen: (next) => {
      if (open === undefined) setUncontrolled(next)
      onOpenChange?.(next)
    },
    triggerRef,
  }
  return <DialogContext.Provider value={state}>{children}</DialogContext.Provider>
}

type ButtonProps = ComponentProps<'button'> & { asChild?: boolean }

/** Opens the dialog; focus comes back to it when the dialog closes. */
export function DialogTrigger({ asChild, onClick, ...props }: ButtonProps) {
  const { open, setOpen, triggerRef } = useDialog('DialogTrigger')
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      type={asChild ? undefined : 'button'}
      aria-haspopup="dialog"
      aria-expanded={open}
      data-state={open ? 'open' : 'closed'}
      {...props}
      ref={triggerRef as RefObject<HTMLButtonElement>}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) setOpen(!open)
      }}
    />
  )
}

/** Closes the dialog. */
export function DialogClose({ asChild, onClick, ...props }: ButtonProps) {
  const { setOpen } = useDialog('DialogClose')
  const Component = asChild ? Slot : 'button'
  return (
    <Component
      type={asChild ? undefined : 'button'}
      {...props}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented) setOpen(false)
      }}
    />
  )
}

const DialogContentView = lazy(() => import('./dialog-content.tsx'))

/** The dialog itself, while it is open (its code loads the first time it opens). */
export function DialogContent(props: DialogContentProps) {
  const { open, setOpen, triggerRef } = useDialog('DialogContent')
  if (!open) return null
  return (
    <Suspense fallback={null}>
      <DialogContentView
        {...props}
        onOpenChange={setOpen}
        onCloseAutoFocus={(event) => {
          props.onCloseAutoFocus?.(event)
          if (event.defaultPrevented) return
          event.preventDefault()
          triggerRef.current?.focus()
        }}
      />
    </Suspense>
  )
}
