import { Table, TableBody, TableHead, TableHeader, TableRow } from '@headmark/ui'
import type { ReactNode } from 'react'

/**
 * The frame of the members page's tables: their column headings, then a last column of row
 * actions whose heading only screen readers hear.
 */
export function MembersTable({
  label,
  columns,
  children,
}: {
  /** The table's accessible name. */
  label: string
  columns: { heading: string; className?: string }[]
  /** The rows. */
  children: ReactNode
}) {
  return (
    <Table scrollLabel={label} aria-label={label}>
      <TableHeader>
        <TableRow>
          {columns.map((column) => (
            <TableHead key={column.heading} className={column.className}>
              {column.heading}
            </TableHead>
          ))}
          <TableHead>
            <span className="hm-visually-hidden">Actions</span>
          </TableHead>
        </TableRow>
      </TableHeader>
      <TableBody>{children}</TableBody>
    </Table>
  )
}
