import * as RadixCheckbox from '@radix-ui/react-checkbox'
import { type ComponentProps, type ReactNode, useId } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { cx } from '../lib/cx.ts'

export interface CheckboxProps extends ComponentProps<typeof RadixCheckbox.Root> {
  /** An inline label after the box; leave it out inside a Field, which labels the box itself. */
  label?: ReactNode
}

/** A checkbox (checked, unchecked or indeterminate) on Radix Checkbox. */
export function Checkbox({ className, label, ...rest }: CheckboxProps) {
  const generated = useId()
  const props = useFieldProps(rest)
  const id = props.id ?? (label ? `hm-checkbox-${generated}` : undefined)
  const box = (
    <RadixCheckbox.Root className={cx('hm-checkbox', className)} {...props} id={id}>
      <RadixCheckbox.Indicator className="hm-checkbox__indicator">
        <svg viewBox="0 0 16 16" aria-hidden="true">
          {props.checked === 'indeterminate' ? (
            <path d="M4 8h8" fill="none" stroke="currentColor" strokeWidth="2" />
          ) : (
            <path d="M3 8l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="2" />
          )}
        </svg>
      </RadixCheckbox.Indicator>
    </RadixCheckbox.Root>
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
