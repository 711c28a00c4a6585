import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { and, desc, eq, isNull, lt, sql } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import type { Crawler } from '../crawler/types.ts'
import type { Database } from '../db/client.ts'
import { liveCheck, metadataRevision, page, site, type StoredFinding } from '../db/schema.ts'
import type { CoreEvents, RevisionSavedEvent, Transaction } from '../domain/events.ts'
import { localeSets, servedPageInLocale } from '../domain/page-locales.ts'
import { localeMapping, localeUrl, type SiteLocales } from '../domain/site-locales.ts'
import type { Logger } from '../log.ts'
import { ensureQueue, transactionDb } from '../webhooks/queue.ts'
import { changedFields, compareServed, showsSave } from './compare.ts'

// "Live after save": when a page's revision is saved, a durable job fetches the path from the
// site (through the crawler: the outbound guard, the per-host rate, Headmark's User-Agent) until
// it serves the new head or the bound passes (60 s by default).
//
// - Only sites that are connected are checked: the SDK has called the public API, or the
//   site's ownership is verified. Saves on other sites (and saves of the site's defaults) start
//   no check. An applied change set (a bulk edit, an import, a published change request) checks
//   its first LIVE_CHECKS_PER_CHANGE_SET paths (in path order), each like a save.
// - The row is written in the save's transaction, and its job with it: a save that rolls back
//   leaves neither. A job that dies (SIGKILL) is retried by the queue; the retry goes on polling
//   until the bound, counted from the save, so nothing is checked twice over.
// - A page keeps its newest LIVE_CHECKS_KEPT_PER_PAGE checks; older ones are deleted on each save.

export const LIVE_CHECK_QUEUE = 'live-check'
/** Checks kept per page (the newest). */
export const LIVE_CHECKS_KEPT_PER_PAGE = 10
/** Paths of an applied change set that get a live check (the first, in path order). */
export const LIVE_CHECKS_PER_CHANGE_SET = 20

interface LiveCheckJob {
  checkId: string
}

export interface LiveCheckOptions {
  db: Database
  queue: () => PgBoss
  events: CoreEvents
  logger: Logger
  crawler: () => Crawler
  /** How long after the save the site may take (default 60 s; 0: no live checks). */
  boundMs?: number
  /** The pause between fetches (default 2 s). */
  intervalMs?: number
  /** Where a site is fetched: `https://<hostname>` unless listed. */
  siteOrigins?: Record<string, string>
}

export interface LiveChecks {
  start(): Promise<void>
  stop(): Promise<void>
}

/** The origin Headmark fetches a site's pages from. */
export function siteOrigin(hostname: string, overrides: Record<string, string> = {}): string {
  return overrides[hostname.toLowerCase()] ?? `https://${hostname}`
}

/**
 * Where Headmark fetches a page in one language version: the URL the site's locale mapping
 * gives it (the one its hreflang cluster names), on the origin listed for that URL's host when
 * there is one. A site without locales (or `locale` null on it): the site's origin and the path.
 */
export function localeFetchUrl(
  target: { hostname: string; locales: SiteLocales | null },
  path: string,
  locale: string | null,
  overrides: Record<string, string> = {},
): string | null {
  if (target.locales === null) return `${siteOrigin(target.hostname, overrides)}${path}`
  const absolute = localeUrl(
    localeMapping(target.hostname, target.locales),
    locale ?? target.locales.defaultLocale,
    path,
  )
  if (absolute === null) return null
  const url = new URL(absolute)
  const origin = overrides[url.hostname]
  return origin ? `${origin}${url.pathname}${url.search}` : url.href
}

const sleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms)
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer)
        resolve()
      },
      { once: true },
    )
  })

export function createLiveChecks(options: LiveCheckOptions): LiveChecks {
  const { db, queue, events, logger } = options
  const boundMs = options.boundMs ?? 60_000
  const intervalMs = options.intervalMs ?? 2_000
  const origins = options.siteOrigins ?? {}
  let crawler: Crawler | null = null
  const getCrawler = () => (crawler ??= options.crawler())
  const stopping = new AbortController()
  let workerId: string | null = null

  /** Writes a live check of one saved page and queues its job, in the save's transaction. */
  async function queueCheck(
    tx: Transaction,
    target: { id: string; hostname: string },
    change: Pick<RevisionSavedEvent, 'page' | 'revision' | 'served' | 'locale'>,
  ): Promise<void> {
    const path = change.page.path
    if (path === null || boundMs <= 0) return
    const [siteRow] = await tx
      .select({
        id: site.id,
        hostname: site.hostname,
        titleTemplate: site.titleTemplate,
        locales: site.locales,
        connected: sql<boolean>`(${site.firstRequestAt} is not null or ${site.ownershipVerifiedAt} is not null)`,
      })
      .from(site)
      .where(eq(site.id, target.id))
    if (!siteRow?.connected) return
    const locale = change.locale ?? null
    const url = localeFetchUrl(siteRow, path, locale, origins)
    if (url === null) return
    // The revision before, of the same set (each locale's set has its own history).
    const [before] = await tx
      .select({ metadata: metadataRevision.metadata })
      .from(metadataRevision)
      .where(
        and(
          eq(metadataRevision.pageId, change.page.id),
          locale === null ? isNull(metadataRevision.locale) : eq(metadataRevision.locale, locale),
          lt(metadataRevision.number, change.revision.number),
        ),
      )
      .orderBy(desc(metadataRevision.number))
      .limit(1)
    let previous: Metadata | null = null
    if (before) {
      const sets = siteRow.locales ? await localeSets(tx, change.page.id) : undefined
      const own =
        locale === null
          ? before.metadata
          : ((
              await tx
                .select({ metadata: metadataRevision.metadata })
                .from(page)
                .innerJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
                .where(eq(page.id, change.page.id))
            )[0]?.metadata ?? null)
      if (locale !== null) sets?.set(locale, { revisionId: '', metadata: before.metadata })
      previous = (
        await servedPageInLocale(tx, {
          site: siteRow,
          path,
          page: { id: change.page.id, own },
          locale,
          ...(sets ? { sets } : {}),
        })
      ).metadata
    }
    const id = randomUUID()
    await tx
      .insert(liveCheck)
      .values({
        id,
        siteId: target.id,
        pageId: change.page.id,
        revisionId: change.revision.id,
        url,
        locale,
        intended: change.served,
        previous,
        savedAt: change.revision.createdAt,
      })
      .onConflictDoNothing()
    await tx.execute(sql`
      delete from live_check where page_id = ${change.page.id} and id not in (
        select id from live_check where page_id = ${change.page.id}
        order by created_at desc, id desc limit ${LIVE_CHECKS_KEPT_PER_PAGE})`)
    await queue().send(LIVE_CHECK_QUEUE, { checkId: id } satisfies LiveCheckJob, {
      db: transactionDb(tx),
    })
  }

  events.onRevisionSaved((tx, event) => queueCheck(tx, event.site, event))
  events.onChangeSetApplied(async (tx, event) => {
    if (boundMs <= 0) return
    const first = event.changes
      .filter((change) => change.page.path !== null)
      .sort((a, b) => ((a.page.path as string) < (b.page.path as string) ? -1 : 1))
      .slice(0, LIVE_CHECKS_PER_CHANGE_SET)
    for (const change of first) await queueCheck(tx, event.site, change)
  })

  async function run(job: Job<LiveCheckJob>): Promise<void> {
    const [row] = await db.select().from(liveCheck).where(eq(liveCheck.id, job.data.checkId))
    if (!row || row.state !== 'pending') return
    const changed = changedFields(row.intended, row.previous, row.url)
    const savedAt = row.savedAt.getTime()
    const signal = stopping.signal
    let attempts = row.attempts
    for (;;) {
      if (signal.aborted) throw new Error('The server stopped during a live check; it resumes.')
      const asked = Date.now()
      const answer = await getCrawler().fetchPage(row.url, { signal })
      attempts++
      let live = false
      let update: Partial<typeof liveCheck.$inferInsert>
      if (answer.ok) {
        const comparison = compareServed({
          intended: row.intended,
          previous: row.previous ? [row.previous] : [],
          page: {
            url: row.url,
            finalUrl: answer.finalUrl,
            status: answer.status,
            html: answer.html,
            headers: answer.headers,
          },
        })
        live = showsSave(comparison, changed)
        update = {
          status: answer.status,
          served: comparison.served as Metadata,
          findings: comparison.findings.filter(
            (finding) => finding.kind !== 'site-fallback',
          ) as StoredFinding[],
          error: null,
        }
      } else {
        update = { status: answer.status ?? null, error: answer.reason, findings: [] }
      }
      const now = Date.now()
      // The save counts as live from the moment the fetch that showed it was asked for.
      const elapsed = Math.max(0, (live ? asked : now) - savedAt)
      const over = now - savedAt >= boundMs
      const state = live ? 'live' : over ? 'not_live' : 'pending'
      await db
        .update(liveCheck)
        .set({
          ...update,
          attempts,
          state,
          ...(state !== 'pending'
            ? { elapsedMs: live ? elapsed : boundMs, finishedAt: sql`now()` }
            : {}),
        })
        .where(and(eq(liveCheck.id, row.id), eq(liveCheck.state, 'pending')))
      if (state !== 'pending') return
      await sleep(Math.min(intervalMs, Math.max(0, savedAt + boundMs - Date.now())), signal)
    }
  }

  return {
    async start() {
      const boss = queue()
      await ensureQueue(boss, LIVE_CHECK_QUEUE, {
        retryLimit: 3,
        retryDelay: 1,
        // A worker that dies (SIGKILL) stops its heartbeat: its claim fails and is retried.
        heartbeatSeconds: 10,
        expireInSeconds: 15 * 60,
        deleteAfterSeconds: 24 * 3600,
        retentionSeconds: 24 * 3600,
      })
      if (workerId) return
      workerId = await boss.work<LiveCheckJob>(
        LIVE_CHECK_QUEUE,
        { batchSize: 1, localConcurrency: 4, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return
          try {
            await run(job)
          } catch (error) {
            if (!stopping.signal.aborted)
              logger.warn(
                `[health] live check ${job.data.checkId} failed; it is retried: ${String(error).slice(0, 300)}`,
              )
            throw error
          }
        },
      )
    },
    async stop() {
      stopping.abort()
      await crawler?.close().catch(() => {})
    },
  }
}

/** The newest live check of a page, for its editor. */
export async function latestLiveCheck(db: Database, pageId: string) {
  const [row] = await db
    .select({
      id: liveCheck.id,
      revisionId: liveCheck.revisionId,
      revisionNumber: metadataRevision.number,
      url: liveCheck.url,
      locale: liveCheck.locale,
      state: liveCheck.state,
      savedAt: liveCheck.savedAt,
      elapsedMs: liveCheck.elapsedMs,
      attempts: liveCheck.attempts,
      status: liveCheck.status,
      served: liveCheck.served,
      findings: liveCheck.findings,
      error: liveCheck.error,
      finishedAt: liveCheck.finishedAt,
    })
    .from(liveCheck)
    .innerJoin(metadataRevision, eq(metadataRevision.id, liveCheck.revisionId))
    .where(eq(liveCheck.pageId, pageId))
    .orderBy(desc(liveCheck.createdAt), desc(liveCheck.id))
    .limit(1)
  return row ?? null
}
