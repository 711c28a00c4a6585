import { ORPCError } from '@orpc/server'
import { and, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { changeSet, driftCheck, liveCheck, metadataRevision, page } from '../db/schema.ts'
import { changeSetNotFound } from '../domain/change-sets.ts'
import { checkResults, CRAWLER_AGENTS, siteChecks } from '../health/drift.ts'
import { LIVE_CHECKS_PER_CHANGE_SET, latestLiveCheck } from '../health/live.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { lookupText, pagePathOf, requirePage, requireSite } from '../rpc/site-guard.ts'

const findingSchema = z.object({
  kind: z.string(),
  field: z.string().optional(),
  message: z.string(),
  drift: z.boolean(),
  intended: z.unknown().optional(),
  served: z.unknown().optional(),
})

/** The newest "live after save" check of a page, as its editor shows it. */
export const liveCheckSchema = z.object({
  id: z.string(),
  revisionId: z.string(),
  revisionNumber: z.number(),
  /** The URL fetched. */
  url: z.string(),
  /** The host the page was fetched from, for "Live on <host>". */
  host: z.string(),
  /** The locale whose set was saved, on a site with locales (null: the page's own set). */
  locale: z.string().nullable(),
  state: z.enum(['pending', 'live', 'not_live']),
  savedAt: z.date(),
  /** After how long the site served the save (live), or the bound (not live); null while pending. */
  elapsedMs: z.number().nullable(),
  attempts: z.number(),
  status: z.number().nullable(),
  /** What the site served at the last fetch. */
  served: z.record(z.string(), z.unknown()).nullable(),
  /** The differences at the last fetch. */
  findings: z.array(findingSchema),
  /** Why the last fetch got no page. */
  error: z.string().nullable(),
  finishedAt: z.date().nullable(),
})

const siteRef = {
  organizationSlug: z.string(),
  siteHostname: lookupText('The hostname', 4096),
}

const liveRouter = {
  /**
   * The newest live check of a page (null: no save has been checked; checks run on sites whose
   * SDK has called Headmark or whose ownership is verified). Every member may read it.
   */
  getLiveCheck: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        organizationSlug: z.string(),
        siteHostname: lookupText('The hostname', 4096),
        pagePath: z.string(),
      }),
    )
    .output(liveCheckSchema.nullable())
    .handler(async ({ context, input }) => {
      const site = await requireSite(context.db, context.organization.id, input.siteHostname)
      const page = await requirePage(context.db, site.id, pagePathOf(input.pagePath, site.hostname))
      const row = await latestLiveCheck(context.db, page.id)
      if (!row) return null
      return {
        ...row,
        host: new URL(row.url).host,
        served: (row.served ?? null) as Record<string, unknown> | null,
        findings: row.findings ?? [],
      }
    }),

  /**
   * The live checks an applied change set started (its first 20 paths, in path order): whether
   * the site serves each page's new metadata, and after how long. Every member may read them.
   */
  listChangeSetLiveChecks: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ ...siteRef, changeSetId: lookupText('The change set id', 256) }))
    .output(
      z.object({
        /** Paths an applied change set checks at most. */
        limit: z.number(),
        checks: z.array(
          z.object({
            path: z.string(),
            state: z.enum(['pending', 'live', 'not_live']),
            elapsedMs: z.number().nullable(),
            host: z.string(),
          }),
        ),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const [set] = await context.db
        .select({ id: changeSet.id })
        .from(changeSet)
        .where(and(eq(changeSet.id, input.changeSetId), eq(changeSet.siteId, siteRow.id)))
      if (!set) throw changeSetNotFound()
      const rows = await context.db
        .select({
          path: page.path,
          state: liveCheck.state,
          elapsedMs: liveCheck.elapsedMs,
          url: liveCheck.url,
        })
        .from(liveCheck)
        .innerJoin(metadataRevision, eq(metadataRevision.id, liveCheck.revisionId))
        .innerJoin(page, eq(page.id, liveCheck.pageId))
        .where(and(eq(metadataRevision.changeSetId, set.id), eq(liveCheck.siteId, siteRow.id)))
        .orderBy(sql`${page.path} collate "C"`)
      return {
        limit: LIVE_CHECKS_PER_CHANGE_SET,
        checks: rows.map((row) => ({
          path: row.path ?? '',
          state: row.state,
          elapsedMs: row.elapsedMs,
          host: new URL(row.url).host,
        })),
      }
    }),
}

const agentResultSchema = z.object({
  agent: z.string(),
  status: z.number().nullable(),
  drifting: z.boolean(),
  findings: z.array(findingSchema),
  served: z.record(z.string(), z.unknown()).nullable(),
  error: z.string().nullable(),
})

const checkSchema = z.object({
  id: z.string(),
  kind: z.enum(['page', 'site', 'scheduled']),
  state: z.enum(['queued', 'running', 'done', 'failed']),
  pageCount: z.number().nullable(),
  checkedCount: z.number(),
  driftingCount: z.number(),
  resultCount: z.number(),
  createdAt: z.date(),
  finishedAt: z.date().nullable(),
})

const pageResultSchema = z.object({
  pageId: z.string(),
  path: z.string(),
  /** The language version checked (its URL from the site's locales); null on a site without locales. */
  locale: z.string().nullable(),
  drifting: z.boolean(),
  agents: z.array(agentResultSchema),
})

type Row = Awaited<ReturnType<typeof checkResults>>[number]

function byPage(rows: Row[]): Array<z.infer<typeof pageResultSchema>> {
  const pages = new Map<string, z.infer<typeof pageResultSchema>>()
  for (const row of rows) {
    // One entry per page and language version.
    const key = `${row.pageId} ${row.locale}`
    let entry = pages.get(key)
    if (!entry) {
      entry = {
        pageId: row.pageId,
        path: row.path,
        locale: row.locale === '' ? null : row.locale,
        drifting: false,
        agents: [],
      }
      pages.set(key, entry)
    }
    entry.drifting ||= row.drifting
    entry.agents.push({
      agent: row.agent,
      status: row.status,
      drifting: row.drifting,
      findings: row.findings,
      served: (row.served ?? null) as Record<string, unknown> | null,
      error: row.error,
    })
  }
  const order = new Map(CRAWLER_AGENTS.map((agent, index) => [agent.id as string, index]))
  for (const entry of pages.values()) {
    entry.agents.sort((a, b) => (order.get(a.agent) ?? 99) - (order.get(b.agent) ?? 99))
  }
  return [...pages.values()]
}

function notConnected(hostname: string) {
  return new ORPCError('PRECONDITION_FAILED', {
    message: `${hostname} is not connected yet: checks fetch a site once its SDK has called Headmark or its ownership is verified (Import → Ownership).`,
  })
}

function checkRunning(what: string) {
  return new ORPCError('CONFLICT', {
    message: `A check of ${what} is already under way: its results show here when it ends.`,
  })
}

const connected = (siteRow: { firstRequestAt: Date | null; ownershipVerifiedAt: Date | null }) =>
  siteRow.firstRequestAt !== null || siteRow.ownershipVerifiedAt !== null

export const healthRouter = {
  ...liveRouter,

  /** Queues a drift check of one page (the editor's Check). Every member may. */
  checkPage: organizationProcedure()
    .input(z.object({ ...siteRef, pagePath: z.string() }))
    .output(z.object({ checkId: z.string() }))
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const pageRow = await requirePage(
        context.db,
        siteRow.id,
        pagePathOf(input.pagePath, siteRow.hostname),
      )
      if (!connected(siteRow)) throw notConnected(siteRow.hostname)
      return context.db.transaction(async (tx) => {
        await tx.execute(sql`select id from site where id = ${siteRow.id} for update`)
        const [running] = await tx
          .select({ id: driftCheck.id })
          .from(driftCheck)
          .where(
            and(
              eq(driftCheck.pageId, pageRow.id),
              inArray(driftCheck.state, ['queued', 'running']),
            ),
          )
        if (running) throw checkRunning(`${siteRow.hostname}${pageRow.path ?? ''}`)
        const checkId = await context.drift.request(
          {
            siteId: siteRow.id,
            kind: 'page',
            pageId: pageRow.id,
            requestedById: context.user.id,
          },
          tx,
        )
        return { checkId }
      })
    }),

  /** Queues a drift check of every page of the site (Check now). Every member may. */
  checkSite: organizationProcedure()
    .input(z.object(siteRef))
    .output(z.object({ checkId: z.string() }))
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      if (!connected(siteRow)) throw notConnected(siteRow.hostname)
      return context.db.transaction(async (tx) => {
        await tx.execute(sql`select id from site where id = ${siteRow.id} for update`)
        const [running] = await tx
          .select({ id: driftCheck.id })
          .from(driftCheck)
          .where(
            and(
              eq(driftCheck.siteId, siteRow.id),
              inArray(driftCheck.kind, ['site', 'scheduled']),
              inArray(driftCheck.state, ['queued', 'running']),
            ),
          )
        if (running) throw checkRunning(siteRow.hostname)
        const checkId = await context.drift.request(
          { siteId: siteRow.id, kind: 'site', requestedById: context.user.id },
          tx,
        )
        return { checkId }
      })
    }),

  /**
   * The site's health: its score and drifted pages at the newest finished site check, what
   * each crawler got, and the check log (the newest 20 checks of the whole site and 20 of single
   * pages). Every member may read it.
   */
  getSite: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object(siteRef))
    .output(
      z.object({
        connected: z.boolean(),
        /** Pages serving what they should, in percent, at the newest finished site check. */
        score: z.number().nullable(),
        latest: checkSchema.nullable(),
        drifted: z.array(pageResultSchema),
        checks: z.array(checkSchema),
        /** What the organization's plan gives the site, within the server's bounds. */
        schedule: z.object({
          planId: z.string(),
          planName: z.string(),
          /** Hours between scheduled checks; null: only on demand. */
          everyHours: z.number().nullable(),
          /** Pages one check reads at most. */
          maxPages: z.number(),
          /** The plan's own values (larger when the server bounds them). */
          planEveryHours: z.number().nullable(),
          planPagesPerCheck: z.number(),
          /**
           * When the next scheduled check is due (it starts within the hour after); null: none
           * is scheduled (only on demand, not connected, or one is under way).
           */
          nextAt: z.date().nullable(),
        }),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const checks = await siteChecks(context.db, siteRow.id)
      const latest = checks.find((check) => check.kind !== 'page' && check.state === 'done') ?? null
      const drifted = latest
        ? byPage(await checkResults(context.db, latest.id)).filter((entry) => entry.drifting)
        : []
      const schedule = await context.drift.scheduleOf(siteRow.organizationId)
      const lastSiteCheck = checks.find((check) => check.kind !== 'page')
      const underWay =
        lastSiteCheck !== undefined &&
        (lastSiteCheck.state === 'queued' || lastSiteCheck.state === 'running')
      const nextAt =
        schedule.everyHours === null || !connected(siteRow) || underWay
          ? null
          : lastSiteCheck
            ? new Date(
                Math.max(
                  Date.now(),
                  lastSiteCheck.createdAt.getTime() + schedule.everyHours * 3600_000,
                ),
              )
            : new Date()
      return {
        schedule: {
          planId: schedule.plan.id,
          planName: schedule.plan.name,
          everyHours: schedule.everyHours,
          maxPages: schedule.maxPages,
          planEveryHours: schedule.plan.everyHours,
          planPagesPerCheck: schedule.plan.pagesPerCheck,
          nextAt,
        },
        connected: connected(siteRow),
        score:
          latest && latest.checkedCount > 0
            ? Math.round((100 * (latest.checkedCount - latest.driftingCount)) / latest.checkedCount)
            : null,
        latest,
        drifted,
        checks,
      }
    }),

  /** What each crawler got for one page at the newest finished check that read it. */
  getPage: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ ...siteRef, pagePath: z.string() }))
    .output(
      z.object({
        check: checkSchema.nullable(),
        /** A check of this page is queued or running. */
        pending: z.boolean(),
        /** The page's result (on a site with locales: its default locale's version). */
        result: pageResultSchema.nullable(),
        /** Every language version checked, default locale first (one on a site without locales). */
        versions: z.array(pageResultSchema),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const pageRow = await requirePage(
        context.db,
        siteRow.id,
        pagePathOf(input.pagePath, siteRow.hostname),
      )
      const checks = await siteChecks(context.db, siteRow.id)
      const pending = checks.some(
        (check) =>
          (check.state === 'queued' || check.state === 'running') &&
          (check.pageId === pageRow.id || check.pageId === null),
      )
      for (const check of checks) {
        if (check.state !== 'done') continue
        if (check.pageId !== null && check.pageId !== pageRow.id) continue
        const rows = await checkResults(context.db, check.id, pageRow.id)
        if (rows.length === 0) continue
        const versions = byPage(rows)
        const first = siteRow.locales?.defaultLocale ?? null
        versions.sort((a, b) => Number(b.locale === first) - Number(a.locale === first))
        return { check, pending, result: versions[0] ?? null, versions }
      }
      return { check: null, pending, result: null, versions: [] }
    }),
}
