import { type ChangeEvent, useId, useState } from 'react'
import { cx } from '../lib/cx.ts'

interface CountOptions<E extends HTMLInputElement | HTMLTextAreaElement> {
  limit: number | undefined
  value: unknown
  defaultValue: unknown
  onChange: ((event: ChangeEvent<E>) => void) | undefined
  describedBy: string | undefined
}

/**
 * Tracks the length of a controlled or uncontrolled text control against a soft target.
 * The target is advice (search engines truncate, they do not reject), so typing past it is allowed.
 */
export function useCharacterCount<E extends HTMLInputElement | HTMLTextAreaElement>({
  limit,
  value,
  defaultValue,
  onChange,
  describedBy,
}: CountOptions<E>) {
  const id = useId()
  const [uncontrolled, setUncontrolled] = useState(() => String(defaultValue ?? '').length)
  const length = value === undefined ? uncontrolled : String(value ?? '').length
  if (limit === undefined) return { counter: null, describedBy, onChange }
  const counterId = `hm-count-${id}`
  const over = length > limit
  return {
    counter: (
      <span id={counterId} className={cx('hm-count', over && 'hm-count--over')}>
        {length} / {limit}
        {over ? <span className="hm-visually-hidden"> characters, over the target</span> : null}
        {over ? null : <span className="hm-visually-hidden"> characters</span>}
      </span>
    ),
    describedBy: [describedBy, counterId].filter(Boolean).join(' '),
    onChange: (event: ChangeEvent<E>) => {
      if (value === undefined) setUncontrolled(event.target.value.length)
      onChange?.(event)
    },
  }
}
