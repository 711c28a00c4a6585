import { ThemeToggle } from '@headmark/ui'
import { useSyncExternalStore } from 'react'
import { readThemePreference, saveThemePreference } from '~/lib/theme.ts'

// The saved preference lives in localStorage; this tiny store lets React read it without a
// hydration mismatch (the server always renders 'system').
const listeners = new Set<() => void>()
function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => listeners.delete(listener)
}

/** Light, dark or the system's theme; the choice is remembered on this device. */
export function ThemeSwitcher() {
  const theme = useSyncExternalStore(subscribe, readThemePreference, () => 'system' as const)
  return (
    <ThemeToggle
      value={theme}
      onChange={(next) => {
        saveThemePreference(next)
        for (const listener of listeners) listener()
      }}
    />
  )
}
