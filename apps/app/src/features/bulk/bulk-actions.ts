import {
  type BulkApplyRequest,
  type BulkApplyResult,
  type BulkEditInput,
  type BulkFilter,
  type BulkOperation,
  type BulkPendingEdit,
  type BulkPreview,
  type BulkRow,
  type BulkScope,
  isBulkFieldKey,
  runBulkOperation,
} from '@headmark/ui'
import { client } from '~/lib/orpc.ts'
import { EDITS_PER_CALL, serverFilter, serverOperation } from './queries.ts'

// The bulk table's writes. Operations run on the server over every page in scope, loaded or
// not; a page with a pending change is worked out here instead, on its pending metadata, so a
// "Set field" followed by a find & replace finds what was just set.

interface Site {
  organizationSlug: string
  siteHostname: string
}

/** The most paths an operation on chosen pages may name at once (the server's limit). */
const MAX_PATHS = 2000
/** Change set items read per `changeSets.get` call (the server's maximum). */
const ITEMS_PER_READ = 200
/** Pages per `bulkPages.list` call when only their ids are needed (the server's maximum). */
const IDS_PER_READ = 500

type ServerTarget = { filter: ReturnType<typeof serverFilter> } | { paths: string[] }

function targetOf(scope: BulkScope, pathOf: (pageId: string) => string | undefined): ServerTarget {
  if (scope.kind === 'filter') return { filter: serverFilter(scope.filter) }
  const paths = scope.pageIds.flatMap((id) => {
    const path = pathOf(id)
    return path === undefined ? [] : [path]
  })
  if (paths.length > MAX_PATHS)
    throw new Error(
      `Choose at most ${MAX_PATHS.toLocaleString('en')} pages, or run it on every page matching the filters.`,
    )
  return { paths }
}

/** Ids of every page matching a filter (cached per filter until the pages change). */
async function idsMatching(site: Site, filter: BulkFilter, cache: Map<string, Set<string>>) {
  const key = JSON.stringify(filter)
  const known = cache.get(key)
  if (known) return known
  const ids = new Set<string>()
  let cursor: string | undefined
  do {
    const page = await client.bulkPages.list({
      ...site,
      filter: serverFilter(filter),
      limit: IDS_PER_READ,
      ...(cursor ? { cursor } : {}),
    })
    for (const item of page.items) ids.add(item.id)
    cursor = page.nextCursor ?? undefined
  } while (cursor)
  cache.set(key, ids)
  return ids
}

async function pendingInScope(
  site: Site,
  scope: BulkScope,
  pending: ReadonlyMap<string, BulkPendingEdit>,
  cache: Map<string, Set<string>>,
): Promise<BulkPendingEdit[]> {
  if (pending.size === 0) return []
  if (scope.kind === 'pages')
    return scope.pageIds.flatMap((id) => {
      const edit = pending.get(id)
      return edit ? [edit] : []
    })
  const ids = await idsMatching(site, scope.filter, cache)
  return [...pending.values()].filter((edit) => ids.has(edit.pageId))
}

/** A pending page as a row whose current metadata is its pending one. */
const rowOf = (edit: BulkPendingEdit): BulkRow => ({
  id: edit.pageId,
  path: edit.path,
  currentRevisionId: edit.baseRevisionId,
  metadata: edit.before,
  lastChangedAt: null,
  lastChangedBy: null,
  lint: { errors: 0, warnings: 0 },
})

const shown = (value: unknown) => (typeof value === 'string' ? value : value === true ? 'Yes' : '')

/** What the actions read at the moment they run: the site, the pending changes, the loaded rows. */
export interface BulkContext {
  site: Site
  pending: ReadonlyMap<string, BulkPendingEdit>
  pathOf: (pageId: string) => string | undefined
  /** Which pages matched which filter, kept until the pages change. */
  cache: Map<string, Set<string>>
}

/**
 * Counts and samples an operation over every page in scope: the server's counts, with the pages
 * that have a pending change worked out on their pending metadata instead.
 */
export async function previewBulkOperation(
  { site, pending, pathOf, cache }: BulkContext,
  operation: BulkOperation,
  scope: BulkScope,
): Promise<BulkPreview> {
  const target = targetOf(scope, pathOf)
  const op = serverOperation(operation)
  const own = await pendingInScope(site, scope, pending, cache)
  const whole = await client.changeSets.previewOperation({ ...site, target, operation: op })
  const sample = whole.sample.flatMap((change) =>
    isBulkFieldKey(change.field)
      ? [
          {
            path: change.path,
            field: change.field,
            before: shown(change.before),
            after: shown(change.after),
          },
        ]
      : [],
  )
  if (own.length === 0) return { ...whole, sample }
  // Pending pages: take out what the server counted on their saved metadata, count them here.
  const saved = await client.changeSets.previewOperation({
    ...site,
    target: { paths: own.map((edit) => edit.path) },
    operation: op,
  })
  const local = runBulkOperation(
    operation,
    own.map(rowOf),
    (row) => pending.get(row.id)?.after ?? row.metadata,
  )
  if (local.error) throw new Error(local.error)
  const ownPaths = new Set(own.map((edit) => edit.path))
  return {
    matchedPages: whole.matchedPages - saved.matchedPages + local.matchedPages,
    changedPages: whole.changedPages - saved.changedPages + local.changedPages,
    refusedPages: local.refusedPages,
    sample: [...local.sample, ...sample.filter((change) => !ownPaths.has(change.path))].slice(
      0,
      20,
    ),
  }
}

/** The operation's edits over every page in scope, to join the pending changes. */
export async function runBulkOperationOnServer(
  { site, pending, pathOf, cache }: BulkContext,
  operation: BulkOperation,
  scope: BulkScope,
): Promise<BulkEditInput[]> {
  const target = targetOf(scope, pathOf)
  const own = await pendingInScope(site, scope, pending, cache)
  const made = await client.changeSets.fromOperation({
    ...site,
    target,
    operation: serverOperation(operation),
  })
  const edits: BulkEditInput[] = []
  if (made.id !== null) {
    // The server's pending set is only read here; the changes wait in the browser until Apply.
    try {
      let cursor: string | undefined
      do {
        const page = await client.changeSets.get({
          ...site,
          changeSetId: made.id,
          limit: ITEMS_PER_READ,
          ...(cursor ? { cursor } : {}),
        })
        for (const item of page.items) {
          if (item.pageId === null) continue
          edits.push({
            pageId: item.pageId,
            path: item.path,
            baseRevisionId: item.baseRevisionId,
            before: item.before,
            after: item.after,
          })
        }
        cursor = page.nextCursor ?? undefined
      } while (cursor)
    } finally {
      await client.changeSets.discard({ ...site, changeSetId: made.id })
    }
  }
  if (own.length === 0) return edits
  const ownIds = new Set(own.map((edit) => edit.pageId))
  const local = runBulkOperation(
    operation,
    own.map(rowOf),
    (row) => pending.get(row.id)?.after ?? row.metadata,
  )
  if (local.error) throw new Error(local.error)
  return [...edits.filter((edit) => !ownIds.has(edit.pageId)), ...local.edits]
}

/**
 * Applies the pending changes as one change set (created, filled 2,000 edits per call, applied):
 * what was applied, the conflicts by page, and the change set's id.
 */
export async function applyBulkEdits(
  { site, cache }: Pick<BulkContext, 'site' | 'cache'>,
  request: BulkApplyRequest,
): Promise<BulkApplyResult & { changeSetId: string | null }> {
  const edits = request.edits.map((edit) => ({
    pageId: edit.pageId,
    path: edit.path,
    baseRevisionId: edit.baseRevisionId,
    metadata: edit.metadata,
  }))
  if (edits.length === 0) return { applied: 0, conflicts: [], changeSetId: null }
  const created = await client.changeSets.create({
    ...site,
    ...(request.note ? { note: request.note } : {}),
    edits: edits.slice(0, EDITS_PER_CALL),
  })
  for (let at = EDITS_PER_CALL; at < edits.length; at += EDITS_PER_CALL) {
    await client.changeSets.addEdits({
      ...site,
      changeSetId: created.id,
      edits: edits.slice(at, at + EDITS_PER_CALL),
    })
  }
  const result = await client.changeSets.apply({ ...site, changeSetId: created.id })
  cache.clear()
  const byPath = new Map(edits.map((edit) => [edit.path, edit.pageId]))
  return {
    applied: result.applied + result.created,
    changeSetId: created.id,
    conflicts: result.conflicts.map((conflict) => ({
      pageId: byPath.get(conflict.path) ?? conflict.path,
      path: conflict.path,
      message: 'Changed by someone else since it was loaded; review it and apply again.',
    })),
  }
}
