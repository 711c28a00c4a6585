import { Button, type DataTableColumn } from '@headmark/ui'
import type { ComponentProps, ReactNode } from 'react'

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

/**
 * A table's last column, of its rows' actions: its header ("Actions") is read by assistive
 * technology but not shown.
 */
export function actionsColumn<Row>(
  cell: (row: Row) => ReactNode,
  className?: string,
): DataTableColumn<Row> {
  return { id: 'actions', header: 'Actions', hideHeader: true, className, cell }
}

/** A table's first column, whose cell names its row (a link to the row's own screen, say). */
export function rowHeaderColumn<Row>(
  id: string,
  header: string,
  cell: (row: Row) => ReactNode,
  className?: string,
): DataTableColumn<Row> {
  return { id, header, rowHeader: true, className, cell }
}
