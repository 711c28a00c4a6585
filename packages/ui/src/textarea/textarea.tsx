import type { ComponentProps } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { useCharacterCount } from '../input/character-count.tsx'
import { cx } from '../lib/cx.ts'

export interface TextareaProps extends ComponentProps<'textarea'> {
  /** Soft character target; shows "n / limit" under the textarea and flags going over. */
  limit?: number
}

/** A multi-line text input with an optional character counter. */
export function Textarea({ className, limit, rows = 3, ...rest }: TextareaProps) {
  const props = useFieldProps(rest)
  const count = useCharacterCount<HTMLTextAreaElement>({
    limit,
    value: props.value,
    defaultValue: props.defaultValue,
    onChange: props.onChange,
    describedBy: props['aria-describedby'],
  })
  const textarea = (
    <textarea
      rows={rows}
      className={cx('hm-textarea', className)}
      {...props}
      aria-describedby={count.describedBy}
      onChange={count.onChange}
    />
  )
  if (!count.counter) return textarea
  return (
    <div className="hm-input-with-count">
      {textarea}
      {count.counter}
    </div>
  )
}
