import { type RefObject, useEffect } from 'react'

/**
 * Ctrl+S (⌘S on a Mac) presses the editor's own Save button, so the shortcut gets exactly what
 * a click gets: the editor's checks, and nothing when there is nothing to save. The browser's
 * "save page" dialog never opens on this screen.
 */
export function useSaveShortcut(container: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!(event.ctrlKey || event.metaKey) || event.altKey || event.key.toLowerCase() !== 's') {
        return
      }
      event.preventDefault()
      const save = [...(container.current?.querySelectorAll('button') ?? [])].find(
        (button) => button.textContent?.trim() === 'Save',
      )
      if (save && !save.disabled) save.click()
    }
    window.addEventListener('keydown', onKeyDown)
    return () => window.removeEventListener('keydown', onKeyDown)
  }, [container])
}
