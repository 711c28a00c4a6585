import type { Metadata } from '@headmark/metadata'
import { and, eq } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { metadataRevision, pageLocale } from '../db/schema.ts'
import type { Transaction } from './events.ts'
import type { HreflangCluster } from './hreflang.ts'
import type { CompiledRule } from './path-rules.ts'
import { servedForPath } from './revisions.ts'
import { localeMetadata, pageCluster, type SiteLocales } from './site-locales.ts'

// A page's metadata sets on a site with locales, read from the database: each locale's current
// set, and the hreflang cluster the page serves in every locale.

/** Each locale's current set of a page (locales without a set of their own are not listed). */
export async function localeSets(
  db: Database | Transaction,
  pageId: string,
): Promise<Map<string, { revisionId: string; metadata: Metadata }>> {
  const rows = await db
    .select({
      locale: pageLocale.locale,
      revisionId: metadataRevision.id,
      metadata: metadataRevision.metadata,
    })
    .from(pageLocale)
    .innerJoin(metadataRevision, eq(metadataRevision.id, pageLocale.currentRevisionId))
    .where(eq(pageLocale.pageId, pageId))
  return new Map(rows.map((row) => [row.locale, row]))
}

/** The current revision of one locale's set of a page, or null when it has none. */
export async function localeRevisionId(
  db: Database | Transaction,
  pageId: string,
  locale: string,
): Promise<string | null> {
  const [row] = await db
    .select({ id: pageLocale.currentRevisionId })
    .from(pageLocale)
    .where(and(eq(pageLocale.pageId, pageId), eq(pageLocale.locale, locale)))
  return row?.id ?? null
}

/**
 * The cluster of a page on a site with locales, from its sets as stored: what each version
 * serves decides whether it is noindex and what its canonical is. Only the site's declared
 * locales count; sets of a removed locale are kept but ignored.
 */
export async function clusterOfPage(
  db: Database | Transaction,
  input: {
    site: { id: string; hostname: string; titleTemplate: string | null; locales: SiteLocales }
    path: string
    own: Metadata | null
    sets: ReadonlyMap<string, { metadata: Metadata }>
    defaults?: Metadata | null
    rules?: CompiledRule[]
  },
): Promise<HreflangCluster> {
  const declared = new Set(input.site.locales.locales.map((locale) => locale.code))
  const localized = new Map<string, Metadata>()
  for (const [code, set] of input.sets) {
    if (declared.has(code) && code !== input.site.locales.defaultLocale) {
      localized.set(code, set.metadata)
    }
  }
  const first = await servedForPath(db, {
    site: input.site,
    path: input.path,
    metadata: input.own,
    defaults: input.defaults,
    rules: input.rules,
  })
  const served = new Map<string, Metadata>([[input.site.locales.defaultLocale, first.metadata]])
  for (const [code, metadata] of localized) {
    const layered = await servedForPath(db, {
      site: input.site,
      path: input.path,
      metadata: localeMetadata(input.own, metadata),
      defaults: first.defaults,
      rules: first.rules,
    })
    served.set(code, layered.metadata)
  }
  return pageCluster(
    input.site.hostname,
    input.site.locales,
    { path: input.path, own: input.own, localized },
    served,
  )
}
