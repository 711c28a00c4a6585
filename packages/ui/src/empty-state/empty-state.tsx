import type { ComponentProps, ReactNode } from 'react'
import { cx } from '../lib/cx.ts'

export interface EmptyStateProps extends Omit<ComponentProps<'div'>, 'title'> {
  title: ReactNode
  description?: ReactNode
  /** A decorative illustration or icon; hidden from assistive tech. */
  icon?: ReactNode
  /** Usually one primary Button that gets the user out of the empty state. */
  action?: ReactNode
  /** The heading level that fits the page outline. */
  headingLevel?: 2 | 3 | 4
}

/** What a list or page shows when there is nothing in it yet, and what to do about it. */
export function EmptyState({
  title,
  description,
  icon,
  action,
  headingLevel = 2,
  className,
  ...props
}: EmptyStateProps) {
  const Heading = `h${headingLevel}` as const
  return (
    <div className={cx('hm-empty-state', className)} {...props}>
      {icon ? (
        <div className="hm-empty-state__icon" aria-hidden="true">
          {icon}
        </div>
      ) : null}
      <Heading className="hm-empty-state__title">{title}</Heading>
      {description ? <p className="hm-empty-state__description">{description}</p> : null}
      {action ? <div className="hm-empty-state__action">{action}</div> : null}
    </div>
  )
}
