import * as RadixTabs from '@radix-ui/react-tabs'
import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'

/**
 * Radix Tabs with the system's look. Arrow keys move between tabs, Home/End jump to the ends;
 * controlled (`value`/`onValueChange`) or uncontrolled (`defaultValue`).
 */
export function Tabs({ className, ...props }: ComponentProps<typeof RadixTabs.Root>) {
  return <RadixTabs.Root className={cx('hm-tabs', className)} {...props} />
}

export function TabsList({ className, ...props }: ComponentProps<typeof RadixTabs.List>) {
  return <RadixTabs.List className={cx('hm-tabs__list', className)} {...props} />
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof RadixTabs.Trigger>) {
  return <RadixTabs.Trigger className={cx('hm-tabs__trigger', className)} {...props} />
}

export function TabsContent({ className, ...props }: ComponentProps<typeof RadixTabs.Content>) {
  return <RadixTabs.Content className={cx('hm-tabs__content', className)} {...props} />
}
