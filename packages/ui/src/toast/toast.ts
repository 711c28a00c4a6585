import hotToast, {
  type Renderable,
  type Toast,
  type ToastOptions,
  type ValueOrFunction,
} from 'react-hot-toast'

import { TOAST_DURATIONS } from './constants.ts'

export { TOAST_DURATIONS, TOAST_LIMIT, TOAST_MAX_WIDTH, TOAST_POSITION } from './constants.ts'

export type ToastMessage = ValueOrFunction<Renderable, Toast>
export type { ToastOptions }

export interface ToastPromiseMessages<T> {
  loading: Renderable
  success?: ValueOrFunction<Renderable, T>
  error?: ValueOrFunction<Renderable, unknown>
}

const withDuration = (duration: number, options?: ToastOptions): ToastOptions => ({
  duration,
  ...options,
})

/**
 * Shows a toast in the `<Toaster />`. The durations are fixed here as well as on the Toaster,
 * so a toast keeps the product's timing whichever Toaster renders it.
 *
 * @example
 * toast.success('Metadata saved')
 * toast.promise(save(), { loading: 'Saving…', success: 'Saved', error: (e) => String(e) })
 */
export const toast = Object.assign(
  (message: ToastMessage, options?: ToastOptions) =>
    hotToast(message, withDuration(TOAST_DURATIONS.blank, options)),
  {
    success: (message: ToastMessage, options?: ToastOptions) =>
      hotToast.success(message, withDuration(TOAST_DURATIONS.success, options)),
    error: (message: ToastMessage, options?: ToastOptions) =>
      hotToast.error(message, withDuration(TOAST_DURATIONS.error, options)),
    loading: (message: ToastMessage, options?: ToastOptions) =>
      hotToast.loading(message, withDuration(TOAST_DURATIONS.loading, options)),
    custom: (message: ToastMessage, options?: ToastOptions) =>
      hotToast.custom(message, withDuration(TOAST_DURATIONS.custom, options)),
    /** loading → success or error on the same toast; resolves or rejects like the promise. */
    promise: <T>(
      promise: Promise<T> | (() => Promise<T>),
      messages: ToastPromiseMessages<T>,
      options?: ToastOptions,
    ) =>
      hotToast.promise(promise, messages, {
        ...options,
        loading: { duration: TOAST_DURATIONS.loading },
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
      }),
    dismiss: (id?: string) => hotToast.dismiss(id),
    remove: (id?: string) => hotToast.remove(id),
  },
)
