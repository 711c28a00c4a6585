import type { IncomingMessage, ServerResponse } from 'node:http'
import { consumeLimit, createOperations, limits, type Logger, type Operations } from '@headmark/api'
import {
  clientAddress,
  currentRequestFacts,
  dropInternalHeaders,
  errorResponse,
  limitRequestBody,
  runWithRequestFacts,
  securityHeaders,
  surfaceOf,
} from '@headmark/api/edge'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { placeholderPublicEnv } from './public-env-defaults.ts'
import { appEnv, serverEnv } from './server/env.ts'
import { headmark } from './server/headmark.ts'

/**
 * The chat widget's sources, when it is switched on: its script origin, and for Tawk.to the hosts
 * its script talks to (sockets, frames). The Content-Security-Policy allows exactly these.
 */
function chatSources(): string[] {
  if (!import.meta.env.VITE_CHAT_PROPERTY_ID || !import.meta.env.VITE_CHAT_WIDGET_ID) return []
  const origin = new URL(import.meta.env.VITE_CHAT_SCRIPT_ORIGIN ?? 'https://embed.tawk.to').origin
  return origin.endsWith('.tawk.to') ? [origin, 'https://*.tawk.to', 'wss://*.tawk.to'] : [origin]
}

/**
 * Where the production server forwards /ingest (see ingest-proxy.mjs): VITE_ANALYTICS_HOST set at
 * start, else the build's; none while it is the development placeholder, so a local run sends
 * nobody's traffic anywhere.
 */
function analyticsHost(): string | undefined {
  if (appEnv.VITE_ANALYTICS_HOST) return appEnv.VITE_ANALYTICS_HOST
  return placeholderPublicEnv(import.meta.env).includes('VITE_ANALYTICS_HOST')
    ? undefined
    : import.meta.env.VITE_ANALYTICS_HOST
}

export default createServerEntry({
  async fetch(request, opts) {
    // OAuth discovery for agents (MCP clients) lives at the origin's root, outside the routes.
    if (new URL(request.url).pathname.startsWith('/.well-known/')) {
      const answer = await (await headmark()).handleWellKnown(request)
      if (answer) return answer
    }
    return handler.fetch(request, opts)
  },
})

/**
 * Called once by the production server before it listens: a deployment must not run on the
 * development placeholders, and the database is opened and migrated up front so that a broken
 * configuration fails at start rather than on the first request.
 */
export async function prepareServer(): Promise<ServerEdge> {
  if (serverEnv.NODE_ENV === 'production') {
    const placeholders = placeholderPublicEnv(import.meta.env)
    if (placeholders.length > 0) {
      throw new Error(
        `Invalid environment variables: ${placeholders.join(', ')} must be set to real values when NODE_ENV=production (they were built with development placeholders).`,
      )
    }
  }
  const server = await headmark()
  const { env, db, logger, mailbox } = server
  // The public metadata API is answered first by server.mjs: started here, not on a first request.
  const api = await server.publicApi()
  const operations = createOperations({ headmark: server, publicApi: () => api })
  const development = env.NODE_ENV !== 'production' || mailbox !== null
  if (development) {
    const mailboxUrl = new URL('/dev/mailbox', env.BETTER_AUTH_URL)
    mailboxUrl.searchParams.set('key', env.devMailboxKey)
    logger.warn(
      `[headmark] DEVELOPMENT FEATURES ARE ON (NODE_ENV=${env.NODE_ENV}): e-mails go to the development mailbox at ${mailboxUrl.href}, which answers only requests from this machine that carry its key. The server listens on loopback only unless HOST is set. To deploy, set NODE_ENV=production with BETTER_AUTH_URL, BETTER_AUTH_SECRET and SMTP_URL.`,
    )
  }
  return {
    port: appEnv.PORT,
    host: appEnv.HOST,
    analyticsHost: analyticsHost(),
    handlePublicApi: (req, res) => server.handlePublicApi(req, res),
    development,
    maxBodyBytes: env.MAX_BODY_BYTES,
    trustedProxies: env.trustedProxies,
    https: new URL(env.BETTER_AUTH_URL).protocol === 'https:',
    logger,
    clientAddress,
    currentRequestFacts,
    dropInternalHeaders,
    errorResponse,
    limitRequestBody,
    runWithRequestFacts,
    securityHeaders: (options) => securityHeaders({ ...options, thirdParty: chatSources() }),
    surfaceOf,
    operations,
    async limitIngest(address) {
      if (!env.rateLimit) return 0
      const { allowed, retryAfterSeconds } = await consumeLimit(
        db,
        `headmark:ingest:${address}`,
        limits.ingestPerAddress,
      )
      return allowed ? 0 : retryAfterSeconds
    },
  }
}

/** What the production server (server.mjs) needs from the server bundle to guard its edge. */
export interface ServerEdge {
  port: number
  /** Where to listen; unset: loopback only while development features are on, else everywhere. */
  host: string | undefined
  /** Where /ingest goes; none: analytics is not configured. */
  analyticsHost: string | undefined
  /** Answers /api/openapi/* first, on Node's own request (false for other paths). */
  handlePublicApi(req: IncomingMessage, res: ServerResponse): boolean
  /** Development features (the mailbox, loopback webhooks) are on: listen on loopback only. */
  development: boolean
  maxBodyBytes: number
  trustedProxies: string[]
  /** BETTER_AUTH_URL is https: send HSTS. */
  https: boolean
  logger: Logger
  clientAddress: typeof clientAddress
  currentRequestFacts: typeof currentRequestFacts
  dropInternalHeaders: typeof dropInternalHeaders
  errorResponse: typeof errorResponse
  limitRequestBody: typeof limitRequestBody
  runWithRequestFacts: typeof runWithRequestFacts
  securityHeaders: typeof securityHeaders
  surfaceOf: typeof surfaceOf
  /**
   * `/healthz`, `/readyz`, `/metrics` (answered first: no logs, limits or analytics), request
   * metrics, and the graceful shutdown on SIGTERM.
   */
  operations: Operations
  /**
   * Counts one analytics request from `address` against the limit every instance shares (in the
   * database): 0 when it may go on, otherwise the seconds to wait.
   */
  limitIngest(address: string): Promise<number>
}
