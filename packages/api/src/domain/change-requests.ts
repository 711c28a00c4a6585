import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { and, desc, eq, isNull, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import {
  changeRequest,
  changeRequestRuleEdit,
  changeSet,
  changeSetItem,
  type ChangeRequestOutcome,
  member,
  page,
  pathRule,
  pathRuleRevision,
  site,
} from '../db/schema.ts'
import { PATH_RULES_PER_SITE } from '../shared/path-rules.ts'
import type { OrganizationRole } from '../permissions.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { type AuditAction, type AuditActor, recordAudit } from './audit.ts'
import {
  applyInTransaction,
  type ChangeSetEdit,
  changeSetNotFound,
  insertChangeSet,
  insertItems,
  localeEditsOf,
  MAX_CHANGE_SET_ITEMS,
  validateEdits,
  writeLocaleEdits,
} from './change-sets.ts'
import type { CoreEvents, Transaction } from './events.ts'
import {
  factsOfEdits,
  isManager,
  isNoindex,
  loadPolicy,
  type PublishFacts,
  type Requirement,
  requirementOf,
} from './publishing-policy.ts'
import { announceRuleChange, writeRuleRevision } from './path-rule-writes.ts'
import { saveRevision } from './revisions.ts'
import { compactMetadata } from './served-metadata.ts'

// Change requests: drafted edits of a site's pages (a pending change set of source `review`)
// and of its defaults, reviewed, then published in one transaction — now, or at a scheduled
// time by the release queue (releases.ts). Publishing never overwrites: a page saved since its
// draft was made is a conflict the author resolves (re-base onto the newer revision, or drop).

type Executor = Database | Transaction
export type ChangeRequestRow = typeof changeRequest.$inferSelect

export const TITLE_MAX_LENGTH = 200
export const DESCRIPTION_MAX_LENGTH = 10_000
export const COMMENT_MAX_LENGTH = 10_000

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]
const parsed = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value

export function changeRequestNotFound(): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', {
    message:
      'This change request does not exist in this organization. Pick one from the change requests.',
  })
}

/** The change request `id` of the organization, locked for the rest of `tx`. */
export async function lockChangeRequest(
  tx: Transaction,
  organizationId: string,
  id: string,
): Promise<ChangeRequestRow> {
  const [row] = await tx
    .select()
    .from(changeRequest)
    .where(and(eq(changeRequest.id, id), eq(changeRequest.organizationId, organizationId)))
    .for('update')
  if (!row) throw changeRequestNotFound()
  return row
}

export function refuseUnlessEditable(row: ChangeRequestRow): void {
  if (row.status === 'open' || row.status === 'approved') return
  throw new ORPCError('CONFLICT', {
    message:
      row.status === 'scheduled'
        ? 'This change request is scheduled: cancel its release before changing it.'
        : row.status === 'published'
          ? 'This change request was published; it can not change. Start a new draft.'
          : 'This change request was closed; it can not change. Start a new draft.',
    data: { status: row.status },
  })
}

/**
 * One drafted edit: a page's own metadata (path), one locale's set of it (path and `locale`), or
 * the site's defaults (path null).
 */
export interface DraftEdit {
  path: string | null
  /** The page's id; null for a page that does not exist yet is refused (drafts edit pages). */
  pageId: string | null
  /** The current revision of the set the edit was made from (the locale's, with `locale`). */
  baseRevisionId: string | null
  metadata: Metadata
  /**
   * On a site with locales, the locale whose set is drafted, as `chooseLocale` answered it (the
   * caller checked it is declared); null or absent = the page's own set, the default locale's.
   */
  locale?: string | null
}

/**
 * Puts one edit into a change request (replacing its edit of the same page) inside `tx`; the
 * request goes back to `open` and loses its approval, since what was approved changed.
 */
async function putEdit(
  tx: Transaction,
  row: ChangeRequestRow,
  siteHostname: string,
  edit: DraftEdit,
): Promise<void> {
  refuseUnlessEditable(row)
  if (edit.path === null) {
    await tx
      .update(changeRequest)
      .set({
        defaultsMetadata: compactMetadata(edit.metadata),
        defaultsBaseRevisionId: edit.baseRevisionId,
      })
      .where(eq(changeRequest.id, row.id))
  } else {
    const edits = validateEdits(
      [
        {
          pageId: edit.pageId,
          path: edit.path,
          baseRevisionId: edit.baseRevisionId,
          metadata: edit.metadata,
          ...(edit.locale ? { locale: edit.locale } : {}),
        },
      ],
      siteHostname,
    )
    await insertItems(tx, row.changeSetId, edits)
    const [set] = await tx
      .select({ itemCount: changeSet.itemCount })
      .from(changeSet)
      .where(eq(changeSet.id, row.changeSetId))
    if ((set?.itemCount ?? 0) > MAX_CHANGE_SET_ITEMS) {
      throw new ORPCError('BAD_REQUEST', {
        message: `A change request can edit at most ${MAX_CHANGE_SET_ITEMS.toLocaleString('en')} pages. Open another one for the rest.`,
      })
    }
  }
  await contentChanged(tx, row.id)
}

async function contentChanged(tx: Transaction, id: string): Promise<void> {
  await tx
    .update(changeRequest)
    .set({
      status: 'open',
      approvedById: null,
      approvedAt: null,
      contentChangedAt: sql`now()`,
    })
    .where(eq(changeRequest.id, id))
}

/** Records an action on a change request's drafts in the audit log, inside `tx`. */
export function auditDraft(
  tx: Transaction,
  actor: AuditActor,
  action: AuditAction,
  row: { id: string; organizationId: string; title: string },
  after?: Record<string, unknown>,
): Promise<void> {
  return recordAudit(tx, {
    organizationId: row.organizationId,
    actor,
    action,
    target: { kind: 'change_request', id: row.id, label: row.title },
    ...(after ? { summary: { after } } : {}),
  })
}

/** What an edit's audit entry says of it: the page (or the defaults) and the fields it sets. */
function editSummary(edit: DraftEdit): Record<string, unknown> {
  return {
    path: edit.path ?? 'site defaults',
    ...(edit.locale ? { locale: edit.locale } : {}),
    fields: Object.keys(edit.metadata).sort(),
  }
}

/**
 * Adds an edit to the person's open draft change request of the site, or starts one (titled
 * after the site, which the person renames when they ask for review). Returns its id.
 */
export async function saveDraft(
  db: Database,
  input: {
    organizationId: string
    site: { id: string; hostname: string }
    authorId: string
    edit: DraftEdit
    actor: AuditActor
  },
): Promise<{ id: string; created: boolean }> {
  return db.transaction(async (tx) => {
    const { row, created } = await openDraftIn(tx, input)
    await putEdit(tx, row, input.site.hostname, input.edit)
    await auditDraft(tx, input.actor, 'change_request.draft_saved', row, editSummary(input.edit))
    return { id: row.id, created }
  })
}

/**
 * The person's open draft change request of the site, locked (with the site, first: the lock
 * order of every write to a site's pages), or a new one titled after the site, which the person
 * renames when they ask for review.
 */
async function openDraftIn(
  tx: Transaction,
  input: {
    organizationId: string
    site: { id: string; hostname: string }
    authorId: string
    actor: AuditActor
    /** Starts a new change request even when there is an open draft. */
    forceNew?: boolean | undefined
    /** The new request's title and description (by default titled after the site). */
    title?: string | undefined
    description?: string | null | undefined
    /** The agent connection opening it (its person is the author). */
    agentConnectionId?: string | null | undefined
  },
): Promise<{ row: ChangeRequestRow; created: boolean }> {
  await tx.execute(sql`select id from site where id = ${input.site.id} for update`)
  const [existing] = input.forceNew
    ? []
    : await tx
        .select()
        .from(changeRequest)
        .where(
          and(
            eq(changeRequest.siteId, input.site.id),
            eq(changeRequest.authorId, input.authorId),
            eq(changeRequest.status, 'open'),
          ),
        )
        .orderBy(desc(changeRequest.createdAt))
        .limit(1)
        .for('update')
  if (existing) return { row: existing, created: false }
  const { id: changeSetId } = await insertChangeSet(tx, {
    siteId: input.site.id,
    authorId: input.authorId,
    note: null,
    source: 'review',
    edits: [],
  })
  const [inserted] = await tx
    .insert(changeRequest)
    .values({
      id: randomUUID(),
      organizationId: input.organizationId,
      siteId: input.site.id,
      changeSetId,
      title: (input.title ?? `Changes to ${input.site.hostname}`).slice(0, TITLE_MAX_LENGTH),
      description: input.description ?? null,
      authorId: input.authorId,
      agentConnectionId: input.agentConnectionId ?? null,
    })
    .returning()
  if (!inserted) throw new Error('The change request insert returned no row.')
  await auditDraft(tx, input.actor, 'change_request.opened', inserted)
  return { row: inserted, created: true }
}

/**
 * Opens a new change request of the site holding every given edit (pages, the defaults, path
 * rules), titled and explained, in one transaction: all of it is drafted, or nothing. Nothing is
 * published; the organization's publishing policy applies when someone publishes it.
 */
export async function openProposal(
  db: Database,
  input: {
    organizationId: string
    site: { id: string; hostname: string }
    authorId: string
    actor: AuditActor
    title: string
    description: string | null
    agentConnectionId: string | null
    edits: DraftEdit[]
    ruleEdits: RuleDraftEdit[]
  },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const { row } = await openDraftIn(tx, { ...input, forceNew: true })
    for (const edit of input.edits) {
      await putEdit(tx, row, input.site.hostname, edit)
      await auditDraft(tx, input.actor, 'change_request.draft_saved', row, editSummary(edit))
    }
    for (const edit of input.ruleEdits) {
      const resolved = await putRuleEdit(tx, row, edit)
      await auditDraft(
        tx,
        input.actor,
        'change_request.draft_saved',
        row,
        ruleEditSummary(resolved),
      )
    }
    return { id: row.id }
  })
}

/** One drafted change of a path rule: a new rule (`ruleId` null), a new revision, or deletion. */
export interface RuleDraftEdit {
  ruleId: string | null
  /** The rule's pattern once published, normalised (a different one renames the rule). */
  pattern: string
  deleted: boolean
  /** Undefined: keeps the request's earlier draft of the rule, else what the rule sets now. */
  metadata: Metadata | undefined
  titleTemplate: string | null | undefined
  /** The rule's current revision the edit was made from (null for a new rule). */
  baseRevisionId: string | null
}

/**
 * Adds a change of a path rule to the person's open draft change request of the site (or starts
 * one), replacing the request's earlier change of the same rule. Nothing is published: rules
 * change what many pages serve, so the request is published by an owner or an admin.
 */
export async function saveRuleDraft(
  db: Database,
  input: {
    organizationId: string
    site: { id: string; hostname: string }
    authorId: string
    edit: RuleDraftEdit
    actor: AuditActor
    /** A change request of the author's to put it in (re-basing); by default their open draft. */
    changeRequestId?: string | undefined
    /** Starts a new change request even when the author has an open draft of the site. */
    newChangeRequest?: boolean
  },
): Promise<{ id: string; created: boolean }> {
  if (input.changeRequestId !== undefined && input.newChangeRequest) {
    throw new ORPCError('BAD_REQUEST', {
      message: 'Choose either a change request to add the rule change to, or a new one, not both.',
    })
  }
  return db.transaction(async (tx) => {
    let row: ChangeRequestRow
    let created = false
    if (input.changeRequestId === undefined) {
      ;({ row, created } = await openDraftIn(tx, { ...input, forceNew: input.newChangeRequest }))
    } else {
      await tx.execute(sql`select id from site where id = ${input.site.id} for update`)
      row = await lockChangeRequest(tx, input.organizationId, input.changeRequestId)
      refuseUnlessAuthor(row, input.authorId, 're-base its edits')
      if (row.siteId !== input.site.id) {
        throw new ORPCError('BAD_REQUEST', {
          message: 'This rule belongs to another site than the change request.',
        })
      }
    }
    const edit = await putRuleEdit(tx, row, input.edit)
    await auditDraft(tx, input.actor, 'change_request.draft_saved', row, ruleEditSummary(edit))
    return { id: row.id, created }
  })
}

function ruleEditSummary(edit: ResolvedRuleEdit): Record<string, unknown> {
  return edit.deleted
    ? { rule: edit.pattern, deleted: true }
    : {
        rule: edit.pattern,
        fields: Object.keys(edit.metadata).sort(),
        titleTemplate: edit.titleTemplate,
      }
}

type ResolvedRuleEdit = RuleDraftEdit & { metadata: Metadata; titleTemplate: string | null }

/**
 * What an edit leaves out, filled in: the request's earlier draft of the rule (unless it deletes
 * the rule), else the rule's current revision — so a rename alone changes only the pattern.
 */
async function resolveRuleEdit(
  tx: Transaction,
  row: ChangeRequestRow,
  key: string,
  edit: RuleDraftEdit,
): Promise<ResolvedRuleEdit> {
  if (edit.metadata !== undefined && edit.titleTemplate !== undefined) {
    return { ...edit, metadata: edit.metadata, titleTemplate: edit.titleTemplate }
  }
  let kept: { metadata: Metadata; titleTemplate: string | null } = {
    metadata: {},
    titleTemplate: null,
  }
  const [earlier] = await tx
    .select({
      metadata: changeRequestRuleEdit.metadata,
      titleTemplate: changeRequestRuleEdit.titleTemplate,
      deleted: changeRequestRuleEdit.deleted,
    })
    .from(changeRequestRuleEdit)
    .where(
      and(eq(changeRequestRuleEdit.changeRequestId, row.id), eq(changeRequestRuleEdit.key, key)),
    )
  if (earlier && !earlier.deleted) {
    kept = { metadata: parsed(earlier.metadata), titleTemplate: earlier.titleTemplate }
  } else if (edit.ruleId !== null) {
    const [current] = await tx
      .select({
        metadata: pathRuleRevision.metadata,
        titleTemplate: pathRuleRevision.titleTemplate,
      })
      .from(pathRule)
      .innerJoin(pathRuleRevision, eq(pathRuleRevision.id, pathRule.currentRevisionId))
      .where(and(eq(pathRule.id, edit.ruleId), eq(pathRule.siteId, row.siteId)))
    if (current) kept = { metadata: parsed(current.metadata), titleTemplate: current.titleTemplate }
  }
  return {
    ...edit,
    metadata: edit.metadata ?? kept.metadata,
    titleTemplate: edit.titleTemplate === undefined ? kept.titleTemplate : edit.titleTemplate,
  }
}

async function putRuleEdit(
  tx: Transaction,
  row: ChangeRequestRow,
  draftEdit: RuleDraftEdit,
): Promise<ResolvedRuleEdit> {
  refuseUnlessEditable(row)
  if (draftEdit.ruleId === null && draftEdit.deleted) {
    throw new ORPCError('BAD_REQUEST', {
      message: 'A rule that does not exist yet can not be deleted.',
    })
  }
  const key = draftEdit.ruleId ?? `new:${draftEdit.pattern}`
  const edit = await resolveRuleEdit(tx, row, key, draftEdit)
  const values = {
    pattern: edit.pattern,
    deleted: edit.deleted,
    metadata: edit.deleted ? {} : compactMetadata(edit.metadata),
    titleTemplate: edit.deleted ? null : edit.titleTemplate,
    baseRevisionId: edit.baseRevisionId,
    updatedAt: sql`now()`,
  }
  await tx
    .insert(changeRequestRuleEdit)
    .values({ id: randomUUID(), changeRequestId: row.id, ruleId: edit.ruleId, key, ...values })
    .onConflictDoUpdate({
      target: [changeRequestRuleEdit.changeRequestId, changeRequestRuleEdit.key],
      set: values,
    })
  const [counted] = await tx
    .select({ n: sql<number>`count(*)::int` })
    .from(changeRequestRuleEdit)
    .where(eq(changeRequestRuleEdit.changeRequestId, row.id))
  if ((counted?.n ?? 0) > PATH_RULES_PER_SITE) {
    throw new ORPCError('BAD_REQUEST', {
      message: `A change request can change at most ${PATH_RULES_PER_SITE} path rules.`,
    })
  }
  await contentChanged(tx, row.id)
  return edit
}

/** Drops a drafted rule change from a change request (its author, while open or approved). */
export async function dropRuleEdit(
  db: Database,
  input: {
    organizationId: string
    changeRequestId: string
    userId: string
    ruleEditId: string
    actor: AuditActor
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockChangeRequest(tx, input.organizationId, input.changeRequestId)
    refuseUnlessAuthor(row, input.userId, 'drop its edits')
    refuseUnlessEditable(row)
    const [removed] = await tx
      .delete(changeRequestRuleEdit)
      .where(
        and(
          eq(changeRequestRuleEdit.changeRequestId, row.id),
          eq(changeRequestRuleEdit.id, input.ruleEditId),
        ),
      )
      .returning({ pattern: changeRequestRuleEdit.pattern })
    if (!removed) {
      throw new ORPCError('NOT_FOUND', {
        message: 'This change request does not change that rule. Reload the change request.',
      })
    }
    await contentChanged(tx, row.id)
    await auditDraft(tx, input.actor, 'change_request.edit_dropped', row, { rule: removed.pattern })
  })
}

/** The rule changes of a change request, in the order they were first drafted. */
export function ruleEditsOf(db: Executor, changeRequestId: string) {
  return db
    .select()
    .from(changeRequestRuleEdit)
    .where(eq(changeRequestRuleEdit.changeRequestId, changeRequestId))
    .orderBy(changeRequestRuleEdit.createdAt, changeRequestRuleEdit.id)
}

/**
 * Publishes the request's rule changes inside `tx` (the site is locked): a rule changed,
 * renamed onto a taken pattern or deleted since the draft, or a new rule whose pattern is
 * taken, is a conflict. Answers how many rules changed and the conflicts; the caller
 * announces the change once.
 */
async function publishRuleEdits(
  tx: Transaction,
  row: ChangeRequestRow,
): Promise<{
  rules: number
  lastRevision: RuleRevisionFacts | null
  conflicts: ChangeRequestOutcome['conflicts']
}> {
  const edits = await ruleEditsOf(tx, row.id)
  const conflicts: ChangeRequestOutcome['conflicts'] = []
  let lastRevision: RuleRevisionFacts | null = null
  let rules = 0
  const conflict = (pattern: string, currentRevisionId: string | null) =>
    conflicts.push({ path: null, rule: pattern, currentRevisionId })
  const takenBy = async (pattern: string) => {
    const [taken] = await tx
      .select({ id: pathRule.id })
      .from(pathRule)
      .where(and(eq(pathRule.siteId, row.siteId), eq(pathRule.pattern, pattern)))
    return taken?.id ?? null
  }
  for (const edit of edits) {
    if (edit.ruleId === null) {
      if ((await takenBy(edit.pattern)) !== null) {
        conflict(edit.pattern, null)
        continue
      }
      const [rule] = await tx
        .insert(pathRule)
        .values({ id: randomUUID(), siteId: row.siteId, pattern: edit.pattern })
        .returning()
      if (!rule) throw new Error('The rule insert returned no row.')
      lastRevision = await writeRuleRevision(tx, rule, {
        metadata: edit.metadata,
        titleTemplate: edit.titleTemplate,
        authorId: row.authorId,
        source: 'editor',
      })
      rules++
      continue
    }
    const [rule] = await tx
      .select()
      .from(pathRule)
      .where(and(eq(pathRule.id, edit.ruleId), eq(pathRule.siteId, row.siteId)))
      .for('update')
    if (!rule || rule.currentRevisionId !== edit.baseRevisionId) {
      conflict(rule?.pattern ?? edit.pattern, rule?.currentRevisionId ?? null)
      continue
    }
    if (edit.deleted) {
      await tx.delete(pathRule).where(eq(pathRule.id, rule.id))
      rules++
      continue
    }
    if (edit.pattern !== rule.pattern) {
      const taken = await takenBy(edit.pattern)
      if (taken !== null && taken !== rule.id) {
        conflict(edit.pattern, rule.currentRevisionId)
        continue
      }
      await tx.update(pathRule).set({ pattern: edit.pattern }).where(eq(pathRule.id, rule.id))
    }
    lastRevision = await writeRuleRevision(tx, rule, {
      metadata: edit.metadata,
      titleTemplate: edit.titleTemplate,
      authorId: row.authorId,
      source: 'editor',
    })
    rules++
  }
  if (conflicts.length === 0 && edits.some((e) => e.ruleId === null)) {
    const [counted] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(pathRule)
      .where(eq(pathRule.siteId, row.siteId))
    if ((counted?.n ?? 0) > PATH_RULES_PER_SITE) {
      throw new ORPCError('BAD_REQUEST', {
        message: `Nothing was published: the site would have more than ${PATH_RULES_PER_SITE} path rules. Drop a new rule from this change request, or delete one first.`,
      })
    }
  }
  return { rules, lastRevision, conflicts }
}

type RuleRevisionFacts = { id: string; number: number; source: string; createdAt: Date }

/**
 * Turns a pending bulk or import change set into a change request of its own: the edits made
 * in the bulk editor or found by an import are reviewed and published like drafts. Only its
 * author (or an owner or admin) may; the set stops being appliable on its own.
 */
export async function proposeChangeSet(
  db: Database,
  input: {
    organizationId: string
    site: { id: string; hostname: string }
    changeSetId: string
    userId: string
    mayActForOthers: boolean
    title: string | undefined
    actor: AuditActor
  },
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select id from site where id = ${input.site.id} for update`)
    const [set] = await tx
      .select()
      .from(changeSet)
      .where(and(eq(changeSet.id, input.changeSetId), eq(changeSet.siteId, input.site.id)))
      .for('update')
    if (!set) throw changeSetNotFound()
    if (set.status !== 'pending' || (set.source !== 'bulk' && set.source !== 'import')) {
      throw new ORPCError('CONFLICT', {
        message:
          set.source === 'review'
            ? 'These changes are already in a change request.'
            : `These changes are ${set.status === 'pending' ? 'not bulk or imported edits' : set.status}: only pending bulk edits and imports can be proposed for review.`,
      })
    }
    if (set.authorId !== input.userId && !input.mayActForOthers) {
      throw new ORPCError('FORBIDDEN', {
        message: 'Only the person who made these changes, or an owner or admin, can propose them.',
      })
    }
    if (set.itemCount === 0) {
      throw new ORPCError('BAD_REQUEST', {
        message: 'There is nothing to propose: no page changes.',
      })
    }
    await tx.update(changeSet).set({ source: 'review' }).where(eq(changeSet.id, set.id))
    const title =
      input.title?.trim() ||
      (set.note
        ? set.note
        : `${set.itemCount.toLocaleString('en')} pages of ${input.site.hostname}`)
    const [inserted] = await tx
      .insert(changeRequest)
      .values({
        id: randomUUID(),
        organizationId: input.organizationId,
        siteId: input.site.id,
        changeSetId: set.id,
        title: title.slice(0, TITLE_MAX_LENGTH),
        authorId: set.authorId ?? input.userId,
      })
      .returning({
        id: changeRequest.id,
        organizationId: changeRequest.organizationId,
        title: changeRequest.title,
      })
    if (!inserted) throw new Error('The change request insert returned no row.')
    await auditDraft(tx, input.actor, 'change_request.opened', inserted, {
      changeSet: set.source,
      pages: set.itemCount,
    })
    return { id: inserted.id }
  })
}

/**
 * Re-bases (or replaces) one edit of a change request: the author resolves a conflict by making
 * the edit again from the page's newer revision. Only the author, while it is open or approved.
 */
export async function rebaseEdit(
  db: Database,
  input: {
    organizationId: string
    changeRequestId: string
    userId: string
    siteHostname: string
    edit: DraftEdit
    actor: AuditActor
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockChangeRequest(tx, input.organizationId, input.changeRequestId)
    refuseUnlessAuthor(row, input.userId, 're-base its edits')
    await putEdit(tx, row, input.siteHostname, input.edit)
    await auditDraft(tx, input.actor, 'change_request.draft_saved', row, {
      ...editSummary(input.edit),
      rebasedOnto: input.edit.baseRevisionId,
    })
  })
}

/**
 * Drops one edit (a page's own set, one locale's set of it, or the defaults' with path null)
 * from a change request.
 */
export async function dropEdit(
  db: Database,
  input: {
    organizationId: string
    changeRequestId: string
    userId: string
    path: string | null
    /** The locale whose set's edit is dropped; null or absent: the page's own set. */
    locale?: string | null
    actor: AuditActor
  },
): Promise<void> {
  await db.transaction(async (tx) => {
    const row = await lockChangeRequest(tx, input.organizationId, input.changeRequestId)
    refuseUnlessAuthor(row, input.userId, 'drop its edits')
    refuseUnlessEditable(row)
    if (input.path === null) {
      if (row.defaultsMetadata === null) throw editNotInRequest()
      await tx
        .update(changeRequest)
        .set({ defaultsMetadata: null, defaultsBaseRevisionId: null })
        .where(eq(changeRequest.id, row.id))
    } else {
      const removed = await tx
        .delete(changeSetItem)
        .where(
          and(
            eq(changeSetItem.changeSetId, row.changeSetId),
            eq(changeSetItem.path, input.path),
            eq(changeSetItem.locale, input.locale ?? ''),
          ),
        )
        .returning({ path: changeSetItem.path })
      if (removed.length === 0) throw editNotInRequest()
      await tx.execute(sql`
        update change_set set item_count =
          (select count(*) from change_set_item where change_set_id = ${row.changeSetId})
        where id = ${row.changeSetId}`)
    }
    await contentChanged(tx, row.id)
    await auditDraft(tx, input.actor, 'change_request.edit_dropped', row, {
      path: input.path ?? 'site defaults',
      ...(input.locale ? { locale: input.locale } : {}),
    })
  })
}

function editNotInRequest() {
  return new ORPCError('NOT_FOUND', {
    message: 'This change request does not edit that page. Reload the change request.',
  })
}

export function refuseUnlessAuthor(row: ChangeRequestRow, userId: string, what: string): void {
  if (row.authorId === userId) return
  throw new ORPCError('FORBIDDEN', {
    message: `Only the author of a change request can ${what}. Comment on it to suggest a change.`,
  })
}

/** What a change request changes, for the policy. */
export async function factsOfRequest(db: Executor, row: ChangeRequestRow): Promise<PublishFacts> {
  const items = await db
    .select({
      path: changeSetItem.path,
      baseRevisionId: changeSetItem.baseRevisionId,
      metadata: changeSetItem.metadata,
    })
    .from(changeSetItem)
    .where(eq(changeSetItem.changeSetId, row.changeSetId))
  const edits = await factsOfEdits(db, items)
  // A page drafted in several locales is one page of the request.
  const facts = { ...edits, pages: new Set(items.map((item) => item.path)).size }
  const [rules] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(changeRequestRuleEdit)
    .where(eq(changeRequestRuleEdit.changeRequestId, row.id))
  return {
    ...facts,
    siteDefaults: row.defaultsMetadata !== null,
    pathRules: (rules?.n ?? 0) > 0,
  }
}

/** The role of a user in an organization; null when they are no longer a member. */
export async function roleIn(
  db: Executor,
  organizationId: string,
  userId: string,
): Promise<OrganizationRole | null> {
  const [row] = await db
    .select({ role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.userId, userId)))
  return row ? primaryOrganizationRole(row.role) : null
}

/** What publishing the request needs, and whether its approval (if any) satisfies it. */
export async function approvalState(
  db: Executor,
  row: ChangeRequestRow,
): Promise<{ requirement: Requirement; approved: boolean; approvalCounts: boolean }> {
  const policy = await loadPolicy(db, row.organizationId)
  const requirement = requirementOf(await factsOfRequest(db, row), policy)
  let approvalCounts = false
  if (row.approvedById !== null && row.approvedById !== row.authorId) {
    const role = await roleIn(db, row.organizationId, row.approvedById)
    approvalCounts = role !== null && (!requirement.managersOnly || isManager(role))
  }
  return { requirement, approved: row.approvedById !== null, approvalCounts }
}

/**
 * Refuses (403) when `publisherRole` may not publish the request now: under `review` only owners
 * and admins publish, and a request needing approval needs one that counts (by someone other
 * than the author; an owner's or admin's under `review`). Under `direct`, without danger, its
 * author and the organization's owners and admins may publish it without approval.
 */
export async function assertMayPublishRequest(
  db: Executor,
  row: ChangeRequestRow,
  publisher: { id: string; role: OrganizationRole },
): Promise<void> {
  const { requirement, approvalCounts } = await approvalState(db, row)
  if (requirement.managersOnly && !isManager(publisher.role)) {
    throw new ORPCError('FORBIDDEN', {
      message:
        'This organization publishes through review: only owners and admins publish or schedule change requests.',
    })
  }
  if (!requirement.managersOnly && publisher.id !== row.authorId && !isManager(publisher.role)) {
    throw new ORPCError('FORBIDDEN', {
      message: 'Only its author, an owner or an admin can publish or schedule this change request.',
    })
  }
  const needsApproval = requirement.secondPerson || requirement.managersOnly
  // Under review an owner's or admin's own request, without danger, needs no second person:
  // they may publish such a change directly anyway.
  const selfServe =
    requirement.managersOnly &&
    !requirement.secondPerson &&
    isManager(publisher.role) &&
    row.authorId === publisher.id
  if (needsApproval && !approvalCounts && !selfServe) {
    throw new ORPCError('FORBIDDEN', {
      message: `This change request needs an approval first: ${requirement.reasons.join('; ')}. Ask ${requirement.managersOnly ? 'an owner or an admin other than its author' : 'another member'} to approve it.`,
      data: { changeRequestNeeded: true, reasons: requirement.reasons },
    })
  }
}

export class ReleaseConflict extends Error {
  readonly conflicts: ChangeRequestOutcome['conflicts']
  constructor(conflicts: ChangeRequestOutcome['conflicts']) {
    super('Pages of this change request were saved since it was drafted.')
    this.conflicts = conflicts
  }
}

/**
 * Publishes a change request inside `tx` (the caller checked who may): locks the request, then
 * applies its change set (site, set, pages in path order, as every write to a site's pages) and
 * saves its defaults. A page or the defaults saved since the draft is a conflict: nothing is
 * written (ReleaseConflict, the transaction rolls back). `expect` guards the release queue: the
 * request must still be scheduled for that time, else nothing happens (null) — so a release
 * runs once, whichever instance takes it and however often.
 */
export async function publishInTransaction(
  tx: Transaction,
  events: CoreEvents,
  input: {
    organizationId: string
    changeRequestId: string
    publisherId: string | null
    expect?: { scheduledFor: Date }
  },
): Promise<{ row: ChangeRequestRow; outcome: ChangeRequestOutcome } | null> {
  // The site's row first (the lock order of every write to a site's pages), then the request.
  const [peek] = await tx
    .select({ siteId: changeRequest.siteId })
    .from(changeRequest)
    .where(
      and(
        eq(changeRequest.id, input.changeRequestId),
        eq(changeRequest.organizationId, input.organizationId),
      ),
    )
  if (!peek) {
    if (input.expect) return null
    throw changeRequestNotFound()
  }
  await tx.execute(sql`select id from site where id = ${peek.siteId} for update`)
  const row = await lockChangeRequest(tx, input.organizationId, input.changeRequestId)
  if (input.expect) {
    if (
      row.status !== 'scheduled' ||
      row.scheduledFor?.getTime() !== input.expect.scheduledFor.getTime()
    ) {
      return null
    }
  } else if (row.status !== 'open' && row.status !== 'approved' && row.status !== 'scheduled') {
    throw new ORPCError('CONFLICT', {
      message:
        row.status === 'published'
          ? 'This change request was already published.'
          : 'This change request was closed; it can not be published.',
      data: { status: row.status },
    })
  }
  const applied = await applyInTransaction(tx, events, {
    siteId: row.siteId,
    changeSetId: row.changeSetId,
    authorId: row.authorId,
  })
  const conflicts: ChangeRequestOutcome['conflicts'] = [...applied.conflicts]
  // Other locales' sets: checked now (the site is locked, so none of its pages changes meanwhile)
  // and written once nothing conflicts, each as the editor's per-locale save writes it.
  const localeEdits = await localeEditsOf(tx, row)
  conflicts.push(...localeEdits.conflicts)
  let defaults = false
  if (row.defaultsMetadata !== null) {
    const [defaultsPage] = await tx
      .select({ id: page.id, currentRevisionId: page.currentRevisionId })
      .from(page)
      .where(and(eq(page.siteId, row.siteId), isNull(page.path)))
      .for('update')
    if (!defaultsPage || defaultsPage.currentRevisionId !== row.defaultsBaseRevisionId) {
      conflicts.push({ path: null, currentRevisionId: defaultsPage?.currentRevisionId ?? null })
    } else {
      await saveRevision(tx, events, {
        siteId: row.siteId,
        pageId: defaultsPage.id,
        baseRevisionId: row.defaultsBaseRevisionId,
        metadata: row.defaultsMetadata,
        authorId: row.authorId,
        source: 'bulk',
      })
      defaults = true
    }
  }
  const ruleResult = await publishRuleEdits(tx, row)
  conflicts.push(...ruleResult.conflicts)
  if (conflicts.length > 0) throw new ReleaseConflict(conflicts)
  const localeResult = await writeLocaleEdits(tx, events, row, localeEdits)
  if (ruleResult.rules > 0 && !defaults) {
    // Every path may serve something else: one announcement (the defaults' save made one).
    const [siteRow] = await tx.select().from(site).where(eq(site.id, row.siteId))
    if (siteRow) {
      const revision = ruleResult.lastRevision ?? {
        id: row.id,
        number: 0,
        source: 'editor',
        createdAt: new Date(),
      }
      await announceRuleChange(tx, events, siteRow, revision)
    }
  }
  const outcome: ChangeRequestOutcome = {
    applied: applied.applied + localeResult.applied,
    created: applied.created,
    unchanged: applied.unchanged + localeResult.unchanged,
    defaults,
    rules: ruleResult.rules,
    conflicts: [],
  }
  const [published] = await tx
    .update(changeRequest)
    .set({
      status: 'published',
      publishedAt: sql`now()`,
      publishedById: input.publisherId,
      outcome,
    })
    .where(eq(changeRequest.id, row.id))
    .returning()
  return { row: published ?? row, outcome }
}

/** A ReleaseConflict as the person sees it: CONFLICT naming the pages to re-base or drop. */
export function conflictError(error: ReleaseConflict): ORPCError<'CONFLICT', unknown> {
  const names = error.conflicts.map((c) =>
    c.rule !== undefined
      ? `the path rule ${c.rule}`
      : c.path === null
        ? 'the site’s defaults'
        : c.locale
          ? `${c.path} (${c.locale})`
          : c.path,
  )
  return new ORPCError('CONFLICT', {
    message: `Nothing was published: ${names.length === 1 ? `${names[0]?.slice(0, 200)} was` : `${names.length} of its pages and rules were`} saved by someone after this change request was drafted. Re-base each onto the newer revision or drop it, then publish again.`,
    data: { conflicts: error.conflicts.slice(0, 100) },
  })
}

/**
 * The items of a change request whose page (or locale's set, named "path (locale)") moved on
 * since the draft.
 */
export async function conflictingPaths(db: Executor, row: ChangeRequestRow): Promise<string[]> {
  const rows = rowsOf<{ path: string; locale: string }>(
    await db.execute(sql`
      select i.path, i.locale from change_set_item i
      left join page p on p.id = i.page_id
      left join page_locale l on l.page_id = p.id and l.locale = i.locale
      where i.change_set_id = ${row.changeSetId}
        and (p.id is null or p.path is distinct from i.path
          or (case when i.locale = '' then p.current_revision_id else l.current_revision_id end)
            is distinct from i.base_revision_id)
      order by i.path collate "C", i.locale collate "C"`),
  )
  return rows.map((r) => (r.locale === '' ? r.path : `${r.path} (${r.locale})`))
}

/** Whether the site's defaults moved on since the request's draft of them. */
export async function defaultsConflict(db: Executor, row: ChangeRequestRow): Promise<boolean> {
  if (row.defaultsMetadata === null) return false
  const [defaultsPage] = await db
    .select({ currentRevisionId: page.currentRevisionId })
    .from(page)
    .where(and(eq(page.siteId, row.siteId), isNull(page.path)))
  return (defaultsPage?.currentRevisionId ?? null) !== row.defaultsBaseRevisionId
}

export { isNoindex, parsed as parsedJson }
export type { ChangeSetEdit }
