import type { ComponentProps, ReactNode } from 'react'
import { cx } from '../lib/cx.ts'

export type AlertTone = 'info' | 'success' | 'warning' | 'danger'

export interface AlertProps extends Omit<ComponentProps<'div'>, 'title'> {
  tone?: AlertTone
  title?: ReactNode
  /** Renders the title as a heading of this level (the page's outline); a strong line otherwise. */
  headingLevel?: 1 | 2 | 3 | 4
  /** Usually one Button or link: what to do about it. */
  action?: ReactNode
  /**
   * How assistive tech hears it when it appears. `assertive` (`role="alert"`) interrupts: for a
   * failure or warning raised by what the person just did. `polite` (`role="status"`, the default)
   * waits its turn. `off` gives no live role, for a notice that is part of the page from the start.
   */
  live?: 'assertive' | 'polite' | 'off'
  /** Tighter padding and smaller text, e.g. for a banner on a phone's first screen. */
  compact?: boolean
}

const roles = { assertive: 'alert', polite: 'status', off: undefined } as const

/**
 * A message about the page or an action: its tone reinforces the text, never replaces it.
 *
 * @example
 * <Alert tone="danger" live="assertive" title="The keys could not be loaded"
 *   action={<Button onClick={retry}>Try again</Button>}>
 *   The server did not answer.
 * </Alert>
 */
export function Alert({
  tone = 'info',
  title,
  headingLevel,
  action,
  live = 'polite',
  compact = false,
  className,
  children,
  ...props
}: AlertProps) {
  const Title = headingLevel ? (`h${headingLevel}` as const) : 'p'
  return (
    <div
      role={roles[live]}
      className={cx('hm-alert', `hm-alert--${tone}`, compact && 'hm-alert--compact', className)}
      data-tone={tone}
      {...props}
    >
      <div className="hm-alert__body">
        {title ? <Title className="hm-alert__title">{title}</Title> : null}
        {children ? <div className="hm-alert__text">{children}</div> : null}
      </div>
      {action ? <div className="hm-alert__action">{action}</div> : null}
    </div>
  )
}
