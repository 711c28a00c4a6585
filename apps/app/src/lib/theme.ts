export type ThemePreference = 'light' | 'dark' | 'system'
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

export function applyThemePreference(theme: ThemePreference): void {
  const root = document.documentElement
  if (theme === 'system') {
    delete root.dataset.theme
    localStorage.removeItem(THEME_STORAGE_KEY)
  } else {
    root.dataset.theme = theme
    localStorage.setItem(THEME_STORAGE_KEY, theme)
  }
}
