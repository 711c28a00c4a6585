import { randomUUID } from 'node:crypto'
import { and, eq } from 'drizzle-orm'
import { changeRequest, page } from '../src/db/schema.ts'
import { type ChangeSetEdit, insertChangeSet } from '../src/domain/change-sets.ts'
import type { Headmark } from '../src/headmark.ts'
import { queueRelease } from '../src/operations/releases.ts'
import { saveRevision, type SiteFixture } from './webhook-fixtures.ts'

/**
 * A change request retitling `paths` of the site ("Released <path>"), approved and scheduled at
 * `at`, with its release queued — as `changeRequests.schedule` leaves one. Each page gets a first
 * revision first. Returns the request's id.
 */
export async function scheduledRelease(
  headmark: Headmark,
  site: SiteFixture,
  { paths, at }: { paths: string[]; at: Date },
): Promise<string> {
  const edits: ChangeSetEdit[] = []
  for (const path of paths) {
    const { revisionId } = await saveRevision(headmark, site, { path, metadata: { title: path } })
    const [row] = await headmark.db
      .select({ id: page.id })
      .from(page)
      .where(and(eq(page.siteId, site.id), eq(page.path, path)))
    edits.push({
      pageId: row?.id ?? null,
      path,
      baseRevisionId: revisionId,
      metadata: { title: `Released ${path}` },
    })
  }
  return headmark.db.transaction(async (tx) => {
    const { id: changeSetId } = await insertChangeSet(tx, {
      siteId: site.id,
      authorId: null,
      note: null,
      source: 'review',
      edits,
    })
    const id = randomUUID()
    await tx.insert(changeRequest).values({
      id,
      organizationId: site.organizationId,
      siteId: site.id,
      changeSetId,
      title: 'Scheduled',
      status: 'scheduled',
      scheduledFor: at,
    })
    await queueRelease(headmark.webhooks.jobQueue(), tx, {
      changeRequestId: id,
      organizationId: site.organizationId,
      at,
    })
    return id
  })
}
