import { randomUUID } from 'node:crypto'
import type { Metadata, MetadataImage } from '@headmark/metadata'
import { and, asc, desc, eq, isNotNull, isNull, ne, sql } from 'drizzle-orm'
import type { Job, PgBoss } from 'pg-boss'
import { type Plan, plans } from '../billing/plans.ts'
import { effectivePlan } from '../billing/quotas.ts'
import { ACTIVE_SUBSCRIPTION_STATUSES } from '../billing/subscriptions.ts'
import type { ImageProbe } from '../crawler/parse-head.ts'
import type { Crawler } from '../crawler/types.ts'
import type { Database } from '../db/client.ts'
import { driftCheck, driftResult, metadataRevision, page, site } from '../db/schema.ts'
import type { Transaction } from '../domain/events.ts'
import { loadSiteRules } from '../domain/path-rules.ts'
import { localeSetsOfPages, servedPageInLocale } from '../domain/page-locales.ts'
import { currentDefaults } from '../domain/revisions.ts'
import type { SiteLocales } from '../domain/site-locales.ts'
import type { Logger } from '../log.ts'
import { ensureQueue, transactionDb } from '../webhooks/queue.ts'
import { compareServed, type Finding } from './compare.ts'
import { localeFetchUrl } from './live.ts'

// Drift checks: each page of a site (or one page) fetched as eight crawlers and compared with
// what its path should serve, as durable jobs on the queue.
//
// - One result row per page and crawler, primary key (check, page, crawler), written as soon as
//   it is known, `on conflict do nothing`: a run killed mid-check (SIGKILL) is retried by the
//   queue (its heartbeat stops) and fetches only the pairs without a row; nothing is lost and
//   nothing is written twice.
// - Images each page shares are measured once per crawler life (the crawler caches them), and
//   checked against each network's minimum size.
// - A site keeps its newest DRIFT_CHECKS_KEPT_PER_SITE checks of the whole site and as many of
//   single pages, with their results: checking pages one by one never pushes the site's
//   history (its score, the chart) out.

export const DRIFT_QUEUE = 'drift-check'
/** The queue of the schedule: one job at a time, which queues the sites that are due. */
export const DRIFT_SCHEDULE_QUEUE = 'drift-schedule'
/** Checks kept per site (the newest), with their results: as many again of single pages. */
export const DRIFT_CHECKS_KEPT_PER_SITE = 20
/** A page's revisions before the current one that a stale cache is recognised by (the newest). */
const EARLIER_REVISIONS = 3

/** The crawlers a page is fetched as, and the smallest image their cards show. */
export const CRAWLER_AGENTS = [
  {
    id: 'googlebot',
    name: 'Googlebot',
    userAgent: 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)',
  },
  {
    id: 'bingbot',
    name: 'Bingbot',
    userAgent: 'Mozilla/5.0 (compatible; bingbot/2.0; +http://www.bing.com/bingbot.htm)',
  },
  {
    id: 'facebook',
    name: 'Facebook',
    userAgent: 'facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)',
    image: { width: 200, height: 200 },
  },
  { id: 'twitter', name: 'X', userAgent: 'Twitterbot/1.0', image: { width: 144, height: 144 } },
  {
    id: 'linkedin',
    name: 'LinkedIn',
    userAgent:
      'LinkedInBot/1.0 (compatible; Mozilla/5.0; Apache-HttpClient +http://www.linkedin.com)',
    image: { width: 200, height: 200 },
  },
  {
    id: 'slack',
    name: 'Slack',
    userAgent: 'Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)',
    image: { width: 100, height: 100 },
  },
  {
    id: 'discord',
    name: 'Discord',
    userAgent: 'Mozilla/5.0 (compatible; Discordbot/2.0; +https://discordapp.com)',
    image: { width: 100, height: 100 },
  },
  {
    id: 'browser',
    name: 'Browser',
    userAgent:
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36',
  },
] as const satisfies ReadonlyArray<{
  id: string
  name: string
  userAgent: string
  image?: { width: number; height: number }
}>

export type AgentId = (typeof CRAWLER_AGENTS)[number]['id']

interface DriftJob {
  checkId: string
}

export interface DriftCheckOptions {
  db: Database
  queue: () => PgBoss
  logger: Logger
  crawler: () => Crawler
  siteOrigins?: Record<string, string>
  /** Pages one check reads at most, whatever the plan (the operator's bound; default 10000). */
  maxPages?: number
  /** Fetches in flight per check (the crawler keeps its own per-host limits; default 4). */
  concurrency?: number
  /**
   * The shortest time between a site's scheduled checks, whatever the plan (the operator's
   * bound; 0: no scheduled checks; default 1 h). Each plan sets its own period (plans.ts); the
   * schedule looks for sites due every hour (or every `everyMs` when shorter).
   */
  everyMs?: number
  /**
   * Runs once per finished check, in the transaction that marks it alerted: writes the webhook
   * message and queues the e-mails (alerts.ts).
   */
  alert?: (tx: Transaction, checkId: string) => Promise<void>
}

/** How a site's plan and the server's bounds set its drift checks. */
export interface DriftSchedule {
  /** Hours between scheduled checks; null: only on demand. */
  everyHours: number | null
  /** Pages one check reads at most. */
  maxPages: number
  /** The plan, and its own values before the server's bounds. */
  plan: { id: Plan['id']; name: string } & Plan['driftChecks']
}

/**
 * A plan's drift checks within the operator's bounds: never more often than `everyMs` (0: no
 * scheduled checks at all), never more pages than `maxPages`.
 *
 * @example
 * driftSchedule(getPlan('team'), { everyMs: 3600_000, maxPages: 1000 })
 * // { everyHours: 24, maxPages: 1000, plan: { id: 'team', name: 'Team', everyHours: 24, pagesPerCheck: 2000 } }
 */
export function driftSchedule(
  plan: Plan,
  bounds: { everyMs: number; maxPages: number },
): DriftSchedule {
  const { everyHours, pagesPerCheck } = plan.driftChecks
  return {
    everyHours:
      everyHours === null || bounds.everyMs <= 0
        ? null
        : Math.max(everyHours, Math.ceil(bounds.everyMs / 3600_000)),
    maxPages: Math.min(pagesPerCheck, bounds.maxPages),
    plan: { id: plan.id, name: plan.name, ...plan.driftChecks },
  }
}

export interface DriftChecks {
  start(): Promise<void>
  /** Queues a check of the site (or of one page), in `tx` when given. */
  request(
    input: {
      siteId: string
      kind: 'page' | 'site' | 'scheduled'
      pageId?: string | null
      requestedById?: string | null
    },
    tx?: Transaction,
  ): Promise<string>
  /** Queues the scheduled checks that are due (the schedule's job; tests call it). */
  queueDue(): Promise<number>
  /** The drift checks a site's plan gives it, within the server's bounds. */
  scheduleOf(organizationId: string): Promise<DriftSchedule>
  stop(): Promise<void>
}

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]

const imageOf = (metadata: Metadata): MetadataImage[] => [
  ...(metadata.openGraph?.images ?? []),
  ...(metadata.openGraph?.image ? [metadata.openGraph.image] : []),
  ...(metadata.twitter?.image ? [metadata.twitter.image] : []),
]

/** What is wrong with the images a crawler got, for a network that shows them in a card. */
export function imageFindings(
  images: readonly MetadataImage[],
  probes: ReadonlyMap<string, ImageProbe>,
  minimum: { width: number; height: number } | undefined,
  network: string,
): Finding[] {
  const out: Finding[] = []
  const seen = new Set<string>()
  for (const image of images) {
    if (seen.has(image.url)) continue
    seen.add(image.url)
    const probe = probes.get(image.url)
    if (!probe) continue
    if (!probe.ok) {
      out.push({
        kind: 'image',
        field: 'image',
        drift: true,
        served: image.url,
        message: `${probe.reason.charAt(0).toUpperCase()}${probe.reason.slice(1)}: ${network} shows no image.`,
      })
    } else if (minimum && (probe.width < minimum.width || probe.height < minimum.height)) {
      out.push({
        kind: 'image',
        field: 'image',
        drift: true,
        served: image.url,
        message: `The image at ${image.url} is ${probe.width}×${probe.height}: ${network} needs at least ${minimum.width}×${minimum.height}.`,
      })
    }
  }
  return out
}

export function createDriftChecks(options: DriftCheckOptions): DriftChecks {
  const { db, queue, logger } = options
  const origins = options.siteOrigins ?? {}
  const bounds = { everyMs: options.everyMs ?? 3600_000, maxPages: options.maxPages ?? 10_000 }
  const concurrency = options.concurrency ?? 4
  let crawler: Crawler | null = null
  const getCrawler = () => (crawler ??= options.crawler())
  const stopping = new AbortController()
  let workerId: string | null = null
  const everyMs = bounds.everyMs

  const scheduleOf = async (organizationId: string) =>
    driftSchedule((await effectivePlan(db, organizationId)).plan, bounds)

  /**
   * Queues a scheduled check of each connected site whose plan has scheduled checks, whose last
   * site check is older than its period (the plan's, within the server's bound) and that has
   * none under way; returns how many.
   */
  async function queueDue(): Promise<number> {
    if (everyMs <= 0) return 0
    const periods = plans.flatMap((plan) => {
      const hours = driftSchedule(plan, bounds).everyHours
      return hours === null ? [] : [sql`(${plan.id}::text, ${hours}::int)`]
    })
    if (periods.length === 0) return 0
    const statuses = sql.join(
      ACTIVE_SUBSCRIPTION_STATUSES.map((status) => sql`${status}`),
      sql`, `,
    )
    const planIds = sql.join(
      plans.map((plan) => sql`${plan.id}`),
      sql`, `,
    )
    // Each organization's plan is its newest active subscription's (billing/subscriptions.ts).
    const due = rowsOf<{ id: string; hours: number }>(
      await db.execute(sql`
        with period(plan, hours) as (values ${sql.join(periods, sql`, `)}),
        current_plan as (
          select distinct on (sub.reference_id) sub.reference_id, sub.plan from subscription sub
          where sub.status in (${statuses}) and sub.plan in (${planIds})
          order by sub.reference_id, coalesce(sub.period_start, sub.created_at) desc)
        select s.id, p.hours from site s
        join current_plan cp on cp.reference_id = s.organization_id
        join period p on p.plan = cp.plan
        where (s.first_request_at is not null or s.ownership_verified_at is not null)
          and not exists (
            select 1 from drift_check c where c.site_id = s.id and c.kind <> 'page'
              and (c.state in ('queued', 'running')
                or c.created_at > now() - make_interval(hours => p.hours)))
        order by s.id
        limit 1000`),
    )
    let queued = 0
    for (const row of due) {
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from site where id = ${row.id} for update`)
        const [busy] = rowsOf<{ id: string }>(
          await tx.execute(sql`
            select id from drift_check where site_id = ${row.id} and kind <> 'page'
              and (state in ('queued', 'running')
                or created_at > now() - make_interval(hours => ${row.hours}::int))`),
        )
        if (busy) return
        await request({ siteId: row.id, kind: 'scheduled' }, tx)
        queued += 1
      })
    }
    return queued
  }

  async function request(
    input: Parameters<DriftChecks['request']>[0],
    tx?: Transaction,
  ): Promise<string> {
    const id = randomUUID()
    const write = async (writer: Transaction) => {
      await writer.insert(driftCheck).values({
        id,
        siteId: input.siteId,
        kind: input.kind,
        pageId: input.pageId ?? null,
        requestedById: input.requestedById ?? null,
      })
      const onePage = input.kind === 'page'
      await writer.execute(sql`
          delete from drift_check where site_id = ${input.siteId} and (kind = 'page') = ${onePage}
            and id not in (
              select id from drift_check where site_id = ${input.siteId} and (kind = 'page') = ${onePage}
              order by created_at desc, id desc limit ${DRIFT_CHECKS_KEPT_PER_SITE})`)
      await queue().send(DRIFT_QUEUE, { checkId: id } satisfies DriftJob, {
        db: transactionDb(writer),
      })
    }
    if (tx) await write(tx)
    else await db.transaction(write)
    return id
  }

  async function pagesOf(row: typeof driftCheck.$inferSelect, maxPages: number) {
    const where = row.pageId
      ? and(eq(page.siteId, row.siteId), eq(page.id, row.pageId))
      : and(eq(page.siteId, row.siteId), isNotNull(page.path))
    return db
      .select({
        id: page.id,
        path: page.path,
        revisionId: metadataRevision.id,
        metadata: metadataRevision.metadata,
      })
      .from(page)
      .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
      .where(where)
      .orderBy(sql`${page.path} collate "C"`)
      .limit(maxPages)
  }

  type Agent = (typeof CRAWLER_AGENTS)[number]
  interface Checked {
    agent: Agent
    row: {
      status: number | null
      findings: Finding[]
      served: Metadata | null
      error: string | null
    }
  }

  /** One page as one crawler gets it, compared with what it should serve. */
  async function checkAs(
    agent: Agent,
    url: string,
    intended: Metadata,
    previous: readonly Metadata[],
    signal: AbortSignal,
  ): Promise<Checked> {
    const answer = await getCrawler().fetchPage(url, { signal, userAgent: agent.userAgent })
    if (!answer.ok) {
      return {
        agent,
        row: { status: answer.status ?? null, findings: [], served: null, error: answer.reason },
      }
    }
    const comparison = compareServed({
      intended,
      previous,
      page: {
        url,
        finalUrl: answer.finalUrl,
        status: answer.status,
        html: answer.html,
        headers: answer.headers,
        userAgent: agent.userAgent,
      },
    })
    const images = imageOf(comparison.served)
    const probes = new Map<string, ImageProbe>()
    if ('image' in agent) {
      for (const image of images.slice(0, 4)) {
        probes.set(image.url, await getCrawler().probeImage(image.url, { signal }))
      }
    }
    return {
      agent,
      row: {
        status: answer.status,
        findings: [
          ...comparison.findings,
          ...imageFindings(images, probes, 'image' in agent ? agent.image : undefined, agent.name),
        ],
        served: comparison.served,
        error: null,
      },
    }
  }

  /**
   * The site's override is the same for every crawler. A value one crawler gets while the others
   * get Headmark's is not an override: the site serves that crawler something else (drift).
   */
  function crossCheck(rows: Checked[]) {
    for (const { agent, row } of rows) {
      for (const finding of row.findings) {
        if (finding.kind !== 'overridden' || finding.field === undefined) continue
        const othersMatch = rows.some(
          (other) =>
            other.agent.id !== agent.id &&
            other.row.error === null &&
            !other.row.findings.some((found) => found.field === finding.field),
        )
        if (!othersMatch) continue
        finding.kind = 'different'
        finding.drift = true
        finding.message = `${finding.message.split(' is ')[0]} ${agent.name} gets is not what other crawlers get.`
      }
    }
  }

  async function run(job: Job<DriftJob>): Promise<void> {
    const checkId = job.data.checkId
    const [claimed] = await db
      .update(driftCheck)
      .set({ state: 'running', startedAt: sql`coalesce(${driftCheck.startedAt}, now())` })
      .where(and(eq(driftCheck.id, checkId), sql`${driftCheck.state} in ('queued', 'running')`))
      .returning()
    if (!claimed) return
    const [siteRow] = await db.select().from(site).where(eq(site.id, claimed.siteId))
    if (!siteRow) return
    // A site check reads as many URLs as the plan gives (within the server's bound): on a site
    // with locales, each language version of a page is a URL of its own and counts once.
    const maxPages = (await scheduleOf(siteRow.organizationId)).maxPages
    const pages = await pagesOf(claimed, maxPages)
    const setsByPage = siteRow.locales
      ? await localeSetsOfPages(
          db,
          pages.map((row) => row.id),
        )
      : new Map<string, Map<string, { revisionId: string; metadata: Metadata }>>()
    const targets = pages
      .flatMap((pageRow) => versionsOf(siteRow, pageRow, setsByPage.get(pageRow.id)))
      .slice(0, maxPages)
    await db.update(driftCheck).set({ pageCount: targets.length }).where(eq(driftCheck.id, checkId))
    const defaults = await currentDefaults(db, siteRow.id)
    const rules = await loadSiteRules(db, siteRow.id)
    const done = new Set(
      (
        await db
          .select({
            pageId: driftResult.pageId,
            locale: driftResult.locale,
            agent: driftResult.agent,
          })
          .from(driftResult)
          .where(eq(driftResult.checkId, checkId))
      ).map((row) => `${row.pageId} ${row.locale} ${row.agent}`),
    )
    const signal = stopping.signal
    const tasks: Array<() => Promise<void>> = []
    for (const { pageRow, locale, sets } of targets) {
      const path = pageRow.path as string
      const stored = locale ?? ''
      const agents = CRAWLER_AGENTS.filter(
        (agent) => !done.has(`${pageRow.id} ${stored} ${agent.id}`),
      )
      const url = localeFetchUrl(siteRow, path, locale, origins)
      if (agents.length === 0 || url === null) continue
      // The set read in this version: the page's own for the default locale, else the locale's.
      const setLocale = locale === null || locale === siteRow.locales?.defaultLocale ? null : locale
      // One page at a time, its crawlers together: what one crawler gets is compared with what
      // the others get, and the page's rows are stored in one statement.
      tasks.push(async () => {
        // What the version serves: get-latest's answer for the path in its locale.
        const served = async (set: Metadata | null) =>
          (
            await servedPageInLocale(db, {
              site: siteRow,
              path,
              page: {
                id: pageRow.id,
                own: setLocale === null ? set : (pageRow.metadata ?? null),
              },
              locale: setLocale,
              sets:
                setLocale === null || set === null
                  ? (sets ?? new Map())
                  : new Map(sets).set(setLocale, { revisionId: '', metadata: set }),
              defaults,
              rules,
            })
          ).metadata
        const current =
          setLocale === null ? (pageRow.metadata ?? null) : (sets?.get(setLocale)?.metadata ?? null)
        const intended = await served(current)
        // What the set's earlier revisions served: a value one of them had is a stale cache
        // (drift), not the site's override.
        const currentId =
          setLocale === null ? pageRow.revisionId : (sets?.get(setLocale)?.revisionId ?? null)
        const earlier =
          currentId === null
            ? []
            : await db
                .select({ metadata: metadataRevision.metadata })
                .from(metadataRevision)
                .where(
                  and(
                    eq(metadataRevision.pageId, pageRow.id),
                    setLocale === null
                      ? isNull(metadataRevision.locale)
                      : eq(metadataRevision.locale, setLocale),
                    ne(metadataRevision.id, currentId),
                  ),
                )
                .orderBy(desc(metadataRevision.number))
                .limit(EARLIER_REVISIONS)
        const previous: Metadata[] = []
        for (const revision of earlier) previous.push(await served(revision.metadata))
        const rows = await Promise.all(
          agents.map((agent) => checkAs(agent, url, intended, previous, signal)),
        )
        signal.throwIfAborted()
        crossCheck(rows)
        const inserted = await db
          .insert(driftResult)
          .values(
            rows.map(({ agent, row }) => ({
              ...row,
              checkId,
              pageId: pageRow.id,
              path,
              locale: stored,
              agent: agent.id,
              drifting: row.findings.some((finding) => finding.drift) || row.error !== null,
            })),
          )
          .onConflictDoNothing()
          .returning({ agent: driftResult.agent })
        if (inserted.length > 0) {
          await db
            .update(driftCheck)
            .set({ resultCount: sql`${driftCheck.resultCount} + ${inserted.length}` })
            .where(eq(driftCheck.id, checkId))
        }
      })
    }
    let next = 0
    await Promise.all(
      Array.from({ length: Math.min(concurrency, tasks.length) }, async () => {
        while (next < tasks.length && !signal.aborted)
          await (tasks[next++] as () => Promise<void>)()
      }),
    )
    if (signal.aborted) throw new Error('The server stopped during a drift check; it resumes.')
    // The summary, from the rows (whichever run wrote them). The check is done once its alerts
    // are written, so that whoever sees it done also sees its webhook message.
    await db.execute(sql`
      update drift_check set
        checked_count = (select count(distinct (page_id, locale)) from drift_result where check_id = ${checkId}),
        drifting_count = (select count(distinct (page_id, locale)) from drift_result where check_id = ${checkId} and drifting),
        result_count = (select count(*) from drift_result where check_id = ${checkId})
      where id = ${checkId}`)
    // Marked alerted in the transaction that writes the alert (its webhook message and its
    // e-mails' jobs): never twice, and never lost once the check reads done.
    await db.transaction(async (tx) => {
      const [marked] = await tx
        .update(driftCheck)
        .set({ alertedAt: sql`now()` })
        .where(and(eq(driftCheck.id, checkId), sql`${driftCheck.alertedAt} is null`))
        .returning({ id: driftCheck.id })
      if (marked && options.alert) await options.alert(tx, checkId)
    })
    await db
      .update(driftCheck)
      .set({ state: 'done', finishedAt: sql`now()` })
      .where(eq(driftCheck.id, checkId))
  }

  return {
    async start() {
      const boss = queue()
      await ensureQueue(boss, DRIFT_QUEUE, {
        retryLimit: 5,
        retryDelay: 2,
        retryBackoff: true,
        heartbeatSeconds: 10,
        expireInSeconds: 6 * 3600,
        deleteAfterSeconds: 7 * 24 * 3600,
        retentionSeconds: 7 * 24 * 3600,
      })
      if (everyMs > 0) {
        await ensureQueue(boss, DRIFT_SCHEDULE_QUEUE, {
          policy: 'stately',
          retryLimit: 5,
          retryDelay: 60,
          expireInSeconds: 3600,
          deleteAfterSeconds: 24 * 3600,
        })
        const period = Math.min(3600_000, everyMs)
        const queueNext = (after: number) =>
          boss.send(
            DRIFT_SCHEDULE_QUEUE,
            {},
            { startAfter: new Date(Date.now() + after), singletonKey: 'schedule' },
          )
        await boss.work(
          DRIFT_SCHEDULE_QUEUE,
          { batchSize: 1, pollingIntervalSeconds: 5 },
          async () => {
            const queued = await queueDue()
            if (queued > 0) logger.info(`[health] ${queued} scheduled drift checks queued`)
            await queueNext(period)
          },
        )
        await queueNext(60_000)
      }
      if (workerId) return
      workerId = await boss.work<DriftJob>(
        DRIFT_QUEUE,
        { batchSize: 1, localConcurrency: 2, pollingIntervalSeconds: 1 },
        async ([job]) => {
          if (!job) return
          try {
            await run(job)
          } catch (error) {
            if (!stopping.signal.aborted) {
              logger.warn(
                `[health] drift check ${job.data.checkId} failed; it is retried: ${String(error).slice(0, 300)}`,
              )
            }
            throw error
          }
        },
      )
    },
    request,
    queueDue,
    scheduleOf,
    async stop() {
      stopping.abort()
      await crawler?.close().catch(() => {})
    },
  }
}

/**
 * The language versions of a page a drift check fetches, default locale first: on a site with
 * locales, the default locale's and each other declared locale's with a set of its own (the
 * versions its hreflang cluster can name); on a site without locales, the page (locale null).
 */
function versionsOf<P>(
  siteRow: { locales: SiteLocales | null },
  pageRow: P,
  sets: Map<string, { revisionId: string; metadata: Metadata }> | undefined,
): Array<{
  pageRow: P
  locale: string | null
  sets: Map<string, { revisionId: string; metadata: Metadata }> | undefined
}> {
  const locales = siteRow.locales
  if (!locales) return [{ pageRow, locale: null, sets }]
  const others = locales.locales
    .map((locale) => locale.code)
    .filter((code) => code !== locales.defaultLocale && sets?.has(code))
  return [locales.defaultLocale, ...others].map((locale) => ({ pageRow, locale, sets }))
}

/** A site's checks (those of the whole site and those of single pages), newest first: the log. */
export async function siteChecks(db: Database, siteId: string) {
  return db
    .select()
    .from(driftCheck)
    .where(eq(driftCheck.siteId, siteId))
    .orderBy(sql`${driftCheck.createdAt} desc, ${driftCheck.id} desc`)
    .limit(2 * DRIFT_CHECKS_KEPT_PER_SITE)
}

/** The results of one check, page by page, drifting first (within a page, by crawler). */
export async function checkResults(db: Database, checkId: string, pageId?: string) {
  return db
    .select()
    .from(driftResult)
    .where(
      pageId
        ? and(eq(driftResult.checkId, checkId), eq(driftResult.pageId, pageId))
        : eq(driftResult.checkId, checkId),
    )
    .orderBy(asc(driftResult.path), asc(driftResult.locale), asc(driftResult.agent))
}
