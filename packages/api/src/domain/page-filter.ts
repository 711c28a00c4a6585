import type { Metadata } from '@headmark/metadata'
import { lintMetadata } from '@headmark/metadata/lint'
import { ORPCError } from '@orpc/server'
import { and, eq, isNotNull, type SQL, sql } from 'drizzle-orm'
import picomatch from 'picomatch'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { metadataRevision, page, user } from '../db/schema.ts'
import type { Transaction } from './events.ts'
import { type CompiledRule, loadSiteRules } from './path-rules.ts'
import { currentDefaults, servedFor } from './revisions.ts'

// Which of a site's pages a bulk edit, a bulk listing or an export is about. Everything the
// database can decide (path prefix, missing fields, noindex, last change, author) is one SQL
// condition, so counting 100,000 pages stays one indexed scan; a glob and a lint filter are then
// checked on each remaining page (in batches), with picomatch and lintMetadata.

/** The fields `missing` can name: the editor's main fields. */
export const MISSING_FIELDS = [
  'title',
  'description',
  'canonical',
  'openGraph.title',
  'openGraph.description',
  'openGraph.image',
  'twitter.image',
  'jsonLd',
] as const
export type MissingField = (typeof MISSING_FIELDS)[number]

export const pageFilterSchema = z.object({
  /** Pages whose path starts with this (byte for byte). */
  pathPrefix: z.string().max(2048).optional(),
  /** A glob on the path: `*` one segment (or part of one), `**` any number of segments, `?` one character. */
  glob: z.string().max(512).optional(),
  /** Pages that serve no value for this field (not their own, a path rule's nor the site's defaults). */
  missing: z.enum(MISSING_FIELDS).optional(),
  /** Pages whose served metadata has at least one lint finding of this severity. */
  lint: z.enum(['error', 'warning']).optional(),
  /** Pages that serve `noindex` (true), or that do not (false). */
  noindex: z.boolean().optional(),
  /** Pages whose current revision was written at or after this moment. */
  changedSince: z.coerce.date().optional(),
  /** Pages whose current revision this person wrote. */
  authorId: z.string().max(256).optional(),
})
export type PageFilter = z.infer<typeof pageFilterSchema>

/** A site as the filter needs it. */
export interface FilterSite {
  id: string
  hostname: string
  name: string
  titleTemplate: string | null
}

/** The `jsonb` path of each missing-field key. */
const FIELD_PATHS: Record<MissingField, string[]> = {
  title: ['title'],
  description: ['description'],
  canonical: ['canonical'],
  'openGraph.title': ['openGraph', 'title'],
  'openGraph.description': ['openGraph', 'description'],
  'openGraph.image': ['openGraph', 'image'],
  'twitter.image': ['twitter', 'image'],
  jsonLd: ['jsonLd'],
}

function fieldOf(metadata: Metadata | null, field: MissingField): unknown {
  let value: unknown = metadata
  for (const key of FIELD_PATHS[field]) {
    value = value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined
  }
  return value
}

/**
 * The literal start of a glob (before its first wildcard, without a trailing slash, since
 * `/blog/**` also matches `/blog`): narrows the SQL scan by index; picomatch decides the rest.
 */
export function globPrefix(glob: string): string {
  const at = glob.search(/[*?[\]{}()!+@\\]/)
  return (at === -1 ? glob : glob.slice(0, at)).replace(/\/$/, '')
}

/** The byte-order range of paths starting with `prefix`: an index range scan, no LIKE escaping. */
function prefixCondition(prefix: string): SQL | undefined {
  if (prefix === '') return undefined
  return sql`(${page.path} collate "C" >= ${prefix} and ${page.path} collate "C" < ${`${prefix}\u{10FFFF}`})`
}

/**
 * The SQL condition of a filter over `page` left-joined to its current `metadata_revision`:
 * the site's pages (not the defaults), by path prefix, the glob's literal start, missing field,
 * noindex, last change and author. `defaults` is the site's defaults' metadata: a field they
 * supply is served by every page. With path rules (`rules`), a page may serve a field neither it
 * nor the defaults set: the SQL then only narrows (`missing`) or leaves out (`noindex`) what
 * {@link needsServedCheck} has checked on each page's served metadata.
 */
export function pageFilterWhere(
  siteId: string,
  filter: PageFilter,
  defaults: Metadata | null,
  rules: readonly CompiledRule[] = [],
): SQL {
  const own = metadataRevision.metadata
  const conditions: Array<SQL | undefined> = [eq(page.siteId, siteId), isNotNull(page.path)]
  if (filter.pathPrefix) conditions.push(prefixCondition(filter.pathPrefix))
  if (filter.glob) conditions.push(prefixCondition(globPrefix(filter.glob)))
  if (filter.missing) {
    const path = `{${FIELD_PATHS[filter.missing].join(',')}}`
    const fromDefaults =
      filter.missing !== 'canonical' && fieldOf(defaults, filter.missing) !== undefined
    conditions.push(fromDefaults ? sql`false` : sql`(${own} #> ${path}::text[]) is null`)
  }
  if (filter.noindex !== undefined && rules.length === 0) {
    const byDefault = defaults?.noindex === true
    conditions.push(sql`coalesce((${own}->>'noindex')::boolean, ${byDefault}) = ${filter.noindex}`)
  }
  if (filter.changedSince) {
    conditions.push(
      sql`${metadataRevision.createdAt} >= ${filter.changedSince.toISOString()}::timestamptz`,
    )
  }
  if (filter.authorId) conditions.push(eq(metadataRevision.authorId, filter.authorId))
  return and(...conditions) as SQL
}

/** Whether `missing`/`noindex` must be checked on what each page serves: when rules may supply them. */
export function needsServedCheck(filter: PageFilter, rules: readonly CompiledRule[]): boolean {
  return rules.length > 0 && (filter.missing !== undefined || filter.noindex !== undefined)
}

/** Whether a page's served metadata passes the filter's `missing` and `noindex` conditions. */
function servedPasses(filter: PageFilter, served: Metadata): boolean {
  if (filter.missing !== undefined && fieldOf(served, filter.missing) !== undefined) return false
  if (filter.noindex !== undefined && (served.noindex === true) !== filter.noindex) return false
  return true
}

/** A glob compiled for checks; BAD_REQUEST with a message when picomatch can not read it. */
export function compileGlob(glob: string): (path: string) => boolean {
  try {
    return picomatch(glob, { dot: true, strictBrackets: true })
  } catch (error) {
    throw new ORPCError('BAD_REQUEST', {
      message: `This path pattern can not be read (${(error as Error).message}). Use * for one segment and ** for any number, e.g. /blog/**.`,
      data: { issues: [{ path: ['glob'], message: 'Not a readable pattern.' }] },
    })
  }
}

/** What a listed page carries, for filters and listings alike. */
export interface FilteredPage {
  id: string
  path: string
  currentRevisionId: string | null
  metadata: Metadata
  /** When its current revision was written (the page's creation when it has none), as stored text. */
  changedKey: string
  lastChangedAt: Date | null
  lastChangedBy: { id: string; name: string } | null
  /** What the page serves ({} when listed without lint counts). */
  served: Metadata
  lint: { errors: number; warnings: number }
}

export type PageSort = 'path' | 'changed'

/** The order a listing walks pages in, and where it resumes. */
export interface PageCursor {
  /** Last path shown (sort 'path'). */
  path?: string
  /** Last change key and page id shown (sort 'changed', newest first). */
  changed?: string
  id?: string
}

export function encodeCursor(cursor: PageCursor): string {
  return Buffer.from(JSON.stringify(cursor)).toString('base64url')
}

export function decodeCursor(text: string): PageCursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as PageCursor
    if (value && typeof value === 'object') return value
  } catch {
    // Refused below.
  }
  throw new ORPCError('BAD_REQUEST', {
    message: 'This list cursor is not valid; reload the list.',
  })
}

const changedExpr = sql<string>`coalesce(${metadataRevision.createdAt}, ${page.createdAt})`

/**
 * Walks a site's pages matching `filter`, in `sort` order from `cursor`, reading `batch` rows per
 * query and keeping those the glob and lint filters accept, until `limit` are found. Returns the
 * pages and whether more may follow.
 */
export async function findFilteredPages(
  db: Database | Transaction,
  site: FilterSite,
  filter: PageFilter,
  options: {
    sort?: PageSort
    cursor?: PageCursor
    limit: number
    batch?: number
    /** False: skip served metadata and lint counts unless the filter needs them (zeros then). */
    withLint?: boolean
  },
): Promise<{ items: FilteredPage[]; more: boolean }> {
  const defaults = await currentDefaults(db, site.id)
  const rules = await loadSiteRules(db, site.id)
  const sort = options.sort ?? 'path'
  const matchesGlob = filter.glob ? compileGlob(filter.glob) : null
  const servedCheck = needsServedCheck(filter, rules)
  const postFiltered = matchesGlob !== null || filter.lint !== undefined || servedCheck
  const batch = postFiltered ? Math.max(options.batch ?? 1000, options.limit) : options.limit
  const where = pageFilterWhere(site.id, filter, defaults, rules)
  const items: FilteredPage[] = []
  let cursor = options.cursor
  for (;;) {
    const after =
      sort === 'path'
        ? cursor?.path === undefined
          ? undefined
          : sql`${page.path} collate "C" > ${cursor.path}`
        : cursor?.changed === undefined || cursor.id === undefined
          ? undefined
          : sql`(${changedExpr}, ${page.id}) < (${cursor.changed}::timestamptz, ${cursor.id})`
    const rows = await db
      .select({
        id: page.id,
        path: page.path,
        currentRevisionId: page.currentRevisionId,
        metadata: metadataRevision.metadata,
        changedKey: sql<string>`${changedExpr}::text`,
        lastChangedAt: metadataRevision.createdAt,
        authorId: user.id,
        authorName: user.name,
      })
      .from(page)
      .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
      .leftJoin(user, eq(user.id, metadataRevision.authorId))
      .where(and(where, after))
      .orderBy(
        ...(sort === 'path'
          ? [sql`${page.path} collate "C"`]
          : [sql`${changedExpr} desc`, sql`${page.id} desc`]),
      )
      .limit(batch + 1)
    const scanned = rows.slice(0, batch)
    for (const row of scanned) {
      const path = row.path ?? ''
      cursor = { path, changed: row.changedKey, id: row.id }
      if (matchesGlob && !matchesGlob(path)) continue
      const metadata = row.metadata ?? {}
      const needsLint = options.withLint !== false || filter.lint !== undefined
      const served =
        needsLint || servedCheck ? servedFor(site, defaults, { path, metadata }, rules) : {}
      if (servedCheck && !servedPasses(filter, served)) continue
      const findings = needsLint
        ? lintMetadata(served, { url: `https://${site.hostname}${path}`, siteName: site.name })
        : []
      const lint = {
        errors: findings.filter((finding) => finding.severity === 'error').length,
        warnings: findings.filter((finding) => finding.severity === 'warning').length,
      }
      if (filter.lint === 'error' && lint.errors === 0) continue
      if (filter.lint === 'warning' && lint.warnings === 0) continue
      items.push({
        id: row.id,
        path,
        currentRevisionId: row.currentRevisionId,
        metadata,
        changedKey: row.changedKey,
        lastChangedAt: row.lastChangedAt,
        lastChangedBy:
          row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
        served,
        lint,
      })
      if (items.length === options.limit) {
        const rest = scanned.indexOf(row) < scanned.length - 1 || rows.length > batch
        return { items, more: rest }
      }
    }
    if (rows.length <= batch) return { items, more: false }
  }
}

/**
 * How many of the site's pages match: one SQL count when the filter has no glob and no lint
 * condition; otherwise the SQL-narrowed pages are checked in batches.
 */
export async function countFilteredPages(
  db: Database | Transaction,
  site: FilterSite,
  filter: PageFilter,
): Promise<number> {
  const rules = await loadSiteRules(db, site.id)
  if (filter.glob === undefined && filter.lint === undefined && !needsServedCheck(filter, rules)) {
    const defaults = await currentDefaults(db, site.id)
    const [row] = await db
      .select({ n: sql<number>`count(*)` })
      .from(page)
      .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
      .where(pageFilterWhere(site.id, filter, defaults, rules))
    return Number(row?.n ?? 0)
  }
  let total = 0
  let cursor: PageCursor | undefined
  for (;;) {
    const { items, more } = await findFilteredPages(db, site, filter, {
      cursor,
      limit: 2000,
      batch: 2000,
      withLint: false,
    })
    total += items.length
    const last = items.at(-1)
    if (!more || !last) return total
    cursor = { path: last.path }
  }
}
