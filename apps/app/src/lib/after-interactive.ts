/** What shows that a person is using the page. */
const INTERACTIONS = ['pointerdown', 'pointermove', 'keydown', 'scroll', 'touchstart'] as const

/** How long after the load event a third-party script waits for an interaction before loading anyway. */
export const THIRD_PARTY_DELAY_MS = 4000

/**
 * Runs `task` once the page has loaded, at the first interaction or `delayMs` after the load
 * event (whichever comes first), when the main thread is idle: third-party scripts (analytics,
 * chat) never compete with rendering, hydration or the first seconds of use. Returns a function
 * that cancels it.
 */
export function afterInteractive(task: () => void, delayMs = THIRD_PARTY_DELAY_MS): () => void {
  let scheduled = false
  let loaded = document.readyState === 'complete'
  let interacted = false
  let timer: ReturnType<typeof setTimeout> | undefined
  let idle: number | undefined

  const stopWaiting = () => {
    for (const type of INTERACTIONS) window.removeEventListener(type, onInteraction)
    window.removeEventListener('load', onLoad)
    clearTimeout(timer)
  }
  const runWhenIdle = () => {
    if (scheduled) return
    scheduled = true
    stopWaiting()
    if ('requestIdleCallback' in window) idle = window.requestIdleCallback(task, { timeout: 3000 })
    else idle = globalThis.setTimeout(task, 1) as unknown as number
  }
  function onInteraction() {
    interacted = true
    if (loaded) runWhenIdle()
  }
  function onLoad() {
    loaded = true
    if (interacted) runWhenIdle()
    else timer = setTimeout(runWhenIdle, delayMs)
  }

  for (const type of INTERACTIONS) window.addEventListener(type, onInteraction, { passive: true })
  if (loaded) onLoad()
  else window.addEventListener('load', onLoad, { once: true })

  return () => {
    scheduled = true
    stopWaiting()
    if (idle !== undefined) {
      if ('cancelIdleCallback' in window) window.cancelIdleCallback(idle)
      else globalThis.clearTimeout(idle)
    }
  }
}
