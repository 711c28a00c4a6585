import type { ComponentProps, CSSProperties } from 'react'
import { cx } from '../lib/cx.ts'

export interface SkeletonProps extends ComponentProps<'div'> {
  width?: CSSProperties['width']
  height?: CSSProperties['height']
  /** Draws a stack of text-like bars instead of one block. */
  lines?: number
  circle?: boolean
}

/**
 * A placeholder shape for content that is loading. It is hidden from assistive tech: put
 * `aria-busy` on the region that is loading (or a Spinner with a label) to announce it.
 */
export function Skeleton({
  width,
  height,
  lines,
  circle,
  className,
  style,
  ...props
}: SkeletonProps) {
  if (lines !== undefined && lines > 1) {
    return (
      <div
        className={cx('hm-skeleton-lines', className)}
        aria-hidden="true"
        style={style}
        {...props}
      >
        {Array.from({ length: lines }, (_, index) => (
          // Static placeholders never reorder, so the index is a stable key.
          <div key={index} className="hm-skeleton hm-skeleton--line" style={{ width, height }} />
        ))}
      </div>
    )
  }
  return (
    <div
      className={cx('hm-skeleton', circle && 'hm-skeleton--circle', className)}
      aria-hidden="true"
      style={{ width, height, ...style }}
      {...props}
    />
  )
}
