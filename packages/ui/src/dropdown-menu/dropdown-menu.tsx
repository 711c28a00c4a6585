import * as Menu from '@radix-ui/react-dropdown-menu'
import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'

/**
 * Radix DropdownMenu with the system's look. Compose Root → Trigger → Content → Item.
 * Non-modal by default: a menu needs no scroll lock, and a modal menu hides the rest of the
 * page with aria-hidden while its trigger stays focusable (axe's aria-hidden-focus).
 */
export function DropdownMenu({ modal = false, ...props }: ComponentProps<typeof Menu.Root>) {
  return <Menu.Root modal={modal} {...props} />
}
export const DropdownMenuTrigger = Menu.Trigger
export const DropdownMenuGroup = Menu.Group

export function DropdownMenuContent({
  className,
  sideOffset = 6,
  align = 'end',
  ...props
}: ComponentProps<typeof Menu.Content>) {
  return (
    <Menu.Portal>
      <Menu.Content
        sideOffset={sideOffset}
        align={align}
        className={cx('hm-menu', className)}
        {...props}
      />
    </Menu.Portal>
  )
}

export interface DropdownMenuItemProps extends ComponentProps<typeof Menu.Item> {
  tone?: 'default' | 'danger'
}

/** A menu item; pass `asChild` to render a router link as the item. */
export function DropdownMenuItem({ className, tone = 'default', ...props }: DropdownMenuItemProps) {
  return (
    <Menu.Item
      className={cx('hm-menu__item', tone === 'danger' && 'hm-menu__item--danger', className)}
      {...props}
    />
  )
}

export function DropdownMenuLabel({ className, ...props }: ComponentProps<typeof Menu.Label>) {
  return <Menu.Label className={cx('hm-menu__label', className)} {...props} />
}

export function DropdownMenuSeparator({
  className,
  ...props
}: ComponentProps<typeof Menu.Separator>) {
  return <Menu.Separator className={cx('hm-menu__separator', className)} {...props} />
}
