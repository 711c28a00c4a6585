export { TOAST_DURATIONS, TOAST_LIMIT, TOAST_MAX_WIDTH, TOAST_POSITION } from './constants.ts'
export { Toaster, toast } from './deferred.tsx'
export type { ToasterProps } from './toaster.tsx'
export type { ToastMessage, ToastOptions, ToastPromiseMessages } from './toast.ts'
