/** How long each kind of toast stays, in ms (product spec §9). Loading toasts wait for their result. */
export const TOAST_DURATIONS = {
  blank: 4000,
  error: 4000,
  custom: 4000,
  success: 2000,
  loading: Number.POSITIVE_INFINITY,
} as const

/** At most this many toasts are held; the oldest drop off first (react-hot-toast's store limit). */
export const TOAST_LIMIT = 20
export const TOAST_MAX_WIDTH = 350
export const TOAST_POSITION = 'bottom-right' as const
