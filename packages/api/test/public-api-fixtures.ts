import { createHash, randomBytes, randomUUID } from 'node:crypto'
import { and, eq, isNull, max } from 'drizzle-orm'
import { type Metadata, normalizePath } from '@headmark/metadata'
import type { Database } from '../src/db/client.ts'
import { metadataRevision, organization, page, site, siteApiKey } from '../src/db/schema.ts'

// Sites, pages and revisions written straight to the tables, following the core's rules: the
// defaults page has path null, paths are stored normalised, `page.currentRevisionId` points to
// the latest revision. After a write, tests call `events.siteChanged(siteId)` as the core does.

export interface FixtureSite {
  id: string
  organizationId: string
  hostname: string
  dsn: string
}

/** An organization of its own (or `organizationId`'s) with a site and its empty defaults page. */
export async function createFixtureSite(
  db: Database,
  options: {
    organizationId?: string
    hostname?: string
    titleTemplate?: string | null
    requireApiKey?: boolean
  } = {},
): Promise<FixtureSite> {
  let organizationId = options.organizationId
  if (!organizationId) {
    organizationId = randomUUID()
    await db.insert(organization).values({
      id: organizationId,
      name: 'Fixture organization',
      slug: `fixture-${organizationId.slice(0, 8)}`,
    })
  }
  const created = {
    id: randomUUID(),
    organizationId,
    name: 'Fixture site',
    hostname: options.hostname ?? `site-${randomBytes(4).toString('hex')}.example`,
    dsn: randomBytes(16).toString('base64url'),
    titleTemplate: options.titleTemplate ?? null,
    requireApiKey: options.requireApiKey ?? false,
  }
  await db.transaction(async (tx) => {
    await tx.insert(site).values(created)
    await tx.insert(page).values({ id: randomUUID(), siteId: created.id, path: null })
  })
  return { id: created.id, organizationId, hostname: created.hostname, dsn: created.dsn }
}

/**
 * Saves a revision of the page at `path` (null: the site's defaults), creating the page when it
 * does not exist; returns the revision id.
 */
export async function saveFixtureRevision(
  db: Database,
  siteId: string,
  path: string | null,
  metadata: Metadata,
): Promise<string> {
  let stored: string | null = null
  if (path !== null) {
    const normalized = normalizePath(path)
    if (!normalized.ok) throw new Error(`Invalid fixture path ${path}`)
    stored = normalized.path
  }
  return db.transaction(async (tx) => {
    const where = and(
      eq(page.siteId, siteId),
      stored === null ? isNull(page.path) : eq(page.path, stored),
    )
    let [row] = await tx.select({ id: page.id }).from(page).where(where)
    if (!row) {
      row = { id: randomUUID() }
      await tx.insert(page).values({ id: row.id, siteId, path: stored })
    }
    const [{ latest } = { latest: 0 }] = await tx
      .select({ latest: max(metadataRevision.number) })
      .from(metadataRevision)
      .where(eq(metadataRevision.pageId, row.id))
    const id = randomUUID()
    await tx.insert(metadataRevision).values({
      id,
      pageId: row.id,
      number: (latest ?? 0) + 1,
      metadata,
      source: 'editor',
    })
    await tx.update(page).set({ currentRevisionId: id }).where(eq(page.id, row.id))
    return id
  })
}

/** A page with no revision yet (what `pages.create` makes). */
export async function createFixturePage(db: Database, siteId: string, path: string): Promise<void> {
  const normalized = normalizePath(path)
  if (!normalized.ok) throw new Error(`Invalid fixture path ${path}`)
  await db.insert(page).values({ id: randomUUID(), siteId, path: normalized.path })
}

/** Writes a key row directly; returns the key in clear. */
export async function createFixtureApiKey(db: Database, siteId: string): Promise<string> {
  const key = `hm_${randomBytes(32).toString('base64url')}`
  await db.insert(siteApiKey).values({
    id: randomUUID(),
    siteId,
    name: 'Fixture key',
    prefix: key.slice(0, 10),
    keyHash: createHash('sha256').update(key).digest('hex'),
  })
  return key
}
