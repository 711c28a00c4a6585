import type { ComponentProps } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { cx } from '../lib/cx.ts'
import { useCharacterCount } from './character-count.tsx'

export interface InputProps extends ComponentProps<'input'> {
  /** Soft character target; shows "n / limit" under the input and flags going over. */
  limit?: number
}

/** A single-line text input; inside a Field it picks up id, description, error and required. */
export function Input({ className, limit, ...rest }: InputProps) {
  const props = useFieldProps(rest)
  const count = useCharacterCount<HTMLInputElement>({
    limit,
    value: props.value,
    defaultValue: props.defaultValue,
    onChange: props.onChange,
    describedBy: props['aria-describedby'],
  })
  const input = (
    <input
      className={cx('hm-input', className)}
      {...props}
      aria-describedby={count.describedBy}
      onChange={count.onChange}
    />
  )
  if (!count.counter) return input
  return (
    <div className="hm-input-with-count">
      {input}
      {count.counter}
    </div>
  )
}
