import { connectionOf } from '../db/client.ts'
import type { Database } from '../db/client.ts'
import type { CoreEvents } from '../domain/events.ts'
import type { ServerEnv } from '../env.ts'
import { generatePublicApiDocument } from './contract.ts'
import { createPublicApi, type PublicApi } from './handler.ts'

/** How long a CDN keeps a public answer when Headmark purges it on every change. */
export const CDN_MAX_AGE_SECONDS = 3600

/** The PostgreSQL channel on which instances tell each other which site changed (payload: its id). */
export const SITE_CHANGED_CHANNEL = 'headmark_site_changed'

/** What the public API is built from: parts of one Headmark instance. */
export interface PublicApiParts {
  db: Database
  events: CoreEvents
  env: Pick<ServerEnv, 'PUBLIC_API_CACHE_ENTRIES' | 'PUBLIC_API_CACHE_MB' | 'cdnPurge'>
}

/**
 * The public API of a server, started by its Headmark instance (createHeadmark owns it): cache
 * sized from the env, invalidated by the core's `siteChanged` here and, on PostgreSQL, in every
 * other instance through LISTEN/NOTIFY; usage is flushed before the database closes (SIGTERM
 * included). Resolves once the listener is in place, so no change can slip by unseen.
 */
export async function startPublicApi({ db, events, env }: PublicApiParts): Promise<PublicApi> {
  const connection = connectionOf(db)
  const document = await generatePublicApiDocument()
  const api = createPublicApi({
    db,
    events,
    maxEntries: env.PUBLIC_API_CACHE_ENTRIES,
    maxBytes: env.PUBLIC_API_CACHE_MB * 1024 * 1024,
    cdnMaxAgeSeconds: env.cdnPurge ? CDN_MAX_AGE_SECONDS : null,
    openApiDocument: () => document,
  })
  const { pubsub } = connection
  if (pubsub) {
    events.onSiteChanged((siteId) => {
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
