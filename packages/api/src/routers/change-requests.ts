import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { and, asc, desc, eq, inArray, isNull, lt, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  changeRequest,
  changeRequestComment,
  changeRequestReview,
  agentConnection,
  changeRequestReviewer,
  changeSet,
  changeSetItem,
  member,
  metadataRevision,
  page,
  pageLocale,
  pathRule,
  pathRuleRevision,
  publishingPolicy,
  site,
  user,
} from '../db/schema.ts'
import { changeRequestAgentSchema } from '../shared/agents.ts'
import {
  approvalState,
  assertMayPublishRequest,
  type ChangeRequestRow,
  changeRequestNotFound,
  conflictError,
  dropEdit,
  dropRuleEdit,
  lockChangeRequest,
  openProposal,
  proposeChangeSet,
  publishInTransaction,
  rebaseEdit,
  refuseUnlessEditable,
  ReleaseConflict,
  ruleEditsOf,
  saveDraft,
  saveRuleDraft,
} from '../domain/change-requests.ts'
import { type AuditAction, contextActor, recordAudit } from '../domain/audit.ts'
import type { Transaction } from '../domain/events.ts'
import { loadPolicy } from '../domain/publishing-policy.ts'
import { currentDefaults } from '../domain/revisions.ts'
import { localeRevisionId, localeSetsOfPages, servedPageInLocale } from '../domain/page-locales.ts'
import {
  canonicalLocale,
  chooseLocale,
  localeMapping,
  localeUrl,
  type SiteLocales,
} from '../domain/site-locales.ts'
import { loadSiteRules } from '../domain/path-rules.ts'
import { askReviewers, queueRelease, tellAuthor } from '../operations/releases.ts'
import type { Context } from '../rpc/context.ts'
import { organizationProcedure, type OrganizationScope } from '../rpc/organization-guard.ts'
import { lookupText, pagePathOf, requirePage, requireSite } from '../rpc/site-guard.ts'
import {
  CHANGE_REQUEST_TITLE_MAX,
  commentChangeRequestInput,
  proposeChangesInput,
  publishingPolicyInput,
  RELEASE_HORIZON_DAYS,
  reviewChangeRequestInput,
  scheduleChangeRequestInput,
  updateChangeRequestInput,
} from '../shared/change-requests.ts'
import { pageSiteRef } from '../shared/pages.ts'
import { localeOf, validMetadata } from './metadata-revisions.ts'
import { patternOrRefuse, patternTaken, ruleMetadata, templateOf } from './path-rules.ts'
import { ruleDraftInput } from '../shared/path-rules.ts'

type Scope = Context & OrganizationScope & { user: { id: string; name: string; email: string } }

const metadataJson = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'The metadata must be an object.',
)

const ref = {
  organizationSlug: z.string(),
  changeRequestId: lookupText('The change request id', 256),
}

const statusSchema = z.enum(['open', 'approved', 'scheduled', 'published', 'closed'])
const personSchema = z.object({ id: z.string(), name: z.string() })

export const changeRequestSummarySchema = z.object({
  id: z.string(),
  title: z.string(),
  status: statusSchema,
  siteHostname: z.string(),
  author: personSchema.nullable(),
  /** The agent that opened it, through its person's connection (the author); null: a person. */
  agent: changeRequestAgentSchema,
  /** Pages it edits (the site's defaults not counted). */
  pageCount: z.number().int(),
  /** Whether it edits the site's defaults. */
  defaults: z.boolean(),
  /** Path rules it creates, changes or deletes. */
  ruleCount: z.number().int(),
  scheduledFor: z.date().nullable(),
  publishedAt: z.date().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
})

const policySchema = z.object({
  mode: z.enum(['direct', 'review']),
  twoPersonRule: z.boolean(),
  largeChangePages: z.number().int(),
})

const outcomeSchema = z
  .object({
    applied: z.number().int(),
    created: z.number().int(),
    unchanged: z.number().int(),
    defaults: z.boolean(),
    rules: z.number().int().optional(),
    conflicts: z.array(
      z.object({
        path: z.string().nullable(),
        currentRevisionId: z.string().nullable(),
        rule: z.string().optional(),
        /** The locale whose set conflicts (absent: the page's own set). */
        locale: z.string().optional(),
      }),
    ),
    failure: z.string().optional(),
  })
  .nullable()

const draftEditInput = z.object({
  ...pageSiteRef,
  /** The page's path; null for the site's defaults. */
  pagePath: z.string().max(8192).nullable(),
  /**
   * On a site with locales, the locale whose set is drafted (one the site declares; absent, null
   * or the default locale: the page's own set). A locale the site does not declare is refused.
   */
  locale: lookupText('The locale', 64).nullable().optional(),
  baseRevisionId: lookupText('The base revision id', 256).nullable(),
  metadata: metadataJson,
})

function summaries(context: Scope) {
  return context.db
    .select({
      request: changeRequest,
      siteHostname: site.hostname,
      authorName: user.name,
      agentClientName: agentConnection.clientName,
      // Pages, not sets: a page drafted in three locales is one page.
      pageCount: sql<number>`(select count(distinct i.path)::int from change_set_item i where i.change_set_id = ${changeSet.id})`,
      ruleCount: sql<number>`(select count(*)::int from change_request_rule_edit r where r.change_request_id = ${changeRequest.id})`,
    })
    .from(changeRequest)
    .innerJoin(site, eq(site.id, changeRequest.siteId))
    .innerJoin(changeSet, eq(changeSet.id, changeRequest.changeSetId))
    .leftJoin(user, eq(user.id, changeRequest.authorId))
    .leftJoin(agentConnection, eq(agentConnection.id, changeRequest.agentConnectionId))
}

function toSummary(row: {
  request: ChangeRequestRow
  siteHostname: string
  authorName: string | null
  agentClientName: string | null
  pageCount: number
  ruleCount: number
}) {
  const { request } = row
  return {
    id: request.id,
    title: request.title,
    status: request.status,
    siteHostname: row.siteHostname,
    author: request.authorId === null ? null : { id: request.authorId, name: row.authorName ?? '' },
    agent:
      request.agentConnectionId === null
        ? null
        : { connectionId: request.agentConnectionId, clientName: row.agentClientName ?? '' },
    pageCount: Number(row.pageCount),
    defaults: request.defaultsMetadata !== null,
    ruleCount: Number(row.ruleCount),
    scheduledFor: request.scheduledFor,
    publishedAt: request.publishedAt,
    createdAt: request.createdAt,
    updatedAt: request.updatedAt,
  }
}

async function requestOf(context: Scope, id: string): Promise<ChangeRequestRow> {
  const [row] = await context.db
    .select()
    .from(changeRequest)
    .where(and(eq(changeRequest.id, id), eq(changeRequest.organizationId, context.organization.id)))
  if (!row) throw changeRequestNotFound()
  return row
}

async function siteOfRequest(context: Scope, row: ChangeRequestRow) {
  const [found] = await context.db.select().from(site).where(eq(site.id, row.siteId))
  if (!found) throw changeRequestNotFound()
  return found
}

const isManager = (context: Scope) =>
  context.membership.role === 'owner' || context.membership.role === 'admin'

function refuseUnlessAuthorOrManager(context: Scope, row: ChangeRequestRow, what: string) {
  if (row.authorId === context.user.id || isManager(context)) return
  throw new ORPCError('FORBIDDEN', {
    message: `Only its author, an owner or an admin can ${what} this change request.`,
  })
}

/** Records an action on a change request in the audit log, inside the action's transaction. */
function auditRequest(
  tx: Transaction,
  context: Scope,
  action: AuditAction,
  row: { id: string; title: string },
  summary?: Record<string, unknown>,
) {
  return recordAudit(tx, {
    organizationId: context.organization.id,
    actor: contextActor(context),
    action,
    target: { kind: 'change_request', id: row.id, label: row.title },
    ...(summary ? { summary } : {}),
  })
}

/** The draft edit as the domain takes it: the page resolved through the caller's site. */
async function draftEditOf(context: Scope, input: z.infer<typeof draftEditInput>) {
  const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
  const pageRow = await requirePage(
    context.db,
    siteRow.id,
    pagePathOf(input.pagePath, siteRow.hostname),
  )
  const locale = draftLocaleOf(siteRow.locales, pageRow.path, input.locale)
  const metadata = validMetadata(input.metadata)
  if (
    pageRow.path === null &&
    (metadata.canonical !== undefined || metadata.alternates !== undefined)
  ) {
    throw new ORPCError('BAD_REQUEST', {
      message:
        'A canonical URL and language versions belong to one page: set them on the page, not in the site’s defaults.',
    })
  }
  return {
    siteRow,
    edit: {
      path: pageRow.path,
      pageId: pageRow.id,
      baseRevisionId: input.baseRevisionId,
      metadata,
      locale,
    },
  }
}

/**
 * A change request's items as its screen shows them: each with its locale, its conflict (the
 * set it drafts — the page's own or the locale's — moved on since the draft, the page is gone,
 * or the locale is no longer declared) and what the page will serve in that locale once
 * published: `servedPageInLocale`, as get-latest computes it, over the page's sets with the
 * request's drafts of them in place (so the cluster counts a locale's set the request creates).
 */
async function servedItems(
  context: Scope,
  siteRow: typeof site.$inferSelect,
  input: {
    rows: Array<{
      pageId: string | null
      path: string
      locale: string
      baseRevisionId: string | null
      after: Metadata
      before: Metadata | null
      pageRevisionId: string | null
      localeRevisionId: string | null
      currentPath: string | null
      pageExists: string | null
    }>
    pending: boolean
    defaults: Metadata | null
    rules: Awaited<ReturnType<typeof loadSiteRules>>
  },
) {
  const locales = siteRow.locales
  const pageIds = [
    ...new Set(input.rows.flatMap((item) => (item.pageId === null ? [] : [item.pageId]))),
  ]
  // The pages' current sets, then the request's drafts over them.
  const sets = locales
    ? await localeSetsOfPages(context.db, pageIds)
    : new Map<string, Map<string, { revisionId: string; metadata: Metadata }>>()
  const owns = new Map<string, Metadata | null>()
  if (pageIds.length > 0) {
    const rows = await context.db
      .select({ id: page.id, metadata: metadataRevision.metadata })
      .from(page)
      .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
      .where(and(eq(page.siteId, siteRow.id), inArray(page.id, pageIds)))
    for (const row of rows) owns.set(row.id, row.metadata ?? null)
  }
  for (const item of input.rows) {
    if (item.pageId === null) continue
    if (item.locale === '') owns.set(item.pageId, item.after)
    else if (locales) {
      let pageSets = sets.get(item.pageId)
      if (!pageSets) sets.set(item.pageId, (pageSets = new Map()))
      pageSets.set(item.locale, { revisionId: '', metadata: item.after })
    }
  }
  const mapping = locales ? localeMapping(siteRow.hostname, locales) : null
  const out = []
  for (const item of input.rows) {
    const declared =
      item.locale === '' ||
      (locales !== null &&
        item.locale !== locales.defaultLocale &&
        locales.locales.some((locale) => locale.code === item.locale))
    const currentRevisionId = item.locale === '' ? item.pageRevisionId : item.localeRevisionId
    const version = item.locale === '' ? (locales?.defaultLocale ?? null) : item.locale
    const served = await servedPageInLocale(context.db, {
      site: siteRow,
      path: item.path,
      // A page an import would create (no id yet) serves its drafted set.
      page: {
        id: item.pageId ?? '',
        own: item.pageId === null ? item.after : (owns.get(item.pageId) ?? null),
      },
      locale: item.locale === '' || !declared ? null : item.locale,
      sets: item.pageId === null ? new Map() : (sets.get(item.pageId) ?? new Map()),
      defaults: input.defaults,
      rules: input.rules,
    })
    out.push({
      pageId: item.pageId,
      path: item.path,
      locale: item.locale === '' ? null : item.locale,
      url:
        (mapping && version !== null ? localeUrl(mapping, version, item.path) : null) ??
        `https://${siteRow.hostname}${item.path}`,
      baseRevisionId: item.baseRevisionId,
      currentRevisionId,
      conflict:
        input.pending &&
        (item.pageExists === null ||
          item.currentPath !== item.path ||
          !declared ||
          currentRevisionId !== item.baseRevisionId),
      before: item.before ?? {},
      after: item.after,
      served: served.metadata,
    })
  }
  return out
}

const mailDeps = (context: Scope) => ({
  db: context.db,
  mailer: context.mailer,
  appUrl: context.env.BETTER_AUTH_URL,
})

export const changeRequestsRouter = {
  /**
   * The organization's change requests (or one site's), newest first, 50 at a time (keyset: the
   * cursor is the last id shown); `status` narrows to one state, `active` to open, approved and
   * scheduled ones.
   */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        organizationSlug: z.string(),
        siteHostname: lookupText('The hostname', 4096).optional(),
        status: z
          .enum(['active', 'open', 'approved', 'scheduled', 'published', 'closed'])
          .optional(),
        cursor: lookupText('The cursor', 256).optional(),
        limit: z.number().int().min(1).max(100).default(50),
      }),
    )
    .output(
      z.object({ items: z.array(changeRequestSummarySchema), nextCursor: z.string().nullable() }),
    )
    .handler(async ({ context, input }) => {
      const siteRow =
        input.siteHostname === undefined
          ? null
          : await requireSite(context.db, context.organization.id, input.siteHostname)
      let after
      if (input.cursor !== undefined) {
        const anchor = await requestOf(context, input.cursor).catch(() => null)
        if (!anchor) {
          throw new ORPCError('BAD_REQUEST', {
            message: 'This list cursor is not valid; reload the list.',
          })
        }
        after = or(
          lt(changeRequest.createdAt, anchor.createdAt),
          and(eq(changeRequest.createdAt, anchor.createdAt), lt(changeRequest.id, anchor.id)),
        )
      }
      const status =
        input.status === undefined
          ? undefined
          : input.status === 'active'
            ? inArray(changeRequest.status, ['open', 'approved', 'scheduled'])
            : eq(changeRequest.status, input.status)
      const rows = await summaries(context)
        .where(
          and(
            eq(changeRequest.organizationId, context.organization.id),
            siteRow ? eq(changeRequest.siteId, siteRow.id) : undefined,
            status,
            after,
          ),
        )
        .orderBy(desc(changeRequest.createdAt), desc(changeRequest.id))
        .limit(input.limit + 1)
      const items = rows.slice(0, input.limit).map(toSummary)
      return {
        items,
        nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null,
      }
    }),

  /** The organization's scheduled releases, soonest first. */
  listUpcoming: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.object({ items: z.array(changeRequestSummarySchema) }))
    .handler(async ({ context }) => {
      const rows = await summaries(context)
        .where(
          and(
            eq(changeRequest.organizationId, context.organization.id),
            eq(changeRequest.status, 'scheduled'),
          ),
        )
        .orderBy(asc(changeRequest.scheduledFor), asc(changeRequest.id))
        .limit(500)
      return { items: rows.map(toSummary) }
    }),

  /** The caller's open draft of a site (what "Save as draft" adds to), or null. */
  getDraft: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ ...pageSiteRef }))
    .output(changeRequestSummarySchema.nullable())
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const [row] = await summaries(context)
        .where(
          and(
            eq(changeRequest.siteId, siteRow.id),
            eq(changeRequest.authorId, context.user.id),
            eq(changeRequest.status, 'open'),
          ),
        )
        .orderBy(desc(changeRequest.createdAt))
        .limit(1)
      return row ? toSummary(row) : null
    }),

  /**
   * One change request: its details, what it changes page by page (the metadata before — its
   * draft's base revision —, after, and what the page will serve), conflicts, reviewers,
   * reviews, the discussion, what publishing it needs and what the caller may do.
   */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object(ref))
    .output(
      z.object({
        changeRequest: changeRequestSummarySchema.extend({
          description: z.string().nullable(),
          approvedBy: personSchema.nullable(),
          approvedAt: z.date().nullable(),
          outcome: outcomeSchema,
        }),
        items: z.array(
          z.object({
            pageId: z.string().nullable(),
            path: z.string(),
            /**
             * On a site with locales, the locale whose set the edit drafts; null: the page's own
             * set (the default locale's).
             */
            locale: z.string().nullable(),
            /** The page's address in that locale (the default locale's for its own set). */
            url: z.string(),
            baseRevisionId: z.string().nullable(),
            currentRevisionId: z.string().nullable(),
            conflict: z.boolean(),
            before: metadataJson,
            after: metadataJson,
            /**
             * What the page will serve once published (defaults, rules, page, the locale's set,
             * template), in its locale — with the hreflang cluster Headmark generates on a site
             * with locales, counting the request's other drafts of the page.
             */
            served: metadataJson,
          }),
        ),
        /** Whether the site declares locales: its pages serve generated language links. */
        localized: z.boolean(),
        /** Pages beyond the 500 listed. */
        moreItems: z.number().int(),
        defaults: z
          .object({
            baseRevisionId: z.string().nullable(),
            currentRevisionId: z.string().nullable(),
            conflict: z.boolean(),
            before: metadataJson,
            after: metadataJson,
          })
          .nullable(),
        /** Its path-rule changes: before (the base revision) and after, and conflicts. */
        rules: z.array(
          z.object({
            id: z.string(),
            ruleId: z.string().nullable(),
            /** The rule's pattern now (null: a new rule, or one deleted since). */
            currentPattern: z.string().nullable(),
            /** The rule's revision now (null for a new or since-deleted rule): what a re-base builds on. */
            currentRevisionId: z.string().nullable(),
            pattern: z.string(),
            deleted: z.boolean(),
            conflict: z.boolean(),
            /** What the rule set when the change was drafted (its base revision). */
            before: z.object({ metadata: metadataJson, titleTemplate: z.string().nullable() }),
            /**
             * What the rule sets now, when that differs from `before` (the rule was saved since
             * the draft): a conflict shows this newer revision against the draft.
             */
            current: z
              .object({ metadata: metadataJson, titleTemplate: z.string().nullable() })
              .nullable(),
            after: z.object({ metadata: metadataJson, titleTemplate: z.string().nullable() }),
          }),
        ),
        reviewers: z.array(personSchema),
        reviews: z.array(
          z.object({
            id: z.string(),
            reviewer: personSchema.nullable(),
            decision: z.enum(['approve', 'request_changes']),
            body: z.string().nullable(),
            createdAt: z.date(),
          }),
        ),
        comments: z.array(
          z.object({
            id: z.string(),
            parentId: z.string().nullable(),
            author: personSchema.nullable(),
            body: z.string(),
            createdAt: z.date(),
          }),
        ),
        requirement: z.object({
          secondPerson: z.boolean(),
          managersOnly: z.boolean(),
          reasons: z.array(z.string()),
          approvalCounts: z.boolean(),
        }),
        can: z.object({
          edit: z.boolean(),
          review: z.boolean(),
          publish: z.boolean(),
          close: z.boolean(),
        }),
      }),
    )
    .handler(async ({ context, input }) => {
      const row = await requestOf(context, input.changeRequestId)
      const siteRow = await siteOfRequest(context, row)
      const [summaryRow] = await summaries(context).where(eq(changeRequest.id, row.id))
      if (!summaryRow) throw changeRequestNotFound()
      const approver = row.approvedById
        ? (
            await context.db
              .select({ name: user.name })
              .from(user)
              .where(eq(user.id, row.approvedById))
          )[0]
        : undefined

      const limit = 500
      const itemRows = await context.db
        .select({
          pageId: changeSetItem.pageId,
          path: changeSetItem.path,
          locale: changeSetItem.locale,
          baseRevisionId: changeSetItem.baseRevisionId,
          after: changeSetItem.metadata,
          before: metadataRevision.metadata,
          pageRevisionId: page.currentRevisionId,
          localeRevisionId: pageLocale.currentRevisionId,
          currentPath: page.path,
          pageExists: page.id,
        })
        .from(changeSetItem)
        .leftJoin(metadataRevision, eq(metadataRevision.id, changeSetItem.baseRevisionId))
        .leftJoin(page, and(eq(page.id, changeSetItem.pageId), eq(page.siteId, row.siteId)))
        .leftJoin(
          pageLocale,
          and(eq(pageLocale.pageId, page.id), eq(pageLocale.locale, changeSetItem.locale)),
        )
        .where(eq(changeSetItem.changeSetId, row.changeSetId))
        .orderBy(sql`${changeSetItem.path} collate "C"`, sql`${changeSetItem.locale} collate "C"`)
        .limit(limit + 1)
      const [countRow] = await context.db
        .select({ itemCount: changeSet.itemCount })
        .from(changeSet)
        .where(eq(changeSet.id, row.changeSetId))
      const pending = row.status !== 'published' && row.status !== 'closed'
      const defaultsNow = row.defaultsMetadata ?? (await currentDefaults(context.db, row.siteId))
      const rules = await loadSiteRules(context.db, row.siteId)
      const items = await servedItems(context, siteRow, {
        rows: itemRows.slice(0, limit),
        pending,
        defaults: defaultsNow,
        rules,
      })

      let defaults = null
      if (row.defaultsMetadata !== null) {
        const [defaultsPage] = await context.db
          .select({ currentRevisionId: page.currentRevisionId })
          .from(page)
          .where(and(eq(page.siteId, row.siteId), isNull(page.path)))
        const [base] = row.defaultsBaseRevisionId
          ? await context.db
              .select({ metadata: metadataRevision.metadata })
              .from(metadataRevision)
              .where(eq(metadataRevision.id, row.defaultsBaseRevisionId))
          : []
        const currentRevisionId = defaultsPage?.currentRevisionId ?? null
        defaults = {
          baseRevisionId: row.defaultsBaseRevisionId,
          currentRevisionId,
          conflict: pending && currentRevisionId !== row.defaultsBaseRevisionId,
          before: base?.metadata ?? {},
          after: row.defaultsMetadata,
        }
      }

      const ruleEdits = await ruleEditsOf(context.db, row.id)
      const ruleItems = []
      for (const edit of ruleEdits) {
        const [current] = edit.ruleId
          ? await context.db
              .select({ pattern: pathRule.pattern, currentRevisionId: pathRule.currentRevisionId })
              .from(pathRule)
              .where(and(eq(pathRule.id, edit.ruleId), eq(pathRule.siteId, row.siteId)))
          : []
        const [base] = edit.baseRevisionId
          ? await context.db
              .select({
                metadata: pathRuleRevision.metadata,
                titleTemplate: pathRuleRevision.titleTemplate,
              })
              .from(pathRuleRevision)
              .where(eq(pathRuleRevision.id, edit.baseRevisionId))
          : []
        const [now] =
          current?.currentRevisionId && current.currentRevisionId !== edit.baseRevisionId
            ? await context.db
                .select({
                  metadata: pathRuleRevision.metadata,
                  titleTemplate: pathRuleRevision.titleTemplate,
                })
                .from(pathRuleRevision)
                .where(eq(pathRuleRevision.id, current.currentRevisionId))
            : []
        let conflict = false
        if (pending) {
          if (edit.ruleId === null) {
            conflict = await patternUsedOnSite(context, row.siteId, edit.pattern)
          } else {
            conflict = !current || current.currentRevisionId !== edit.baseRevisionId
          }
        }
        ruleItems.push({
          id: edit.id,
          ruleId: edit.ruleId,
          currentPattern: current?.pattern ?? null,
          currentRevisionId: current?.currentRevisionId ?? null,
          pattern: edit.pattern,
          deleted: edit.deleted,
          conflict,
          before: { metadata: base?.metadata ?? {}, titleTemplate: base?.titleTemplate ?? null },
          current:
            now && pending ? { metadata: now.metadata, titleTemplate: now.titleTemplate } : null,
          after: { metadata: edit.metadata, titleTemplate: edit.titleTemplate },
        })
      }

      const reviewers = await context.db
        .select({ id: user.id, name: user.name })
        .from(changeRequestReviewer)
        .innerJoin(user, eq(user.id, changeRequestReviewer.userId))
        .where(eq(changeRequestReviewer.changeRequestId, row.id))
        .orderBy(asc(changeRequestReviewer.createdAt))
      const reviews = await context.db
        .select({ review: changeRequestReview, name: user.name })
        .from(changeRequestReview)
        .leftJoin(user, eq(user.id, changeRequestReview.reviewerId))
        .where(eq(changeRequestReview.changeRequestId, row.id))
        .orderBy(asc(changeRequestReview.createdAt), asc(changeRequestReview.id))
      const comments = await context.db
        .select({ comment: changeRequestComment, name: user.name })
        .from(changeRequestComment)
        .leftJoin(user, eq(user.id, changeRequestComment.authorId))
        .where(eq(changeRequestComment.changeRequestId, row.id))
        .orderBy(asc(changeRequestComment.createdAt), asc(changeRequestComment.id))
        .limit(1000)

      const state = await approvalState(context.db, row)
      let mayPublish = pending
      if (mayPublish) {
        mayPublish = await assertMayPublishRequest(context.db, row, {
          id: context.user.id,
          role: context.membership.role,
        }).then(
          () => true,
          () => false,
        )
      }
      const isAuthor = row.authorId === context.user.id
      return {
        changeRequest: {
          ...toSummary(summaryRow),
          description: row.description,
          approvedBy: row.approvedById
            ? { id: row.approvedById, name: approver?.name ?? '' }
            : null,
          approvedAt: row.approvedAt,
          outcome: row.outcome ?? null,
        },
        items,
        localized: siteRow.locales !== null,
        moreItems: Math.max(0, (countRow?.itemCount ?? 0) - items.length),
        defaults,
        rules: ruleItems,
        reviewers,
        reviews: reviews.map(({ review, name }) => ({
          id: review.id,
          reviewer: review.reviewerId ? { id: review.reviewerId, name: name ?? '' } : null,
          decision: review.decision,
          body: review.body,
          createdAt: review.createdAt,
        })),
        comments: comments.map(({ comment, name }) => ({
          id: comment.id,
          parentId: comment.parentId,
          author: comment.authorId ? { id: comment.authorId, name: name ?? '' } : null,
          body: comment.body,
          createdAt: comment.createdAt,
        })),
        requirement: { ...state.requirement, approvalCounts: state.approvalCounts },
        can: {
          edit: isAuthor && (row.status === 'open' || row.status === 'approved'),
          review:
            !isAuthor &&
            (row.status === 'open' || row.status === 'approved') &&
            (!state.requirement.managersOnly || isManager(context)),
          publish: mayPublish,
          close: pending && (isAuthor || isManager(context)),
        },
      }
    }),

  /**
   * Saves an edit of a page (or, with `pagePath` null, of the site's defaults) into the caller's
   * open draft change request of the site, starting one when there is none. Nothing is published.
   */
  saveDraft: organizationProcedure()
    .input(draftEditInput)
    .output(z.object({ changeRequestId: z.string(), created: z.boolean() }))
    .handler(async ({ context, input }) => {
      const { siteRow, edit } = await draftEditOf(context, input)
      const { id, created } = await saveDraft(context.db, {
        organizationId: context.organization.id,
        site: siteRow,
        authorId: context.user.id,
        edit,
        actor: contextActor(context),
      })
      return { changeRequestId: id, created }
    }),

  /**
   * Opens a new change request of the site, titled and explained, holding edits of pages, of the
   * site's defaults and of path rules: all drafted in one go, or none (the first problem is
   * answered, naming the page or rule). Nothing is published: the request goes through the
   * organization's publishing policy like any other. Each page's `metadata` patches its own:
   * fields given replace the page's, `null` removes one. Edits are based on the current
   * revisions; a page saved before publishing is a conflict, as for any draft.
   */
  propose: organizationProcedure()
    .input(proposeChangesInput)
    .output(
      z.object({
        changeRequestId: z.string(),
        pageCount: z.number().int(),
        defaults: z.boolean(),
        ruleCount: z.number().int(),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const edits = []
      const seen = new Set<string>()
      for (const [index, change] of input.pages.entries()) {
        const path = withIssuePath(['pages', index], () =>
          pagePathOf(change.pagePath, siteRow.hostname),
        )
        if (path === null) {
          throw proposalProblem(
            ['pages', index, 'pagePath'],
            'Propose the site’s defaults with `defaults`, not as a page.',
          )
        }
        const locale = withIssuePath(['pages', index], () =>
          draftLocaleOf(siteRow.locales, path, change.locale),
        )
        const key = `${locale ?? ''}\u0000${path}`
        if (seen.has(key)) {
          throw proposalProblem(
            ['pages', index, 'pagePath'],
            locale === null
              ? `The page ${path} is proposed twice: merge its changes into one.`
              : `The ${locale} version of ${path} is proposed twice: merge its changes into one.`,
          )
        }
        seen.add(key)
        const pageRow = await withIssuePathAsync(['pages', index], () =>
          requirePage(context.db, siteRow.id, path),
        )
        // A locale's patch applies to that locale's own set (empty while it inherits everything).
        const baseRevisionId =
          locale === null
            ? pageRow.currentRevisionId
            : await localeRevisionId(context.db, pageRow.id, locale)
        const own = await ownMetadata(context, baseRevisionId)
        const metadata = withIssuePath(['pages', index, 'metadata'], () =>
          validMetadata(patched(own, change.metadata)),
        )
        edits.push({
          path,
          pageId: pageRow.id,
          baseRevisionId,
          metadata,
          locale,
        })
      }
      if (input.defaults !== undefined) {
        const defaultsPage = await requirePage(context.db, siteRow.id, null)
        const own = await ownMetadata(context, defaultsPage.currentRevisionId)
        const metadata = withIssuePath(['defaults'], () =>
          validMetadata(patched(own, input.defaults ?? {})),
        )
        if (metadata.canonical !== undefined || metadata.alternates !== undefined) {
          throw proposalProblem(
            ['defaults'],
            'A canonical URL and language versions belong to one page: set them on the page, not in the site’s defaults.',
          )
        }
        edits.push({
          path: null,
          pageId: defaultsPage.id,
          baseRevisionId: defaultsPage.currentRevisionId,
          metadata,
        })
      }
      const ruleEdits = []
      for (const [index, change] of input.rules.entries()) {
        const at = ['rules', index]
        const rule = change.ruleId
          ? await ruleOfSite(context, siteRow.id, change.ruleId)
          : undefined
        if (change.ruleId && !rule) {
          throw proposalProblem(
            [...at, 'ruleId'],
            'This path rule does not exist on this site: list the site’s rules and use one of their ids.',
          )
        }
        if (!rule && (change.pattern === undefined || change.delete)) {
          throw proposalProblem(
            [...at, 'pattern'],
            change.delete
              ? 'Only an existing rule can be deleted: give its ruleId.'
              : 'A new rule needs a pattern, such as /blog/**.',
          )
        }
        const pattern = withIssuePath(at, () =>
          change.pattern === undefined ? rule!.pattern : patternOrRefuse(change.pattern),
        )
        if (pattern !== rule?.pattern && (await patternUsedOnSite(context, siteRow.id, pattern))) {
          throw patternTaken(pattern)
        }
        const current = rule ? await ruleMetadataOf(context, rule.currentRevisionId) : {}
        ruleEdits.push({
          ruleId: rule?.id ?? null,
          pattern,
          deleted: change.delete,
          metadata: change.delete
            ? {}
            : change.metadata === undefined
              ? rule
                ? undefined
                : {}
              : withIssuePath([...at, 'metadata'], () =>
                  ruleMetadata(patched(current, change.metadata ?? {}) as Metadata),
                ),
          titleTemplate: change.delete
            ? null
            : change.titleTemplate === undefined
              ? rule
                ? undefined
                : null
              : templateOf(change.titleTemplate),
          baseRevisionId: rule?.currentRevisionId ?? null,
        })
      }
      const { id } = await openProposal(context.db, {
        organizationId: context.organization.id,
        site: siteRow,
        authorId: context.user.id,
        actor: contextActor(context),
        title: input.title,
        description: input.explanation,
        agentConnectionId: context.agent?.connectionId ?? null,
        edits,
        ruleEdits,
      })
      return {
        changeRequestId: id,
        pageCount: new Set(edits.flatMap((edit) => (edit.path === null ? [] : [edit.path]))).size,
        defaults: input.defaults !== undefined,
        ruleCount: ruleEdits.length,
      }
    }),

  /**
   * Saves a change of a path rule (a new rule with `ruleId` null, a new revision, a rename or a
   * deletion) into the caller's open draft change request of the site, starting one when there
   * is none. Any member may propose one; owners and admins approve and publish it.
   */
  saveRuleDraft: organizationProcedure()
    .input(ruleDraftInput)
    .output(z.object({ changeRequestId: z.string(), created: z.boolean() }))
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const rule = input.ruleId ? await ruleOfSite(context, siteRow.id, input.ruleId) : undefined
      if (input.ruleId && !rule) {
        throw new ORPCError('NOT_FOUND', {
          message:
            'This path rule does not exist on this site. It may have been deleted; pick one from the list.',
        })
      }
      if (!rule && input.pattern === undefined) {
        throw new ORPCError('BAD_REQUEST', {
          message: 'A new rule needs a pattern, such as /blog/**.',
          data: { issues: [{ path: ['pattern'], message: 'Enter a pattern.' }] },
        })
      }
      const pattern = input.pattern === undefined ? rule!.pattern : patternOrRefuse(input.pattern)
      if (pattern !== rule?.pattern && (await patternUsedOnSite(context, siteRow.id, pattern))) {
        throw patternTaken(pattern)
      }
      if (input.delete && !rule) {
        throw new ORPCError('BAD_REQUEST', {
          message: 'Only an existing rule can be deleted. Pick one from the list.',
        })
      }
      const { id, created } = await saveRuleDraft(context.db, {
        organizationId: context.organization.id,
        site: siteRow,
        authorId: context.user.id,
        edit: {
          ruleId: rule?.id ?? null,
          pattern,
          deleted: input.delete,
          // Left out: kept (the request's earlier draft of the rule, else what it sets now).
          metadata: input.delete
            ? {}
            : input.metadata === undefined
              ? rule
                ? undefined
                : {}
              : ruleMetadata(input.metadata),
          titleTemplate: input.delete
            ? null
            : input.titleTemplate === undefined
              ? rule
                ? undefined
                : null
              : templateOf(input.titleTemplate),
          baseRevisionId: rule ? input.baseRevisionId : null,
        },
        actor: contextActor(context),
        changeRequestId: input.changeRequestId,
        newChangeRequest: input.newChangeRequest,
      })
      return { changeRequestId: id, created }
    }),

  /** Drops one drafted path-rule change from a change request; its author only. */
  dropRuleItem: organizationProcedure()
    .input(z.object({ ...ref, ruleEditId: lookupText('The rule change id', 256) }))
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const row = await requestOf(context, input.changeRequestId)
      await dropRuleEdit(context.db, {
        organizationId: context.organization.id,
        changeRequestId: row.id,
        userId: context.user.id,
        ruleEditId: input.ruleEditId,
        actor: contextActor(context),
      })
      return { ok: true as const }
    }),

  /**
   * Makes a pending bulk edit or import (a change set) a change request: reviewed and published
   * like drafts instead of applied at once. Its author, an owner or an admin.
   */
  fromChangeSet: organizationProcedure()
    .input(
      z.object({
        ...pageSiteRef,
        changeSetId: z.string().min(1).max(100),
        title: z
          .string()
          .max(CHANGE_REQUEST_TITLE_MAX, `At most ${CHANGE_REQUEST_TITLE_MAX} characters.`)
          .optional(),
      }),
    )
    .output(z.object({ changeRequestId: z.string() }))
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const { id } = await proposeChangeSet(context.db, {
        organizationId: context.organization.id,
        site: siteRow,
        changeSetId: input.changeSetId,
        userId: context.user.id,
        mayActForOthers: isManager(context),
        title: input.title,
        actor: contextActor(context),
      })
      return { changeRequestId: id }
    }),

  /**
   * Sets a change request's title, description and reviewers (members of the organization, not
   * its author). Reviewers newly named are e-mailed that their review is asked for.
   */
  update: organizationProcedure()
    .input(updateChangeRequestInput)
    .output(changeRequestSummarySchema)
    .handler(async ({ context, input }) => {
      const reviewerIds = [...new Set(input.reviewerIds)]
      const added = await context.db.transaction(async (tx) => {
        const row = await lockChangeRequest(tx, context.organization.id, input.changeRequestId)
        refuseUnlessAuthorOrManager(context, row, 'change')
        if (row.status === 'published' || row.status === 'closed') refuseUnlessEditable(row)
        if (row.authorId !== null && reviewerIds.includes(row.authorId)) {
          throw new ORPCError('BAD_REQUEST', {
            message: 'The author can not review their own change request: pick someone else.',
            data: {
              issues: [{ path: ['reviewerIds'], message: 'Pick someone other than the author.' }],
            },
          })
        }
        const members =
          reviewerIds.length === 0
            ? []
            : await tx
                .select({ userId: member.userId, email: user.email })
                .from(member)
                .innerJoin(user, eq(user.id, member.userId))
                .where(
                  and(
                    eq(member.organizationId, context.organization.id),
                    inArray(member.userId, reviewerIds),
                  ),
                )
        if (members.length !== reviewerIds.length) {
          throw new ORPCError('BAD_REQUEST', {
            message: 'Reviewers must be members of this organization. Reload the list of members.',
            data: {
              issues: [{ path: ['reviewerIds'], message: 'Not a member of this organization.' }],
            },
          })
        }
        const before = await tx
          .select({ userId: changeRequestReviewer.userId })
          .from(changeRequestReviewer)
          .where(eq(changeRequestReviewer.changeRequestId, row.id))
        const had = new Set(before.map((r) => r.userId))
        await tx
          .update(changeRequest)
          .set({ title: input.title, description: input.description.trim() || null })
          .where(eq(changeRequest.id, row.id))
        await tx
          .delete(changeRequestReviewer)
          .where(eq(changeRequestReviewer.changeRequestId, row.id))
        if (reviewerIds.length > 0) {
          await tx
            .insert(changeRequestReviewer)
            .values(reviewerIds.map((userId) => ({ changeRequestId: row.id, userId })))
        }
        await auditRequest(tx, context, 'change_request.updated', row, {
          before: { title: row.title, reviewers: before.length },
          after: { title: input.title, reviewers: reviewerIds.length },
        })
        return members.filter((m) => !had.has(m.userId)).map((m) => m.email)
      })
      await askReviewers(mailDeps(context), input.changeRequestId, context.user.name, added)
      const [summary] = await summaries(context).where(eq(changeRequest.id, input.changeRequestId))
      if (!summary) throw changeRequestNotFound()
      return toSummary(summary)
    }),

  /** Adds a comment to a change request's discussion (any member; `parentId` answers one). */
  comment: organizationProcedure()
    .input(commentChangeRequestInput)
    .output(z.object({ id: z.string() }))
    .handler(async ({ context, input }) => {
      const row = await requestOf(context, input.changeRequestId)
      if (input.parentId !== null) {
        const [parent] = await context.db
          .select({ id: changeRequestComment.id, parentId: changeRequestComment.parentId })
          .from(changeRequestComment)
          .where(
            and(
              eq(changeRequestComment.id, input.parentId),
              eq(changeRequestComment.changeRequestId, row.id),
            ),
          )
        if (!parent) {
          throw new ORPCError('NOT_FOUND', {
            message: 'The comment you answer was not found on this change request. Reload it.',
          })
        }
      }
      const id = randomUUID()
      // Answers to an answer join its thread: one level of threads.
      const [parent] =
        input.parentId === null
          ? []
          : await context.db
              .select({ parentId: changeRequestComment.parentId })
              .from(changeRequestComment)
              .where(eq(changeRequestComment.id, input.parentId))
      await context.db.transaction(async (tx) => {
        await tx.insert(changeRequestComment).values({
          id,
          changeRequestId: row.id,
          parentId: input.parentId === null ? null : (parent?.parentId ?? input.parentId),
          authorId: context.user.id,
          body: input.body,
        })
        await auditRequest(tx, context, 'change_request.commented', row)
      })
      return { id }
    }),

  /**
   * Approves a change request or asks for changes (anyone but its author; under `review`, only
   * owners and admins approve). Its author is e-mailed the decision.
   */
  review: organizationProcedure()
    .input(reviewChangeRequestInput)
    .output(changeRequestSummarySchema)
    .handler(async ({ context, input }) => {
      await context.db.transaction(async (tx) => {
        const row = await lockChangeRequest(tx, context.organization.id, input.changeRequestId)
        if (row.authorId === context.user.id) {
          throw new ORPCError('FORBIDDEN', {
            message: 'You can not review your own change request: ask another member.',
          })
        }
        refuseUnlessEditable(row)
        if (input.decision === 'approve' && !isManager(context)) {
          const policy = await loadPolicy(tx, context.organization.id)
          if (policy.mode === 'review') {
            throw new ORPCError('FORBIDDEN', {
              message:
                'This organization publishes through review: only owners and admins approve change requests. Comment to share your view.',
            })
          }
          const { requirement } = await approvalState(tx, row)
          if (requirement.managersOnly) {
            throw new ORPCError('FORBIDDEN', {
              message:
                'This change request changes path rules: only owners and admins approve it. Comment to share your view.',
            })
          }
        }
        await tx.insert(changeRequestReview).values({
          id: randomUUID(),
          changeRequestId: row.id,
          reviewerId: context.user.id,
          decision: input.decision,
          body: input.body || null,
        })
        await tx
          .update(changeRequest)
          .set(
            input.decision === 'approve'
              ? { status: 'approved', approvedById: context.user.id, approvedAt: sql`now()` }
              : { status: 'open', approvedById: null, approvedAt: null },
          )
          .where(eq(changeRequest.id, row.id))
        await auditRequest(
          tx,
          context,
          input.decision === 'approve'
            ? 'change_request.approved'
            : 'change_request.changes_requested',
          row,
        )
      })
      await tellAuthor(
        mailDeps(context),
        input.changeRequestId,
        input.decision === 'approve'
          ? `${context.user.name} approved it.`
          : `${context.user.name} asked for changes.`,
      )
      const [summary] = await summaries(context).where(eq(changeRequest.id, input.changeRequestId))
      if (!summary) throw changeRequestNotFound()
      return toSummary(summary)
    }),

  /** Re-bases one edit (after a conflict) or replaces it; its author only. */
  rebaseItem: organizationProcedure()
    .input(draftEditInput.extend({ changeRequestId: lookupText('The change request id', 256) }))
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const row = await requestOf(context, input.changeRequestId)
      const { siteRow, edit } = await draftEditOf(context, input)
      if (siteRow.id !== row.siteId) {
        throw new ORPCError('BAD_REQUEST', {
          message: 'This page belongs to another site than the change request.',
        })
      }
      await rebaseEdit(context.db, {
        organizationId: context.organization.id,
        changeRequestId: row.id,
        userId: context.user.id,
        siteHostname: siteRow.hostname,
        edit,
        actor: contextActor(context),
      })
      return { ok: true as const }
    }),

  /**
   * Drops one page's edit (`pagePath` null: the defaults'; with `locale`, its edit of that
   * locale's set) from a change request; its author only.
   */
  dropItem: organizationProcedure()
    .input(
      z.object({
        ...ref,
        pagePath: z.string().max(8192).nullable(),
        locale: lookupText('The locale', 64).nullable().optional(),
      }),
    )
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const row = await requestOf(context, input.changeRequestId)
      const siteRow = await siteOfRequest(context, row)
      const path = input.pagePath === null ? null : pagePathOf(input.pagePath, siteRow.hostname)
      await dropEdit(context.db, {
        organizationId: context.organization.id,
        changeRequestId: row.id,
        userId: context.user.id,
        path,
        locale: droppedLocale(siteRow.locales, input.locale),
        actor: contextActor(context),
      })
      return { ok: true as const }
    }),

  /**
   * Publishes a change request now, in one transaction. A page saved since its draft is a
   * CONFLICT (nothing is published): re-base or drop it first.
   */
  publish: organizationProcedure()
    .input(z.object(ref))
    .output(changeRequestSummarySchema.extend({ outcome: outcomeSchema }))
    .handler(async ({ context, input }) => {
      const row = await requestOf(context, input.changeRequestId)
      try {
        await context.db.transaction(async (tx) => {
          await tx.execute(sql`select id from site where id = ${row.siteId} for update`)
          const locked = await lockChangeRequest(tx, context.organization.id, row.id)
          await assertMayPublishRequest(tx, locked, {
            id: context.user.id,
            role: context.membership.role,
          })
          await publishInTransaction(tx, context.events, {
            organizationId: context.organization.id,
            changeRequestId: row.id,
            publisherId: context.user.id,
          })
          await auditRequest(tx, context, 'change_request.published', locked)
        })
      } catch (error) {
        if (error instanceof ReleaseConflict) throw conflictError(error)
        throw error
      }
      context.events.siteChanged(row.siteId, { changeSetApplied: true, revisionSaved: true })
      if (row.authorId !== context.user.id) {
        await tellAuthor(mailDeps(context), row.id, `${context.user.name} published it.`)
      }
      const [summary] = await summaries(context).where(eq(changeRequest.id, row.id))
      if (!summary) throw changeRequestNotFound()
      const [after] = await context.db
        .select({ outcome: changeRequest.outcome })
        .from(changeRequest)
        .where(eq(changeRequest.id, row.id))
      return { ...toSummary(summary), outcome: after?.outcome ?? null }
    }),

  /**
   * Schedules (or reschedules) the release of a change request at `at`: the queue publishes it
   * then, once, on whichever instance takes it. Who may publish it may schedule it.
   */
  schedule: organizationProcedure()
    .input(scheduleChangeRequestInput)
    .output(changeRequestSummarySchema)
    .handler(async ({ context, input }) => {
      const at = input.at
      const now = Date.now()
      if (Number.isNaN(at.getTime()) || at.getTime() <= now) {
        throw new ORPCError('BAD_REQUEST', {
          message: 'Pick a time in the future for the release.',
          data: { issues: [{ path: ['at'], message: 'Pick a time in the future.' }] },
        })
      }
      if (at.getTime() > now + RELEASE_HORIZON_DAYS * 24 * 3600 * 1000) {
        throw new ORPCError('BAD_REQUEST', {
          message: `A release can be scheduled at most ${RELEASE_HORIZON_DAYS} days ahead.`,
          data: {
            issues: [{ path: ['at'], message: `At most ${RELEASE_HORIZON_DAYS} days ahead.` }],
          },
        })
      }
      await context.db.transaction(async (tx) => {
        const row = await lockChangeRequest(tx, context.organization.id, input.changeRequestId)
        if (row.status === 'published' || row.status === 'closed') refuseUnlessEditable(row)
        await assertMayPublishRequest(tx, row, {
          id: context.user.id,
          role: context.membership.role,
        })
        await tx
          .update(changeRequest)
          .set({ status: 'scheduled', scheduledFor: at, scheduledById: context.user.id })
          .where(eq(changeRequest.id, row.id))
        await queueRelease(context.webhooks.jobQueue(), tx, {
          changeRequestId: row.id,
          organizationId: context.organization.id,
          at,
        })
        await auditRequest(tx, context, 'change_request.scheduled', row, {
          before: { scheduledFor: row.scheduledFor?.toISOString() ?? null },
          after: { scheduledFor: at.toISOString() },
        })
      })
      const [summary] = await summaries(context).where(eq(changeRequest.id, input.changeRequestId))
      if (!summary) throw changeRequestNotFound()
      return toSummary(summary)
    }),

  /** Cancels a scheduled release: the request goes back to approved (or open). */
  cancelSchedule: organizationProcedure()
    .input(z.object(ref))
    .output(changeRequestSummarySchema)
    .handler(async ({ context, input }) => {
      await context.db.transaction(async (tx) => {
        const row = await lockChangeRequest(tx, context.organization.id, input.changeRequestId)
        refuseUnlessAuthorOrManager(context, row, 'cancel the release of')
        if (row.status !== 'scheduled') {
          throw new ORPCError('CONFLICT', {
            message: 'This change request is not scheduled; there is no release to cancel.',
            data: { status: row.status },
          })
        }
        await tx
          .update(changeRequest)
          .set({
            status: row.approvedById ? 'approved' : 'open',
            scheduledFor: null,
            scheduledById: null,
          })
          .where(eq(changeRequest.id, row.id))
        await auditRequest(tx, context, 'change_request.schedule_cancelled', row, {
          before: { scheduledFor: row.scheduledFor?.toISOString() ?? null },
        })
      })
      const [summary] = await summaries(context).where(eq(changeRequest.id, input.changeRequestId))
      if (!summary) throw changeRequestNotFound()
      return toSummary(summary)
    }),

  /** Closes a change request without publishing it (its author, an owner or an admin). */
  close: organizationProcedure()
    .input(z.object(ref))
    .output(changeRequestSummarySchema)
    .handler(async ({ context, input }) => {
      await context.db.transaction(async (tx) => {
        const row = await lockChangeRequest(tx, context.organization.id, input.changeRequestId)
        refuseUnlessAuthorOrManager(context, row, 'close')
        if (row.status === 'published' || row.status === 'closed') refuseUnlessEditable(row)
        await tx
          .update(changeRequest)
          .set({ status: 'closed', scheduledFor: null })
          .where(eq(changeRequest.id, row.id))
        await tx
          .update(changeSet)
          .set({ status: 'discarded' })
          .where(and(eq(changeSet.id, row.changeSetId), eq(changeSet.status, 'pending')))
        await auditRequest(tx, context, 'change_request.closed', row)
      })
      const [summary] = await summaries(context).where(eq(changeRequest.id, input.changeRequestId))
      if (!summary) throw changeRequestNotFound()
      return toSummary(summary)
    }),

  /** The organization's publishing policy (every member may read it). */
  getPolicy: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(policySchema)
    .handler(({ context }) => loadPolicy(context.db, context.organization.id)),

  /** Sets the organization's publishing policy; owners only. */
  updatePolicy: organizationProcedure()
    .input(publishingPolicyInput)
    .output(policySchema)
    .handler(async ({ context, input }) => {
      if (context.membership.role !== 'owner') {
        throw new ORPCError('FORBIDDEN', {
          message: 'Only owners set how the organization publishes.',
        })
      }
      const values = {
        mode: input.mode,
        twoPersonRule: input.twoPersonRule,
        largeChangePages: input.largeChangePages,
        updatedById: context.user.id,
      }
      await context.db.transaction(async (tx) => {
        const before = await loadPolicy(tx, context.organization.id)
        await tx
          .insert(publishingPolicy)
          .values({ organizationId: context.organization.id, ...values })
          .onConflictDoUpdate({ target: publishingPolicy.organizationId, set: values })
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'publishing_policy.changed',
          target: {
            kind: 'organization',
            id: context.organization.id,
            label: context.organization.name,
          },
          summary: {
            before: { ...before },
            after: {
              mode: input.mode,
              twoPersonRule: input.twoPersonRule,
              largeChangePages: input.largeChangePages,
            },
          },
        })
      })
      return loadPolicy(context.db, context.organization.id)
    }),
}

/** A page's own metadata at its current revision ({} before the first save). */
async function ownMetadata(context: Scope, revisionId: string | null): Promise<Metadata> {
  if (revisionId === null) return {}
  const [row] = await context.db
    .select({ metadata: metadataRevision.metadata })
    .from(metadataRevision)
    .where(eq(metadataRevision.id, revisionId))
  return (row?.metadata as Metadata | undefined) ?? {}
}

/** A path rule of the site, by id; undefined when the site has no such rule. */
async function ruleOfSite(context: Scope, siteId: string, ruleId: string) {
  const [rule] = await context.db
    .select()
    .from(pathRule)
    .where(and(eq(pathRule.id, ruleId), eq(pathRule.siteId, siteId)))
  return rule
}

/** Whether one of the site's path rules has this pattern. */
async function patternUsedOnSite(context: Scope, siteId: string, pattern: string) {
  const [taken] = await context.db
    .select({ id: pathRule.id })
    .from(pathRule)
    .where(and(eq(pathRule.siteId, siteId), eq(pathRule.pattern, pattern)))
  return taken !== undefined
}

/** A path rule's metadata at its current revision. */
async function ruleMetadataOf(context: Scope, revisionId: string | null): Promise<Metadata> {
  if (revisionId === null) return {}
  const [row] = await context.db
    .select({ metadata: pathRuleRevision.metadata })
    .from(pathRuleRevision)
    .where(eq(pathRuleRevision.id, revisionId))
  return (row?.metadata as Metadata | undefined) ?? {}
}

/**
 * The locale whose set a draft edits (null: the page's own), as the editor's save chooses it —
 * except that a site without locales refuses one (BAD_REQUEST) instead of ignoring it: a draft
 * of a locale's set must never land in the page's own.
 */
function draftLocaleOf(
  locales: SiteLocales | null,
  path: string | null,
  requested: string | null | undefined,
): string | null {
  if (locales === null && requested !== undefined && requested !== null && requested !== '') {
    const message =
      'This site declares no locales: leave out the locale to draft the page’s own metadata, or declare the site’s locales in its settings first.'
    throw new ORPCError('BAD_REQUEST', {
      message,
      data: { issues: [{ path: ['locale'], message }] },
    })
  }
  return localeOf(locales, path, requested)
}

/**
 * The locale of an edit to drop: as a draft names it (a declared locale, the default one being
 * the page's own set), or — for an edit of a locale the site no longer declares — as given, so
 * that such an edit can still be dropped.
 */
function droppedLocale(
  locales: SiteLocales | null,
  requested: string | null | undefined,
): string | null {
  if (requested === undefined || requested === null || requested === '') return null
  const choice = chooseLocale(locales, requested)
  if (choice.ok && locales !== null) return choice.locale
  return canonicalLocale(requested) ?? requested
}

/** `own` with `patch` applied: each field given replaces its value, `null` removes it. */
function patched(own: Metadata, patch: Record<string, unknown>): Metadata {
  const out: Record<string, unknown> = { ...own }
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete out[key]
    else out[key] = value
  }
  return out as Metadata
}

function proposalProblem(path: Array<string | number>, message: string) {
  return new ORPCError('BAD_REQUEST', { message, data: { issues: [{ path, message }] } })
}

/** Runs `run`; a BAD_REQUEST or NOT_FOUND it throws names the proposal's item (`at`) first. */
function withIssuePath<T>(at: Array<string | number>, run: () => T): T {
  try {
    return run()
  } catch (error) {
    throw located(at, error)
  }
}

async function withIssuePathAsync<T>(
  at: Array<string | number>,
  run: () => Promise<T>,
): Promise<T> {
  try {
    return await run()
  } catch (error) {
    throw located(at, error)
  }
}

function located(at: Array<string | number>, error: unknown): unknown {
  if (!(error instanceof ORPCError)) return error
  const where = at.join('.')
  const data = error.data as { issues?: Array<{ path?: unknown[] }> } | undefined
  return new ORPCError(error.code, {
    message: `${where}: ${error.message}`,
    data: {
      ...data,
      issues: (data?.issues ?? []).map((issue) => ({
        ...issue,
        path: [...at, ...(Array.isArray(issue.path) ? issue.path : [])],
      })),
    },
    cause: error,
  })
}
