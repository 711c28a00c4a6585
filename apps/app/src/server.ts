import {
  CLIENT_ADDRESS_HEADER,
  CSP_NONCE_HEADER,
  clientAddress,
  errorResponse,
  limitRequestBody,
  runAsClient,
  securityHeaders,
  surfaceOf,
} from '@headmark/api/edge'
import type { Logger } from '@headmark/api/log'
import handler, { createServerEntry } from '@tanstack/react-start/server-entry'
import { placeholderPublicEnv } from './public-env-defaults.ts'

/**
 * The chat widget's sources, when it is switched on: its script origin, and for Tawk.to the hosts
 * its script talks to (sockets, frames). The Content-Security-Policy allows exactly these.
 */
function chatSources(): string[] {
  if (!import.meta.env.VITE_CHAT_PROPERTY_ID || !import.meta.env.VITE_CHAT_WIDGET_ID) return []
  const origin = new URL(import.meta.env.VITE_CHAT_SCRIPT_ORIGIN ?? 'https://embed.tawk.to').origin
  return origin.endsWith('.tawk.to') ? [origin, 'https://*.tawk.to', 'wss://*.tawk.to'] : [origin]
}

/** Where the production server forwards /ingest (see ingest-proxy.mjs). */
export const analyticsHost: string = import.meta.env.VITE_ANALYTICS_HOST

export default createServerEntry({
  fetch(request, opts) {
    return handler.fetch(request, opts)
  },
})

/**
 * Called once by the production server before it listens: a deployment must not run on the
 * development placeholders, and the database is opened and migrated up front so that a broken
 * configuration fails at start rather than on the first request.
 */
export async function prepareServer(): Promise<ServerEdge> {
  if (process.env.NODE_ENV === 'production') {
    const placeholders = placeholderPublicEnv(import.meta.env)
    if (placeholders.length > 0) {
      throw new Error(
        `Invalid environment variables: ${placeholders.join(', ')} must be set to real values when NODE_ENV=production (they were built with development placeholders).`,
      )
    }
  }
  const { getHeadmark } = await import('@headmark/api')
  const { env, logger, mailbox } = await getHeadmark()
  if (env.NODE_ENV !== 'production' || mailbox) {
    logger.warn(
      `[headmark] DEVELOPMENT FEATURES ARE ON (NODE_ENV=${env.NODE_ENV}): e-mails go to the development mailbox at /dev/mailbox, which answers only requests from this machine. To deploy, set NODE_ENV=production with BETTER_AUTH_URL, BETTER_AUTH_SECRET and SMTP_URL.`,
    )
  }
  return {
    maxBodyBytes: env.MAX_BODY_BYTES,
    trustedProxies: env.trustedProxies,
    https: new URL(env.BETTER_AUTH_URL).protocol === 'https:',
    logger,
    CLIENT_ADDRESS_HEADER,
    CSP_NONCE_HEADER,
    clientAddress,
    errorResponse,
    limitRequestBody,
    runAsClient,
    securityHeaders: (options) => securityHeaders({ ...options, thirdParty: chatSources() }),
    surfaceOf,
  }
}

/** What the production server (server.mjs) needs from the server bundle to guard its edge. */
export interface ServerEdge {
  maxBodyBytes: number
  trustedProxies: string[]
  /** BETTER_AUTH_URL is https: send HSTS. */
  https: boolean
  logger: Logger
  CLIENT_ADDRESS_HEADER: string
  CSP_NONCE_HEADER: string
  clientAddress: typeof clientAddress
  errorResponse: typeof errorResponse
  limitRequestBody: typeof limitRequestBody
  runAsClient: typeof runAsClient
  securityHeaders: typeof securityHeaders
  surfaceOf: typeof surfaceOf
}

/** Closes the database so that the process can exit. */
export async function closeServer(): Promise<void> {
  const { closeHeadmark } = await import('@headmark/api')
  await closeHeadmark()
}
