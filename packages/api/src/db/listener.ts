import postgres from 'postgres'

/** One channel's subscriber: its messages, and a call each time the listener is (re)connected. */
interface Subscriber {
  onMessage(payload: string): void
  onListen(): void
}

/** What readiness and metrics read of the listener. */
export interface ListenerState {
  /** The LISTEN connection is open and every channel is listened to. */
  readonly connected: boolean
  /** How many times the connection was re-established after being lost. */
  readonly reconnects: number
}

export interface PgListener extends ListenerState {
  listen(
    channel: string,
    onMessage: (payload: string) => void,
    onListen: () => void,
  ): Promise<{ unlisten(): Promise<void> }>
  close(): Promise<void>
}

/**
 * A LISTEN connection of its own, session mode (never through a transaction-mode pooler), that
 * comes back after any outage. postgres.js's own `listen` re-listens once when its connection
 * closes and gives up for good if that one attempt fails (the database still down), after which
 * the instance would never hear another invalidation; this one keeps trying, with backoff up to
 * 2 s, and says whether it is connected.
 */
export function createPgListener(url: string): PgListener {
  const channels = new Map<string, Set<Subscriber>>()
  let connected = false
  let reconnects = 0
  let closed = false
  let retry: NodeJS.Timeout | null = null
  let delay = 100

  // `onnotify` is what postgres.js's own `listen` uses; its types do not list it.
  const options = {
    max: 1,
    idle_timeout: 0,
    max_lifetime: null,
    fetch_types: false,
    connect_timeout: 5,
    onnotice: () => {},
    onnotify(channel: string, payload: string) {
      for (const subscriber of channels.get(channel) ?? []) subscriber.onMessage(payload)
    },
    onclose() {
      if (closed || !connected) return
      connected = false
      schedule()
    },
  }
  const sql = postgres(url, options as postgres.Options<Record<string, never>>)

  const quoted = (channel: string) => sql.unsafe(`"${channel.replace(/"/g, '""')}"`)

  async function listenAll(): Promise<void> {
    for (const channel of channels.keys()) await sql`listen ${quoted(channel)}`
  }

  function schedule(): void {
    if (closed || retry) return
    retry = setTimeout(() => {
      retry = null
      listenAll().then(
        () => {
          if (closed) return
          connected = true
          reconnects++
          delay = 100
          // Whatever was sent while nobody listened is lost: every subscriber starts afresh.
          for (const subscribers of channels.values()) {
            for (const subscriber of subscribers) subscriber.onListen()
          }
        },
        () => {
          delay = Math.min(delay * 2, 2_000)
          schedule()
        },
      )
    }, delay)
    retry.unref()
  }

  return {
    get connected() {
      return connected
    },
    get reconnects() {
      return reconnects
    },
    async listen(channel, onMessage, onListen) {
      const subscriber: Subscriber = { onMessage, onListen }
      let subscribers = channels.get(channel)
      if (!subscribers) {
        subscribers = new Set()
        channels.set(channel, subscribers)
        await sql`listen ${quoted(channel)}`
      }
      subscribers.add(subscriber)
      connected = true
      onListen()
      return {
        async unlisten() {
          subscribers.delete(subscriber)
          if (subscribers.size > 0 || channels.get(channel) !== subscribers) return
          channels.delete(channel)
          if (connected) await sql`unlisten ${quoted(channel)}`
        },
      }
    },
    async close() {
      closed = true
      if (retry) clearTimeout(retry)
      connected = false
      await sql.end({ timeout: 1 })
    },
  }
}
