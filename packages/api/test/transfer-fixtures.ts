import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from '../src/db/client.ts'
import { metadataRevision, organization, page, site } from '../src/db/schema.ts'

export interface SeededPage {
  path: string | null
  /** null: a page never saved (no revision). */
  metadata: Metadata | null
}

/** An organization and a site written straight to the database (no people, no plan). */
export async function seedSite(
  db: Database,
  hostname = 'acme.com',
): Promise<{ organizationId: string; siteId: string }> {
  const organizationId = randomUUID()
  const siteId = randomUUID()
  await db
    .insert(organization)
    .values({ id: organizationId, name: 'Seed', slug: `seed-${organizationId}` })
  await db
    .insert(site)
    .values({ id: siteId, organizationId, name: 'Seed', hostname, dsn: randomUUID() })
  return { organizationId, siteId }
}

/**
 * Pages (and their one revision each) written with multi-row inserts, 1,000 rows a statement:
 * fast enough to seed 100,000 pages for a benchmark.
 */
export async function seedPages(
  db: Database,
  siteId: string,
  pages: Iterable<SeededPage>,
): Promise<void> {
  let chunk: SeededPage[] = []
  const flush = async () => {
    if (chunk.length === 0) return
    const pageRows = chunk.map((item) => ({ id: randomUUID(), siteId, path: item.path }))
    const revisions = chunk.flatMap((item, index) =>
      item.metadata === null
        ? []
        : [
            {
              id: randomUUID(),
              pageId: (pageRows[index] as { id: string }).id,
              number: 1,
              metadata: item.metadata,
              source: 'import' as const,
            },
          ],
    )
    await db.insert(page).values(pageRows)
    if (revisions.length > 0) {
      await db.insert(metadataRevision).values(revisions)
      await db
        .update(page)
        .set({ currentRevisionId: sql`r.id` })
        .from(sql`${metadataRevision} r`)
        .where(
          and(
            sql`r.page_id = ${page.id}`,
            inArray(
              page.id,
              revisions.map((revision) => revision.pageId),
            ),
          ),
        )
    }
    chunk = []
  }
  for (const item of pages) {
    chunk.push(item)
    if (chunk.length >= 1000) await flush()
  }
  await flush()
}

/** The site's page at `path` with its current metadata (null when it has no revision). */
export async function pageAt(db: Database, siteId: string, path: string) {
  const rows = await db
    .select({ id: page.id, path: page.path, metadata: metadataRevision.metadata })
    .from(page)
    .leftJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
    .where(sql`${page.siteId} = ${siteId} and ${page.path} = ${path}`)
  return rows[0]
}
