/**
 * Runs `task` once the page has loaded and the main thread is idle, so third-party scripts never
 * compete with rendering or hydration. Returns a function that cancels it.
 */
export function afterInteractive(task: () => void): () => void {
  let cancelled = false
  let idle: number | undefined
  const run = () => {
    if (cancelled) return
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(task, { timeout: 3000 })
    else idle = globalThis.setTimeout(task, 1) as unknown as number
  }
  if (document.readyState === 'complete') run()
  else window.addEventListener('load', run, { once: true })
  return () => {
    cancelled = true
    window.removeEventListener('load', run)
    if (idle !== undefined) {
      if ('cancelIdleCallback' in window) window.cancelIdleCallback(idle)
      else globalThis.clearTimeout(idle)
    }
  }
}
