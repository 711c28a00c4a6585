/** Runs `callback` once the browser is idle (or after a moment where it can not say); cancellable. */
export function whenIdle(callback: () => void): () => void {
  if (typeof window.requestIdleCallback === 'function') {
    const handle = window.requestIdleCallback(callback, { timeout: 1500 })
    return () => window.cancelIdleCallback(handle)
  }
  const handle = window.setTimeout(callback, 200)
  return () => window.clearTimeout(handle)
}

/**
 * Resolves once the browser is idle; at once on the server, so that a `lazy` component waiting
 * on it is rendered into the page's HTML (and hydrated when its code has come, after the page
 * answers clicks).
 */
export function idle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve()
  return new Promise((resolve) => void whenIdle(resolve))
}
