/**
 * Resolves once the browser is idle (or after a moment where it can not say); at once on the
 * server, so that a `lazy` component waiting on it is rendered into the page's HTML and hydrated
 * when its code has come, after the page answers clicks and keys.
 */
export function whenIdle(): Promise<void> {
  if (typeof window === 'undefined') return Promise.resolve()
  return new Promise((resolve) => {
    if (typeof window.requestIdleCallback === 'function')
      window.requestIdleCallback(() => resolve(), { timeout: 1500 })
    else window.setTimeout(resolve, 200)
  })
}
