import { createServer, type Socket, connect } from 'node:net'
import type { AddressInfo } from 'node:net'

export interface TcpProxy {
  port: number
  /** Drops every connection and refuses new ones, as a database that went away. */
  cut(): void
  /** Accepts connections again. */
  restore(): void
  close(): Promise<void>
}

/** A loopback TCP proxy to `target`, to take a server away from a client and give it back. */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<Socket>()
  let refusing = false
  const server = createServer((client) => {
    if (refusing) return client.destroy()
    const upstream = connect(target.port, target.host)
    sockets.add(client).add(upstream)
    const drop = () => {
      client.destroy()
      upstream.destroy()
      sockets.delete(client)
      sockets.delete(upstream)
    }
    client.on('error', drop).on('close', drop)
    upstream.on('error', drop).on('close', drop)
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      refusing = true
      for (const socket of sockets) socket.destroy()
      sockets.clear()
    },
    restore() {
      refusing = false
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of sockets) socket.destroy()
        server.close(() => resolve())
      }),
  }
}
