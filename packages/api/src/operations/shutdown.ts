import type { Server, ServerResponse } from 'node:http'
import type { Health } from './health.ts'

export interface ShutdownOptions {
  /** The instance's HTTP servers. */
  servers: Server[]
  health: Health
  /** Seconds to keep serving while /readyz answers 503, so a balancer's probe takes the instance out first. */
  delaySeconds: number
  /**
   * Closes the server's work after the last request: webhook and job workers finish the attempts
   * in flight, usage is written, the database closes.
   */
  close(): Promise<void>
  log(line: string): void
  /** Requests still running after this long are cut. */
  requestTimeoutMs?: number
  /** The answers being sent right now: event streams among them are ended at once. */
  inFlight?: () => Iterable<ServerResponse>
}

/** Whether an answer is a server-sent event stream, which never ends on its own. */
function isEventStream(res: ServerResponse): boolean {
  const type = res.getHeader('content-type')
  if (typeof type === 'string') return type.startsWith('text/event-stream')
  // Headers given to writeHead directly are only in the written head.
  const head = (res as ServerResponse & { _header?: string | null })._header
  return typeof head === 'string' && /\r\ncontent-type: *text\/event-stream/i.test(head)
}

/**
 * The graceful stop of one instance (SIGTERM): not ready at once; after `delaySeconds`, no new
 * connections; requests in flight finish (idle keep-alive connections are closed as they become
 * idle); then jobs in flight finish, usage is flushed and the database closes. Resolves when the
 * process may exit.
 */
export async function shutDownGracefully(options: ShutdownOptions): Promise<void> {
  const { servers, health, log } = options
  health.drain()
  if (options.delaySeconds > 0) {
    log(`not ready; serving ${options.delaySeconds} s more before closing`)
    await new Promise((resolve) => setTimeout(resolve, options.delaySeconds * 1000))
  }
  const closed = servers.map(
    (server) =>
      new Promise<void>((resolve) => {
        if (!server.listening) return resolve()
        server.close(() => resolve())
      }),
  )
  // Live streams (a webhook's History page) would hold the stop forever: they end now, and the
  // browser reconnects to another instance.
  for (const res of options.inFlight?.() ?? []) {
    if (isEventStream(res)) res.end()
  }
  // A keep-alive connection is closed as soon as it has no request running.
  const sweep = setInterval(() => {
    for (const server of servers) server.closeIdleConnections()
  }, 50)
  for (const server of servers) server.closeIdleConnections()
  let timer: NodeJS.Timeout | undefined
  const timedOut = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), options.requestTimeoutMs ?? 25_000)
  })
  const finished = await Promise.race([Promise.all(closed), timedOut])
  clearInterval(sweep)
  clearTimeout(timer)
  if (finished === 'timeout') {
    log('requests still running after the shutdown timeout: closing their connections')
    for (const server of servers) server.closeAllConnections()
  }
  await options.close()
}
