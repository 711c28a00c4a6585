import { useSyncExternalStore } from 'react'
import { applyThemePreference, readThemePreference, type ThemePreference } from '../lib/theme.ts'

const NEXT: Record<ThemePreference, ThemePreference> = {
  system: 'light',
  light: 'dark',
  dark: 'system',
}
const LABEL: Record<ThemePreference, string> = {
  system: 'Theme: system',
  light: 'Theme: light',
  dark: 'Theme: dark',
}
const ICON: Record<ThemePreference, string> = { system: '◐', light: '☀', dark: '☾' }

// The saved preference lives in localStorage; this tiny store lets React read it without a
// hydration mismatch (the server always renders 'system').
const listeners = new Set<() => void>()
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Cycles system → light → dark; the choice is remembered on this device. */
export function ThemeSwitcher() {
  const theme = useSyncExternalStore(subscribe, readThemePreference, () => 'system' as const)
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`${LABEL[theme]}. Switch theme`}
      title={LABEL[theme]}
      onClick={() => {
        applyThemePreference(NEXT[theme])
        for (const listener of listeners) listener()
      }}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  )
}
