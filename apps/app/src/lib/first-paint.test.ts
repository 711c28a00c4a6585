// @vitest-environment happy-dom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FIRST_PAINT_WAIT_MS, PAINT_FIRST_LOADER, paintFirstScript } from './first-paint.ts'

type Loader = (
  w: unknown,
  d: unknown,
  entry: string,
  modules: readonly string[],
  waitMs: number,
) => void
// The loader's source, run as the page runs it.
const loader = new Function(`return ${PAINT_FIRST_LOADER}`)() as Loader

/** A tab whose visibility, frames and paint reports the test controls; the DOM is happy-dom's. */
function fakeTab({ paintTiming = true, hidden = false } = {}) {
  const visibilityListeners: Array<() => void> = []
  const frames: Array<() => void> = []
  let report: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined
  class FakeObserver {
    static supportedEntryTypes = paintTiming ? ['paint', 'resource'] : ['resource']
    constructor(callback: typeof report) {
      report = callback
    }
    observe() {}
    disconnect() {}
  }
  const w = {
    PerformanceObserver: FakeObserver,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void, ms: number) => setTimeout(callback, ms),
  }
  const d = {
    visibilityState: hidden ? 'hidden' : 'visible',
    addEventListener: (_type: string, listener: () => void) => visibilityListeners.push(listener),
    createElement: (name: string) => document.createElement(name),
    head: document.head,
    body: document.body,
  }
  return {
    start: (entry = '/assets/index-1.js', modules = ['/assets/index-1.js', '/assets/react-2.js']) =>
      loader(w, d, entry, modules, FIRST_PAINT_WAIT_MS),
    paint: (name: string) =>
      report?.({ getEntriesByName: (wanted) => (wanted === name ? [{ name }] : []) }),
    frame: () => frames.splice(0).forEach((callback) => callback()),
    hide: () => visibilityListeners.forEach((listener) => listener()),
  }
}

const started = () => ({
  entries: [...document.body.querySelectorAll('script[type="module"]')].map((script) =>
    script.getAttribute('src'),
  ),
  preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((link) =>
    link.getAttribute('href'),
  ),
})

const nextTask = () => new Promise((resolve) => setTimeout(resolve, 0))

afterEach(() => {
  vi.useRealTimers()
  document.head.innerHTML = ''
  document.body.innerHTML = ''
})

describe('the paint-first loader', () => {
  it('starts the app when the browser reports the first contentful paint, not before', () => {
    const tab = fakeTab()
    tab.start('/assets/index-1.js', [
      '/assets/index-1.js',
      '/assets/react-2.js',
      '/assets/page-3.js',
    ])
    tab.frame()
    tab.paint('first-paint')
    expect(started()).toEqual({ entries: [], preloads: [] })

    tab.paint('first-contentful-paint')
    // The modules in parallel (the entry itself is the script), then the entry, once.
    expect(started()).toEqual({
      entries: ['/assets/index-1.js'],
      preloads: ['/assets/react-2.js', '/assets/page-3.js'],
    })
    tab.paint('first-contentful-paint')
    tab.hide()
    expect(started().entries).toHaveLength(1)
  })

  it('starts anyway after FIRST_PAINT_WAIT_MS when nothing contentful is painted', async () => {
    vi.useFakeTimers()
    const tab = fakeTab()
    tab.start()
    await vi.advanceTimersByTimeAsync(FIRST_PAINT_WAIT_MS - 1)
    expect(started().entries).toEqual([])
    await vi.advanceTimersByTimeAsync(1)
    expect(started().entries).toEqual(['/assets/index-1.js'])
  })

  it('without paint timing, starts in the task after the next animation frame', async () => {
    const tab = fakeTab({ paintTiming: false })
    tab.start()
    await nextTask()
    expect(started().entries).toEqual([])
    tab.frame()
    expect(started().entries).toEqual([])
    await nextTask()
    expect(started().entries).toEqual(['/assets/index-1.js'])
  })

  it('starts at once in a hidden tab, and as soon as a waiting tab is hidden', () => {
    fakeTab({ hidden: true }).start('/assets/a.js', [])
    expect(started().entries).toEqual(['/assets/a.js'])

    const tab = fakeTab()
    tab.start('/assets/b.js', [])
    expect(started().entries).toEqual(['/assets/a.js'])
    tab.hide()
    expect(started().entries).toEqual(['/assets/a.js', '/assets/b.js'])
  })
})

describe('paintFirstScript', () => {
  it('is one line that runs the loader on this page, and no path can close its script element', () => {
    const script = paintFirstScript('/assets/index-1.js', ['/assets/</script><script>x.js'])
    expect(script).not.toContain('\n')
    expect(script.toLowerCase()).not.toContain('</script')
    expect(script).not.toContain('<!--')
    expect(script).toContain('(window,document,"/assets/index-1.js",')
    expect(script).toContain('"/assets/\\u003c/script>\\u003cscript>x.js"')
    expect(script.endsWith(`,${FIRST_PAINT_WAIT_MS})`)).toBe(true)
  })
})
