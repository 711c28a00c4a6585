import { ORPCError } from '@orpc/server'
import { and, count, eq, isNotNull, isNull } from 'drizzle-orm'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { page, site } from '../db/schema.ts'
import type { Transaction } from '../domain/events.ts'
import { pagePathFromInput } from '../domain/page-paths.ts'
import { siteLocalesSchema } from '../shared/sites.ts'

// Sites and pages are always looked up *through* the caller's organization: a hostname, path
// or id of another organization is NOT_FOUND, with the same message as an unknown one.

export { lookupText } from '../shared/text.ts'

/** A site as every procedure returns it. */
export const siteSchema = z.object({
  id: z.string(),
  name: z.string(),
  hostname: z.string(),
  dsn: z.string(),
  titleTemplate: z.string().nullable(),
  requireApiKey: z.boolean(),
  createdAt: z.date(),
  updatedAt: z.date(),
  /** Pages with a path (the defaults page is not counted). */
  pageCount: z.number().int(),
  /** When metadata or a page path of the site last changed; null before the first save. */
  lastChangedAt: z.date().nullable(),
  /**
   * The site's first successful public API call (when, and the page path it asked for); null
   * until its server has called. Recorded within seconds of the call.
   */
  firstRequest: z.object({ at: z.date(), path: z.string() }).nullable(),
  /** The site's languages and how each maps to URLs; null when the site has one language. */
  locales: siteLocalesSchema.nullable(),
})
export type Site = z.infer<typeof siteSchema>

export type SiteRow = typeof site.$inferSelect

type Reader = Database | Transaction

export function siteNotFound(hostname: string): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', {
    message: `There is no site “${clip(hostname)}” in this organization. Check the address, or pick the site from the list.`,
  })
}

function pageNotFound(path: string | null): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', {
    message:
      path === null
        ? 'This site has no defaults page.'
        : `There is no page “${clip(path)}” on this site. It may have been renamed or deleted.`,
  })
}

/** The organization's site with this hostname, or NOT_FOUND. */
export async function requireSite(
  db: Reader,
  organizationId: string,
  hostname: string,
): Promise<SiteRow> {
  const wanted = hostname.trim().toLowerCase()
  const [row] = await db
    .select()
    .from(site)
    .where(and(eq(site.organizationId, organizationId), eq(site.hostname, wanted)))
    .limit(1)
  if (!row) throw siteNotFound(hostname)
  return row
}

/**
 * The stored form of a page path named in a procedure's input: null for the site's defaults,
 * otherwise normalised (a malformed escape is BAD_REQUEST with a message).
 */
export function pagePathOf(input: string | null, siteHostname: string): string | null {
  if (input === null) return null
  const result = pagePathFromInput(input, siteHostname)
  if (!result.ok) {
    throw new ORPCError('BAD_REQUEST', {
      message: result.message,
      data: { issues: [{ path: ['pagePath'], message: result.message }] },
    })
  }
  return result.path
}

export type PageRow = typeof page.$inferSelect

/** The site's page at `path` (null = the defaults page), or NOT_FOUND. */
export async function requirePage(
  db: Reader,
  siteId: string,
  path: string | null,
): Promise<PageRow> {
  const [row] = await db
    .select()
    .from(page)
    .where(and(eq(page.siteId, siteId), path === null ? isNull(page.path) : eq(page.path, path)))
    .limit(1)
  if (!row) throw pageNotFound(path)
  return row
}

/** A site row with its page count, as procedures return it. */
export async function siteWithCounts(db: Reader, row: SiteRow): Promise<Site> {
  const [counted] = await db
    .select({ pageCount: count() })
    .from(page)
    .where(and(eq(page.siteId, row.id), isNotNull(page.path)))
  return toSite(row, counted?.pageCount ?? 0)
}

export function toSite(row: SiteRow, pageCount: number): Site {
  return {
    id: row.id,
    name: row.name,
    hostname: row.hostname,
    dsn: row.dsn,
    titleTemplate: row.titleTemplate,
    requireApiKey: row.requireApiKey,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    pageCount,
    lastChangedAt: row.lastChangedAt,
    firstRequest:
      row.firstRequestAt && row.firstRequestPath !== null
        ? { at: row.firstRequestAt, path: row.firstRequestPath }
        : null,
    locales: row.locales ?? null,
  }
}

export function clip(value: string, length = 80): string {
  return value.length > length ? `${value.slice(0, length)}…` : value
}
