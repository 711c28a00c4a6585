import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { discoveredPath, siteApiKey, usage } from '../db/schema.ts'

/** How many discovered paths are kept per site, in memory and in the database. */
export const DISCOVERED_PATHS_PER_SITE = 1000

/** A counter the hot path increments in place: no allocation, no write per request. */
export interface Counter {
  n: number
}

interface DiscoveryCounter extends Counter {
  siteId: string
  path: string
}

const utcDay = (ms: number) => new Date(ms).toISOString().slice(0, 10)

/**
 * API calls per organization and day, paths without a page, and keys' last use: counted in
 * memory by the public API and written in one batch per flush (every few seconds, and on close).
 * Calls are attributed to the UTC day of the flush that writes them.
 */
export class UsageRecorder {
  readonly #db: Database
  readonly #calls = new Map<string, Counter>()
  readonly #discovered = new Map<string, Map<string, DiscoveryCounter>>()
  readonly #keysUsed = new Map<string, number>()
  #flushing: Promise<void> = Promise.resolve()

  constructor(db: Database) {
    this.#db = db
  }

  /** The call counter of an organization; kept by the site's cache entry. */
  callsOf(organizationId: string): Counter {
    let counter = this.#calls.get(organizationId)
    if (!counter) {
      counter = { n: 0 }
      this.#calls.set(organizationId, counter)
    }
    return counter
  }

  /** The request counter of a path without a page, or null when the site's list is full. */
  discoveryOf(siteId: string, path: string): Counter | null {
    let paths = this.#discovered.get(siteId)
    if (!paths) {
      paths = new Map()
      this.#discovered.set(siteId, paths)
    }
    let counter = paths.get(path)
    if (!counter) {
      if (paths.size >= DISCOVERED_PATHS_PER_SITE) return null
      counter = { n: 0, siteId, path }
      paths.set(path, counter)
    }
    return counter
  }

  keyUsed(keyId: string, now: number): void {
    this.#keysUsed.set(keyId, now)
  }

  /** Writes what was counted since the last flush; flushes never overlap. */
  flush(now = Date.now()): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write(now))
    return this.#flushing
  }

  async #write(now: number): Promise<void> {
    const day = utcDay(now)
    const calls: Array<{ organizationId: string; count: number }> = []
    for (const [organizationId, counter] of this.#calls) {
      if (counter.n > 0) calls.push({ organizationId, count: counter.n })
    }
    const discovered: DiscoveryCounter[] = []
    for (const paths of this.#discovered.values()) {
      for (const counter of paths.values()) if (counter.n > 0) discovered.push(counter)
    }
    const keysUsed = [...this.#keysUsed]
    if (calls.length === 0 && discovered.length === 0 && keysUsed.length === 0) return

    // Taken before the writes: requests counted meanwhile are kept for the next flush.
    const taken = new Map<Counter, number>()
    for (const { organizationId, count } of calls) {
      taken.set(this.#calls.get(organizationId) as Counter, count)
    }
    for (const counter of discovered) taken.set(counter, counter.n)
    for (const [counter, n] of taken) counter.n -= n
    this.#keysUsed.clear()

    try {
      await this.#db.transaction(async (tx) => {
        for (const { organizationId, count } of calls) {
          // An organization deleted since the request is skipped, not a failed batch.
          await tx.execute(sql`
            insert into ${usage} (organization_id, day, kind, count)
            select ${organizationId}, ${day}, 'api_call', ${count}
            where exists (select 1 from organization where id = ${organizationId})
            on conflict (organization_id, day, kind) do update
              set count = ${usage.count} + excluded.count`)
        }
        for (const counter of discovered) {
          // Bounded per site: a new path is only added while the site has room.
          await tx.execute(sql`
            insert into ${discoveredPath} (site_id, path, request_count, last_seen_at)
            select ${counter.siteId}, ${counter.path}, ${taken.get(counter) ?? 0}, ${new Date(now).toISOString()}::timestamptz
            where exists (select 1 from site where id = ${counter.siteId})
              and (exists (select 1 from ${discoveredPath} where site_id = ${counter.siteId} and path = ${counter.path})
                or (select count(*) from ${discoveredPath} where site_id = ${counter.siteId}) < ${DISCOVERED_PATHS_PER_SITE})
            on conflict (site_id, path) do update
              set request_count = ${discoveredPath.requestCount} + excluded.request_count,
                  last_seen_at = excluded.last_seen_at`)
        }
        if (keysUsed.length > 0) {
          await tx
            .update(siteApiKey)
            .set({ lastUsedAt: new Date(now) })
            .where(
              inArray(
                siteApiKey.id,
                keysUsed.map(([id]) => id),
              ),
            )
        }
      })
    } catch (error) {
      // Put the counts back: the next flush tries again. Dropping them would undercount.
      for (const [counter, n] of taken) counter.n += n
      for (const [id, at] of keysUsed) if (!this.#keysUsed.has(id)) this.#keysUsed.set(id, at)
      throw error
    }
  }
}
