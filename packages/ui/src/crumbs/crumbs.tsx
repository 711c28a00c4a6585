import { type ComponentProps, useState } from 'react'
import { cx } from '../lib/cx.ts'
import { type RenderLink, renderAnchor } from '../lib/link.tsx'

export interface CrumbItem {
  label: string
  /** Where the crumb links to; a crumb without `to` is plain text. */
  to?: string
}

export interface CrumbsProps extends Omit<ComponentProps<'nav'>, 'children'> {
  items: CrumbItem[]
  /** Renders links with the app's router; defaults to a plain `<a href>`. */
  renderLink?: RenderLink
  /** Trails longer than this collapse their middle behind a "show all" button (minimum 3). */
  maxItems?: number
  /** The navigation landmark's accessible name. */
  label?: string
}

interface Visible {
  item: CrumbItem
  index: number
}

/** Splits a long trail into its head, the hidden middle and its tail. */
export function collapseCrumbs(items: CrumbItem[], maxItems: number) {
  const max = Math.max(3, maxItems)
  const withIndex: Visible[] = items.map((item, index) => ({ item, index }))
  if (items.length <= max) return { head: withIndex, hidden: 0, tail: [] as Visible[] }
  const tailSize = max - 1
  return {
    head: withIndex.slice(0, 1),
    hidden: items.length - 1 - tailSize,
    tail: withIndex.slice(items.length - tailSize),
  }
}

/**
 * The breadcrumb trail. The last crumb is the current page.
 *
 * @example
 * <Crumbs items={[{ label: 'Dashboard', to: '/app' }, { label: 'Acme' }]} renderLink={renderLink} />
 */
export function Crumbs({
  items,
  renderLink = renderAnchor,
  maxItems = 4,
  label = 'Breadcrumb',
  className,
  ...props
}: CrumbsProps) {
  const [expanded, setExpanded] = useState(false)
  const { head, hidden, tail } = expanded
    ? collapseCrumbs(items, Number.POSITIVE_INFINITY)
    : collapseCrumbs(items, maxItems)
  const last = items.length - 1

  const crumb = ({ item, index }: Visible) => {
    const current = index === last
    if (item.to !== undefined) {
      return renderLink({
        href: item.to,
        children: item.label,
        className: 'hm-crumbs__link',
        'aria-current': current ? 'page' : undefined,
      })
    }
    return (
      <span className="hm-crumbs__text" aria-current={current ? 'page' : undefined}>
        {item.label}
      </span>
    )
  }

  const separator = (
    <span className="hm-crumbs__separator" aria-hidden="true">
      /
    </span>
  )

  return (
    <nav aria-label={label} className={cx('hm-crumbs', className)} {...props}>
      <ol className="hm-crumbs__list">
        {head.map((visible, position) => (
          <li key={visible.index} className="hm-crumbs__item">
            {position > 0 ? separator : null}
            {crumb(visible)}
          </li>
        ))}
        {hidden > 0 ? (
          <li className="hm-crumbs__item">
            {separator}
            <button
              type="button"
              className="hm-crumbs__more"
              aria-label={`Show ${hidden} more ${hidden === 1 ? 'crumb' : 'crumbs'}`}
              onClick={() => setExpanded(true)}
            >
              …
            </button>
          </li>
        ) : null}
        {tail.map((visible) => (
          <li key={visible.index} className="hm-crumbs__item">
            {separator}
            {crumb(visible)}
          </li>
        ))}
      </ol>
    </nav>
  )
}
