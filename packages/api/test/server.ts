import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, beforeEach } from 'vitest'
import { loadServerEnv } from '../src/env.ts'
import { createHeadmark, type CreateHeadmarkOptions, type Headmark } from '../src/headmark.ts'
import { dropInternalHeaders, runWithRequestFacts } from '../src/request-facts.ts'
import { resetDatabase, testDatabaseUrl } from './database.ts'
import { rememberedPasswords } from './passwords.ts'

export interface TestServer {
  origin: string
  headmark: Headmark
  close(): Promise<void>
}

export interface TestServerOptions extends Pick<CreateHeadmarkOptions, 'clock'> {
  /** Turns the rate limits on (they are off in tests unless a test is about them). */
  rateLimit?: boolean
  /** Extra server variables, e.g. WEBHOOKS_ALLOW_LOOPBACK. */
  env?: Record<string, string>
}

/**
 * A real HTTP server on 127.0.0.1 (random port) that routes /api/auth/* to handleAuth,
 * /api/rpc/* to handleRpc, /api/export/* to handleExport, /api/mcp to handleMcp and
 * /.well-known/* to handleWellKnown, as the app does. BETTER_AUTH_URL is its own origin, or better-auth
 * would refuse requests with INVALID_ORIGIN.
 */
export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let headmark: Headmark | undefined
  const server = createServer((req, res) => {
    // As the production server does: the client is the socket's peer, whatever the request says.
    dropInternalHeaders(req)
    const facts = { address: req.socket.remoteAddress ?? '' }
    runWithRequestFacts(facts, () => route(req, res)).catch((error: unknown) => {
      console.error(error)
      res.statusCode = 500
      res.end()
    })
  })
  // Tests' clients keep connections open between requests. With Node's default of 5 s, a client
  // whose event loop stalls on a busy machine can send on a connection the server is closing
  // ("fetch failed"): the test server keeps idle connections for a minute instead.
  server.keepAliveTimeout = 60_000
  async function route(req: IncomingMessage, res: ServerResponse) {
    const request = await toRequest(req, origin)
    const { pathname } = new URL(request.url)
    if (!headmark) throw new Error('The test server is not ready yet.')
    const response = pathname.startsWith('/.well-known/')
      ? ((await headmark.handleWellKnown(request)) ?? new Response('Not Found', { status: 404 }))
      : pathname === '/api/mcp' || pathname.startsWith('/api/mcp/')
        ? await headmark.handleMcp(request)
        : pathname.startsWith('/api/auth/')
          ? await headmark.handleAuth(request)
          : pathname.startsWith('/api/rpc/')
            ? await headmark.handleRpc(request)
            : pathname.startsWith('/api/export/') || pathname.startsWith('/api/audit/')
              ? await headmark.handleExport(request)
              : new Response('Not Found', { status: 404 })
    await send(res, response)
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const env = loadServerEnv({
    NODE_ENV: 'test',
    DATABASE_URL: await testDatabaseUrl(),
    BETTER_AUTH_URL: origin,
    // One secret for every test server: the keys that sign OAuth tokens (jwks) are sealed with
    // it and kept in the database across test files, as an instance keeps them across restarts.
    BETTER_AUTH_SECRET: 'headmark-test-servers-secret-0123456789',
    // Live and scheduled drift checks would fetch the sites tests create (acme.com…): a test
    // about them turns them on.
    LIVE_CHECK_SECONDS: '0',
    DRIFT_CHECK_HOURS: '0',
    ...options.env,
  })
  headmark = await createHeadmark(env, {
    log: () => {},
    password: rememberedPasswords,
    rateLimit: options.rateLimit ?? false,
    ...(options.clock ? { clock: options.clock } : {}),
  })
  const ready = headmark
  return {
    origin,
    headmark: ready,
    // The database stays open for the worker's next file; webhook delivery stops with the server.
    async close() {
      await ready.webhooks.stop()
      server.closeAllConnections()
      await new Promise<void>((resolve) => server.close(() => resolve()))
    },
  }
}

/**
 * Starts one test server for the file and empties the database before each test. The database
 * connection stays open for the worker's next test file.
 */
export function useTestServer(options: TestServerOptions = {}): {
  readonly current: TestServer
} {
  let current: TestServer | undefined
  beforeAll(async () => {
    current = await startTestServer(options)
  })
  beforeEach(async () => {
    if (current) await resetDatabase(current.headmark.db)
  })
  afterAll(async () => {
    await current?.close()
  })
  return {
    get current() {
      if (!current) throw new Error('useTestServer(): the server starts in beforeAll.')
      return current
    },
  }
}

export async function toRequest(req: IncomingMessage, origin: string): Promise<Request> {
  const headers = new Headers()
  for (const [name, value] of Object.entries(req.headers)) {
    if (Array.isArray(value)) for (const item of value) headers.append(name, item)
    else if (value !== undefined) headers.set(name, value)
  }
  const chunks: Buffer[] = []
  for await (const chunk of req) chunks.push(chunk as Buffer)
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD'
  return new Request(new URL(req.url ?? '/', origin), {
    method: req.method,
    headers,
    body: hasBody ? Buffer.concat(chunks) : undefined,
  })
}

export async function send(res: ServerResponse, response: Response): Promise<void> {
  res.statusCode = response.status
  for (const [name, value] of response.headers) {
    if (name !== 'set-cookie') res.setHeader(name, value)
  }
  const cookies = response.headers.getSetCookie()
  if (cookies.length > 0) res.setHeader('set-cookie', cookies)
  // Streamed, not buffered: event streams (server-sent events) never end on their own.
  if (!response.body) {
    res.end()
    return
  }
  const reader = response.body.getReader()
  res.on('close', () => void reader.cancel().catch(() => {}))
  for (let read = await reader.read(); !read.done; read = await reader.read()) {
    res.write(read.value)
  }
  res.end()
}
