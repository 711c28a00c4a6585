import { type RefObject, useCallback, useLayoutEffect, useState } from 'react'

export interface FixedRowsOptions {
  /** Rows in the list. */
  count: number
  /** Pixels per row: every row is this tall. */
  rowHeight: number
  /** The element that scrolls. */
  scroller: RefObject<HTMLElement | null>
  /** Rows drawn beyond each edge of the view. */
  overscan: number
  /** The view's height before it is measured, and where nothing is laid out. */
  fallbackHeight: number
}

export interface FixedRow {
  index: number
  /** Pixels from the top of the list. */
  start: number
}

/**
 * The rows of a list of equal rows that are in view (and `overscan` beyond), from the scroller's
 * offset and height: a virtualizer for rows of one fixed height.
 */
export function useFixedRows({
  count,
  rowHeight,
  scroller,
  overscan,
  fallbackHeight,
}: FixedRowsOptions) {
  const [view, setView] = useState({ top: 0, height: fallbackHeight })
  useLayoutEffect(() => {
    const element = scroller.current
    if (!element) return
    const read = () => {
      const top = element.scrollTop
      const height = element.clientHeight > 0 ? element.clientHeight : fallbackHeight
      setView((now) => (now.top === top && now.height === height ? now : { top, height }))
    }
    read()
    element.addEventListener('scroll', read, { passive: true })
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(read)
    observer?.observe(element)
    return () => {
      element.removeEventListener('scroll', read)
      observer?.disconnect()
    }
  }, [scroller, fallbackHeight])

  const first = Math.max(0, Math.floor(view.top / rowHeight) - overscan)
  const last = Math.min(count - 1, Math.ceil((view.top + view.height) / rowHeight) - 1 + overscan)
  const items: FixedRow[] = []
  for (let index = first; index <= last; index++) items.push({ index, start: index * rowHeight })

  /** Scrolls as little as brings the row into view: to its bottom edge below, its top above. */
  const scrollToIndex = useCallback(
    (index: number) => {
      const element = scroller.current
      if (!element) return
      const start = index * rowHeight
      const end = start + rowHeight
      const height = element.clientHeight > 0 ? element.clientHeight : fallbackHeight
      if (end >= element.scrollTop + height) element.scrollTop = Math.max(0, end - height)
      else if (start <= element.scrollTop) element.scrollTop = start
    },
    [scroller, rowHeight, fallbackHeight],
  )

  return { items, totalSize: count * rowHeight, scrollToIndex }
}
