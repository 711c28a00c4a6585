import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'

export type SpinnerSize = 'sm' | 'md' | 'lg'

export interface SpinnerProps extends Omit<ComponentProps<'span'>, 'children'> {
  size?: SpinnerSize
  /** Announced to assistive tech. Pass `null` when the surrounding element already says it is busy. */
  label?: string | null
}

/** An indeterminate progress indicator. */
export function Spinner({ size = 'md', label = 'Loading…', className, ...props }: SpinnerProps) {
  const decorative = label === null
  return (
    <span
      role={decorative ? undefined : 'status'}
      aria-hidden={decorative ? true : undefined}
      className={cx('hm-spinner', `hm-spinner--${size}`, className)}
      {...props}
    >
      <span className="hm-spinner__circle" />
      {decorative ? null : <span className="hm-visually-hidden">{label}</span>}
    </span>
  )
}
