import type { Metadata } from '@headmark/metadata'
import { and, eq, inArray } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { metadataRevision, pageLocale } from '../db/schema.ts'
import type { Transaction } from './events.ts'
import type { HreflangCluster } from './hreflang.ts'
import type { CompiledRule } from './path-rules.ts'
import { servedForPath } from './revisions.ts'
import { localeMetadata, pageCluster, withCluster, type SiteLocales } from './site-locales.ts'

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

/** The current sets of many pages at once (one query): page id → locale → set. */
export async function localeSetsOfPages(
  db: Database | Transaction,
  pageIds: readonly string[],
): Promise<Map<string, Map<string, { revisionId: string; metadata: Metadata }>>> {
  const out = new Map<string, Map<string, { revisionId: string; metadata: Metadata }>>()
  if (pageIds.length === 0) return out
  const rows = await db
    .select({
      pageId: pageLocale.pageId,
      locale: pageLocale.locale,
      revisionId: metadataRevision.id,
      metadata: metadataRevision.metadata,
    })
    .from(pageLocale)
    .innerJoin(metadataRevision, eq(metadataRevision.id, pageLocale.currentRevisionId))
    .where(inArray(pageLocale.pageId, [...pageIds]))
  for (const row of rows) {
    let sets = out.get(row.pageId)
    if (!sets) out.set(row.pageId, (sets = new Map()))
    sets.set(row.locale, { revisionId: row.revisionId, metadata: row.metadata })
  }
  return out
}

/** What {@link servedPageInLocale} answers. */
export interface ServedInLocale {
  /** What the path serves in the locale: the get-latest answer's and the webhook body's `metadata`. */
  metadata: Metadata
  /** The current revision of the locale's own set, when the page has one (else null). */
  localeRevisionId: string | null
}

/**
 * What a path serves in one locale: the site's defaults, the matching path rules, the page's own
 * set overlaid by the locale's set (when it has one), the title template, and on a site with
 * locales the generated hreflang cluster in place of hand-written alternates. The ONE
 * computation behind get-latest's answer and every webhook body (a save, an applied change set,
 * a published change request), so a receiver is told exactly what the public API serves.
 */
export async function servedPageInLocale(
  db: Database | Transaction,
  input: {
    site: {
      id: string
      hostname: string
      titleTemplate: string | null
      locales: SiteLocales | null
    }
    path: string
    /** The page at the path and its own (default locale's) set; null when the path has no page. */
    page: { id: string; own: Metadata | null } | null
    /** The locale asked for (checked with `chooseLocale`); null = the default locale. */
    locale: string | null
    /** The page's sets per locale when the caller has them (else read here). */
    sets?: ReadonlyMap<string, { revisionId: string; metadata: Metadata }>
    defaults?: Metadata | null
    rules?: CompiledRule[]
  },
): Promise<ServedInLocale> {
  const { site, page } = input
  const sets = site.locales && page ? (input.sets ?? (await localeSets(db, page.id))) : undefined
  const set = input.locale === null ? undefined : sets?.get(input.locale)
  const own = page?.own ?? null
  const served = await servedForPath(db, {
    site,
    path: input.path,
    metadata: set ? localeMetadata(own, set.metadata) : own,
    defaults: input.defaults,
    rules: input.rules,
  })
  let metadata = served.metadata
  if (site.locales && sets) {
    const cluster = await clusterOfPage(db, {
      site: { ...site, locales: site.locales },
      path: input.path,
      own,
      sets,
      defaults: served.defaults,
      rules: served.rules,
    })
    metadata = withCluster(metadata, cluster.alternates, input.locale ?? site.locales.defaultLocale)
  }
  return { metadata, localeRevisionId: set?.revisionId ?? null }
}
