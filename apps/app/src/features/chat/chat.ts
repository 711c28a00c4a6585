import { env } from '~/env.ts'

/** The attributes the chat receives about a signed-in user (spec §1, §4). */
export interface ChatVisitor {
  name: string
  email: string
  id: string
}

/** The part of Tawk.to's widget API Headmark uses. */
interface TawkApi {
  visitor?: { name?: string; email?: string }
  onLoad?: () => void
  setAttributes?: (attributes: Record<string, string>, callback?: (error?: unknown) => void) => void
  logout?: (callback?: (error?: unknown) => void) => void
}

declare global {
  interface Window {
    Tawk_API?: TawkApi
    Tawk_LoadStart?: Date
  }
}

/**
 * The chat script's URL: `<origin>/<property id>/<widget id>`, or null when either id is
 * missing (no widget is loaded then).
 *
 * @example
 * chatScriptUrl({ propertyId: 'abc', widgetId: 'default' }) // 'https://embed.tawk.to/abc/default'
 */
export function chatScriptUrl({
  propertyId = env.VITE_CHAT_PROPERTY_ID,
  widgetId = env.VITE_CHAT_WIDGET_ID,
  origin = env.VITE_CHAT_SCRIPT_ORIGIN,
}: { propertyId?: string; widgetId?: string; origin?: string } = {}): string | null {
  if (!propertyId || !widgetId) return null
  const base = origin.replace(/\/+$/, '')
  return `${base}/${encodeURIComponent(propertyId)}/${encodeURIComponent(widgetId)}`
}

let loaded = false
let visitor: ChatVisitor | null = null

function apply() {
  const api = window.Tawk_API
  if (!api) return
  const attributes: Record<string, string> = visitor
    ? { ...visitor }
    : { name: '', email: '', id: '' }
  if (loaded && api.setAttributes) {
    api.setAttributes(attributes, (error) => {
      if (error) console.warn('[chat] Could not set the visitor attributes.', error)
    })
    if (!visitor) api.logout?.()
  } else {
    api.visitor = visitor ? { name: visitor.name, email: visitor.email } : {}
  }
}

/** Hands the signed-in user to the chat, or clears them (`null`) on sign-out. */
export function setChatVisitor(next: ChatVisitor | null): void {
  visitor = next
  if (typeof window !== 'undefined') apply()
}

/** Adds the chat script once; does nothing without both ids. */
export function loadChat(): void {
  const src = chatScriptUrl()
  if (!src || document.getElementById('headmark-chat-script')) return
  const api: TawkApi = (window.Tawk_API ??= {})
  window.Tawk_LoadStart = new Date()
  api.onLoad = () => {
    loaded = true
    apply()
  }
  apply()
  const script = document.createElement('script')
  script.id = 'headmark-chat-script'
  script.async = true
  script.src = src
  script.charset = 'UTF-8'
  script.setAttribute('crossorigin', '*')
  document.body.append(script)
}
