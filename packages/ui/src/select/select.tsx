import type { ChangeEvent, ComponentProps } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { cx } from '../lib/cx.ts'

export interface SelectOption {
  /** Must not be empty: '' means "no value" (the placeholder). */
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps extends Omit<
  ComponentProps<'select'>,
  'children' | 'value' | 'defaultValue' | 'multiple' | 'size'
> {
  options: readonly SelectOption[]
  /** Shown while no option is chosen; it can not be chosen again. */
  placeholder?: string
  value?: string
  defaultValue?: string
  /** Called with the chosen option's value. */
  onValueChange?: (value: string) => void
}

/**
 * A single-choice list: the browser's own `<select>`, styled. It works before the page's
 * JavaScript has loaded, opens the platform's picker (a wheel or a sheet on phones, type-ahead
 * with a keyboard) and weighs nothing. Inside a Field it picks up label, description and error.
 *
 * @example
 * <Field label="Card"><Select options={cards} value={card} onValueChange={setCard} /></Field>
 */
export function Select({
  options,
  placeholder = 'Choose…',
  className,
  value,
  defaultValue,
  onValueChange,
  onChange,
  ...rest
}: SelectProps) {
  const props = useFieldProps(rest)
  const chosen = value ?? defaultValue
  const empty = chosen === undefined || chosen === '' || options.length === 0
  return (
    <span className={cx('hm-select', className)}>
      <select
        {...props}
        className="hm-select__control"
        // Controlled when `value` is given; '' selects the placeholder.
        {...(value !== undefined ? { value } : { defaultValue: defaultValue ?? '' })}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => {
          onChange?.(event)
          onValueChange?.(event.currentTarget.value)
        }}
      >
        {empty ? (
          <option value="" disabled hidden={options.length > 0}>
            {placeholder}
          </option>
        ) : null}
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <svg className="hm-select__icon" viewBox="0 0 16 16" aria-hidden="true">
        <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </span>
  )
}
