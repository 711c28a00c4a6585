import { createHash } from 'node:crypto'
import type { Job, PgBoss } from 'pg-boss'
import { COALESCE_THRESHOLD, type CoreEvents, type Transaction } from '../domain/events.ts'
import type { CdnPurgeSettings } from '../env.ts'
import type { Logger } from '../log.ts'
import type { OutboundPolicy } from '../webhooks/outbound-guard.ts'
import { ensureQueue, transactionDb } from '../webhooks/queue.ts'
import { createPurgeClient, type PurgeClient } from './cdn-providers.ts'

/** The pg-boss queue of CDN purges. */
export const CDN_PURGE_QUEUE = 'cdn-purge'

// Tags name a site and a path without saying either: a hash of the site's id (and the path), so
// that no internal id or unpublished path shows in a public header, and any path fits every
// provider's tag rules (ASCII, no spaces or commas, well under 1024 bytes).
const hash = (text: string) => createHash('sha256').update(text).digest('hex').slice(0, 20)

/** The tag every public answer of a site carries: purging it drops the whole site. */
export function siteTag(siteId: string): string {
  return `hm-s-${hash(`site\n${siteId}`)}`
}

/** The tag of the answers for one normalised path of a site. */
export function pathTag(siteId: string, path: string): string {
  return `hm-p-${hash(`path\n${siteId}\n${path}`)}`
}

/**
 * The response headers that tag a public get-latest answer for the CDNs: `Cache-Tag`
 * (Cloudflare), `Surrogate-Key` (Fastly, space-separated) and `CDN-Tag` (Bunny), as a flat list.
 */
export function cdnTagHeaders(siteId: string, path: string): string[] {
  const tags = [siteTag(siteId), pathTag(siteId, path)]
  return ['cache-tag', tags.join(','), 'surrogate-key', tags.join(' '), 'cdn-tag', tags.join(',')]
}

interface PurgeJob {
  tags: string[]
}

export interface CdnPurgeOptions {
  settings: CdnPurgeSettings
  /** The process's started pg-boss (webhook delivery's). */
  queue: () => PgBoss
  events: CoreEvents
  policy: OutboundPolicy
  logger: Logger
  /** Jobs taken together, their tags purged in as few calls as the provider allows. */
  batchSize?: number
}

export interface CdnPurge {
  readonly client: PurgeClient
  /** Creates the queue and starts this instance's worker. */
  start(): Promise<void>
}

/**
 * Purges the configured CDN when what a path serves changes. A saved revision queues the purge of
 * its path's tag (the site's tag for the defaults) in the saving transaction: a committed save is
 * purged even if the process is killed right after. Other changes (site settings, the key
 * requirement, a page renamed or deleted, a site or organization deleted) queue the site's tag
 * after their commit. The worker takes queued purges in batches, merges their tags and calls the
 * provider within its per-call limit; a failed call is retried by pg-boss with backoff.
 */
export function createCdnPurge(options: CdnPurgeOptions): CdnPurge {
  const { queue, events, logger } = options
  const client = createPurgeClient(options.settings, options.policy)
  let started = false

  const send = (tags: string[], tx?: Transaction) =>
    queue().send(CDN_PURGE_QUEUE, { tags } satisfies PurgeJob, tx ? { db: transactionDb(tx) } : {})

  events.onRevisionSaved(async (tx, event) => {
    if (!started) return
    const tag =
      event.page.path === null ? siteTag(event.site.id) : pathTag(event.site.id, event.page.path)
    await send([tag], tx)
  })
  events.onChangeSetApplied(async (tx, event) => {
    if (!started || event.changes.length === 0) return
    const tags =
      event.changes.length > COALESCE_THRESHOLD ||
      event.changes.some((change) => change.page.path === null)
        ? [siteTag(event.site.id)]
        : event.changes.map((change) => pathTag(event.site.id, change.page.path as string))
    await send(tags, tx)
  })
  events.onSiteChanged((siteId, change) => {
    // A saved revision or applied change set queued its own, narrower purge in its transaction.
    if (!started || change?.revisionSaved || change?.changeSetApplied) return
    send([siteTag(siteId)]).catch((error: unknown) =>
      logger.error('[cdn-purge] could not queue the purge of a changed site', error),
    )
  })

  async function work(jobs: Job<PurgeJob>[]): Promise<void> {
    const tags = [...new Set(jobs.flatMap((job) => job.data.tags))]
    for (let i = 0; i < tags.length; i += client.maxTagsPerCall) {
      try {
        await client.purge(tags.slice(i, i + client.maxTagsPerCall))
      } catch (error) {
        logger.warn(`[cdn-purge] ${(error as Error).message.slice(0, 300)} (retried with backoff)`)
        throw error
      }
    }
  }

  return {
    client,
    async start() {
      const boss = queue()
      await ensureQueue(boss, CDN_PURGE_QUEUE, {
        notify: true,
        // Backoff from 1 s up to 5 min: a provider's outage or rate limit is waited out for
        // about an hour and a half before the purge is given up (and counted as failed).
        retryLimit: 25,
        retryDelay: 1,
        retryBackoff: true,
        retryDelayMax: 300,
        heartbeatSeconds: 10,
        expireInSeconds: 60,
        deleteAfterSeconds: 24 * 3600,
        retentionSeconds: 7 * 24 * 3600,
      })
      await boss.work<PurgeJob>(
        CDN_PURGE_QUEUE,
        {
          batchSize: options.batchSize ?? 100,
          pollingIntervalSeconds: 2,
          notifyPollingIntervalSeconds: 5,
        },
        work,
      )
      started = true
    },
  }
}
