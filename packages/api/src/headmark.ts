import {
  createRouterClient,
  isProcedure,
  ORPCError,
  onError,
  type RouterClient,
} from '@orpc/server'
import type { IncomingMessage, ServerResponse } from 'node:http'
import { RPCHandler } from '@orpc/server/fetch'
import { type Auth, createAuth, type PasswordHashing } from './auth.ts'
import { type BillingJobs, createBillingJobs } from './billing/cancellations.ts'
import { createStripeClient } from './billing/stripe.ts'
import { connectDatabase, type Database } from './db/client.ts'
import { describeDatabase } from './db/migrate.ts'
import { type CoreEvents, createCoreEvents } from './domain/events.ts'
import { createCdnPurge } from './operations/cdn-purge.ts'
import { createAuditPrune } from './operations/audit-prune.ts'
import { createReleases } from './operations/releases.ts'
import { createCrawler, crawlerUserAgent } from './crawler/index.ts'
import type { Crawler, CrawlerOptions } from './crawler/types.ts'
import { createImportService, type ImportService } from './imports/service.ts'
import { createDriftAlerts } from './health/alerts.ts'
import { createDriftChecks, type DriftChecks } from './health/drift.ts'
import { createLiveChecks } from './health/live.ts'
import {
  errorResponse,
  limitRequestBody,
  NUL_MESSAGE,
  refuseCrossSite,
  requestContainsNul,
  type Surface,
} from './edge.ts'
import type { DatabaseLocation, ServerEnv } from './env.ts'
import { withClientAddress } from './request-facts.ts'
import { createLogger, type Logger } from './log.ts'
import {
  createMailer,
  type DevMailbox,
  MAIL_UNAVAILABLE_MESSAGE,
  type Mailer,
  MailUnavailableError,
  mailerForAuth,
  trackMailFailures,
} from './mailer.ts'
import { createMcpEndpoint } from './mcp/endpoint.ts'
import { PUBLIC_API_PREFIX, type PublicApi } from './public-api/handler.ts'
import { startPublicApi } from './public-api/instance.ts'
import { type Router, router } from './router.ts'
import { answerExport } from './transfer/http.ts'
import { answerAuditExport, AUDIT_EXPORT_PREFIX } from './transfer/audit-export.ts'
import type { Context } from './rpc/context.ts'
import { mapMailFailures, mapUnexpectedErrors, refuseNulInput } from './rpc/interceptors.ts'
import { type Clock, createWebhookService, type WebhookService } from './webhooks/worker.ts'

export const RPC_PREFIX = '/api/rpc'

/** The version the crawler's User-Agent names (`HeadmarkBot/<version>`). */
export const HEADMARK_VERSION = '1.0'

/** The server, assembled: what the app mounts and calls. */
export interface Headmark {
  env: ServerEnv
  db: Database
  /** The better-auth instance. */
  auth: Auth
  /** Saved revisions and changed sites, for the parts of the server that react to them. */
  events: CoreEvents
  /** Webhook delivery: the queue's worker, secrets and outbound policy. */
  webhooks: WebhookService
  /** Billing's jobs, on the same queue: cancelling deleted organizations' Stripe subscriptions. */
  billing: BillingJobs
  /** Imports of live sites' pages, on the same queue, and the crawler they use. */
  imports: ImportService
  drift: DriftChecks
  /** Answers /api/auth/* requests. */
  handleAuth(request: Request): Promise<Response>
  /**
   * Answers /api/mcp: the MCP server (POST, OAuth access tokens of agent connections) and
   * /api/mcp/sign-in (where OAuth's authorization sends a visitor who is not signed in).
   */
  handleMcp(request: Request): Promise<Response>
  /**
   * Answers the OAuth discovery documents at /.well-known/* (protected resource, authorization
   * server, OpenID configuration); null for any other path.
   */
  handleWellKnown(request: Request): Promise<Response | null>
  /** Answers /api/rpc/* requests; an unknown procedure gets a 404 in the oRPC error shape. */
  handleRpc(request: Request): Promise<Response>
  /**
   * Answers /api/export/<organization>/<hostname>.csv|.ndjson: a site's pages as a streamed
   * download, behind the same session and organization checks as RPC; and
   * /api/audit/<organization>.csv|.jsonl: the organization's audit log (owners and admins).
   */
  handleExport(request: Request): Promise<Response>
  /** A context for in-process calls: `createRouterClient(router, { context })`. */
  createContext(headers: Headers): Promise<Context>
  /**
   * The router called in-process as `headers`' owner (server rendering): the same NUL check as
   * over HTTP, and unexpected errors mapped to a bare INTERNAL_SERVER_ERROR as the HTTP handler
   * does, so no SQL or stack reaches a page.
   */
  createClient(headers: () => Headers): RouterClient<Router>
  /**
   * The public metadata API (`/api/openapi/*`) of this instance: started on the first call (cache,
   * LISTEN on PostgreSQL), closed with the instance.
   */
  publicApi(): Promise<PublicApi>
  /**
   * Answers `/api/openapi/*` on Node's own request and response, before anything else runs;
   * false for any other URL. Synchronous once the public API has started (publicApi()); before,
   * it starts it and answers when it is ready.
   */
  handlePublicApi(req: IncomingMessage, res: ServerResponse): boolean
  /** Sends e-mail (SMTP, or the development mailbox). */
  mailer: Mailer
  /** The development mailbox; null in production or when SMTP_URL is set. */
  mailbox: DevMailbox | null
  /** The server's logger: readable lines in development, JSON lines in production. */
  logger: Logger
  /** Stops webhook delivery (attempts in flight finish) and closes the database. Safe to call more than once. */
  close(): Promise<void>
}

export interface CreateHeadmarkOptions {
  /** Where start-up and mailbox lines go; defaults to console.info. */
  log?: (line: string) => void
  /** Rate limits on sign-in, e-mails, invitations and organizations; defaults to env.rateLimit. */
  rateLimit?: boolean
  /** The clock of webhook delivery (retries, failure streaks); tests move one by hand. */
  clock?: Clock
  /** Builds the imports' crawler; defaults to `createCrawler` with the env's CRAWLER_* rates. */
  crawler?: (options: CrawlerOptions) => Crawler
  /** How passwords are hashed and checked; defaults to better-auth's scrypt. */
  password?: PasswordHashing
}

/**
 * Builds the server from a validated env: opens the database (once per process), applies
 * pending migrations, wires the mailer, better-auth, webhook delivery, billing's jobs and the
 * public API. The app builds one (apps/app/src/server/headmark.ts); tests build their own.
 *
 * @example
 * const headmark = await createHeadmark(loadServerEnv({ DATABASE_URL: 'pglite:memory' }))
 */
export async function createHeadmark(
  env: ServerEnv,
  {
    log,
    rateLimit = env.rateLimit,
    clock,
    crawler = createCrawler,
    password,
  }: CreateHeadmarkOptions = {},
): Promise<Headmark> {
  const logger = createLogger({
    json: env.NODE_ENV === 'production',
    ...(log ? { write: (line: string) => log(line) } : {}),
  })
  const connection = await connectDatabase(env.database)
  await connection.migrate(env.MIGRATIONS_FOLDER)
  const { db } = connection
  const { mailer, mailbox } = createMailer({
    db,
    env,
    log: (line) => logger.info(line),
    warn: (line) => logger.warn(line),
  })
  // Billing's jobs start once the queue is up (below); Stripe's events may reach them after.
  let billing: BillingJobs | undefined
  const auth = createAuth({
    db,
    env,
    mailer: mailerForAuth(mailer),
    rateLimit,
    logger,
    ...(password ? { password } : {}),
    onStripeOrphan: async (job) => {
      if (!billing) throw new Error('Billing jobs have not started yet.')
      await billing.cancelOrphan(job)
    },
  })
  const events = createCoreEvents()
  const webhooks = createWebhookService({
    db,
    // pg-boss holds sessions (LISTEN, advisory locks): it gets the direct connection, never the pooler.
    location: sessionLocation(connection.location),
    pglite: connection.pglite,
    events,
    mailer,
    serverSecret: env.BETTER_AUTH_SECRET,
    appUrl: env.BETTER_AUTH_URL,
    policy: {
      allowLoopback: env.WEBHOOKS_ALLOW_LOOPBACK,
      requireHttps: env.NODE_ENV === 'production',
      denyCidrs: env.webhooksDenyCidrs,
    },
    ...(clock ? { clock } : {}),
  })
  await webhooks.start()
  // Billing's jobs share webhook delivery's pg-boss (its workers stop with it).
  billing = createBillingJobs({
    queue: () => webhooks.jobQueue(),
    stripe: env.stripe ? createStripeClient(env.stripe) : null,
    logger,
  })
  await billing.start()
  // CDN purges share the same queue: durable, retried, and stopped with it.
  const cdnPurge = env.cdnPurge
    ? createCdnPurge({
        settings: env.cdnPurge,
        queue: () => webhooks.jobQueue(),
        events,
        policy: webhooks.policy,
        logger,
      })
    : null
  await cdnPurge?.start()
  // Scheduled change-request releases share the same queue: durable, run once across instances.
  await createReleases({
    db,
    events,
    queue: () => webhooks.jobQueue(),
    mailer,
    appUrl: env.BETTER_AUTH_URL,
    logger,
  }).start()
  // The daily prune of audit entries past each plan's history, on the same queue.
  await createAuditPrune({ db, queue: () => webhooks.jobQueue(), logger }).start()
  // The crawler's settings for imports, live checks and drift checks; its outbound policy is the
  // webhooks'.
  const crawlerOptions = {
    policy: webhooks.policy,
    userAgent: crawlerUserAgent(HEADMARK_VERSION, env.BETTER_AUTH_URL),
    concurrencyPerHost: env.crawler.concurrencyPerHost,
    requestsPerSecondPerHost: env.crawler.requestsPerSecond,
    timeoutMs: env.crawler.timeoutMs,
  }
  // Imports too: durable, resumed after a restart.
  const imports = createImportService({
    db,
    queue: () => webhooks.jobQueue(),
    events,
    logger,
    crawler: () => crawler(crawlerOptions),
    concurrency: env.crawler.concurrencyPerHost + 2,
  })
  await imports.start()
  // Live after save: a save's page is fetched until it shows the save, on the same queue.
  const liveChecks = createLiveChecks({
    db,
    queue: () => webhooks.jobQueue(),
    events,
    logger,
    crawler: () => crawler({ ...crawlerOptions, measureImages: false }),
    boundMs: env.crawler.liveCheckMs,
    intervalMs: env.crawler.liveCheckIntervalMs,
    siteOrigins: env.crawler.siteOrigins,
  })
  await liveChecks.start()
  // Drift checks: pages fetched as eight crawlers, on the same queue; their alerts' e-mails too.
  const driftAlerts = createDriftAlerts({
    webhooks: () => webhooks,
    queue: () => webhooks.jobQueue(),
    mailer,
    appUrl: env.BETTER_AUTH_URL,
    logger,
  })
  await driftAlerts.start()
  const drift = createDriftChecks({
    db,
    queue: () => webhooks.jobQueue(),
    logger,
    crawler: () => crawler({ ...crawlerOptions, measureImages: false }),
    siteOrigins: env.crawler.siteOrigins,
    concurrency: env.crawler.concurrencyPerHost + 2,
    maxPages: env.crawler.driftMaxPages,
    alert: driftAlerts.alert,
    everyMs: env.crawler.driftEveryMs,
  })
  await drift.start()
  // Imports first: their runs stop and are handed back to the queue before it stops.
  connection.beforeClose(async () => {
    await liveChecks.stop()
    await drift.stop()
    await imports.stop()
    await webhooks.stop()
  })

  // What went wrong while answering a request; logged once its status is known (see handleRpc).
  const failures = new WeakMap<Context, unknown>()
  const rpcHandler = new RPCHandler(router, {
    clientInterceptors: [refuseNulInput, mapMailFailures],
    // Live streams (a webhook's History page) send a keep-alive comment every 5 seconds.
    eventIteratorKeepAliveInterval: 5_000,
    interceptors: [
      onError((error, { context }) => {
        failures.set(context, error)
      }),
    ],
  })

  /**
   * Expected failures (NOT_FOUND, validation, a malformed body…) are answers, not incidents: one
   * line, no stack. Server faults keep their stack.
   */
  function logFailure(context: Context, status: number) {
    const error = failures.get(context)
    if (error === undefined) return
    // A mail server that did not take an e-mail is logged by the mailer, with its reason.
    if (
      status < 500 ||
      (error instanceof ORPCError && error.cause instanceof MailUnavailableError)
    ) {
      const code = error instanceof ORPCError ? error.code : 'BAD_REQUEST'
      const message = error instanceof Error ? error.message : String(error)
      logger.info(`[rpc] ${status} ${code}: ${message.slice(0, 200)}`)
    } else {
      logger.error('[rpc] a procedure failed', error)
    }
  }

  const createContext = async (headers: Headers): Promise<Context> => ({
    env,
    db,
    auth,
    events,
    webhooks,
    billing,
    imports,
    drift,
    mailer,
    headers,
    rateLimit,
  })

  /**
   * What every /api/rpc and /api/auth request passes first, whatever the procedure or endpoint:
   * GET or POST only (405), no cross-site POST (403), a body within MAX_BODY_BYTES (413) and no
   * NUL character anywhere (400). Answers the refusal, or the request with its body buffered.
   */
  async function guard(request: Request, surface: Surface): Promise<Request | Response> {
    const method = request.method
    if (method !== 'GET' && method !== 'POST') {
      return errorResponse(
        surface,
        405,
        'METHOD_NOT_SUPPORTED',
        `${method} is not supported here: use POST, or GET for reading.`,
        { allow: 'GET, POST' },
      )
    }
    if (method === 'POST') {
      const refused = refuseCrossSite(request, env.trustedOrigins, surface)
      if (refused) return refused
    }
    const limited = await limitRequestBody(request, env.MAX_BODY_BYTES)
    if (limited instanceof Response) return limited
    if (await requestContainsNul(limited)) {
      return errorResponse(surface, 400, 'BAD_REQUEST', NUL_MESSAGE)
    }
    return limited
  }

  const mcp = createMcpEndpoint({ env, db, auth, logger, rateLimit, createContext })

  logger.info(
    `[headmark] database: ${describeDatabase(env)}; e-mail: ${mailbox ? 'development mailbox' : 'SMTP'}`,
  )

  let publicApiStart: Promise<PublicApi> | undefined
  let publicApiReady: PublicApi | undefined
  function publicApi(): Promise<PublicApi> {
    if (!publicApiStart) {
      const start = startPublicApi({ db, events, env })
      publicApiStart = start
      start.then(
        (api) => (publicApiReady = api),
        () => {
          if (publicApiStart === start) publicApiStart = undefined
        },
      )
    }
    return publicApiStart
  }

  return {
    env,
    db,
    auth,
    events,
    webhooks,
    billing,
    imports,
    drift,
    mailer,
    mailbox,
    logger,
    createContext,
    createClient: (headers) => createInProcessClient(() => createContext(headers())),
    publicApi,
    handlePublicApi(req, res) {
      if (!req.url?.startsWith(PUBLIC_API_PREFIX)) return false
      if (publicApiReady) return publicApiReady.handle(req, res)
      publicApi().then(
        (api) => void api.handle(req, res),
        (error: unknown) => {
          logger.error('[public-api] could not start', error)
          res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' })
          res.end('The metadata API is starting; try again in a few seconds.')
        },
      )
      return true
    },
    handleMcp: (request) => mcp.handle(request),
    handleWellKnown: (request) => mcp.handleWellKnown(request),
    async handleAuth(incoming) {
      // The OpenID configuration under better-auth's path, where some OAuth clients look first.
      const discovery = await mcp.handleWellKnown(incoming)
      if (discovery) return discovery
      const request = await guard(incoming, 'auth')
      if (request instanceof Response) return request
      const { value: response, failures } = await trackMailFailures(() =>
        auth.handler(withClientAddress(request)),
      )
      // better-auth answers some sends it could not make as if they were made (a confirmation
      // on sign-up or sign-in, an invitation): the person must learn that nothing was sent.
      if (failures.length > 0) {
        return errorResponse('auth', 503, 'MAIL_UNAVAILABLE', MAIL_UNAVAILABLE_MESSAGE)
      }
      return response
    },
    async handleRpc(incoming) {
      const path = new URL(incoming.url).pathname.slice(RPC_PREFIX.length + 1)
      const procedure = findProcedure(path)
      if (procedure && incoming.method === 'GET' && procedure.method !== 'GET') {
        return errorResponse(
          'rpc',
          405,
          'METHOD_NOT_SUPPORTED',
          `${path} changes data: call it with POST.`,
          { allow: 'POST' },
        )
      }
      const request = await guard(incoming, 'rpc')
      if (request instanceof Response) return request
      if (request.method === 'POST') {
        const refused = refuseRpcContentType(request, procedure?.acceptsFiles ?? false)
        if (refused) return refused
      }
      const context = await createContext(request.headers)
      const { matched, response } = await rpcHandler.handle(request, {
        prefix: RPC_PREFIX,
        context,
      })
      if (matched) {
        logFailure(context, response.status)
        return response
      }
      const error = new ORPCError('NOT_FOUND', {
        message: `There is no procedure "${path}". Check the path: procedure names are joined by slashes, e.g. auth/getSession.`,
      })
      return Response.json({ json: error.toJSON() }, { status: error.status })
    },
    async handleExport(request) {
      const context = await createContext(request.headers)
      try {
        const { pathname } = new URL(request.url)
        return pathname.startsWith(`${AUDIT_EXPORT_PREFIX}/`)
          ? await answerAuditExport(request, context)
          : await answerExport(request, context)
      } catch (error) {
        logger.error('[export] an export failed', error)
        return errorResponse('other', 500, 'INTERNAL_SERVER_ERROR', 'The export failed; try again.')
      }
    },
    close: () => connection.close(),
  }
}

/** `location` with its session-mode connection as the URL (what pg-boss and LISTEN need). */
function sessionLocation(location: DatabaseLocation): DatabaseLocation {
  if (location.kind !== 'postgres' || !location.directUrl) return location
  return { kind: 'postgres', url: location.directUrl }
}

/**
 * The router called in-process with the context `context` gives: the HTTP handler's NUL check,
 * and unexpected errors mapped to a bare INTERNAL_SERVER_ERROR (the original is logged).
 */
export function createInProcessClient(context: () => Promise<Context>): RouterClient<Router> {
  return createRouterClient(router, {
    context,
    // The first is the outermost: a mail failure becomes SERVICE_UNAVAILABLE before anything
    // else is mapped to INTERNAL_SERVER_ERROR.
    interceptors: [
      refuseNulInput,
      mapUnexpectedErrors((error, path) => {
        console.error(`[rpc] ${path.join('/')} failed during server rendering:`, error)
      }),
      mapMailFailures,
    ],
  })
}

interface ProcedureInfo {
  method: string | undefined
  /** Declared with `.meta({ acceptsFiles: true })`: may be sent as multipart/form-data. */
  acceptsFiles: boolean
}

/** The procedure at `a/b/c` in the router, if there is one. */
function findProcedure(path: string): ProcedureInfo | null {
  let node: unknown = router
  for (const key of path.split('/')) {
    if (node === null || typeof node !== 'object' || !Object.hasOwn(node, key)) return null
    node = (node as Record<string, unknown>)[key]
  }
  if (!isProcedure(node)) return null
  const meta = node['~orpc'].meta as { acceptsFiles?: boolean }
  return { method: node['~orpc'].route.method, acceptsFiles: meta.acceptsFiles === true }
}

/**
 * oRPC's link sends JSON, or multipart/form-data when the input holds files. A browser can send
 * form-encoded, multipart and plain-text bodies to another site without asking (no CORS
 * preflight), so those are refused unless the procedure takes files.
 */
function refuseRpcContentType(request: Request, acceptsFiles: boolean): Response | null {
  const type = (request.headers.get('content-type') ?? '').split(';')[0]?.trim().toLowerCase()
  if (!type || type === 'application/json') return null
  if (type === 'multipart/form-data' && acceptsFiles) return null
  return errorResponse(
    'rpc',
    415,
    'UNSUPPORTED_MEDIA_TYPE',
    `Send procedure input as application/json${acceptsFiles ? ' or multipart/form-data' : ''}, not ${type}.`,
  )
}
