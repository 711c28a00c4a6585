import { and, eq, isNull, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import type { Metadata } from '@headmark/metadata'
import type { Database } from '../db/client.ts'
import { metadataRevision, page, site } from '../db/schema.ts'
import type { SiteLocales } from '../domain/site-locales.ts'

const defaultsPage = alias(page, 'defaults_page')
const defaultsRevision = alias(metadataRevision, 'defaults_revision')
const pathPage = alias(page, 'path_page')
const pathRevision = alias(metadataRevision, 'path_revision')

/** What one cache miss reads: the site, its defaults, the page at the path and the site's live keys. */
export interface SiteLookup {
  site: {
    id: string
    organizationId: string
    requireApiKey: boolean
    titleTemplate: string | null
    hostname: string
    /** The site's locales; null when it has one language. */
    locales: SiteLocales | null
    /** Whether the database already has the site's first call. */
    firstRequestRecorded: boolean
  }
  defaults: { revisionId: string; metadata: Metadata } | null
  /** null when no page has this path. */
  page: { id: string; revision: { id: string; metadata: Metadata } | null } | null
  /** Live (unrevoked) keys: id → SHA-256 hex of the key. */
  keys: Array<{ id: string; keyHash: string }>
}

/**
 * The one query of a cache miss (site + defaults + page + current revision + keys), prepared
 * once per database. Returns null for an unknown DSN.
 */
export function createSiteLookup(db: Database) {
  const query = db
    .select({
      siteId: site.id,
      organizationId: site.organizationId,
      requireApiKey: site.requireApiKey,
      titleTemplate: site.titleTemplate,
      hostname: site.hostname,
      locales: site.locales,
      firstRequestAt: site.firstRequestAt,
      defaultsRevisionId: defaultsRevision.id,
      defaults: defaultsRevision.metadata,
      pageId: pathPage.id,
      revisionId: pathRevision.id,
      metadata: pathRevision.metadata,
      // id:hash pairs as text: the same on PGlite and postgres.js, whatever their JSON parsing.
      keys: sql<
        string | null
      >`(select string_agg(k.id || ':' || k.key_hash, ',') from site_api_key k where k.site_id = ${site.id} and k.revoked_at is null)`,
    })
    .from(site)
    .leftJoin(defaultsPage, and(eq(defaultsPage.siteId, site.id), isNull(defaultsPage.path)))
    .leftJoin(defaultsRevision, eq(defaultsRevision.id, defaultsPage.currentRevisionId))
    .leftJoin(
      pathPage,
      and(eq(pathPage.siteId, site.id), eq(pathPage.path, sql.placeholder('path'))),
    )
    .leftJoin(pathRevision, eq(pathRevision.id, pathPage.currentRevisionId))
    .where(eq(site.dsn, sql.placeholder('dsn')))
    .limit(1)
    .prepare('headmark_public_api_lookup')

  return async (dsn: string, path: string): Promise<SiteLookup | null> => {
    const [row] = await query.execute({ dsn, path })
    if (!row) return null
    return {
      site: {
        id: row.siteId,
        organizationId: row.organizationId,
        requireApiKey: row.requireApiKey,
        titleTemplate: row.titleTemplate,
        hostname: row.hostname,
        locales: row.locales ?? null,
        firstRequestRecorded: row.firstRequestAt !== null,
      },
      defaults:
        row.defaultsRevisionId && row.defaults
          ? { revisionId: row.defaultsRevisionId, metadata: row.defaults }
          : null,
      page: row.pageId
        ? {
            id: row.pageId,
            revision:
              row.revisionId && row.metadata
                ? { id: row.revisionId, metadata: row.metadata }
                : null,
          }
        : null,
      keys: (row.keys ? row.keys.split(',') : []).map((pair) => {
        const at = pair.lastIndexOf(':')
        return { id: pair.slice(0, at), keyHash: pair.slice(at + 1) }
      }),
    }
  }
}
