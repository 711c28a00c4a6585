import { createServer, request as httpRequest, type IncomingHttpHeaders } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import type { PublicApi } from '../src/public-api/handler.ts'
import { metadataUpdatePayload } from '../src/webhooks/worker.ts'
import { resetDatabase } from './database.ts'
import { startTestServer, type TestServer } from './server.ts'

export interface PublicApiTestServer {
  /** The app's test server (RPC, auth) and its Headmark instance. */
  app: TestServer
  api: PublicApi
  /** A real HTTP server answering /api/openapi/* with the fast handler, as server.mjs does. */
  origin: string
  close(): Promise<void>
}

export async function startPublicApiTestServer(): Promise<PublicApiTestServer> {
  const app = await startTestServer()
  const api = await app.headmark.publicApi()
  const server = createServer((req, res) => {
    if (!api.handle(req, res)) {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    app,
    api,
    origin,
    async close() {
      server.closeAllConnections()
      await new Promise((resolve) => server.close(resolve))
      await app.close()
    },
  }
}

/** One server for the file; the database is emptied and the cache dropped before each test. */
export function usePublicApiTestServer(): { readonly current: PublicApiTestServer } {
  let current: PublicApiTestServer | undefined
  beforeAll(async () => {
    current = await startPublicApiTestServer()
  })
  beforeEach(async () => {
    if (!current) return
    await resetDatabase(current.app.headmark.db)
    current.api.dropAll()
  })
  afterAll(async () => {
    await current?.close()
  })
  return {
    get current() {
      if (!current) throw new Error('usePublicApiTestServer(): the server starts in beforeAll.')
      return current
    },
  }
}

export interface RawResponse {
  status: number
  headers: IncomingHttpHeaders
  body: Buffer
}

/** A request with node:http, byte for byte: no automatic decompression or header rewriting. */
export function rawRequest(
  origin: string,
  target: string,
  { method = 'GET', headers = {} }: { method?: string; headers?: Record<string, string> } = {},
): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const url = new URL(origin)
    const req = httpRequest(
      { host: url.hostname, port: url.port, path: target, method, headers },
      (res) => {
        const chunks: Buffer[] = []
        res.on('data', (chunk: Buffer) => chunks.push(chunk))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks),
          }),
        )
        res.on('error', reject)
      },
    )
    req.on('error', reject)
    req.end()
  })
}

/** The get-latest URL path for a DSN and a path, encoded as the @headmark/metadata client does. */
export const getLatestTarget = (dsn: string, path: string) =>
  `/api/openapi/v1/${encodeURIComponent(dsn)}/metadata/get-latest?path=${encodeURIComponent(path)}`

/** A webhook body as the delivery worker builds it. */
export type WebhookBody = ReturnType<typeof metadataUpdatePayload>

/**
 * Every webhook body the server's writes make (saves and applied change sets), in order; emptied
 * before each test (empty it by hand, `bodies.length = 0`, to look at one write's).
 */
export function recordWebhookBodies(server: {
  readonly current: PublicApiTestServer
}): WebhookBody[] {
  const bodies: WebhookBody[] = []
  let listening = false
  beforeEach(() => {
    bodies.length = 0
    if (listening) return
    listening = true
    const { events } = server.current.app.headmark
    events.onRevisionSaved(async (_tx, event) => {
      bodies.push(metadataUpdatePayload(event))
    })
    events.onChangeSetApplied(async (_tx, event) => {
      for (const change of event.changes) {
        bodies.push(metadataUpdatePayload({ site: event.site, ...change }))
      }
    })
  })
  return bodies
}
