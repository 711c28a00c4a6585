import { Toaster as HotToaster, resolveValue, ToastIcon, useToasterStore } from 'react-hot-toast'
import { cx } from '../lib/cx.ts'
import { TOAST_DURATIONS, TOAST_MAX_WIDTH, TOAST_POSITION, toast } from './toast.ts'

export interface ToasterProps {
  className?: string
  /** Label of each toast's close button. */
  dismissLabel?: string
}

/**
 * Renders toasts at the bottom right. Mount it once, near the root of the app.
 *
 * @example
 * <Toaster />
 */
export function Toaster({ className, dismissLabel = 'Dismiss' }: ToasterProps) {
  return (
    <HotToaster
      position={TOAST_POSITION}
      containerClassName={cx('hm-toaster', className)}
      toastOptions={{
        duration: TOAST_DURATIONS.blank,
        success: { duration: TOAST_DURATIONS.success },
        error: { duration: TOAST_DURATIONS.error },
        loading: { duration: TOAST_DURATIONS.loading },
        custom: { duration: TOAST_DURATIONS.custom },
      }}
    >
      {(t) => (
        <div
          className={cx(
            'hm-toast',
            `hm-toast--${t.type}`,
            t.visible ? 'hm-toast--visible' : 'hm-toast--leaving',
          )}
          style={{ maxWidth: TOAST_MAX_WIDTH }}
          {...t.ariaProps}
        >
          {t.type === 'blank' || t.type === 'custom' ? null : (
            <span className="hm-toast__icon">
              <ToastIcon toast={t} />
            </span>
          )}
          <div className="hm-toast__message">{resolveValue(t.message, t)}</div>
          {t.type === 'loading' ? null : (
            <button
              type="button"
              className="hm-toast__dismiss"
              aria-label={dismissLabel}
              onClick={() => toast.dismiss(t.id)}
            >
              <svg viewBox="0 0 16 16" aria-hidden="true">
                <path d="M4 4l8 8M12 4l-8 8" stroke="currentColor" strokeWidth="1.5" />
              </svg>
            </button>
          )}
        </div>
      )}
    </HotToaster>
  )
}

/** The toasts currently held (visible or leaving); for tests and debugging panels. */
export function useToasts() {
  return useToasterStore().toasts
}
