import {
  type ComponentProps,
  createContext,
  type KeyboardEvent,
  useCallback,
  useContext,
  useId,
  useState,
} from 'react'
import { cx } from '../lib/cx.ts'

type Orientation = 'horizontal' | 'vertical'

interface TabsState {
  value: string | undefined
  select: (value: string) => void
  baseId: string
  orientation: Orientation
  dir: 'ltr' | 'rtl' | undefined
  activationMode: 'automatic' | 'manual'
}

const TabsContext = createContext<TabsState | null>(null)

function useTabs(part: string): TabsState {
  const state = useContext(TabsContext)
  if (!state) throw new Error(`<${part}> must be inside <Tabs>.`)
  return state
}

/** The ids that tie a tab to its panel; a value may hold characters an id can not. */
function partId(baseId: string, part: 'trigger' | 'content', value: string): string {
  return `${baseId}-${part}-${value.replace(/\s+/g, '-')}`
}

export interface TabsProps extends Omit<ComponentProps<'div'>, 'defaultValue' | 'dir'> {
  /** The selected tab (controlled). */
  value?: string
  /** The tab selected at first (uncontrolled). */
  defaultValue?: string
  onValueChange?: (value: string) => void
  /** Which arrow keys move between tabs: left/right (default) or up/down. */
  orientation?: Orientation
  /** Reading direction: in `rtl` the left arrow moves to the next tab. */
  dir?: 'ltr' | 'rtl'
  /** `automatic` (default) selects a tab as it gets focus; `manual` waits for Enter or Space. */
  activationMode?: 'automatic' | 'manual'
}

/**
 * Tabs with the system's look (WAI-ARIA tabs pattern). Arrow keys move between tabs, Home/End
 * jump to the ends, only the selected tab is a tab stop; controlled (`value`/`onValueChange`) or
 * uncontrolled (`defaultValue`).
 */
export function Tabs({
  value: controlled,
  defaultValue,
  onValueChange,
  orientation = 'horizontal',
  dir,
  activationMode = 'automatic',
  className,
  ...props
}: TabsProps) {
  const baseId = useId()
  const [uncontrolled, setUncontrolled] = useState(defaultValue)
  const value = controlled ?? uncontrolled
  const select = useCallback(
    (next: string) => {
      if (controlled === undefined) setUncontrolled(next)
      onValueChange?.(next)
    },
    [controlled, onValueChange],
  )
  return (
    <TabsContext.Provider value={{ value, select, baseId, orientation, dir, activationMode }}>
      <div
        dir={dir}
        data-orientation={orientation}
        className={cx('hm-tabs', className)}
        {...props}
      />
    </TabsContext.Provider>
  )
}

export interface TabsListProps extends ComponentProps<'div'> {
  /** The arrow keys wrap from the last tab to the first and back (default). */
  loop?: boolean
}

export function TabsList({ className, loop = true, onKeyDown, ...props }: TabsListProps) {
  const { orientation, dir } = useTabs('TabsList')
  const move = (event: KeyboardEvent<HTMLDivElement>) => {
    onKeyDown?.(event)
    if (event.defaultPrevented) return
    const tabs = [
      ...event.currentTarget.querySelectorAll<HTMLElement>('[role="tab"]:not(:disabled)'),
    ]
    const at = tabs.indexOf(event.target as HTMLElement)
    if (at === -1) return
    const rtl = dir === 'rtl' || getComputedStyle(event.currentTarget).direction === 'rtl'
    const [previous, next] =
      orientation === 'vertical'
        ? ['ArrowUp', 'ArrowDown']
        : rtl
          ? ['ArrowRight', 'ArrowLeft']
          : ['ArrowLeft', 'ArrowRight']
    let to: number
    if (event.key === next) to = loop ? (at + 1) % tabs.length : Math.min(at + 1, tabs.length - 1)
    else if (event.key === previous)
      to = loop ? (at - 1 + tabs.length) % tabs.length : Math.max(at - 1, 0)
    else if (event.key === 'Home') to = 0
    else if (event.key === 'End') to = tabs.length - 1
    else return
    event.preventDefault()
    tabs[to]?.focus()
  }
  return (
    <div
      role="tablist"
      aria-orientation={orientation}
      data-orientation={orientation}
      className={cx('hm-tabs__list', className)}
      onKeyDown={move}
      {...props}
    />
  )
}

export interface TabsTriggerProps extends Omit<ComponentProps<'button'>, 'value'> {
  /** The tab's value: the one `<TabsContent>` with the same value is its panel. */
  value: string
}

export function TabsTrigger({
  value,
  className,
  disabled,
  onClick,
  onFocus,
  ...props
}: TabsTriggerProps) {
  const tabs = useTabs('TabsTrigger')
  const selected = tabs.value === value
  return (
    <button
      type="button"
      role="tab"
      id={partId(tabs.baseId, 'trigger', value)}
      aria-selected={selected}
      aria-controls={partId(tabs.baseId, 'content', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-disabled={disabled ? '' : undefined}
      data-orientation={tabs.orientation}
      disabled={disabled}
      // One tab stop for the row: the selected tab; the arrow keys reach the others.
      tabIndex={selected ? 0 : -1}
      className={cx('hm-tabs__trigger', className)}
      onClick={(event) => {
        onClick?.(event)
        if (!event.defaultPrevented && !selected) tabs.select(value)
      }}
      onFocus={(event) => {
        onFocus?.(event)
        if (!event.defaultPrevented && !selected && tabs.activationMode === 'automatic')
          tabs.select(value)
      }}
      {...props}
    />
  )
}

export interface TabsContentProps extends ComponentProps<'div'> {
  /** The value of the tab this panel belongs to. */
  value: string
  /** Keep the panel's content in the document while another tab is selected (hidden). */
  forceMount?: boolean
}

export function TabsContent({
  value,
  forceMount,
  className,
  children,
  ...props
}: TabsContentProps) {
  const tabs = useTabs('TabsContent')
  const selected = tabs.value === value
  return (
    <div
      role="tabpanel"
      id={partId(tabs.baseId, 'content', value)}
      aria-labelledby={partId(tabs.baseId, 'trigger', value)}
      data-state={selected ? 'active' : 'inactive'}
      data-orientation={tabs.orientation}
      hidden={!selected}
      tabIndex={0}
      className={cx('hm-tabs__content', className)}
      {...props}
    >
      {selected || forceMount ? children : null}
    </div>
  )
}
