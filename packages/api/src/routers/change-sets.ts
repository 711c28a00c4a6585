import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { and, desc, eq, inArray, isNotNull, lt, ne, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import { changeSet, changeSetItem, metadataRevision, page, user } from '../db/schema.ts'
import {
  budgetGuard,
  compileOperation,
  type FieldChange,
  operationSchema,
} from '../domain/bulk-operations.ts'
import {
  addChangeSetEdits,
  applyChangeSet,
  type ChangeSetEdit,
  changeSetNotFound,
  createChangeSet,
  discardChangeSet,
  MAX_CHANGE_SET_ITEMS,
  MAX_EDITS_PER_CALL,
  NOTE_MAX_LENGTH,
  undoChangeSet,
} from '../domain/change-sets.ts'
import { assertMayPublish, factsOfEdits, isNoindex, NO_FACTS } from '../domain/publishing-policy.ts'
import { findFilteredPages, type PageCursor, pageFilterSchema } from '../domain/page-filter.ts'
import type { Context } from '../rpc/context.ts'
import { contextActor } from '../domain/audit.ts'
import { organizationProcedure, type OrganizationScope } from '../rpc/organization-guard.ts'
import { lookupText, pagePathOf, requireSite, type SiteRow } from '../rpc/site-guard.ts'
import { pageSiteRef } from '../shared/pages.ts'

const metadataJson = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'The metadata must be an object.',
)

const editSchema = z.object({
  pageId: lookupText('The page id', 256).nullable(),
  path: z.string().max(8192),
  baseRevisionId: lookupText('The base revision id', 256).nullable(),
  metadata: metadataJson,
})

const noteSchema = z.string().max(NOTE_MAX_LENGTH).nullable().optional()
const changeSetRef = { ...pageSiteRef, changeSetId: lookupText('The change set id', 256) }

const personSchema = z.object({ id: z.string(), name: z.string() })
const countsSchema = z.object({
  applied: z.number().int(),
  created: z.number().int(),
  conflicts: z.number().int(),
  unchanged: z.number().int(),
})

export const changeSetSummarySchema = z.object({
  id: z.string(),
  note: z.string().nullable(),
  source: z.enum(['bulk', 'import', 'undo', 'review']),
  status: z.enum(['pending', 'applied', 'discarded']),
  author: personSchema.nullable(),
  itemCount: z.number().int(),
  /** What applying did; null until applied. */
  counts: countsSchema.nullable(),
  createdAt: z.date(),
  appliedAt: z.date().nullable(),
  undoesId: z.string().nullable(),
  undoneById: z.string().nullable(),
})

const applyResultSchema = z.object({
  applied: z.number().int(),
  created: z.number().int(),
  unchanged: z.number().int(),
  conflicts: z.array(
    z.object({
      path: z.string(),
      /** A locale's set (the undo of a published change request); absent: the page's own. */
      locale: z.string().optional(),
      currentRevisionId: z.string().nullable(),
    }),
  ),
})

const targetSchema = z.union([
  z.object({ filter: pageFilterSchema }),
  z.object({ paths: z.array(z.string().max(8192)).min(1).max(MAX_EDITS_PER_CALL) }),
])

const operationInput = z.object({
  ...pageSiteRef,
  target: targetSchema,
  operation: operationSchema,
})

type Scope = Context & OrganizationScope

const site = (context: Scope, hostname: string) =>
  requireSite(context.db, context.organization.id, hostname)

async function summaryOf(context: Scope, siteId: string, id: string) {
  const [row] = await summaries(context).where(
    and(eq(changeSet.id, id), eq(changeSet.siteId, siteId)),
  )
  if (!row) throw changeSetNotFound()
  return toSummary(row)
}

function summaries(context: Scope) {
  return context.db
    .select({ set: changeSet, authorName: user.name })
    .from(changeSet)
    .leftJoin(user, eq(user.id, changeSet.authorId))
}

function toSummary(row: { set: typeof changeSet.$inferSelect; authorName: string | null }) {
  const { set } = row
  return {
    id: set.id,
    note: set.note,
    source: set.source,
    status: set.status,
    author: set.authorId === null ? null : { id: set.authorId, name: row.authorName ?? '' },
    itemCount: set.itemCount,
    counts: set.counts ?? null,
    createdAt: set.createdAt,
    appliedAt: set.appliedAt,
    undoesId: set.undoesId,
    undoneById: set.undoneById,
  }
}

interface Candidate {
  id: string
  path: string
  currentRevisionId: string | null
  metadata: Metadata
}

/**
 * Runs `visit` on each page an operation targets (a filter's matches, in path order, or listed
 * paths), in batches; returns how many pages matched.
 */
async function forEachTarget(
  context: Scope,
  siteRow: SiteRow,
  target: z.infer<typeof targetSchema>,
  visit: (page: Candidate) => void,
): Promise<number> {
  if ('paths' in target) {
    const paths = [
      ...new Set(target.paths.map((path) => pagePathOf(path, siteRow.hostname) as string)),
    ]
    const rows = await context.db
      .select({
        id: page.id,
        path: page.path,
        currentRevisionId: page.currentRevisionId,
        metadata: metadataRevision.metadata,
      })
      .from(page)
      .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
      .where(and(eq(page.siteId, siteRow.id), inArray(page.path, paths), isNotNull(page.path)))
      .orderBy(sql`${page.path} collate "C"`)
    for (const row of rows) {
      visit({ ...row, path: row.path ?? '', metadata: row.metadata ?? {} })
    }
    return rows.length
  }
  let matched = 0
  let cursor: PageCursor | undefined
  for (;;) {
    const { items, more } = await findFilteredPages(context.db, siteRow, target.filter, {
      cursor,
      limit: 2000,
      batch: 2000,
      withLint: false,
    })
    for (const item of items) visit(item)
    matched += items.length
    const last = items.at(-1)
    if (!more || !last) return matched
    cursor = { path: last.path }
  }
}

/** The edits an operation makes on its target, with per-field changes for previews. */
async function planOperation(
  context: Scope,
  siteRow: SiteRow,
  input: z.infer<typeof operationInput>,
  { keepEdits }: { keepEdits: boolean },
) {
  const compiled = compileOperation(input.operation)
  const overBudget = budgetGuard(performance.now())
  const edits: ChangeSetEdit[] = []
  const sample: Array<{ path: string } & FieldChange> = []
  let changedPages = 0
  const matchedPages = await forEachTarget(context, siteRow, input.target, (candidate) => {
    overBudget()
    const { metadata, changes } = compiled.apply(candidate.metadata)
    if (changes.length === 0) return
    changedPages++
    for (const change of changes) {
      if (sample.length < 20) sample.push({ path: candidate.path, ...change })
    }
    if (keepEdits) {
      if (edits.length >= MAX_CHANGE_SET_ITEMS) {
        throw new ORPCError('BAD_REQUEST', {
          message: `This operation changes more than ${MAX_CHANGE_SET_ITEMS.toLocaleString('en')} pages; a change set can hold that many. Narrow the filter (for example by path prefix) and apply it in parts.`,
        })
      }
      edits.push({
        pageId: candidate.id,
        path: candidate.path,
        baseRevisionId: candidate.currentRevisionId,
        metadata,
      })
    }
  })
  return { matchedPages, changedPages, sample, edits }
}

const fieldValue = z.unknown()

export const changeSetsRouter = {
  /** A site's change sets, newest first, 50 at a time (keyset: the cursor is the last id shown). */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        ...pageSiteRef,
        cursor: lookupText('The cursor', 256).optional(),
        limit: z.number().int().min(1).max(100).default(50),
      }),
    )
    .output(z.object({ items: z.array(changeSetSummarySchema), nextCursor: z.string().nullable() }))
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      let after
      if (input.cursor !== undefined) {
        const [anchor] = await context.db
          .select({ createdAt: changeSet.createdAt, id: changeSet.id })
          .from(changeSet)
          .where(and(eq(changeSet.id, input.cursor), eq(changeSet.siteId, siteRow.id)))
        if (!anchor) {
          throw new ORPCError('BAD_REQUEST', {
            message: 'This list cursor is not valid; reload the list.',
          })
        }
        after = or(
          lt(changeSet.createdAt, anchor.createdAt),
          and(eq(changeSet.createdAt, anchor.createdAt), lt(changeSet.id, anchor.id)),
        )
      }
      const rows = await summaries(context)
        .where(
          and(
            eq(changeSet.siteId, siteRow.id),
            after,
            // A change request's pages are listed with the request until it is published.
            or(ne(changeSet.source, 'review'), ne(changeSet.status, 'pending')),
          ),
        )
        .orderBy(desc(changeSet.createdAt), desc(changeSet.id))
        .limit(input.limit + 1)
      const items = rows.slice(0, input.limit).map(toSummary)
      return {
        items,
        nextCursor: rows.length > input.limit ? (items.at(-1)?.id ?? null) : null,
      }
    }),

  /**
   * A change set with its edits, page by page in path order (keyset: the cursor is the last path
   * shown): each page's metadata before (its base revision's) and after the edit, and the
   * result of applying it.
   */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        ...changeSetRef,
        cursor: z.string().max(8300).optional(),
        limit: z.number().int().min(1).max(200).default(100),
      }),
    )
    .output(
      z.object({
        changeSet: changeSetSummarySchema,
        items: z.array(
          z.object({
            pageId: z.string().nullable(),
            path: z.string(),
            /**
             * The locale whose set the edit changes (a change request's, on a site with locales);
             * null: the page's own set — every bulk edit's, import's and undo's.
             */
            locale: z.string().nullable(),
            baseRevisionId: z.string().nullable(),
            before: metadataJson,
            after: metadataJson,
            result: z.enum(['applied', 'conflict', 'unchanged']).nullable(),
            revisionId: z.string().nullable(),
          }),
        ),
        nextCursor: z.string().nullable(),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      const summary = await summaryOf(context, siteRow.id, input.changeSetId)
      // The cursor is the last path shown, or for a locale's set `["path","locale"]` (paths
      // start with a slash).
      const [cursorPath, cursorLocale] = cursorOf(input.cursor)
      const rows = await context.db
        .select({
          pageId: changeSetItem.pageId,
          path: changeSetItem.path,
          locale: changeSetItem.locale,
          baseRevisionId: changeSetItem.baseRevisionId,
          after: changeSetItem.metadata,
          before: metadataRevision.metadata,
          result: changeSetItem.result,
          revisionId: changeSetItem.revisionId,
        })
        .from(changeSetItem)
        .leftJoin(metadataRevision, eq(metadataRevision.id, changeSetItem.baseRevisionId))
        .where(
          and(
            eq(changeSetItem.changeSetId, summary.id),
            cursorPath === undefined
              ? undefined
              : sql`(${changeSetItem.path} collate "C", ${changeSetItem.locale} collate "C") > (${cursorPath}, ${cursorLocale})`,
          ),
        )
        .orderBy(sql`${changeSetItem.path} collate "C"`, sql`${changeSetItem.locale} collate "C"`)
        .limit(input.limit + 1)
      const items = rows.slice(0, input.limit).map((row) => ({
        ...row,
        locale: row.locale === '' ? null : row.locale,
        before: row.before ?? {},
      }))
      const last = items.at(-1)
      return {
        changeSet: summary,
        items,
        nextCursor:
          rows.length > input.limit && last
            ? last.locale === null
              ? last.path
              : JSON.stringify([last.path, last.locale])
            : null,
      }
    }),

  /**
   * Stores a pending change set of up to 2,000 edits (more with addEdits). Every edit is checked
   * as a save would check it; a refused edit is named by its path and nothing is stored.
   */
  create: organizationProcedure()
    .input(
      z.object({
        ...pageSiteRef,
        note: noteSchema,
        edits: z.array(editSchema).min(1).max(MAX_EDITS_PER_CALL),
      }),
    )
    .output(z.object({ id: z.string(), itemCount: z.number().int() }))
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      await refuseForeignPages(context, siteRow.id, input.edits)
      const { id } = await createChangeSet(context.db, {
        siteId: siteRow.id,
        authorId: context.user.id,
        note: input.note ?? null,
        source: 'bulk',
        edits: input.edits,
      })
      return { id, itemCount: (await summaryOf(context, siteRow.id, id)).itemCount }
    }),

  /** Adds up to 2,000 edits to a pending change set (an edit of a path already in it replaces it). */
  addEdits: organizationProcedure()
    .input(z.object({ ...changeSetRef, edits: z.array(editSchema).min(1).max(MAX_EDITS_PER_CALL) }))
    .output(z.object({ id: z.string(), itemCount: z.number().int() }))
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      await refuseForeignPages(context, siteRow.id, input.edits)
      await refuseReviewSet(context, siteRow.id, input.changeSetId)
      const { itemCount } = await addChangeSetEdits(context.db, {
        siteId: siteRow.id,
        changeSetId: input.changeSetId,
        edits: input.edits,
      })
      return { id: input.changeSetId, itemCount }
    }),

  /**
   * What an operation would do, without storing anything: how many pages the target matches,
   * how many the operation changes, and up to 20 field changes as examples.
   */
  previewOperation: organizationProcedure()
    .input(operationInput)
    .output(
      z.object({
        matchedPages: z.number().int(),
        changedPages: z.number().int(),
        sample: z.array(
          z.object({ path: z.string(), field: z.string(), before: fieldValue, after: fieldValue }),
        ),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      const { matchedPages, changedPages, sample } = await planOperation(context, siteRow, input, {
        keepEdits: false,
      })
      return { matchedPages, changedPages, sample }
    }),

  /**
   * Builds a pending change set on the server from an operation on a filter's pages or listed
   * paths. When the operation changes no page, nothing is stored and `id` is null.
   */
  fromOperation: organizationProcedure()
    .input(operationInput.extend({ note: noteSchema }))
    .output(
      z.object({
        id: z.string().nullable(),
        matchedPages: z.number().int(),
        changedPages: z.number().int(),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      const plan = await planOperation(context, siteRow, input, { keepEdits: true })
      if (plan.edits.length === 0) {
        return { id: null, matchedPages: plan.matchedPages, changedPages: 0 }
      }
      const { id } = await createChangeSet(context.db, {
        siteId: siteRow.id,
        authorId: context.user.id,
        note: input.note ?? null,
        source: 'bulk',
        edits: plan.edits,
      })
      return { id, matchedPages: plan.matchedPages, changedPages: plan.changedPages }
    }),

  /**
   * Applies a pending change set in one transaction. Pages saved since their edit was made are
   * conflicts: left as they are and listed; every other page is applied.
   */
  apply: organizationProcedure()
    .input(z.object(changeSetRef))
    .output(applyResultSchema)
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      await refuseReviewSet(context, siteRow.id, input.changeSetId)
      const items = await context.db
        .select({
          baseRevisionId: changeSetItem.baseRevisionId,
          metadata: changeSetItem.metadata,
        })
        .from(changeSetItem)
        .where(eq(changeSetItem.changeSetId, input.changeSetId))
      await assertMayPublish(context.db, {
        organizationId: context.organization.id,
        role: context.membership.role,
        facts: await factsOfEdits(context.db, items),
        action: 'apply this change set',
      })
      return applyChangeSet(context.db, context.events, {
        siteId: siteRow.id,
        changeSetId: input.changeSetId,
        authorId: context.user.id,
        auditActor: contextActor(context),
      })
    }),

  /** Discards a pending change set: it stays listed and can no longer be applied. */
  discard: organizationProcedure()
    .input(z.object(changeSetRef))
    .output(changeSetSummarySchema)
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      await refuseReviewSet(context, siteRow.id, input.changeSetId)
      await discardChangeSet(context.db, {
        siteId: siteRow.id,
        changeSetId: input.changeSetId,
        auditActor: contextActor(context),
      })
      return summaryOf(context, siteRow.id, input.changeSetId)
    }),

  /**
   * Undoes an applied change set: each page it changed gets back the metadata it had before, in
   * a new change set applied at once. Pages changed since are conflicts, left alone.
   */
  undo: organizationProcedure()
    .input(z.object({ ...changeSetRef, note: noteSchema }))
    .output(applyResultSchema.extend({ id: z.string() }))
    .handler(async ({ context, input }) => {
      const siteRow = await site(context, input.siteHostname)
      const undone = await context.db
        .select({
          path: changeSetItem.path,
          after: changeSetItem.metadata,
          before: metadataRevision.metadata,
        })
        .from(changeSetItem)
        .leftJoin(metadataRevision, eq(metadataRevision.id, changeSetItem.baseRevisionId))
        .innerJoin(changeSet, eq(changeSet.id, changeSetItem.changeSetId))
        .where(
          and(
            eq(changeSetItem.changeSetId, input.changeSetId),
            eq(changeSet.siteId, siteRow.id),
            eq(changeSetItem.result, 'applied'),
          ),
        )
      await assertMayPublish(context.db, {
        organizationId: context.organization.id,
        role: context.membership.role,
        facts: {
          ...NO_FACTS,
          // A page whose sets in several locales it gives back is one page.
          pages: new Set(undone.map((row) => row.path)).size,
          // The undo gives each page its `before` back.
          noindexTurnedOn: undone.filter((row) => isNoindex(row.before) && !isNoindex(row.after))
            .length,
        },
        action: 'undo this change set',
      })
      return undoChangeSet(context.db, context.events, {
        siteId: siteRow.id,
        changeSetId: input.changeSetId,
        authorId: context.user.id,
        note: input.note ?? null,
        auditActor: contextActor(context),
      })
    }),
}

/** The last item of a change set's page a cursor names: its path and locale ('': own set). */
function cursorOf(cursor: string | undefined): [string, string] | [] {
  if (cursor === undefined) return []
  if (!cursor.startsWith('[')) return [cursor, '']
  try {
    const value: unknown = JSON.parse(cursor)
    if (
      Array.isArray(value) &&
      value.length === 2 &&
      typeof value[0] === 'string' &&
      typeof value[1] === 'string'
    ) {
      return [value[0], value[1]]
    }
  } catch {
    // Refused below.
  }
  throw new ORPCError('BAD_REQUEST', {
    message: 'This list cursor is not valid; reload the change set.',
  })
}

/** A change request's change set is changed, published and closed through the request only. */
async function refuseReviewSet(context: Scope, siteId: string, changeSetId: string) {
  const [row] = await context.db
    .select({ source: changeSet.source })
    .from(changeSet)
    .where(and(eq(changeSet.id, changeSetId), eq(changeSet.siteId, siteId)))
  if (row?.source !== 'review') return
  throw new ORPCError('CONFLICT', {
    message:
      'This change set holds the pages of a change request: change, publish or close it from the change request.',
  })
}

/** Edits naming a page id must name a page of this site, at the path they give. */
async function refuseForeignPages(context: Scope, siteId: string, edits: ChangeSetEdit[]) {
  const ids = [...new Set(edits.flatMap((edit) => (edit.pageId === null ? [] : [edit.pageId])))]
  if (ids.length === 0) return
  const rows = await context.db
    .select({ id: page.id })
    .from(page)
    .where(and(eq(page.siteId, siteId), inArray(page.id, ids), isNotNull(page.path)))
  if (rows.length === ids.length) return
  const known = new Set(rows.map((row) => row.id))
  const missing = edits.filter((edit) => edit.pageId !== null && !known.has(edit.pageId))
  throw new ORPCError('BAD_REQUEST', {
    message: `${missing.length === 1 ? 'One edit names a page' : `${missing.length} edits name pages`} this site does not have (the first: ${String(missing[0]?.path).slice(0, 200)}). Reload the pages and make the edits again; nothing was stored.`,
    data: {
      edits: missing.slice(0, 100).map((edit) => ({
        path: edit.path,
        issues: [{ path: ['pageId'], message: 'No such page on this site.' }],
      })),
    },
  })
}
