import * as RadixSelect from '@radix-ui/react-select'
import type { ComponentProps } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { cx } from '../lib/cx.ts'

export interface SelectOption {
  /** Must not be empty: Radix reserves '' for "no value". */
  value: string
  label: string
  disabled?: boolean
}

export interface SelectProps extends Omit<
  ComponentProps<typeof RadixSelect.Root>,
  'children' | 'dir'
> {
  options: readonly SelectOption[]
  placeholder?: string
  id?: string
  className?: string
  'aria-describedby'?: string
  'aria-invalid'?: boolean | 'true' | 'false'
  'aria-label'?: string
}

/**
 * A single-choice list on Radix Select; inside a Field it picks up label, description and error.
 *
 * @example
 * <Field label="Card"><Select options={cards} value={card} onValueChange={setCard} /></Field>
 */
export function Select({ options, placeholder = 'Choose…', className, ...rest }: SelectProps) {
  const {
    id,
    'aria-describedby': describedBy,
    'aria-invalid': invalid,
    'aria-label': ariaLabel,
    ...root
  } = useFieldProps(rest)
  return (
    <RadixSelect.Root {...root}>
      <RadixSelect.Trigger
        id={id}
        className={cx('hm-select', className)}
        aria-describedby={describedBy}
        aria-invalid={invalid}
        aria-label={ariaLabel}
      >
        <RadixSelect.Value placeholder={placeholder} />
        <RadixSelect.Icon className="hm-select__icon">
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d="M4 6l4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.5" />
          </svg>
        </RadixSelect.Icon>
      </RadixSelect.Trigger>
      <RadixSelect.Portal>
        <RadixSelect.Content className="hm-select__content" position="popper" sideOffset={4}>
          <RadixSelect.Viewport className="hm-select__viewport">
            {options.map((option) => (
              <RadixSelect.Item
                key={option.value}
                value={option.value}
                disabled={option.disabled}
                className="hm-select__item"
              >
                <RadixSelect.ItemText>{option.label}</RadixSelect.ItemText>
                <RadixSelect.ItemIndicator className="hm-select__check">
                  <svg viewBox="0 0 16 16" aria-hidden="true">
                    <path d="M3 8l3 3 7-7" fill="none" stroke="currentColor" strokeWidth="1.75" />
                  </svg>
                </RadixSelect.ItemIndicator>
              </RadixSelect.Item>
            ))}
          </RadixSelect.Viewport>
        </RadixSelect.Content>
      </RadixSelect.Portal>
    </RadixSelect.Root>
  )
}
