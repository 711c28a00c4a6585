import type { IncomingMessage, ServerResponse } from 'node:http'
import { connectionOf } from '../db/client.ts'
import { getHeadmark, type Headmark } from '../headmark.ts'
import { generatePublicApiDocument } from './contract.ts'
import { createPublicApi, PUBLIC_API_PREFIX, type PublicApi } from './handler.ts'

/** How long a CDN keeps a public answer when Headmark purges it on every change. */
export const CDN_MAX_AGE_SECONDS = 3600

/** The PostgreSQL channel on which instances tell each other which site changed (payload: its id). */
export const SITE_CHANGED_CHANNEL = 'headmark_site_changed'

/**
 * The public API of a server, started once per Headmark instance: cache sized from the env,
 * invalidated by the core's `siteChanged` here and, on PostgreSQL, in every other instance
 * through LISTEN/NOTIFY; usage is flushed before the database closes (SIGTERM included).
 * Resolves once the listener is in place, so no change can slip by unseen.
 */
export function startPublicApi(headmark: Headmark): Promise<PublicApi> {
  let started = instances.get(headmark)
  if (!started) {
    started = start(headmark)
    instances.set(headmark, started)
    started.catch(() => instances.delete(headmark))
  }
  return started
}

async function start(headmark: Headmark): Promise<PublicApi> {
  const connection = connectionOf(headmark.db)
  const document = await generatePublicApiDocument()
  const api = createPublicApi({
    db: headmark.db,
    events: headmark.events,
    maxEntries: headmark.env.PUBLIC_API_CACHE_ENTRIES,
    maxBytes: headmark.env.PUBLIC_API_CACHE_MB * 1024 * 1024,
    cdnMaxAgeSeconds: headmark.env.cdnPurge ? CDN_MAX_AGE_SECONDS : null,
    openApiDocument: () => document,
  })
  const { pubsub } = connection
  if (pubsub) {
    headmark.events.onSiteChanged((siteId) => {
      api.countNotify()
      pubsub.notify(SITE_CHANGED_CHANNEL, siteId).catch((error: unknown) => console.error(error))
    })
    const listener = await pubsub.listen(
      SITE_CHANGED_CHANNEL,
      (siteId) => api.invalidateSite(siteId),
      // First listen and every reconnect: what changed while nobody listened is unknown.
      () => api.dropAll(),
    )
    connection.beforeClose(() => listener.unlisten().catch(() => {}))
  }
  connection.beforeClose(() => api.close())
  return api
}

const instancesKey = Symbol.for('headmark.api.public-api-instances')
const instances: WeakMap<Headmark, Promise<PublicApi>> = ((globalThis as Record<symbol, unknown>)[
  instancesKey
] as WeakMap<Headmark, Promise<PublicApi>> | undefined) ?? new WeakMap()
;(globalThis as Record<symbol, unknown>)[instancesKey] = instances

let ready: PublicApi | null = null
let readyFor: Promise<Headmark> | null = null

/**
 * Answers `/api/openapi/*` on Node's own request and response (production server and the dev
 * server's middleware) with the process-wide server; returns false for any other URL. After the
 * first request this is synchronous: no promise, no Request/Response objects.
 *
 * @example
 * http.createServer((req, res) => { if (!handlePublicApi(req, res)) app(req, res) })
 */
export function handlePublicApi(req: IncomingMessage, res: ServerResponse): boolean {
  if (!req.url?.startsWith(PUBLIC_API_PREFIX)) return false
  if (ready) return ready.handle(req, res)
  preparePublicApi().then(
    (api) => api.handle(req, res),
    (error: unknown) => {
      console.error(error)
      res.writeHead(503, { 'content-type': 'text/plain; charset=utf-8', 'retry-after': '5' })
      res.end('The metadata API is starting; try again in a few seconds.')
    },
  )
  return true
}

/** Starts the process-wide public API (call at start-up to take the first request's wait away). */
export async function preparePublicApi(): Promise<PublicApi> {
  const headmarkPromise = getHeadmark()
  if (ready && readyFor === headmarkPromise) return ready
  const api = await startPublicApi(await headmarkPromise)
  ready = api
  readyFor = headmarkPromise
  return api
}
