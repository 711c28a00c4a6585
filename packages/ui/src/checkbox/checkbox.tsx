import { type ComponentProps, type ReactNode, useId, useState } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { cx } from '../lib/cx.ts'

export type CheckedState = boolean | 'indeterminate'

export interface CheckboxProps extends Omit<
  ComponentProps<'button'>,
  'value' | 'defaultChecked' | 'checked'
> {
  /** Checked, unchecked or indeterminate (controlled). */
  checked?: CheckedState
  /** The state at first (uncontrolled). */
  defaultChecked?: CheckedState
  /** Called with the new state: a click on an indeterminate box checks it. */
  onCheckedChange?: (checked: CheckedState) => void
  required?: boolean
  /** With `name`, what a form submits while the box is checked (`on` by default). */
  value?: string
  /** An inline label after the box; leave it out inside a Field, which labels the box itself. */
  label?: ReactNode
}

/** A checkbox (checked, unchecked or indeterminate): Space toggles it, Enter does not. */
export function Checkbox({ className, label, ...rest }: CheckboxProps) {
  const generated = useId()
  const {
    checked: controlled,
    defaultChecked = false,
    onCheckedChange,
    required,
    name,
    value = 'on',
    form,
    disabled,
    onClick,
    onKeyDown,
    ...props
  } = useFieldProps(rest)
  const [uncontrolled, setUncontrolled] = useState<CheckedState>(defaultChecked)
  const checked = controlled ?? uncontrolled
  const state = checked === 'indeterminate' ? 'indeterminate' : checked ? 'checked' : 'unchecked'
  const id = props.id ?? (label ? `hm-checkbox-${generated}` : undefined)
  const box = (
    <>
      <button
        type="button"
        role="checkbox"
        aria-checked={checked === 'indeterminate' ? 'mixed' : checked}
        aria-required={required || undefined}
        data-state={state}
        data-disabled={disabled ? '' : undefined}
        disabled={disabled}
        className={cx('hm-checkbox', className)}
        {...props}
        id={id}
        onKeyDown={(event) => {
          onKeyDown?.(event)
          // A checkbox toggles with Space; Enter belongs to the form or the grid around it.
          if (event.key === 'Enter') event.preventDefault()
        }}
        onClick={(event) => {
          onClick?.(event)
          if (event.defaultPrevented) return
          const next = checked === 'indeterminate' ? true : !checked
          if (controlled === undefined) setUncontrolled(next)
          onCheckedChange?.(next)
        }}
      >
        {state === 'unchecked' ? null : (
          <span className="hm-checkbox__indicator" data-state={state}>
            <svg viewBox="0 0 16 16" aria-hidden="true">
              {state === 'indeterminate' ? (
                <path d="M4 8h8" fill="none" stroke="currentColor" strokeWidth="2" />
              ) : (
                <path d="M3 8l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
              )}
            </svg>
          </span>
        )}
      </button>
      {name === undefined ? null : (
        // What a form submits: the value while checked, nothing otherwise, as a native box would.
        <input
          type="hidden"
          name={name}
          value={value}
          form={form}
          disabled={checked !== true || disabled}
        />
      )}
    </>
  )
  if (!label) return box
  return (
    <span className="hm-checkbox-row">
      {box}
      <label htmlFor={id} className="hm-checkbox-row__label">
        {label}
      </label>
    </span>
  )
}
