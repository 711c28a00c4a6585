import type { BulkFieldKey, BulkFilter, BulkOperation, BulkSort } from '@headmark/ui'
import { orpc, type RpcClient } from '~/lib/orpc.ts'

/** Pages one request of the bulk table brings (the server allows up to 500). */
export const BULK_PAGES_PER_REQUEST = 200
/** Edits per `changeSets.create`/`addEdits` call (the server's maximum). */
export const EDITS_PER_CALL = 2000

type ListInput = Parameters<RpcClient['bulkPages']['list']>[0]
export type ServerPageFilter = NonNullable<ListInput['filter']>
type ServerMissing = NonNullable<ServerPageFilter['missing']>
export type ServerOperation = Parameters<
  RpcClient['changeSets']['previewOperation']
>[0]['operation']

/**
 * The table's "Missing" choices the server can check, as the server names them: an image is
 * missing when its URL is.
 */
const MISSING: Partial<Record<BulkFieldKey, ServerMissing>> = {
  title: 'title',
  description: 'description',
  canonical: 'canonical',
  'openGraph.title': 'openGraph.title',
  'openGraph.description': 'openGraph.description',
  'openGraph.image.url': 'openGraph.image',
  'twitter.image.url': 'twitter.image',
}
export const MISSING_FIELDS = Object.keys(MISSING) as BulkFieldKey[]

/** The fields the server's operations set or search (`noindex` is set only). */
const OPERATION_TEXT_FIELDS = [
  'title',
  'description',
  'canonical',
  'openGraph.title',
  'openGraph.description',
  'openGraph.siteName',
  'twitter.title',
  'twitter.description',
] as const satisfies readonly BulkFieldKey[]
export const OPERATION_FIELDS: readonly BulkFieldKey[] = [...OPERATION_TEXT_FIELDS, 'noindex']

const isTextField = (field: string): field is (typeof OPERATION_TEXT_FIELDS)[number] =>
  (OPERATION_TEXT_FIELDS as readonly string[]).includes(field)

/** The table's filter as `bulkPages.list` and the operations read it. */
export function serverFilter(filter: BulkFilter): ServerPageFilter {
  const missing = filter.missing ? MISSING[filter.missing] : undefined
  return {
    ...(filter.pathPrefix ? { pathPrefix: filter.pathPrefix } : {}),
    ...(filter.glob ? { glob: filter.glob } : {}),
    ...(missing ? { missing } : {}),
    ...(filter.lint ? { lint: filter.lint } : {}),
    ...(filter.noindex !== undefined ? { noindex: filter.noindex } : {}),
    ...(filter.changedSince ? { changedSince: new Date(filter.changedSince) } : {}),
    ...(filter.authorId ? { authorId: filter.authorId } : {}),
  }
}

/** The table's operation as the server runs it; a field it can not run on is said so. */
export function serverOperation(operation: BulkOperation): ServerOperation {
  if (operation.kind === 'set') {
    if (operation.field === 'noindex')
      return { kind: 'set', field: 'noindex', value: operation.value === true }
    if (!isTextField(operation.field) || typeof operation.value !== 'string')
      throw new Error('This field is set page by page, in its cells.')
    return { kind: 'set', field: operation.field, value: operation.value }
  }
  if (operation.field !== 'all' && !isTextField(operation.field))
    throw new Error('Find and replace works on text fields; choose one of them.')
  return {
    kind: 'replace',
    field: operation.field,
    find: operation.find,
    replace: operation.replace,
    regex: operation.regex,
    caseSensitive: operation.caseSensitive,
  }
}

/** The server sorts by path (A→Z) or by last change (newest first). */
export const serverSort = (sort: BulkSort): 'path' | 'changed' => sort.by

/** A site's pages with their own metadata, matching `filter`, 200 per keyset page. */
export const bulkPagesQuery = (
  organizationSlug: string,
  siteHostname: string,
  filter: BulkFilter,
  sort: BulkSort,
) =>
  orpc.bulkPages.list.infiniteOptions({
    input: (cursor: string | undefined) => ({
      organizationSlug,
      siteHostname,
      filter: serverFilter(filter),
      sort: serverSort(sort),
      limit: BULK_PAGES_PER_REQUEST,
      ...(cursor ? { cursor } : {}),
    }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.nextCursor ?? undefined,
  })

/** What a bulk write changes: the pages' lists and editors, the table, the change sets. */
export const bulkWriteKeys = () => [
  orpc.pages.key(),
  orpc.bulkPages.key(),
  orpc.changeSets.key(),
  orpc.metadataRevisions.key(),
  orpc.sites.key(),
]
