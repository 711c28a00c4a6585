import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { and, count, eq, isNotNull, sql } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import { effectivePlan } from '../billing/quotas.ts'
import { CrawlError } from '../crawler/fetcher.ts'
import type { Crawler, CrawlSource, FetchHeadResult } from '../crawler/types.ts'
import type { Database } from '../db/client.ts'
import { page, site, siteImport, type SiteImportSource } from '../db/schema.ts'
import {
  applyInTransaction,
  insertChangeSet,
  MAX_CHANGE_SET_ITEMS,
  validateEdits,
} from '../domain/change-sets.ts'
import type { CoreEvents, Transaction } from '../domain/events.ts'
import { loadSiteRules, matchingRules, ruleLayers } from '../domain/path-rules.ts'
import { currentDefaults } from '../domain/revisions.ts'
import { pageMetadataServing, sameJson } from '../domain/served-metadata.ts'
import type { Logger } from '../log.ts'
import { ensureQueue, transactionDb } from '../webhooks/queue.ts'

// Imports of a live site's pages, as durable jobs on the process's pg-boss queue.
//
// An import runs in three steps, each safe to run again after a crash or a restart:
// 1. discovery stores the URLs the sitemap (or the pasted list) gives as `site_import_item`
//    rows, in batches, `on conflict do nothing` (one row per normalised path);
// 2. fetching takes pending items and stores each page's head the moment it arrives (an item
//    leaves `pending` once, in the statement that stores it): after a SIGKILL the job is retried
//    (pg-boss fails a claim whose heartbeat stops) and fetches only what is still pending;
// 3. the end turns paths without a page into pages whose first revision is the imported head
//    (an applied change set, source `import`, per batch of 500, in one transaction each), and
//    paths that have a page into ONE pending change set, to preview and apply.

/** The pg-boss queue of imports. */
export const IMPORT_QUEUE = 'site-import'
/** URLs stored per discovery batch, and new pages created per transaction. */
export const IMPORT_BATCH = 500
/** Results stored together at most, and how long the first of them waits for others. */
const STORE_BATCH = 50
const STORE_EVERY_MS = 100
/** Pages one import may bring at most: what one change set may hold. */
export const MAX_IMPORT_PAGES = MAX_CHANGE_SET_ITEMS

interface ImportJob {
  importId: string
}

/** What a watcher of an import is told: its counts changed, or it ended. */
export type ImportListener = () => void

export interface ImportService {
  /** Creates the queue (idempotent) and starts this instance's worker. */
  start(): Promise<void>
  /** Queues the run of `importId`, inside `tx` when given (it exists only if `tx` commits). */
  enqueue(importId: string, tx?: Transaction): Promise<void>
  /** The crawler the imports (and ownership checks) use. */
  crawler(): Crawler
  /** Called when `importId`'s counts or state change in this process; returns the unsubscribe. */
  subscribe(importId: string, listener: ImportListener): () => void
  /** Stops this instance's runs (they are retried by the queue) and closes the crawler. */
  stop(): Promise<void>
}

export interface ImportServiceOptions {
  db: Database
  queue: () => PgBoss
  events: CoreEvents
  logger: Logger
  /** Builds the crawler on first use (from the server's env and the webhooks' policy). */
  crawler: () => Crawler
  /** Fetches in flight per import (the crawler keeps its own per-host limits). */
  concurrency?: number
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]
const json = (value: unknown) => sql`${JSON.stringify(value)}`
const parsed = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value

/** The crawler's source of an import's stored source. */
export function crawlSourceOf(source: SiteImportSource): CrawlSource | null {
  if (source.kind !== 'sitemap') return null
  return source.sitemapUrl
    ? { kind: 'sitemap', origin: source.origin, sitemapUrl: source.sitemapUrl }
    : { kind: 'sitemap', origin: source.origin }
}

/**
 * How many pages an import of the site may bring: the pages it already has (their imports are
 * edits) plus what the plan's page quota still allows, at most {@link MAX_IMPORT_PAGES}.
 */
export async function importPageCap(
  db: Database | Transaction,
  organizationId: string,
  siteId: string,
): Promise<{ cap: number; existing: number; quotaLeft: number | null }> {
  const { plan } = await effectivePlan(db as Database, organizationId)
  const [row] = await db
    .select({ n: count() })
    .from(page)
    .where(and(eq(page.siteId, siteId), isNotNull(page.path)))
  const existing = Number(row?.n ?? 0)
  const limit = plan.quotas.pagesPerSite
  const quotaLeft = limit === null ? null : Math.max(0, limit - existing)
  const cap = Math.min(
    MAX_IMPORT_PAGES,
    quotaLeft === null ? MAX_IMPORT_PAGES : existing + quotaLeft,
  )
  return { cap, existing, quotaLeft }
}

/** A failure the whole import stops on (the site was deleted…), in words for the screen. */
class ImportFailed extends Error {}

export function createImportService(options: ImportServiceOptions): ImportService {
  const { db, queue, events, logger } = options
  const concurrency = options.concurrency ?? 4
  let crawler: Crawler | null = null
  const getCrawler = () => (crawler ??= options.crawler())
  const listeners = new Map<string, Set<ImportListener>>()
  const runs = new Map<string, AbortController>()
  let stopping = false
  let workerId: string | null = null

  function emit(importId: string) {
    for (const listener of listeners.get(importId) ?? []) {
      try {
        listener()
      } catch (error) {
        logger.error('[imports] a watcher failed', error)
      }
    }
  }

  async function readState(importId: string): Promise<string | null> {
    const [row] = await db
      .select({ state: siteImport.state })
      .from(siteImport)
      .where(eq(siteImport.id, importId))
    return row?.state ?? null
  }

  /** Stores URLs as items (idempotent: one per path), and the found count. */
  async function storeUrls(importId: string, hostname: string, urls: string[]): Promise<number> {
    const rows: Array<{ id: string; url: string; path: string }> = []
    let refused = 0
    for (const url of urls) {
      const edit = safePath(url, hostname)
      if (edit === null) {
        refused++
        continue
      }
      rows.push({ id: randomUUID(), url, path: edit })
    }
    if (rows.length > 0) {
      await db.execute(sql`
        insert into site_import_item (id, import_id, url, path)
        select v.id, ${importId}, v.url, v.path
        from jsonb_to_recordset(${json(rows)}::jsonb) as v(id text, url text, path text)
        on conflict do nothing`)
    }
    await db.execute(sql`
      update site_import set updated_at = now(),
        found_count = (select count(*) from site_import_item where import_id = ${importId})
      where id = ${importId}`)
    emit(importId)
    return refused
  }

  async function discover(
    row: typeof siteImport.$inferSelect,
    hostname: string,
    signal: AbortSignal,
  ): Promise<void> {
    const source = crawlSourceOf(row.source)
    if (source) {
      let batch: string[] = []
      let refused = 0
      let firstSkip: string | null = null
      // URLs the sitemap names on other hosts, refused addresses, sitemaps that failed: skipped.
      const onSkip = ({ reason }: { reason: string }) => {
        refused++
        firstSkip ??= reason
      }
      try {
        for await (const url of getCrawler().discover(source, {
          limit: row.pageCap,
          signal,
          onSkip,
        })) {
          if (signal.aborted) return
          batch.push(url)
          if (batch.length >= IMPORT_BATCH) {
            refused += await storeUrls(row.id, hostname, batch)
            batch = []
          }
        }
      } catch (error) {
        // robots.txt or the sitemap could not be read: the import can not go on, and says why.
        if (error instanceof CrawlError) {
          throw new ImportFailed(`The sitemap could not be read: ${error.message}`)
        }
        throw error
      }
      if (signal.aborted) return
      refused += await storeUrls(row.id, hostname, batch)
      if (refused > 0) {
        await db
          .update(siteImport)
          .set({ skippedCount: sql`${siteImport.skippedCount} + ${refused}` })
          .where(eq(siteImport.id, row.id))
      }
      const [found] = await db
        .select({ n: siteImport.foundCount })
        .from(siteImport)
        .where(eq(siteImport.id, row.id))
      if (!found || found.n === 0) {
        throw new ImportFailed(
          firstSkip
            ? `No page of the site was found in the sitemap: ${firstSkip}`
            : 'The sitemap lists no page of this site.',
        )
      }
    }
    await db
      .update(siteImport)
      .set({ discoveredAt: sql`now()`, updatedAt: sql`now()` })
      .where(eq(siteImport.id, row.id))
  }

  /** What a fetch gave for one item, ready to store. */
  interface StoredResult {
    id: string
    status: 'fetched' | 'failed'
    reason: string | null
    metadata: Metadata | null
    unmapped: unknown
  }

  function resultOf(itemId: string, hostname: string, result: FetchHeadResult): StoredResult {
    const failed = (reason: string): StoredResult => ({
      id: itemId,
      status: 'failed',
      reason: reason.slice(0, 1000),
      metadata: null,
      unmapped: null,
    })
    if (!result.ok) {
      return failed(`${result.status ? `HTTP ${result.status}: ` : ''}${result.reason}`)
    }
    try {
      const [edit] = validateEdits(
        [
          {
            pageId: null,
            path: new URL(result.url).pathname,
            baseRevisionId: null,
            metadata: result.head.metadata,
          },
        ],
        hostname,
      )
      return {
        id: itemId,
        status: 'fetched',
        reason: null,
        metadata: edit?.metadata ?? {},
        unmapped: result.head.unmapped.slice(0, 200),
      }
    } catch (error) {
      return failed(`The page’s head can not be stored: ${(error as Error).message}`)
    }
  }

  /**
   * Stores results, once: an item leaves `pending` in this statement only, and the import's
   * counts move with it.
   */
  async function storeResults(importId: string, results: StoredResult[]): Promise<void> {
    if (results.length === 0) return
    await db.execute(sql`
      with v as (
        select * from jsonb_to_recordset(${json(results)}::jsonb)
          as v(id text, status text, reason text, metadata jsonb, unmapped jsonb)
      ),
      stored as (
        update site_import_item i set status = v.status, reason = v.reason,
          metadata = v.metadata, unmapped = v.unmapped, fetched_at = now()
        from v
        where i.id = v.id and i.import_id = ${importId} and i.status = 'pending'
        returning i.status
      )
      update site_import set updated_at = now(),
        fetched_count = fetched_count + (select count(*) from stored where status = 'fetched'),
        failed_count = failed_count + (select count(*) from stored where status = 'failed')
      where id = ${importId}`)
    emit(importId)
  }

  async function fetchPending(
    row: typeof siteImport.$inferSelect,
    hostname: string,
    signal: AbortSignal,
  ): Promise<void> {
    const crawlerNow = getCrawler()
    // Results are stored as they arrive, a few together: at most STORE_EVERY_MS after the first
    // of them, or STORE_BATCH at once. Writes run one at a time, in order.
    let buffer: StoredResult[] = []
    let timer: ReturnType<typeof setTimeout> | null = null
    let writing: Promise<void> = Promise.resolve()
    const flush = () => {
      if (timer) clearTimeout(timer)
      timer = null
      const batch = buffer
      buffer = []
      writing = writing.then(() => storeResults(row.id, batch))
      return writing
    }
    const add = (result: StoredResult) => {
      buffer.push(result)
      if (buffer.length >= STORE_BATCH) void flush().catch(() => {})
      else timer ??= setTimeout(() => void flush().catch(() => {}), STORE_EVERY_MS)
    }
    try {
      while (!signal.aborted) {
        const items = rowsOf<{ id: string; url: string }>(
          await db.execute(sql`
            select id, url from site_import_item
            where import_id = ${row.id} and status = 'pending'
            order by path collate "C" limit ${concurrency * 25}`),
        )
        if (items.length === 0) return
        let next = 0
        const worker = async () => {
          while (!signal.aborted && next < items.length) {
            const item = items[next++] as { id: string; url: string }
            const result = await crawlerNow.fetchHead(item.url, {
              signal,
              headSource: row.headSource,
            })
            // A fetch cut short by a cancel or a stop stays pending: the next run fetches it.
            if (signal.aborted) return
            add(resultOf(item.id, hostname, result))
          }
        }
        await Promise.all(Array.from({ length: concurrency }, worker))
        await flush()
      }
    } finally {
      // What arrived before a cancel is kept: a resume does not fetch it again.
      await flush()
    }
  }

  /**
   * What a page stores of its imported head: the least that serves the head again under the
   * site's defaults, path rules and title template (read in `tx`, as they are now).
   */
  async function storedMetadataOf(tx: Transaction, siteId: string) {
    const [siteRow] = await tx
      .select({ titleTemplate: site.titleTemplate })
      .from(site)
      .where(eq(site.id, siteId))
    const defaults = await currentDefaults(tx, siteId)
    const rules = await loadSiteRules(tx, siteId)
    return (path: string, head: Metadata | string) =>
      pageMetadataServing({
        served: parsed(head),
        defaults,
        rules: ruleLayers(matchingRules(rules, path)),
        titleTemplate: siteRow?.titleTemplate ?? null,
      })
  }

  /** New paths → pages (one applied change set per batch); existing ones → one pending set. */
  async function finish(row: typeof siteImport.$inferSelect, signal: AbortSignal) {
    const note = `Import of ${describeSource(row.source)}`
    for (;;) {
      if (signal.aborted) return
      const created = await db.transaction(async (tx) => {
        const [siteRow] = await tx
          .execute(sql`select id from site where id = ${row.siteId} for update`)
          .then((r) => rowsOf<{ id: string }>(r))
        if (!siteRow) throw new ImportFailed('The site was deleted during the import.')
        const candidates = rowsOf<{ id: string; path: string; metadata: Metadata | string }>(
          await tx.execute(sql`
            select i.id, i.path, i.metadata from site_import_item i
            where i.import_id = ${row.id} and i.status = 'fetched' and i.outcome is null
              and not exists (select 1 from page p where p.site_id = ${row.siteId} and p.path = i.path)
            order by i.path collate "C" limit ${IMPORT_BATCH}`),
        )
        if (candidates.length === 0) return 0
        const { quotaLeft } = await importPageCap(tx, row.organizationId, row.siteId)
        const allowed =
          quotaLeft === null ? candidates.length : Math.min(quotaLeft, candidates.length)
        const take = candidates.slice(0, allowed)
        const over = candidates.slice(allowed)
        if (take.length > 0) {
          const storedOf = await storedMetadataOf(tx, row.siteId)
          const set = await insertChangeSet(tx, {
            siteId: row.siteId,
            authorId: row.startedById,
            note: `${note}: new pages`,
            source: 'import',
            edits: take.map((item) => ({
              pageId: null,
              path: item.path,
              baseRevisionId: null,
              metadata: storedOf(item.path, item.metadata),
            })),
          })
          await applyInTransaction(tx, events, {
            siteId: row.siteId,
            changeSetId: set.id,
            authorId: row.startedById,
          })
          await tx.execute(sql`
            update site_import_item set outcome = 'created'
            where import_id = ${row.id} and id in (select jsonb_array_elements_text(${json(take.map((item) => item.id))}::jsonb))`)
        }
        if (over.length > 0) {
          await tx.execute(sql`
            update site_import_item set status = 'skipped',
              reason = 'Not created: the site has all the pages its plan allows. Upgrade on the Billing page and resume the import.'
            where import_id = ${row.id} and id in (select jsonb_array_elements_text(${json(over.map((item) => item.id))}::jsonb))`)
        }
        await tx
          .update(siteImport)
          .set({
            createdCount: sql`${siteImport.createdCount} + ${take.length}`,
            fetchedCount: sql`${siteImport.fetchedCount} - ${over.length}`,
            skippedCount: sql`${siteImport.skippedCount} + ${over.length}`,
            updatedAt: sql`now()`,
          })
          .where(eq(siteImport.id, row.id))
        return take.length + over.length
      })
      if (created === 0) break
      events.siteChanged(row.siteId, { changeSetApplied: true })
      emit(row.id)
    }
    // The pages that existed: one pending change set (made once: the import keeps its id).
    await db.transaction(async (tx) => {
      const [current] = await tx
        .select({ changeSetId: siteImport.changeSetId })
        .from(siteImport)
        .where(eq(siteImport.id, row.id))
        .for('update')
      if (!current || current.changeSetId) return
      const storedOf = await storedMetadataOf(tx, row.siteId)
      // Pages that already store what their imported head needs are left alone.
      const edits = rowsOf<{
        id: string
        path: string
        metadata: Metadata | string
        current: Metadata | string | null
        page_id: string
        current_revision_id: string | null
      }>(
        await tx.execute(sql`
          select i.id, i.path, i.metadata, r.metadata as current, p.id as page_id,
            p.current_revision_id
          from site_import_item i
          join page p on p.site_id = ${row.siteId} and p.path = i.path
          left join metadata_revision r on r.id = p.current_revision_id
          where i.import_id = ${row.id} and i.status = 'fetched' and i.outcome is null
          order by i.path collate "C" limit ${MAX_CHANGE_SET_ITEMS}`),
      )
        .map((edit) => ({ ...edit, metadata: storedOf(edit.path, edit.metadata) }))
        .filter((edit) => edit.current === null || !sameJson(edit.metadata, parsed(edit.current)))
      if (edits.length === 0) return
      const set = await insertChangeSet(tx, {
        siteId: row.siteId,
        authorId: row.startedById,
        note: `${note}: pages that existed`,
        source: 'import',
        edits: edits.map((edit) => ({
          pageId: edit.page_id,
          path: edit.path,
          baseRevisionId: edit.current_revision_id,
          metadata: edit.metadata,
        })),
      })
      await tx.execute(sql`
        update site_import_item set outcome = 'changed'
        where import_id = ${row.id} and id in (select jsonb_array_elements_text(${json(edits.map((edit) => edit.id))}::jsonb))`)
      await tx.update(siteImport).set({ changeSetId: set.id }).where(eq(siteImport.id, row.id))
    })
  }

  async function run(job: Job<ImportJob>): Promise<void> {
    const importId = job.data.importId
    const claimed = rowsOf<typeof siteImport.$inferSelect & Record<string, unknown>>(
      await db.execute(sql`
        update site_import set state = 'running', run_started_at = now(), updated_at = now(),
          done_at_run_start = fetched_count + failed_count
        where id = ${importId} and state in ('queued', 'running')
        returning id`),
    )
    if (claimed.length === 0) return
    const [row] = await db.select().from(siteImport).where(eq(siteImport.id, importId))
    const [siteRow] = row
      ? await db.select({ hostname: site.hostname }).from(site).where(eq(site.id, row.siteId))
      : []
    if (!row || !siteRow) return
    emit(importId)
    const controller = new AbortController()
    runs.set(importId, controller)
    // A cancel (from any instance) is seen within a second: the run stops, fetches in flight
    // are abandoned and their items stay pending.
    const watch = setInterval(() => {
      readState(importId).then(
        (state) => state !== 'running' && controller.abort(),
        () => {},
      )
    }, 1_000)
    watch.unref()
    try {
      if (!row.discoveredAt) await discover(row, siteRow.hostname, controller.signal)
      if (!controller.signal.aborted) await fetchPending(row, siteRow.hostname, controller.signal)
      if (!controller.signal.aborted) await finish(row, controller.signal)
      if (!controller.signal.aborted) {
        await db
          .update(siteImport)
          .set({ state: 'done', finishedAt: sql`now()`, updatedAt: sql`now()` })
          .where(and(eq(siteImport.id, importId), eq(siteImport.state, 'running')))
      }
    } catch (error) {
      if (!controller.signal.aborted || stopping) {
        const final = error instanceof ImportFailed || job.retryCount >= RETRY.retryLimit
        if (!final && !stopping) {
          logger.warn(
            `[imports] import ${importId} failed; it will be retried: ${(error as Error).message.slice(0, 300)}`,
          )
          throw error
        }
        if (final && !stopping) {
          logger.error('[imports] an import failed', error)
          await db
            .update(siteImport)
            .set({
              state: 'failed',
              error:
                error instanceof ImportFailed
                  ? error.message
                  : 'The import stopped on an unexpected error. Resume it to try again.',
              finishedAt: sql`now()`,
              updatedAt: sql`now()`,
            })
            .where(eq(siteImport.id, importId))
        }
      }
    } finally {
      clearInterval(watch)
      runs.delete(importId)
      emit(importId)
    }
    // Stopped by a shutdown: fail the job so that the queue runs it again (here or elsewhere).
    if (stopping) throw new Error('The server stopped during the import; it resumes on restart.')
  }

  return {
    async start() {
      const boss = queue()
      await ensureQueue(boss, IMPORT_QUEUE, {
        notify: true,
        ...RETRY,
        // A worker that dies (SIGKILL) stops its heartbeat: its claim fails and is retried.
        heartbeatSeconds: 10,
        expireInSeconds: 6 * 3600,
        deleteAfterSeconds: 7 * 24 * 3600,
        retentionSeconds: 14 * 24 * 3600,
      })
      if (workerId) return
      workerId = await boss.work<ImportJob>(
        IMPORT_QUEUE,
        {
          batchSize: 1,
          localConcurrency: 2,
          pollingIntervalSeconds: 2,
          notifyPollingIntervalSeconds: 5,
        },
        async ([job]) => {
          if (job) await run(job)
        },
      )
    },
    async enqueue(importId, tx) {
      await queue().send(
        IMPORT_QUEUE,
        { importId } satisfies ImportJob,
        tx ? { db: transactionDb(tx) } : {},
      )
    },
    crawler: getCrawler,
    subscribe(importId, listener) {
      let set = listeners.get(importId)
      if (!set) listeners.set(importId, (set = new Set()))
      set.add(listener)
      return () => {
        set.delete(listener)
        if (set.size === 0) listeners.delete(importId)
      }
    },
    async stop() {
      stopping = true
      for (const controller of runs.values()) controller.abort()
      await crawler?.close().catch(() => {})
    },
  }
}

/** Retried a few times over a couple of minutes on unexpected errors (the database was away…). */
const RETRY = { retryLimit: 5, retryDelay: 2, retryBackoff: true, retryDelayMax: 60 }

/** The stored path of `url` on `hostname`, or null when it is not a page path of the site. */
function safePath(url: string, hostname: string): string | null {
  try {
    const [edit] = validateEdits(
      [{ pageId: null, path: url, baseRevisionId: null, metadata: {} }],
      hostname,
    )
    return edit?.path ?? null
  } catch {
    return null
  }
}

/** The import's source in a few words, for change sets' notes. */
export function describeSource(source: SiteImportSource): string {
  if (source.kind === 'sitemap') return source.sitemapUrl ?? `${source.origin}’s sitemap`
  if (source.kind === 'url') return source.url
  return `${source.count} ${source.count === 1 ? 'URL' : 'URLs'}`
}
