import type { ComponentProps } from 'react'
import { cx } from '../lib/cx.ts'

export type ThemePreference = 'light' | 'dark' | 'system'

export const THEME_PREFERENCES: readonly ThemePreference[] = ['light', 'dark', 'system']

/**
 * Applies a preference to the document: `data-theme` on <html> overrides the OS setting,
 * and `system` removes it so `prefers-color-scheme` decides.
 */
export function applyTheme(
  preference: ThemePreference,
  root: HTMLElement = document.documentElement,
) {
  if (preference === 'system') delete root.dataset.theme
  else root.dataset.theme = preference
}

export interface ThemeToggleProps extends Omit<ComponentProps<'fieldset'>, 'onChange'> {
  value: ThemePreference
  onChange: (preference: ThemePreference) => void
  label?: string
  labels?: Record<ThemePreference, string>
}

const icons: Record<ThemePreference, string> = {
  light:
    'M8 3V1m0 14v-2m5-5h2M1 8h2m9.5-4.5L14 2M2 14l1.5-1.5m9 0L14 14M2 2l1.5 1.5M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6z',
  dark: 'M13.5 9.5A6 6 0 0 1 6.5 2.5a6 6 0 1 0 7 7z',
  system: 'M2 3h12v8H2zM6 14h4M8 11v3',
}

/** Light / dark / follow-the-system switch. Controlled: the app stores the preference. */
export function ThemeToggle({
  value,
  onChange,
  label = 'Theme',
  labels = { light: 'Light', dark: 'Dark', system: 'System' },
  className,
  ...props
}: ThemeToggleProps) {
  return (
    <fieldset className={cx('hm-theme-toggle', className)} {...props}>
      <legend className="hm-visually-hidden">{label}</legend>
      {THEME_PREFERENCES.map((preference) => (
        <button
          key={preference}
          type="button"
          className="hm-theme-toggle__option"
          aria-pressed={value === preference}
          aria-label={labels[preference]}
          title={labels[preference]}
          onClick={() => onChange(preference)}
        >
          <svg viewBox="0 0 16 16" aria-hidden="true">
            <path d={icons[preference]} fill="none" stroke="currentColor" strokeWidth="1.4" />
          </svg>
        </button>
      ))}
    </fieldset>
  )
}
