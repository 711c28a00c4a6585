import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { and, eq, sql } from 'drizzle-orm'
import { checkPagesQuota } from '../billing/quotas.ts'
import type { Database } from '../db/client.ts'
import { changeSet, organization, site } from '../db/schema.ts'
import type { AuditSummary, ChangeSetCounts } from '../db/schema.ts'
import { type AuditAction, type AuditActor, recordAudit } from './audit.ts'
import {
  type ChangeSetAppliedEvent,
  type CoreEvents,
  eventSite,
  type Transaction,
} from './events.ts'
import { METADATA_MAX_BYTES, metadataBytes, metadataSchema } from './metadata-schema.ts'
import { pagePathFromInput } from './page-paths.ts'
import { loadSiteRules } from './path-rules.ts'
import { localeSetsOfPages, servedPageInLocale } from './page-locales.ts'
import { saveRevision, servedFor } from './revisions.ts'
import { chooseLocale } from './site-locales.ts'
import { compactMetadata } from './served-metadata.ts'

// Change sets: many pages' edits, stored first (so they can be reviewed, grown by an import
// batch after batch, or discarded), then applied together in one transaction. Each page applied
// gets an ordinary revision (source 'bulk', or the set's source for imports and undos) that
// points back at the set, so the page's history says where it came from.

/** One page's edit: the page's OWN metadata after the edit (not what it serves). */
export interface ChangeSetEdit {
  /** Null: create a page at `path` (imports). */
  pageId: string | null
  path: string
  /** The page's current revision when the edit was made; null when it had none. */
  baseRevisionId: string | null
  metadata: Metadata
  /**
   * The locale whose set the edit drafts (change requests on a site with locales, checked by
   * the caller); absent or '' = the page's own set, the default locale's. Bulk edits and imports
   * edit the pages' own sets only; an undo gives each set its published change request wrote
   * its metadata back.
   */
  locale?: string
}

/** Edits one call may send (changeSets.create, changeSets.addEdits). */
export const MAX_EDITS_PER_CALL = 2_000
/** Pages one change set may edit in all: it is applied in one transaction. */
export const MAX_CHANGE_SET_ITEMS = 20_000
/** Characters of a change set's note. */
export const NOTE_MAX_LENGTH = 1_000

type Executor = Database | Transaction

const rowsOf = <T>(result: unknown): T[] =>
  (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as T[]
const json = (value: unknown) => sql`${JSON.stringify(value)}`

/** A field problem of one edit, named by the page's path. */
export interface EditIssue {
  path: string
  issues: Array<{ path: Array<string | number>; message: string }>
}

function editsRefused(problems: EditIssue[]): ORPCError<'BAD_REQUEST', unknown> {
  const [first] = problems
  const firstMessage = first?.issues[0]?.message ?? 'Check its metadata.'
  return new ORPCError('BAD_REQUEST', {
    message:
      problems.length === 1
        ? `The edit of ${first?.path ?? 'a page'} can not be saved: ${firstMessage} Nothing was stored.`
        : `${problems.length} edits can not be saved, the first (${first?.path ?? ''}): ${firstMessage} Fix them and send the edits again; nothing was stored.`,
    data: { edits: problems.slice(0, 100) },
  })
}

/**
 * Checks edits as a save checks metadata (size, then every field), and that each path is a page
 * path and appears once; returns the edits with normalised paths and compacted metadata, or
 * throws BAD_REQUEST naming every refused edit by path (nothing is stored).
 */
export function validateEdits(edits: ChangeSetEdit[], siteHostname: string): ChangeSetEdit[] {
  const problems: EditIssue[] = []
  const seen = new Set<string>()
  const out: ChangeSetEdit[] = []
  for (const edit of edits) {
    const label = typeof edit.path === 'string' ? edit.path.slice(0, 200) : '(no path)'
    const issue = (path: Array<string | number>, message: string) =>
      problems.push({ path: label, issues: [{ path, message }] })
    const normalised =
      typeof edit.path === 'string' ? pagePathFromInput(edit.path, siteHostname) : null
    if (!normalised || !normalised.ok) {
      issue(['path'], normalised?.message ?? 'Each edit needs the page’s path.')
      continue
    }
    const locale = edit.locale ?? ''
    const key = `${locale}\u0000${normalised.path}`
    if (seen.has(key)) {
      issue(
        ['path'],
        locale === ''
          ? 'This page is edited twice in the same change set; keep one edit per page.'
          : `This page’s ${locale} version is edited twice in the same change set; keep one edit per page and locale.`,
      )
      continue
    }
    seen.add(key)
    const bytes = metadataBytes(edit.metadata)
    if (bytes > METADATA_MAX_BYTES) {
      issue(
        ['metadata'],
        `The metadata is ${Math.ceil(bytes / 1024)} KiB; a page can hold at most ${METADATA_MAX_BYTES / 1024} KiB.`,
      )
      continue
    }
    const parsed = metadataSchema.safeParse(edit.metadata)
    if (!parsed.success) {
      problems.push({
        path: label,
        issues: parsed.error.issues.map((found) => ({
          path: [
            'metadata',
            ...found.path.map((key) => (typeof key === 'symbol' ? String(key) : key)),
          ],
          message: found.message,
        })),
      })
      continue
    }
    out.push({
      pageId: edit.pageId,
      path: normalised.path,
      baseRevisionId: edit.baseRevisionId,
      metadata: compactMetadata(parsed.data),
      ...(locale === '' ? {} : { locale }),
    })
  }
  if (problems.length > 0) throw editsRefused(problems)
  return out
}

async function siteHostnameOf(db: Executor, siteId: string): Promise<string> {
  const [row] = await db.select({ hostname: site.hostname }).from(site).where(eq(site.id, siteId))
  if (!row) throw new ORPCError('NOT_FOUND', { message: 'This site was just deleted.' })
  return row.hostname
}

/** Inserts items (replacing an item of the same path and locale), one statement per call. */
export async function insertItems(tx: Executor, changeSetId: string, edits: ChangeSetEdit[]) {
  if (edits.length === 0) return
  const rows = json(
    edits.map((edit) => ({
      page_id: edit.pageId,
      path: edit.path,
      base_revision_id: edit.baseRevisionId,
      metadata: edit.metadata,
      locale: edit.locale ?? '',
    })),
  )
  // An edit of a path (and locale) already in the set replaces it.
  await tx.execute(sql`
    delete from change_set_item
    where change_set_id = ${changeSetId}
      and (path, locale) in (
        select e.path, e.locale from jsonb_to_recordset(${rows}::jsonb) as e(path text, locale text))`)
  await tx.execute(sql`
    insert into change_set_item (change_set_id, page_id, path, base_revision_id, metadata, locale)
    select ${changeSetId}, e.page_id, e.path, e.base_revision_id, e.metadata, e.locale
    from jsonb_to_recordset(${rows}::jsonb)
      as e(page_id text, path text, base_revision_id text, metadata jsonb, locale text)`)
  await tx.execute(sql`
    update change_set set item_count =
      (select count(*) from change_set_item where change_set_id = ${changeSetId})
    where id = ${changeSetId}`)
}

function tooManyItems(): ORPCError<'BAD_REQUEST', unknown> {
  return new ORPCError('BAD_REQUEST', {
    message: `A change set can edit at most ${MAX_CHANGE_SET_ITEMS.toLocaleString('en')} pages. Split the edit into several change sets (for example by path prefix).`,
  })
}

/**
 * Stores a pending change set. Every edit is validated first (see {@link validateEdits}); a
 * refused edit stores nothing.
 */
export async function createChangeSet(
  db: Database,
  input: {
    siteId: string
    authorId: string | null
    note: string | null
    source: 'bulk' | 'import' | 'undo'
    edits: ChangeSetEdit[]
    undoesId?: string
  },
): Promise<{ id: string }> {
  const edits = validateEdits(input.edits, await siteHostnameOf(db, input.siteId))
  if (edits.length > MAX_CHANGE_SET_ITEMS) throw tooManyItems()
  return db.transaction((tx) => insertChangeSet(tx, { ...input, edits }))
}

/** Inserts a pending change set and its (already validated) edits inside `tx`. */
export async function insertChangeSet(
  tx: Transaction,
  input: {
    siteId: string
    authorId: string | null
    note: string | null
    source: 'bulk' | 'import' | 'undo' | 'review'
    edits: ChangeSetEdit[]
    undoesId?: string
  },
): Promise<{ id: string }> {
  const id = randomUUID()
  await tx.insert(changeSet).values({
    id,
    siteId: input.siteId,
    authorId: input.authorId,
    note: input.note?.trim() ? input.note.trim().slice(0, NOTE_MAX_LENGTH) : null,
    source: input.source,
    undoesId: input.undoesId ?? null,
  })
  await insertItems(tx, id, input.edits)
  return { id }
}

/** A pending change set of the site, locked; NOT_FOUND or CONFLICT otherwise. */
async function lockPending(tx: Transaction, siteId: string, changeSetId: string) {
  const [row] = await tx
    .select()
    .from(changeSet)
    .where(and(eq(changeSet.id, changeSetId), eq(changeSet.siteId, siteId)))
    .for('update')
  if (!row) throw changeSetNotFound()
  if (row.status !== 'pending') throw notPending(row.status)
  return row
}

export function changeSetNotFound(): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', {
    message: 'This change set does not exist on this site. Pick one from the site’s change sets.',
  })
}

function notPending(status: string): ORPCError<'CONFLICT', unknown> {
  return new ORPCError('CONFLICT', {
    message:
      status === 'applied'
        ? 'This change set was already applied; it can not change or be applied again. Undo it, or start a new change set.'
        : 'This change set was discarded; it can not change or be applied. Start a new change set.',
    data: { status },
  })
}

/** Adds edits to a pending change set (an edit of a path already in it replaces that edit). */
export async function addChangeSetEdits(
  db: Database,
  input: { siteId: string; changeSetId: string; edits: ChangeSetEdit[] },
): Promise<{ itemCount: number }> {
  const edits = validateEdits(input.edits, await siteHostnameOf(db, input.siteId))
  return db.transaction(async (tx) => {
    await lockPending(tx, input.siteId, input.changeSetId)
    await insertItems(tx, input.changeSetId, edits)
    const [row] = await tx
      .select({ itemCount: changeSet.itemCount })
      .from(changeSet)
      .where(eq(changeSet.id, input.changeSetId))
    const itemCount = row?.itemCount ?? 0
    if (itemCount > MAX_CHANGE_SET_ITEMS) throw tooManyItems()
    return { itemCount }
  })
}

/** Marks a pending change set discarded: it stays in the list, and can never be applied. */
export async function discardChangeSet(
  db: Database,
  input: { siteId: string; changeSetId: string; auditActor?: AuditActor },
): Promise<void> {
  await db.transaction(async (tx) => {
    const set = await lockPending(tx, input.siteId, input.changeSetId)
    await tx
      .update(changeSet)
      .set({ status: 'discarded' })
      .where(eq(changeSet.id, input.changeSetId))
    if (input.auditActor) {
      await auditChangeSet(tx, input.auditActor, 'change_set.discarded', set, {
        before: { status: 'pending', itemCount: set.itemCount },
      })
    }
  })
}

/** Records what happened to a change set in the organization's audit log, inside `tx`. */
async function auditChangeSet(
  tx: Transaction,
  actor: AuditActor,
  action: AuditAction,
  set: { id: string; siteId: string; note: string | null; source: string },
  summary: AuditSummary,
): Promise<void> {
  const [owner] = await tx
    .select({ organizationId: site.organizationId, hostname: site.hostname })
    .from(site)
    .where(eq(site.id, set.siteId))
  if (!owner) return
  await recordAudit(tx, {
    organizationId: owner.organizationId,
    actor,
    action,
    target: {
      kind: 'change_set',
      id: set.id,
      label: `${owner.hostname}: ${set.note ?? `${set.source} change set`}`,
    },
    summary,
  })
}

/** An applied set's audit summary: its source, note and what it did. */
function appliedSummary(set: { source: string; note: string | null }, result: ApplyResult) {
  return {
    after: {
      source: set.source,
      note: set.note,
      applied: result.applied,
      created: result.created,
      unchanged: result.unchanged,
      conflicts: result.conflicts.length,
    },
  }
}

export interface ApplyResult {
  applied: number
  /** With `locale` for a locale's set (undos of published change requests). */
  conflicts: Array<{ path: string; locale?: string; currentRevisionId: string | null }>
  unchanged: number
  created: number
}

/**
 * Applies a pending change set in ONE transaction; see {@link applyInTransaction}. After the
 * commit, `events.siteChanged` tells the public API's caches once.
 */
export async function applyChangeSet(
  db: Database,
  events: CoreEvents,
  input: { siteId: string; changeSetId: string; authorId: string | null; auditActor?: AuditActor },
): Promise<ApplyResult> {
  const result = await db.transaction(async (tx) => {
    const applied = await applyInTransaction(tx, events, input)
    if (input.auditActor) {
      const [set] = await tx.select().from(changeSet).where(eq(changeSet.id, input.changeSetId))
      if (set) {
        await auditChangeSet(
          tx,
          input.auditActor,
          set.source === 'import' ? 'import.applied' : 'change_set.applied',
          set,
          appliedSummary(set, applied),
        )
      }
    }
    return applied
  })
  events.siteChanged(input.siteId, { changeSetApplied: true })
  return result
}

interface ItemRow {
  page_id: string | null
  path: string
  base_revision_id: string | null
  metadata: Metadata | string
}
interface LockedPage {
  id: string
  path: string
  current_revision_id: string | null
  current_metadata: Metadata | string | null
  last_number: number | null
}

const parsed = <T>(value: T | string): T =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value

/**
 * Applies a pending change set inside `tx`:
 *
 * 1. locks the site row, then the set, then the pages it edits in path order (byte order) — the
 *    lock order of every write to a site's pages (see `saveRevision`), so a concurrent save in
 *    the editor queues behind the set (or the set behind it) instead of deadlocking;
 * 2. an item whose page's current revision is no longer its base (someone saved since), or
 *    whose page was deleted, or whose new path was taken since, is a conflict: left alone and
 *    reported; an item equal to the page's current metadata is unchanged: no revision;
 * 3. creates the pages of new paths (refused as a whole over the plan's page quota);
 * 4. writes every revision in one multi-row INSERT numbered from one grouped max, moves the page
 *    pointers in one UPDATE … FROM, records each item's result, marks the set applied;
 * 5. calls `events.changeSetApplied(tx, …)` once (webhooks, CDN purge), never one
 *    `revisionSaved` per page.
 *
 * It writes the pages' own sets (items of locale ''); edits of other locales' sets are written
 * by `writeLocaleEdits`, in the same transaction (a change request's publish, an undo).
 */
export async function applyInTransaction(
  tx: Transaction,
  events: CoreEvents,
  input: { siteId: string; changeSetId: string; authorId: string | null },
): Promise<ApplyResult> {
  const [siteRow] = await tx
    .update(site)
    .set({ lastChangedAt: sql`now()` })
    .where(eq(site.id, input.siteId))
    .returning()
  if (!siteRow) throw new ORPCError('NOT_FOUND', { message: 'This site was just deleted.' })
  const set = await lockPending(tx, input.siteId, input.changeSetId)

  const items = rowsOf<ItemRow>(
    await tx.execute(sql`
      select page_id, path, base_revision_id, metadata from change_set_item
      where change_set_id = ${set.id} and locale = '' order by path collate "C"`),
  )
  // The pages the set edits (by id) or would create (by path), locked in path order, with their
  // current metadata and their last revision number.
  const locked = rowsOf<LockedPage>(
    await tx.execute(sql`
      with target as (
        select p.id from page p
        where p.site_id = ${siteRow.id} and p.id in (
          select i.page_id from change_set_item i
          where i.change_set_id = ${set.id} and i.locale = '' and i.page_id is not null
          union all
          select q.id from change_set_item i
          join page q on q.site_id = ${siteRow.id} and q.path = i.path
          where i.change_set_id = ${set.id} and i.locale = '' and i.page_id is null)
        order by p.path collate "C"
        for update of p
      )
      select p.id, p.path, p.current_revision_id, r.metadata as current_metadata,
        (select max(h.number) from metadata_revision h where h.page_id = p.id) as last_number
      from page p
      join target t on t.id = p.id
      left join metadata_revision r on r.id = p.current_revision_id`),
  )
  const byId = new Map(locked.map((row) => [row.id, row]))
  const byPath = new Map(locked.map((row) => [row.path, row]))

  const conflicts: ApplyResult['conflicts'] = []
  const results: Array<{ path: string; result: string; revision_id: string | null }> = []
  const revisions: Array<{
    id: string
    page_id: string
    number: number
    metadata: Metadata
    path: string
  }> = []
  const newPages: Array<{ id: string; path: string; current_revision_id: string }> = []
  let unchanged = 0

  for (const item of items) {
    const metadata = parsed(item.metadata)
    if (item.page_id === null) {
      const existing = byPath.get(item.path)
      if (existing) {
        conflicts.push({ path: item.path, currentRevisionId: existing.current_revision_id })
        results.push({ path: item.path, result: 'conflict', revision_id: null })
        continue
      }
      const pageId = randomUUID()
      const revisionId = randomUUID()
      newPages.push({ id: pageId, path: item.path, current_revision_id: revisionId })
      revisions.push({ id: revisionId, page_id: pageId, number: 1, metadata, path: item.path })
      results.push({ path: item.path, result: 'applied', revision_id: revisionId })
      continue
    }
    const current = byId.get(item.page_id)
    if (
      !current ||
      current.path !== item.path ||
      current.current_revision_id !== item.base_revision_id
    ) {
      conflicts.push({ path: item.path, currentRevisionId: current?.current_revision_id ?? null })
      results.push({ path: item.path, result: 'conflict', revision_id: null })
      continue
    }
    // Both sides come out of jsonb, whose key order is canonical: equal text = equal metadata.
    const before = current.current_metadata === null ? {} : parsed(current.current_metadata)
    if (JSON.stringify(before) === JSON.stringify(metadata)) {
      unchanged++
      results.push({ path: item.path, result: 'unchanged', revision_id: null })
      continue
    }
    const revisionId = randomUUID()
    revisions.push({
      id: revisionId,
      page_id: current.id,
      number: Number(current.last_number ?? 0) + 1,
      metadata,
      path: item.path,
    })
    results.push({ path: item.path, result: 'applied', revision_id: revisionId })
  }

  if (newPages.length > 0) {
    const [org] = await tx
      .select({ id: organization.id, slug: organization.slug })
      .from(organization)
      .where(eq(organization.id, siteRow.organizationId))
    if (org) await checkPagesQuota(tx, org, siteRow.id, newPages.length)
    await tx.execute(sql`
      insert into page (id, site_id, path, current_revision_id)
      select v.id, ${siteRow.id}, v.path, v.current_revision_id
      from jsonb_to_recordset(${json(newPages)}::jsonb) as v(id text, path text, current_revision_id text)`)
  }
  // Undos are bulk edits too: their change set (note "Undo of …") says what they undid.
  const source = set.source === 'import' ? 'import' : 'bulk'
  let createdAt = new Date()
  if (revisions.length > 0) {
    const [first] = rowsOf<{ created_at: Date | string }>(
      await tx.execute(sql`
        with inserted as (
          insert into metadata_revision (id, page_id, number, metadata, author_id, source, change_set_id)
          select v.id, v.page_id, v.number, v.metadata, ${input.authorId}, ${source}, ${set.id}
          from jsonb_to_recordset(${json(
            revisions.map(({ path: _path, ...row }) => row),
          )}::jsonb) as v(id text, page_id text, number int, metadata jsonb)
          returning created_at
        )
        select created_at from inserted limit 1`),
    )
    if (first) createdAt = new Date(first.created_at)
    await tx.execute(sql`
      update page p set current_revision_id = v.revision_id
      from jsonb_to_recordset(${json(
        revisions.map((row) => ({ page_id: row.page_id, revision_id: row.id })),
      )}::jsonb) as v(page_id text, revision_id text)
      where p.id = v.page_id and p.site_id = ${siteRow.id}`)
  }
  if (results.length > 0) {
    await tx.execute(sql`
      update change_set_item i set result = v.result, revision_id = v.revision_id
      from jsonb_to_recordset(${json(results)}::jsonb) as v(path text, result text, revision_id text)
      where i.change_set_id = ${set.id} and i.locale = '' and i.path = v.path`)
  }
  const counts: ChangeSetCounts = {
    applied: revisions.length - newPages.length,
    created: newPages.length,
    conflicts: conflicts.length,
    unchanged,
  }
  await tx
    .update(changeSet)
    .set({ status: 'applied', appliedAt: sql`now()`, counts })
    .where(eq(changeSet.id, set.id))

  if (revisions.length > 0) {
    const defaults = rowsOf<{ id: string; metadata: Metadata | string; created_at: Date | string }>(
      await tx.execute(sql`
        select r.id, r.metadata, r.created_at from page p
        join metadata_revision r on r.id = p.current_revision_id
        where p.site_id = ${siteRow.id} and p.path is null limit 1`),
    )[0]
    const defaultsMetadata = defaults ? parsed(defaults.metadata) : null
    const rules = await loadSiteRules(tx, siteRow.id)
    // Each body is what get-latest answers for the path (with the generated cluster on a site
    // with locales): the same function computes both. The pages' sets are read in one query.
    const sets = siteRow.locales
      ? await localeSetsOfPages(
          tx,
          revisions.map((row) => row.page_id),
        )
      : new Map<string, Map<string, { revisionId: string; metadata: Metadata }>>()
    const changes: ChangeSetAppliedEvent['changes'] = []
    for (const row of revisions) {
      const served = await servedPageInLocale(tx, {
        site: siteRow,
        path: row.path,
        page: { id: row.page_id, own: row.metadata },
        locale: null,
        sets: sets.get(row.page_id) ?? new Map(),
        defaults: defaultsMetadata,
        rules,
      })
      changes.push({
        page: { id: row.page_id, path: row.path },
        revision: { id: row.id, number: row.number, source, createdAt },
        served: served.metadata,
      })
    }
    const event: ChangeSetAppliedEvent = {
      site: eventSite(siteRow),
      changeSet: { id: set.id, source: set.source },
      changes,
      defaults: {
        revisionId: defaults?.id ?? null,
        served: servedFor(siteRow, null, { path: null, metadata: defaultsMetadata ?? {} }),
        createdAt: defaults ? new Date(defaults.created_at) : createdAt,
      },
    }
    await events.changeSetApplied(tx, event)
  }
  return {
    applied: counts.applied,
    conflicts,
    unchanged,
    created: counts.created,
  }
}

/**
 * Undoes an applied change set: a new change set (source 'undo', `undoesId`) whose edits give
 * each page the set changed the metadata it had before (its base revision's; none for a page
 * the set created, which stays, with an empty revision: deleting it would also delete its
 * history and any later work on it). A locale's set a published change request wrote gets its
 * locale's metadata from before back the same way, as a revision of that locale. It is applied
 * at once, in the same transaction. A page (or locale's set) saved since the set was applied is
 * a conflict, left alone and reported.
 */
export async function undoChangeSet(
  db: Database,
  events: CoreEvents,
  input: {
    siteId: string
    changeSetId: string
    authorId: string | null
    note?: string | null
    auditActor?: AuditActor
  },
): Promise<ApplyResult & { id: string }> {
  const result = await db.transaction(async (tx) => {
    // The site's row first: the lock order of every write to a site's pages.
    await tx.execute(sql`select id from site where id = ${input.siteId} for update`)
    const [original] = await tx
      .select()
      .from(changeSet)
      .where(and(eq(changeSet.id, input.changeSetId), eq(changeSet.siteId, input.siteId)))
      .for('update')
    if (!original) throw changeSetNotFound()
    if (original.status !== 'applied') {
      throw new ORPCError('CONFLICT', {
        message:
          original.status === 'pending'
            ? 'This change set has not been applied: there is nothing to undo. Discard it instead.'
            : 'This change set was discarded: there is nothing to undo.',
        data: { status: original.status },
      })
    }
    if (original.undoneById !== null) {
      throw new ORPCError('CONFLICT', {
        message: 'This change set was already undone. Its undo is in the list of change sets.',
        data: { undoneById: original.undoneById },
      })
    }
    const rows = rowsOf<{
      page_id: string
      path: string
      locale: string
      revision_id: string
      before: Metadata | string | null
    }>(
      await tx.execute(sql`
        select r.page_id, i.path, i.locale, i.revision_id, b.metadata as before
        from change_set_item i
        join metadata_revision r on r.id = i.revision_id
        left join metadata_revision b on b.id = i.base_revision_id
        where i.change_set_id = ${original.id} and i.result = 'applied'
        order by i.path collate "C", i.locale collate "C"`),
    )
    // A locale's set the set created (a published change request's first German version) gets
    // an empty revision back, as a page the set created does: the locale then serves what the
    // page's own set does.
    const edits: ChangeSetEdit[] = rows.map((row) => ({
      pageId: row.page_id,
      path: row.path,
      baseRevisionId: row.revision_id,
      metadata: row.before === null ? {} : parsed(row.before),
      ...(row.locale ? { locale: row.locale } : {}),
    }))
    const note =
      input.note?.trim() ||
      `Undo of ${original.note ? `“${original.note.slice(0, 200)}”` : `the change set of ${original.createdAt.toISOString().slice(0, 10)}`}`
    const { id } = await insertChangeSet(tx, {
      siteId: input.siteId,
      authorId: input.authorId,
      note,
      source: 'undo',
      edits,
      undoesId: original.id,
    })
    const own = await applyInTransaction(tx, events, {
      siteId: input.siteId,
      changeSetId: id,
      authorId: input.authorId,
    })
    // Locales' sets (written by a published change request): each a revision of its locale.
    const localeEdits = await localeEditsOf(tx, { siteId: input.siteId, changeSetId: id })
    const locales = await writeLocaleEdits(
      tx,
      events,
      { siteId: input.siteId, changeSetId: id, authorId: input.authorId },
      localeEdits,
    )
    const applied: ApplyResult = {
      applied: own.applied + locales.applied,
      conflicts: [...own.conflicts, ...localeEdits.conflicts],
      unchanged: own.unchanged + locales.unchanged,
      created: own.created,
    }
    await tx.update(changeSet).set({ undoneById: id }).where(eq(changeSet.id, original.id))
    if (input.auditActor) {
      const summary = appliedSummary({ source: 'undo', note }, applied)
      await auditChangeSet(tx, input.auditActor, 'change_set.undone', original, {
        after: { ...summary.after, undoChangeSetId: id },
      })
    }
    return { id, ...applied }
  })
  events.siteChanged(input.siteId, { changeSetApplied: true })
  return result
}

interface LocaleItemRow {
  page_id: string | null
  path: string
  locale: string
  base_revision_id: string | null
  metadata: Metadata | string
  current_path: string | null
  current_revision_id: string | null
  current_metadata: Metadata | string | null
}

/** A change set's edits of other locales' sets, sorted into conflicts and writes. */
export interface LocaleEdits {
  conflicts: Array<{ path: string; locale: string; currentRevisionId: string | null }>
  writes: Array<{
    pageId: string
    path: string
    locale: string
    baseRevisionId: string | null
    metadata: Metadata
  }>
  unchanged: Array<{ path: string; locale: string }>
}

/**
 * A change set's edits of locales' sets (items whose locale is not ''; a published change
 * request's, or the undo of one), checked inside `tx`: a page deleted or renamed since, a
 * locale's set saved since (its current revision is not the edit's base), or a locale the site
 * no longer declares (or now has as its default) is a conflict; an edit equal to the set's
 * current metadata is unchanged.
 */
export async function localeEditsOf(
  tx: Transaction,
  row: { siteId: string; changeSetId: string },
): Promise<LocaleEdits> {
  const items = rowsOf<LocaleItemRow>(
    await tx.execute(sql`
      select i.page_id, i.path, i.locale, i.base_revision_id, i.metadata,
        p.path as current_path, l.current_revision_id, r.metadata as current_metadata
      from change_set_item i
      left join page p on p.id = i.page_id and p.site_id = ${row.siteId}
      left join page_locale l on l.page_id = p.id and l.locale = i.locale
      left join metadata_revision r on r.id = l.current_revision_id
      where i.change_set_id = ${row.changeSetId} and i.locale <> ''
      order by i.path collate "C", i.locale collate "C"`),
  )
  const out: LocaleEdits = { conflicts: [], writes: [], unchanged: [] }
  if (items.length === 0) return out
  const [siteRow] = await tx
    .select({ locales: site.locales })
    .from(site)
    .where(eq(site.id, row.siteId))
  const locales = siteRow?.locales ?? null
  for (const item of items) {
    const choice = chooseLocale(locales, item.locale)
    if (
      item.page_id === null ||
      item.current_path !== item.path ||
      (item.current_revision_id ?? null) !== item.base_revision_id ||
      locales === null ||
      !choice.ok ||
      choice.locale !== item.locale
    ) {
      out.conflicts.push({
        path: item.path,
        locale: item.locale,
        currentRevisionId: item.current_revision_id ?? null,
      })
      continue
    }
    const metadata = parsed(item.metadata)
    // Both sides come out of jsonb, whose key order is canonical: equal text = equal metadata.
    if (
      item.current_metadata !== null &&
      JSON.stringify(parsed(item.current_metadata)) === JSON.stringify(metadata)
    ) {
      out.unchanged.push({ path: item.path, locale: item.locale })
      continue
    }
    out.writes.push({
      pageId: item.page_id,
      path: item.path,
      locale: item.locale,
      baseRevisionId: item.base_revision_id,
      metadata,
    })
  }
  return out
}

/**
 * Writes a change set's edits of locales' sets inside `tx`: each is a revision of its locale
 * saved by `saveRevision`, as the editor's per-locale save — the `page_locale` row, the webhook
 * body of what the path serves in that locale, the live check — pointing back at the change
 * set. Records each item's result (conflicts, left alone, too) and adds them to its counts.
 */
export async function writeLocaleEdits(
  tx: Transaction,
  events: CoreEvents,
  row: { siteId: string; changeSetId: string; authorId: string | null },
  edits: LocaleEdits,
): Promise<{ applied: number; unchanged: number }> {
  const results: Array<{
    path: string
    locale: string
    result: string
    revision_id: string | null
  }> = [
    ...edits.unchanged.map((item) => ({ ...item, result: 'unchanged', revision_id: null })),
    ...edits.conflicts.map(({ path, locale }) => ({
      path,
      locale,
      result: 'conflict',
      revision_id: null,
    })),
  ]
  for (const edit of edits.writes) {
    const revision = await saveRevision(tx, events, {
      siteId: row.siteId,
      pageId: edit.pageId,
      baseRevisionId: edit.baseRevisionId,
      metadata: edit.metadata,
      authorId: row.authorId,
      source: 'bulk',
      locale: edit.locale,
      changeSetId: row.changeSetId,
    })
    results.push({
      path: edit.path,
      locale: edit.locale,
      result: 'applied',
      revision_id: revision.id,
    })
  }
  if (results.length > 0) {
    await tx.execute(sql`
      update change_set_item i set result = v.result, revision_id = v.revision_id
      from jsonb_to_recordset(${JSON.stringify(results)}::jsonb)
        as v(path text, locale text, result text, revision_id text)
      where i.change_set_id = ${row.changeSetId} and i.path = v.path and i.locale = v.locale`)
    await tx.execute(sql`
      update change_set set counts = jsonb_set(jsonb_set(jsonb_set(counts,
        '{applied}', to_jsonb((counts->>'applied')::int + ${edits.writes.length}::int)),
        '{unchanged}', to_jsonb((counts->>'unchanged')::int + ${edits.unchanged.length}::int)),
        '{conflicts}', to_jsonb((counts->>'conflicts')::int + ${edits.conflicts.length}::int))
      where id = ${row.changeSetId} and counts is not null`)
  }
  return { applied: edits.writes.length, unchanged: edits.unchanged.length }
}
