import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'

export interface TestServer {
  /** `http://127.0.0.1:<port>` */
  origin: string
  /** Every request received, in order. */
  requests: IncomingMessage[]
  /** Replaces how the server answers. */
  respond: (handler: (req: IncomingMessage, res: ServerResponse) => void) => void
  close: () => Promise<void>
}

/** A real HTTP server on 127.0.0.1 and a random port, for tests that talk HTTP. */
export async function startServer(): Promise<TestServer> {
  const requests: IncomingMessage[] = []
  let handler: (req: IncomingMessage, res: ServerResponse) => void = (_req, res) => res.end()
  const server = createServer((req, res) => {
    requests.push(req)
    handler(req, res)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    origin: `http://127.0.0.1:${port}`,
    requests,
    respond: (next) => {
      handler = next
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}

/** Answers with a JSON body. */
export function json(res: ServerResponse, body: unknown, status = 200, headers = {}): void {
  res.writeHead(status, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
