export {
  TOAST_DURATIONS,
  TOAST_LIMIT,
  TOAST_MAX_WIDTH,
  TOAST_POSITION,
  type ToastMessage,
  type ToastOptions,
  type ToastPromiseMessages,
  toast,
} from './toast.ts'
export { Toaster, type ToasterProps, useToasts } from './toaster.tsx'
