import { lazy, Suspense, useEffect, useState } from 'react'
import { whenIdle } from '../lib/idle.ts'
import type * as EngineModule from './toast.ts'
import type { ToasterProps } from './toaster.tsx'
import type { ToastMessage, ToastOptions, ToastPromiseMessages } from './toast.ts'

// react-hot-toast (and goober, its styles) is not needed to show a page: the toasts' engine loads
// when the first toast is shown or once the page is idle, whichever comes first. `toast` answers
// at once (a toast's id) and hands each call on, in order, when the engine is there.

type Engine = typeof EngineModule
let engine: Promise<Engine> | undefined
let toasterMounted: () => void = () => undefined
/** Settles once a Toaster is on screen: a toast created earlier would run its time unseen. */
const onScreen = new Promise<void>((resolve) => {
  toasterMounted = resolve
})
const loadEngine = () => {
  engine ??= Promise.all([import('./toast.ts'), onScreen]).then(([module]) => module)
  return engine
}

let counter = 0
/** An id for a toast whose caller gave none: the engine is told it, so `dismiss(id)` finds it. */
const nextId = () => {
  counter += 1
  return `hm-toast-${counter}`
}

type Kind = 'success' | 'error' | 'loading' | 'custom'

/** The mounted Toasters, woken by the first toast shown before the page was idle. */
const wakers = new Set<() => void>()

function show(kind: Kind | undefined, message: ToastMessage, options?: ToastOptions): string {
  const id = options?.id ?? nextId()
  for (const wake of wakers) wake()
  void loadEngine().then(({ toast: engineToast }) =>
    (kind ? engineToast[kind] : engineToast)(message, { ...options, id }),
  )
  return id
}

/**
 * Shows a toast in the `<Toaster />` (product spec §9's durations). Returns the toast's id.
 *
 * @example
 * toast.success('Metadata saved')
 * toast.promise(save(), { loading: 'Saving…', success: 'Saved', error: (e) => String(e) })
 */
export const toast = Object.assign(
  (message: ToastMessage, options?: ToastOptions) => show(undefined, message, options),
  {
    success: (message: ToastMessage, options?: ToastOptions) => show('success', message, options),
    error: (message: ToastMessage, options?: ToastOptions) => show('error', message, options),
    loading: (message: ToastMessage, options?: ToastOptions) => show('loading', message, options),
    custom: (message: ToastMessage, options?: ToastOptions) => show('custom', message, options),
    /** loading → success or error on the same toast; resolves or rejects like the promise. */
    promise: <T,>(
      promise: Promise<T> | (() => Promise<T>),
      messages: ToastPromiseMessages<T>,
      options?: ToastOptions,
    ): Promise<T> => {
      const running = typeof promise === 'function' ? promise() : promise
      void loadEngine().then(({ toast: engineToast }) =>
        // The caller handles the rejection through the promise returned below.
        engineToast.promise(running, messages, options).catch(() => undefined),
      )
      return running
    },
    dismiss: (id?: string) =>
      void loadEngine().then(({ toast: engineToast }) => engineToast.dismiss(id)),
    remove: (id?: string) =>
      void loadEngine().then(({ toast: engineToast }) => engineToast.remove(id)),
  },
)

const EngineToaster = lazy(() =>
  import('./toaster.tsx').then(({ Toaster: Engine }) => ({
    default: function MountedToaster(props: ToasterProps) {
      // Runs after the engine's own effects: its store is listened to from here on.
      useEffect(() => toasterMounted(), [])
      return <Engine {...props} />
    },
  })),
)

/**
 * Renders toasts at the bottom right. Mount it once, near the root of the app. It renders nothing
 * on the server and until the page is idle (or a toast is shown), then loads the toasts' engine.
 *
 * @example
 * <Toaster />
 */
export function Toaster(props: ToasterProps) {
  const [ready, setReady] = useState(false)
  useEffect(() => whenIdle(() => setReady(true)), [])
  useEffect(() => {
    // A toast shown before the page was idle brings the Toaster at once.
    const show = () => setReady(true)
    wakers.add(show)
    return () => void wakers.delete(show)
  }, [])
  return ready ? (
    <Suspense fallback={null}>
      <EngineToaster {...props} />
    </Suspense>
  ) : null
}
