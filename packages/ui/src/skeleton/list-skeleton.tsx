import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'
import { Skeleton } from './skeleton.tsx'

export interface ListSkeletonProps extends Omit<ComponentProps<'div'>, 'children'> {
  /** Placeholder rows, each the shape of a list's row (a title and a line under it). */
  rows?: number
  /** Draws a heading bar and a line of text above the rows, as a screen's top does. */
  heading?: boolean
  /** Names the loading region for assistive tech, e.g. "Loading sites". */
  label?: string
}

/**
 * The shape of a screen that is loading — a heading and rows of a list — in place of a bare
 * spinner, so the page does not jump when the data arrives. It is one `role="status"` region,
 * `aria-busy`, named by `label`; the shapes are hidden from assistive tech.
 *
 * @example
 * <ListSkeleton label="Loading sites" rows={4} />
 */
export function ListSkeleton({
  rows = 4,
  heading = true,
  label = 'Loading',
  className,
  ...props
}: ListSkeletonProps) {
  return (
    <div
      role="status"
      aria-busy="true"
      aria-label={label}
      className={cx('hm-list-skeleton', className)}
      {...props}
    >
      {heading ? (
        <div className="hm-list-skeleton__heading">
          <Skeleton width="14rem" height="1.75rem" />
          <Skeleton width="min(28rem, 80%)" />
        </div>
      ) : null}
      <div className="hm-list-skeleton__rows">
        {Array.from({ length: rows }, (_, index) => (
          // Static placeholders never reorder, so the index is a stable key.
          <div key={index} className="hm-list-skeleton__row">
            <Skeleton width={index % 2 === 0 ? '40%' : '55%'} />
            <Skeleton width="25%" height="0.75rem" />
          </div>
        ))}
      </div>
    </div>
  )
}
