import { Slot } from '@radix-ui/react-slot'
import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'
import { Spinner } from '../spinner/spinner.tsx'

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger'
export type ButtonSize = 'sm' | 'md' | 'lg'

export interface ButtonProps extends ComponentProps<'button'> {
  variant?: ButtonVariant
  size?: ButtonSize
  /** Shows a spinner, keeps the label for layout and blocks further clicks. */
  loading?: boolean
  /** Renders the single child (e.g. a router link) with the button's look and behaviour. */
  asChild?: boolean
}

/**
 * @example
 * <Button variant="primary" loading={saving}>Save</Button>
 * <Button asChild variant="secondary"><Link to="/app">Dashboard</Link></Button>
 */
export function Button({
  variant = 'secondary',
  size = 'md',
  loading = false,
  asChild = false,
  disabled,
  className,
  children,
  type,
  onClick,
  ...props
}: ButtonProps) {
  const classes = cx(
    'hm-button',
    `hm-button--${variant}`,
    `hm-button--${size}`,
    loading && 'hm-button--loading',
    className,
  )
  if (asChild) {
    return (
      <Slot
        className={classes}
        aria-disabled={disabled || loading ? true : undefined}
        aria-busy={loading || undefined}
        onClick={onClick}
        {...props}
      >
        {children}
      </Slot>
    )
  }
  return (
    <button
      type={type ?? 'button'}
      className={classes}
      // aria-disabled rather than disabled while loading keeps focus on the button.
      disabled={disabled}
      aria-disabled={loading ? true : undefined}
      aria-busy={loading || undefined}
      onClick={loading ? (event) => event.preventDefault() : onClick}
      {...props}
    >
      {loading ? <Spinner size="sm" label={null} className="hm-button__spinner" /> : null}
      <span className="hm-button__label">{children}</span>
    </button>
  )
}
