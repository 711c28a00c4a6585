import { lazy, Suspense, useEffect, useState, useSyncExternalStore } from 'react'

// The palette (cmdk, its dialog and the lists it reads) is a chunk of its own, fetched the first
// time it is asked for (or when the pointer or focus reaches the button).
const loadPalette = () => import('./command-palette.tsx')
const CommandPalette = lazy(loadPalette)

/** ⌘K on Apple devices, Ctrl+K elsewhere. */
export function isPaletteShortcut(
  event: Pick<KeyboardEvent, 'key' | 'metaKey' | 'ctrlKey' | 'altKey' | 'shiftKey'>,
): boolean {
  return (
    event.key.toLowerCase() === 'k' &&
    (event.metaKey || event.ctrlKey) &&
    !event.altKey &&
    !event.shiftKey
  )
}

const noSubscription = () => () => {}
/** Whether this is an Apple device (the server renders "Ctrl", the browser corrects it). */
const isApple = () => /mac|iphone|ipad/i.test(navigator.platform || navigator.userAgent)

/**
 * The header's Search button, which opens the command palette, and the ⌘K / Ctrl+K shortcut
 * that opens (or closes) it from anywhere in the signed-in app.
 */
export function CommandPaletteButton() {
  const [open, setOpen] = useState(false)
  const [asked, setAsked] = useState(false)
  const apple = useSyncExternalStore(noSubscription, isApple, () => false)
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isPaletteShortcut(event) || event.defaultPrevented) return
      event.preventDefault()
      setAsked(true)
      setOpen((was) => !was)
    }
    document.addEventListener('keydown', onKeyDown)
    return () => document.removeEventListener('keydown', onKeyDown)
  }, [])
  return (
    <>
      <button
        type="button"
        className="command-palette-button"
        aria-label="Search"
        aria-keyshortcuts="Meta+K Control+K"
        aria-haspopup="dialog"
        onPointerEnter={() => void loadPalette()}
        onFocus={() => void loadPalette()}
        onClick={() => {
          setAsked(true)
          setOpen(true)
        }}
      >
        <svg viewBox="0 0 16 16" aria-hidden="true" className="command-palette-button__icon">
          <circle cx="7" cy="7" r="4.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
          <path d="M10.5 10.5L14 14" stroke="currentColor" strokeWidth="1.5" />
        </svg>
        <span className="command-palette-button__label">Search</span>
        <kbd className="command-palette-button__keys" aria-hidden="true">
          {apple ? '⌘K' : 'Ctrl K'}
        </kbd>
      </button>
      {asked ? (
        <Suspense fallback={null}>
          <CommandPalette open={open} onOpenChange={setOpen} />
        </Suspense>
      ) : null}
    </>
  )
}
