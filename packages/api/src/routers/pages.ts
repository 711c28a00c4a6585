import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { and, asc, eq, gt, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { checkPageQuota } from '../billing/quotas.ts'
import type { Database } from '../db/client.ts'
import { metadataRevision, page, site, user } from '../db/schema.ts'
import type { Transaction } from '../domain/events.ts'
import { servedForPath } from '../domain/revisions.ts'
import { clusterOfPage, localeSets } from '../domain/page-locales.ts'
import { localeMapping, localeMetadata, localeUrl, withCluster } from '../domain/site-locales.ts'
import { localeOf } from './metadata-revisions.ts'
import { contextActor, recordAudit } from '../domain/audit.ts'
import { assertMayPublish, NO_FACTS } from '../domain/publishing-policy.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import {
  createPageInput,
  pageSiteRef,
  rawPagePathSchema,
  updatePagePathInput,
} from '../shared/pages.ts'
import {
  clip,
  lookupText,
  pagePathOf,
  requirePage,
  requireSite,
  siteSchema,
  siteWithCounts,
} from '../rpc/site-guard.ts'
import { isUniqueViolation } from './errors.ts'
import { findRevision, revisionSchema } from './revision-shapes.ts'

/** A page in the site's list: its path and its last change. */
export const pageSummarySchema = z.object({
  id: z.string(),
  path: z.string(),
  currentRevisionId: z.string().nullable(),
  lastChangedAt: z.date().nullable(),
  lastChangedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Revisions are numbered 1..n, so this is the current revision's number. */
  revisionCount: z.number().int(),
})
export type PageSummary = z.infer<typeof pageSummarySchema>

const metadataOut = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
)

const rawPath = rawPagePathSchema
const siteRef = pageSiteRef

function pathIssue(message: string) {
  return { issues: [{ path: ['path'], message }] }
}

function pathTaken(path: string) {
  const message = `This site already has a page ${clip(path)}.`
  return new ORPCError('CONFLICT', { message, data: pathIssue(message) })
}

const defaultsAreFixed = (verb: string) =>
  new ORPCError('BAD_REQUEST', {
    message: `The site’s defaults can not be ${verb}; they apply to every page.`,
  })

/** The path a create/rename asks for, normalised; refused with a message on the `path` field. */
function newPathOf(input: string, siteHostname: string): string {
  try {
    return pagePathOf(input, siteHostname) as string
  } catch (error) {
    if (error instanceof ORPCError) {
      throw new ORPCError('BAD_REQUEST', { message: error.message, data: pathIssue(error.message) })
    }
    throw error
  }
}

function summaries(db: Database | Transaction) {
  return db
    .select({
      id: page.id,
      path: page.path,
      currentRevisionId: page.currentRevisionId,
      lastChangedAt: metadataRevision.createdAt,
      authorId: user.id,
      authorName: user.name,
      revisionCount: metadataRevision.number,
    })
    .from(page)
    .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
    .leftJoin(user, eq(user.id, metadataRevision.authorId))
}

type SummaryRow = Awaited<ReturnType<typeof summaries>>[number]

function toSummary(row: SummaryRow): PageSummary {
  return {
    id: row.id,
    path: row.path ?? '',
    currentRevisionId: row.currentRevisionId,
    lastChangedAt: row.lastChangedAt,
    lastChangedBy: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
    revisionCount: row.revisionCount ?? 0,
  }
}

async function summaryOf(db: Database | Transaction, pageId: string): Promise<PageSummary> {
  const [row] = await summaries(db).where(eq(page.id, pageId)).limit(1)
  if (!row) throw new ORPCError('NOT_FOUND', { message: 'This page was just deleted.' })
  return toSummary(row)
}

/** Byte-order comparison and sort, matching the index `page_site_path_c_idx`. */
const pathBytes = sql`${page.path} collate "C"`

export const pagesRouter = {
  /**
   * A site's pages by path (byte order), 1..100 at a time (keyset paging: the cursor is the last
   * path of the previous page, so every page of the list costs the same). The defaults page is
   * not listed.
   */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        ...siteRef,
        search: lookupText('The search', 2048).optional(),
        cursor: lookupText('The cursor', 8192).optional(),
        limit: z.number().int().min(1).max(100).default(50),
      }),
    )
    .output(z.object({ items: z.array(pageSummarySchema), nextCursor: z.string().nullable() }))
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      const search = input.search?.trim()
      const rows = await summaries(context.db)
        .where(
          and(
            eq(page.siteId, current.id),
            isNotNull(page.path),
            input.cursor === undefined ? undefined : gt(pathBytes, input.cursor),
            search ? sql`strpos(lower(${page.path}), lower(${search})) > 0` : undefined,
          ),
        )
        .orderBy(asc(pathBytes))
        .limit(input.limit + 1)
      const items = rows.slice(0, input.limit).map(toSummary)
      const more = rows.length > input.limit
      return { items, nextCursor: more ? (items.at(-1)?.path ?? null) : null }
    }),

  /**
   * A page (pagePath null = the site's defaults) with its current revision, the site's defaults
   * its matching path rules and what the path serves (defaults + rules + page + title template).
   */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        ...siteRef,
        pagePath: rawPath.nullable(),
        /** On a site with locales, the locale's set to read (absent: the default locale's). */
        locale: lookupText('The locale', 64).nullable().optional(),
      }),
    )
    .output(
      z.object({
        site: siteSchema,
        page: z.object({
          id: z.string(),
          path: z.string().nullable(),
          createdAt: z.date(),
          currentRevisionId: z.string().nullable(),
        }),
        revision: revisionSchema.nullable(),
        defaults: metadataOut,
        /** The path rules that apply to this path, least → most specific (none for the defaults). */
        rules: z.array(
          z.object({
            pattern: z.string(),
            metadata: metadataOut,
            titleTemplate: z.string().nullable(),
          }),
        ),
        served: metadataOut,
        /**
         * On a site with locales (absent otherwise): the locale read (null: the default's, the
         * page's own set), the locales with a set of their own, the default locale's set the
         * locale inherits from, and the page's hreflang cluster with what could not be built.
         */
        locales: z
          .object({
            locale: z.string().nullable(),
            /** The page's address in that locale. */
            url: z.string().nullable(),
            withSets: z.array(z.string()),
            inherited: metadataOut.nullable(),
            cluster: z.object({
              alternates: z.record(z.string(), z.string()),
              findings: z.array(
                z.object({
                  rule: z.string(),
                  severity: z.enum(['error', 'warning', 'info']),
                  locale: z.string(),
                  message: z.string(),
                }),
              ),
            }),
          })
          .optional(),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const path = pagePathOf(input.pagePath, siteRow.hostname)
      const pageRow = await requirePage(context.db, siteRow.id, path)
      const locale = localeOf(siteRow.locales, path, input.locale)
      const [own, sets, siteOut] = await Promise.all([
        pageRow.currentRevisionId === null
          ? null
          : findRevision(context.db, pageRow.id, pageRow.currentRevisionId),
        siteRow.locales && path !== null ? localeSets(context.db, pageRow.id) : null,
        siteWithCounts(context.db, siteRow),
      ])
      const localeRevision = locale === null ? undefined : sets?.get(locale)
      const revision =
        locale === null
          ? own
          : localeRevision
            ? await findRevision(context.db, pageRow.id, localeRevision.revisionId)
            : null
      const served = await servedForPath(context.db, {
        site: siteRow,
        path,
        metadata:
          locale === null
            ? (own?.metadata ?? null)
            : localeMetadata(own?.metadata ?? null, revision?.metadata ?? null),
      })
      const locales =
        siteRow.locales && path !== null && sets
          ? {
              locale,
              url: localeUrl(
                localeMapping(siteRow.hostname, siteRow.locales),
                locale ?? siteRow.locales.defaultLocale,
                path,
              ),
              withSets: [...sets.keys()],
              inherited: locale === null ? null : (own?.metadata ?? null),
              cluster: await clusterOfPage(context.db, {
                site: { ...siteRow, locales: siteRow.locales },
                path,
                own: own?.metadata ?? null,
                sets,
                defaults: served.defaults,
                rules: served.rules,
              }),
            }
          : undefined
      const shown =
        locales && siteRow.locales
          ? withCluster(
              served.metadata,
              locales.cluster.alternates,
              locale ?? siteRow.locales.defaultLocale,
            )
          : served.metadata
      return {
        ...(locales ? { locales } : {}),
        site: siteOut,
        page: {
          id: pageRow.id,
          path: pageRow.path,
          createdAt: pageRow.createdAt,
          currentRevisionId: pageRow.currentRevisionId,
        },
        revision,
        defaults: served.defaults,
        rules: served.rules.map(({ pattern, metadata, titleTemplate }) => ({
          pattern,
          metadata,
          titleTemplate,
        })),
        served: shown,
      }
    }),

  /** Adds a page (with no revision yet) at a normalised path; CONFLICT if it exists. */
  create: organizationProcedure()
    .input(createPageInput)
    .output(pageSummarySchema)
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const path = newPathOf(input.path, siteRow.hostname)
      const id = randomUUID()
      try {
        await context.db.transaction(async (tx) => {
          // A path the site already has is a CONFLICT, whatever its plan allows.
          const [taken] = await tx
            .select({ id: page.id })
            .from(page)
            .where(and(eq(page.siteId, siteRow.id), eq(page.path, path)))
          if (taken) throw pathTaken(path)
          await checkPageQuota(tx, context.organization, siteRow.id)
          await tx.insert(page).values({ id, siteId: siteRow.id, path })
          await recordAudit(tx, {
            organizationId: context.organization.id,
            actor: contextActor(context),
            action: 'page.created',
            target: { kind: 'page', id, label: `${siteRow.hostname}${path}` },
            summary: { after: { path } },
          })
        })
      } catch (error) {
        if (isUniqueViolation(error, 'page_site_path_unique')) throw pathTaken(path)
        throw error
      }
      return summaryOf(context.db, id)
    }),

  /** Moves a page to another path, keeping its history. */
  updatePath: organizationProcedure()
    .input(updatePagePathInput)
    .output(pageSummarySchema)
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const from = pagePathOf(input.pagePath, siteRow.hostname)
      const to = newPathOf(input.path, siteRow.hostname)
      const pageRow = await requirePage(context.db, siteRow.id, from)
      if (pageRow.path === null) throw defaultsAreFixed('renamed')
      if (to === pageRow.path) return summaryOf(context.db, pageRow.id)
      await assertMayPublish(context.db, {
        organizationId: context.organization.id,
        role: context.membership.role,
        facts: { ...NO_FACTS, pages: 2 },
        action: 'move this page',
      })
      try {
        await context.db.transaction(async (tx) => {
          // Site first, then page: the lock order of every write to a site's pages.
          await tx
            .update(site)
            .set({ lastChangedAt: sql`now()` })
            .where(eq(site.id, siteRow.id))
          const moved = await tx
            .update(page)
            .set({ path: to })
            .where(and(eq(page.id, pageRow.id), eq(page.siteId, siteRow.id)))
            .returning({ id: page.id })
          if (moved.length === 0) {
            throw new ORPCError('NOT_FOUND', { message: 'This page was just deleted.' })
          }
          await recordAudit(tx, {
            organizationId: context.organization.id,
            actor: contextActor(context),
            action: 'page.renamed',
            target: { kind: 'page', id: pageRow.id, label: `${siteRow.hostname}${to}` },
            summary: { before: { path: pageRow.path }, after: { path: to } },
          })
        })
      } catch (error) {
        if (isUniqueViolation(error, 'page_site_path_unique')) throw pathTaken(to)
        throw error
      }
      context.events.siteChanged(siteRow.id)
      return summaryOf(context.db, pageRow.id)
    }),

  /** Deletes a page and its history. The site's defaults can not be deleted. */
  delete: organizationProcedure()
    .input(z.object({ ...siteRef, pagePath: rawPath.nullable() }))
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const path = pagePathOf(input.pagePath, siteRow.hostname)
      const pageRow = await requirePage(context.db, siteRow.id, path)
      if (pageRow.path === null) throw defaultsAreFixed('deleted')
      await assertMayPublish(context.db, {
        organizationId: context.organization.id,
        role: context.membership.role,
        facts: { ...NO_FACTS, pages: 1 },
        action: 'delete this page',
      })
      await context.db.transaction(async (tx) => {
        await tx
          .update(site)
          .set({ lastChangedAt: sql`now()` })
          .where(eq(site.id, siteRow.id))
        const deleted = await tx
          .delete(page)
          .where(and(eq(page.id, pageRow.id), eq(page.siteId, siteRow.id)))
          .returning({ id: page.id })
        if (deleted.length === 0) return
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'page.deleted',
          target: { kind: 'page', id: pageRow.id, label: `${siteRow.hostname}${pageRow.path}` },
          summary: { before: { path: pageRow.path } },
        })
      })
      context.events.siteChanged(siteRow.id)
      return { ok: true as const }
    }),
}
