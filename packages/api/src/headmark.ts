import { ORPCError, onError } from '@orpc/server'
import { RPCHandler } from '@orpc/server/fetch'
import { type Auth, createAuth } from './auth.ts'
import { connectDatabase, type Database } from './db/client.ts'
import { describeDatabase } from './db/migrate.ts'
import { type CoreEvents, createCoreEvents } from './domain/events.ts'
import { loadServerEnv, type ServerEnv } from './env.ts'
import { createMailer, type DevMailbox, type Mailer } from './mailer.ts'
import { router } from './router.ts'
import type { Context } from './rpc/context.ts'
import { type Clock, createWebhookService, type WebhookService } from './webhooks/worker.ts'

export const RPC_PREFIX = '/api/rpc'

/** The server, assembled: what the app mounts and calls. */
export interface Headmark {
  env: ServerEnv
  db: Database
  /** The better-auth instance. */
  auth: Auth
  /** Saved revisions and changed sites, for the parts of the server that react to them. */
  events: CoreEvents
  /** Webhook delivery: its queue and worker run while the server runs. */
  webhooks: WebhookService
  /** Answers /api/auth/* requests. */
  handleAuth(request: Request): Promise<Response>
  /** Answers /api/rpc/* requests; an unknown procedure gets a 404 in the oRPC error shape. */
  handleRpc(request: Request): Promise<Response>
  /** A context for in-process calls: `createRouterClient(router, { context })`. */
  createContext(headers: Headers): Promise<Context>
  /** Sends e-mail (SMTP, or the development mailbox). */
  mailer: Mailer
  /** The development mailbox; null in production or when SMTP_URL is set. */
  mailbox: DevMailbox | null
  /** Stops webhook delivery (attempts in flight finish) and closes the database. Safe to call more than once. */
  close(): Promise<void>
}

export interface CreateHeadmarkOptions {
  /** Where start-up and mailbox lines go; defaults to console.info. */
  log?: (line: string) => void
  /** The clock of webhook delivery (retries, failure streaks); tests move one by hand. */
  clock?: Clock
}

/**
 * Builds the server from a validated env: opens the database (once per process), applies
 * pending migrations, wires the mailer and better-auth. Most callers want {@link getHeadmark}.
 *
 * @example
 * const headmark = await createHeadmark(loadServerEnv({ DATABASE_URL: 'pglite:memory' }))
 */
export async function createHeadmark(
  env: ServerEnv,
  { log = console.info, clock }: CreateHeadmarkOptions = {},
): Promise<Headmark> {
  const connection = await connectDatabase(env.database)
  await connection.migrate(env.MIGRATIONS_FOLDER)
  const { db } = connection
  const { mailer, mailbox } = createMailer({ db, env, log })
  const auth = createAuth({ db, env, mailer })
  const events = createCoreEvents()
  const webhooks = createWebhookService({
    db,
    location: connection.location,
    pglite: connection.pglite,
    events,
    mailer,
    serverSecret: env.BETTER_AUTH_SECRET,
    appUrl: env.BETTER_AUTH_URL,
    policy: {
      allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK,
      requireHttps: env.NODE_ENV === 'production',
    },
    ...(clock ? { clock } : {}),
  })
  await webhooks.start()
  connection.beforeClose(() => webhooks.stop())

  const rpcHandler = new RPCHandler(router, {
    // Live streams (a webhook's History page) send a keep-alive comment every 5 seconds.
    eventIteratorKeepAliveInterval: 5_000,
    interceptors: [
      onError((error) => {
        // Expected failures (NOT_FOUND, validation…) are answers, not incidents.
        if (!(error instanceof ORPCError) || error.status >= 500) console.error(error)
      }),
    ],
  })

  const createContext = async (headers: Headers): Promise<Context> => ({
    env,
    db,
    auth,
    events,
    webhooks,
    headers,
  })

  log(
    `[headmark] database: ${describeDatabase(env)}; e-mail: ${mailbox ? 'development mailbox' : 'SMTP'}`,
  )

  return {
    env,
    db,
    auth,
    events,
    mailer,
    webhooks,
    mailbox,
    createContext,
    handleAuth: (request) => auth.handler(request),
    async handleRpc(request) {
      const { matched, response } = await rpcHandler.handle(request, {
        prefix: RPC_PREFIX,
        context: await createContext(request.headers),
      })
      if (matched) return response
      const path = new URL(request.url).pathname.slice(RPC_PREFIX.length + 1)
      const error = new ORPCError('NOT_FOUND', {
        message: `There is no procedure "${path}". Check the path: procedure names are joined by slashes, e.g. auth/getSession.`,
      })
      return Response.json({ json: error.toJSON() }, { status: error.status })
    },
    async close() {
      await webhooks.stop()
      await connection.close()
    },
  }
}

// On globalThis so that modules re-evaluated by vite in development share one server.
const singletonKey = Symbol.for('headmark.api.singleton')
type Singleton = { promise?: Promise<Headmark> }
const singleton: Singleton =
  ((globalThis as Record<symbol, unknown>)[singletonKey] as Singleton | undefined) ?? {}
;(globalThis as Record<symbol, unknown>)[singletonKey] = singleton

/**
 * The process-wide server: validates process.env, opens the database, runs migrations and
 * builds auth on first call; later calls get the same instance.
 *
 * @example
 * const headmark = await getHeadmark()
 * return headmark.handleRpc(request)
 */
export function getHeadmark(): Promise<Headmark> {
  if (!singleton.promise) {
    const promise = Promise.resolve().then(() => createHeadmark(loadServerEnv()))
    singleton.promise = promise
    promise.catch(() => {
      if (singleton.promise === promise) singleton.promise = undefined
    })
  }
  return singleton.promise
}

/** Closes the process-wide server, if it was started. */
export async function closeHeadmark(): Promise<void> {
  const promise = singleton.promise
  singleton.promise = undefined
  if (!promise) return
  const headmark = await promise.catch(() => null)
  await headmark?.close()
}
