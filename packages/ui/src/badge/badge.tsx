import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'

export type BadgeTone = 'neutral' | 'accent' | 'success' | 'warning' | 'danger'

export interface BadgeProps extends ComponentProps<'span'> {
  tone?: BadgeTone
}

/** A short status label. Its text carries the meaning; colour only reinforces it. */
export function Badge({ tone = 'neutral', className, ...props }: BadgeProps) {
  return <span className={cx('hm-badge', `hm-badge--${tone}`, className)} {...props} />
}
