import { Button } from '@headmark/ui'
import type { ComponentProps } from 'react'

/**
 * A small button acting on one row of a table (Revoke, Ban, Create page…): it says the action;
 * a screen reader also hears which row (`of`, e.g. the user's e-mail), since every row has one.
 */
export function RowAction({
  label,
  of,
  ...props
}: Omit<ComponentProps<typeof Button>, 'children' | 'size'> & { label: string; of: string }) {
  return (
    <Button size="sm" {...props}>
      {label}
      <span className="hm-visually-hidden"> {of}</span>
    </Button>
  )
}
