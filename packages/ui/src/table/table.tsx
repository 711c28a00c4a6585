import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'

export interface TableProps extends ComponentProps<'table'> {
  /**
   * Names the scroll container. Give it when the table may be wider than its column so
   * keyboard users can focus and scroll it.
   */
  scrollLabel?: string
}

/** A data table; wide tables scroll inside their own container instead of the page. */
export function Table({ className, scrollLabel, ...props }: TableProps) {
  const table = <table className={cx('hm-table', className)} {...props} />
  if (!scrollLabel) return <div className="hm-table-scroll">{table}</div>
  return (
    // A scrollable region must be reachable by keyboard, hence the tabIndex on a non-interactive element.
    <section className="hm-table-scroll" aria-label={scrollLabel} tabIndex={0}>
      {table}
    </section>
  )
}

export function TableCaption({ className, ...props }: ComponentProps<'caption'>) {
  return <caption className={cx('hm-table__caption', className)} {...props} />
}

export function TableHeader({ className, ...props }: ComponentProps<'thead'>) {
  return <thead className={cx('hm-table__header', className)} {...props} />
}

export function TableBody({ className, ...props }: ComponentProps<'tbody'>) {
  return <tbody className={cx('hm-table__body', className)} {...props} />
}

export function TableRow({ className, ...props }: ComponentProps<'tr'>) {
  return <tr className={cx('hm-table__row', className)} {...props} />
}

export function TableHead({ className, scope = 'col', ...props }: ComponentProps<'th'>) {
  return <th scope={scope} className={cx('hm-table__head', className)} {...props} />
}

export function TableCell({ className, ...props }: ComponentProps<'td'>) {
  return <td className={cx('hm-table__cell', className)} {...props} />
}
