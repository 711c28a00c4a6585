import { applyTheme, type ThemePreference } from '@headmark/ui'

export const THEME_STORAGE_KEY = 'headmark-theme'

/** Runs in <head> before paint: applies a saved explicit theme; 'system' follows the OS. */
export const THEME_BOOT_SCRIPT = `try{var t=localStorage.getItem('${THEME_STORAGE_KEY}');if(t==='light'||t==='dark')document.documentElement.dataset.theme=t}catch(e){}`

export function readThemePreference(): ThemePreference {
  try {
    const saved = localStorage.getItem(THEME_STORAGE_KEY)
    return saved === 'light' || saved === 'dark' ? saved : 'system'
  } catch {
    return 'system'
  }
}

/** Applies the preference to the page and remembers it on this device. */
export function saveThemePreference(theme: ThemePreference): void {
  applyTheme(theme)
  if (theme === 'system') localStorage.removeItem(THEME_STORAGE_KEY)
  else localStorage.setItem(THEME_STORAGE_KEY, theme)
}
