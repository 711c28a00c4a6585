import { inArray, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import type { Transaction } from '../domain/events.ts'
import { discoveredPath, site, siteApiKey, usage } from '../db/schema.ts'

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

interface FirstRequest {
  at: number
  path: string
}

/**
 * API calls per organization and day, paths without a page, keys' last use and each site's first
 * call: counted in memory by the public API and written in one batch per flush (every few
 * seconds, and on close). Calls are attributed to the UTC day of the flush that writes them.
 */
export class UsageRecorder {
  readonly #db: Database
  readonly #calls = new Map<string, Counter>()
  readonly #discovered = new Map<string, Map<string, DiscoveryCounter>>()
  readonly #keysUsed = new Map<string, number>()
  /** Sites whose first call this process has seen (written or waiting): each is noted once. */
  readonly #firstSeen = new Set<string>()
  /** First calls not written yet, by site id. */
  readonly #firstRequests = new Map<string, FirstRequest>()
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

  /**
   * A successful call of a site whose first call the database did not have when the site was
   * read. Returns true the first time this process sees one for the site, false afterwards.
   */
  firstRequest(siteId: string, path: string, now: number): boolean {
    if (this.#firstSeen.has(siteId)) return false
    this.#firstSeen.add(siteId)
    this.#firstRequests.set(siteId, { at: now, path })
    return true
  }

  /** Writes what was counted since the last flush; flushes never overlap. */
  flush(now = Date.now()): Promise<void> {
    this.#flushing = this.#flushing.then(() => this.#write(now))
    return this.#flushing
  }

  /**
   * Writes only the first calls waiting: one small update per site and process, so an install
   * page sees its site's first call within a moment rather than at the next usage flush.
   */
  flushFirstRequests(): Promise<void> {
    this.#flushing = this.#flushing.then(async () => {
      const firstRequests = this.#takeFirstRequests()
      if (firstRequests.length === 0) return
      try {
        await this.#db.transaction((tx) => writeFirstRequests(tx, firstRequests))
      } catch (error) {
        this.#restoreFirstRequests(firstRequests)
        throw error
      }
    })
    return this.#flushing
  }

  #takeFirstRequests(): Array<[string, FirstRequest]> {
    const taken = [...this.#firstRequests]
    this.#firstRequests.clear()
    return taken
  }

  #restoreFirstRequests(taken: Array<[string, FirstRequest]>): void {
    for (const [siteId, first] of taken) {
      if (!this.#firstRequests.has(siteId)) this.#firstRequests.set(siteId, first)
    }
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
    const firstRequests = this.#takeFirstRequests()
    if (
      calls.length === 0 &&
      discovered.length === 0 &&
      keysUsed.length === 0 &&
      firstRequests.length === 0
    ) {
      return
    }

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
        await writeFirstRequests(tx, firstRequests)
      })
    } catch (error) {
      // Put the counts back: the next flush tries again. Dropping them would undercount.
      for (const [counter, n] of taken) counter.n += n
      for (const [id, at] of keysUsed) if (!this.#keysUsed.has(id)) this.#keysUsed.set(id, at)
      this.#restoreFirstRequests(firstRequests)
      throw error
    }
  }
}

/**
 * Records each site's first call unless an earlier one is already there: instances sharing a
 * database each note their own first call, and the earliest wins whatever order they flush in.
 * Raw SQL, so the site's `updated_at` (its settings' last change) stays as it was.
 */
async function writeFirstRequests(
  tx: Transaction,
  firstRequests: Array<[string, FirstRequest]>,
): Promise<void> {
  for (const [siteId, { at, path }] of firstRequests) {
    const when = new Date(at).toISOString()
    await tx.execute(sql`
      update ${site}
        set first_request_at = ${when}::timestamptz, first_request_path = ${path}
        where id = ${siteId}
          and (first_request_at is null or first_request_at > ${when}::timestamptz)`)
  }
}
