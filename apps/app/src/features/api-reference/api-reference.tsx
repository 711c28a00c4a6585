import { ApiReferenceReact } from '@scalar/api-reference-react'
import '@scalar/api-reference-react/style.css'
import { useEffect, useMemo, useState } from 'react'

/** The OpenAPI document the public API serves (generated from its contract). */
export const OPENAPI_DOCUMENT_URL = '/api/openapi/spec.json'

/** Whether the app is dark right now: an explicit theme on <html>, else the system's. */
function isDark(): boolean {
  const theme = document.documentElement.dataset.theme
  if (theme === 'dark' || theme === 'light') return theme === 'dark'
  return window.matchMedia('(prefers-color-scheme: dark)').matches
}

/** Follows the app's theme toggle and the system setting. */
function useDarkMode(): boolean {
  const [dark, setDark] = useState(isDark)
  useEffect(() => {
    const update = () => setDark(isDark())
    const observer = new MutationObserver(update)
    observer.observe(document.documentElement, { attributeFilter: ['data-theme'] })
    const media = window.matchMedia('(prefers-color-scheme: dark)')
    media.addEventListener('change', update)
    return () => {
      observer.disconnect()
      media.removeEventListener('change', update)
    }
  }, [])
  return dark
}

/**
 * Scalar's API reference for the public API, bundled with the app: no fonts, scripts or
 * proxies from a CDN, no telemetry. Browser-only (it is a Vue app inside).
 */
export default function ApiReference() {
  const dark = useDarkMode()
  const configuration = useMemo(
    () => ({
      url: OPENAPI_DOCUMENT_URL,
      baseServerURL: window.location.origin,
      withDefaultFonts: false,
      telemetry: false,
      hideClientButton: true,
      showDeveloperTools: 'never' as const,
      mcp: { disabled: true },
      agent: { disabled: true },
      hideDarkModeToggle: true,
      forceDarkModeState: dark ? ('dark' as const) : ('light' as const),
    }),
    [dark],
  )
  return <ApiReferenceReact configuration={configuration} />
}
