export {
  applyTheme,
  THEME_PREFERENCES,
  type ThemePreference,
  ThemeToggle,
  type ThemeToggleProps,
} from './theme-toggle.tsx'
