import { useEffect, useState } from 'react'
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

/** Cycles system → light → dark; the choice is remembered on this device. */
export function ThemeSwitcher() {
  const [theme, setTheme] = useState<ThemePreference>('system')
  useEffect(() => setTheme(readThemePreference()), [])
  return (
    <button
      type="button"
      className="icon-button"
      aria-label={`${LABEL[theme]}. Switch theme`}
      title={LABEL[theme]}
      onClick={() => {
        const next = NEXT[theme]
        applyThemePreference(next)
        setTheme(next)
      }}
    >
      <span aria-hidden="true">{ICON[theme]}</span>
    </button>
  )
}
