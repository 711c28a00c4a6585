import * as RadixSwitch from '@radix-ui/react-switch'
import type { ComponentProps } from 'react'
import { useFieldProps } from '../field/field-context.ts'
import { cx } from '../lib/cx.ts'

export type SwitchProps = ComponentProps<typeof RadixSwitch.Root>

/** An on/off control that applies at once; inside a Field it picks up its label and messages. */
export function Switch({ className, ...rest }: SwitchProps) {
  const props = useFieldProps(rest)
  return (
    <RadixSwitch.Root className={cx('hm-switch', className)} {...props}>
      <RadixSwitch.Thumb className="hm-switch__thumb" />
    </RadixSwitch.Root>
  )
}
