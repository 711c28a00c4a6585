import { type ComponentProps, useState } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { cx } from '../lib/cx.ts'

export interface SwitchProps extends Omit<ComponentProps<'button'>, 'value' | 'defaultChecked'> {
  /** On or off (controlled). */
  checked?: boolean
  /** On or off at first (uncontrolled). */
  defaultChecked?: boolean
  onCheckedChange?: (checked: boolean) => void
  required?: boolean
  /** With `name`, what a form submits while the switch is on (`on` by default). */
  value?: string
}

/** An on/off control that applies at once; inside a Field it picks up its label and messages. */
export function Switch({ className, ...rest }: SwitchProps) {
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
    ...props
  } = useFieldProps(rest)
  const [uncontrolled, setUncontrolled] = useState(defaultChecked)
  const checked = controlled ?? uncontrolled
  const state = checked ? 'checked' : 'unchecked'
  return (
    <>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-required={required || undefined}
        data-state={state}
        data-disabled={disabled ? '' : undefined}
        disabled={disabled}
        className={cx('hm-switch', className)}
        onClick={(event) => {
          onClick?.(event)
          if (event.defaultPrevented) return
          if (controlled === undefined) setUncontrolled(!checked)
          onCheckedChange?.(!checked)
        }}
        {...props}
      >
        <span className="hm-switch__thumb" data-state={state} />
      </button>
      {name === undefined ? null : (
        // What a form submits: the value while on, nothing while off, as a checkbox would.
        <input
          type="hidden"
          name={name}
          value={value}
          form={form}
          disabled={!checked || disabled}
        />
      )}
    </>
  )
}
