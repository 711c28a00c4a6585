/**
 * Politeness per host: at most `concurrency` requests in flight, and request starts spaced by
 * the host's interval (the configured rate, or robots.txt's longer Crawl-delay).
 */
export function createHostGate(options: { concurrency: number; intervalMs: number }) {
  interface Host {
    active: number
    nextStart: number
    lastStart: number
    intervalMs: number
    waiting: Array<() => void>
  }
  const hosts = new Map<string, Host>()
  const hostOf = (key: string) => {
    let host = hosts.get(key)
    if (!host) {
      host = {
        active: 0,
        nextStart: 0,
        lastStart: -Infinity,
        intervalMs: options.intervalMs,
        waiting: [],
      }
      hosts.set(key, host)
    }
    return host
  }

  const wait = (ms: number, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => {
      if (signal.aborted) {
        reject(signal.reason)
        return
      }
      const onAbort = () => {
        clearTimeout(timer)
        reject(signal.reason)
      }
      const timer = setTimeout(() => {
        signal.removeEventListener('abort', onAbort)
        resolve()
      }, ms)
      signal.addEventListener('abort', onAbort, { once: true })
    })

  return {
    /** Spaces this host's request starts by at least `ms` (never shorter than configured). */
    slowDown(key: string, ms: number) {
      const host = hostOf(key)
      host.intervalMs = Math.max(options.intervalMs, ms)
      host.nextStart = Math.max(host.nextStart, host.lastStart + host.intervalMs)
    },
    intervalOf(key: string) {
      return hostOf(key).intervalMs
    },
    /** Waits for a free slot and the host's next start time; resolves with the release. */
    async acquire(key: string, signal: AbortSignal): Promise<() => void> {
      const host = hostOf(key)
      while (host.active >= options.concurrency) {
        await new Promise<void>((resolve, reject) => {
          const onAbort = () => {
            host.waiting = host.waiting.filter((entry) => entry !== wake)
            reject(signal.reason)
          }
          const wake = () => {
            signal.removeEventListener('abort', onAbort)
            resolve()
          }
          if (signal.aborted) {
            reject(signal.reason)
            return
          }
          host.waiting.push(wake)
          signal.addEventListener('abort', onAbort, { once: true })
        })
      }
      host.active += 1
      let released = false
      const release = () => {
        if (released) return
        released = true
        host.active -= 1
        host.waiting.shift()?.()
      }
      const now = performance.now()
      const start = Math.max(now, host.nextStart)
      host.lastStart = start
      host.nextStart = start + host.intervalMs
      try {
        if (start > now) await wait(start - now, signal)
      } catch (error) {
        release()
        throw error
      }
      return release
    },
  }
}

export type HostGate = ReturnType<typeof createHostGate>
