import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { and, eq, isNull, max } from 'drizzle-orm'
import { page, pathRule, pathRuleRevision, type site } from '../db/schema.ts'
import { type CoreEvents, eventSite, type RevisionSavedEvent, type Transaction } from './events.ts'
import { currentDefaults } from './revisions.ts'
import { servedMetadata } from './served-metadata.ts'

// The writes of a path rule shared by the rules' own procedures and by change requests that
// publish drafted rule changes: a new revision, and the announcement that every path may serve
// something else now.

type SiteRow = typeof site.$inferSelect
export type PathRuleRow = typeof pathRule.$inferSelect

/** Saves a new revision of `rule` and makes it current. */
export async function writeRuleRevision(
  tx: Transaction,
  rule: PathRuleRow,
  values: {
    metadata: Metadata
    titleTemplate: string | null
    authorId: string | null
    source: 'editor' | 'restore'
    restoredFromId?: string | null
  },
) {
  const [last] = await tx
    .select({ number: max(pathRuleRevision.number) })
    .from(pathRuleRevision)
    .where(eq(pathRuleRevision.ruleId, rule.id))
  const [revision] = await tx
    .insert(pathRuleRevision)
    .values({
      id: randomUUID(),
      ruleId: rule.id,
      number: (last?.number ?? 0) + 1,
      metadata: values.metadata,
      titleTemplate: values.titleTemplate,
      authorId: values.authorId,
      source: values.source,
      restoredFromId: values.restoredFromId ?? null,
    })
    .returning()
  if (!revision) throw new Error('The rule revision insert returned no row.')
  await tx.update(pathRule).set({ currentRevisionId: revision.id }).where(eq(pathRule.id, rule.id))
  return revision
}

/**
 * Tells the site's listeners, in the rule's transaction, that every path may serve something
 * else now: one `metadata_update` webhook message with `path: null` (receivers revalidate
 * everything; its metadata is what the defaults serve) and the CDN purge of the whole site.
 */
export async function announceRuleChange(
  tx: Transaction,
  events: CoreEvents,
  siteRow: SiteRow,
  revision: { id: string; number: number; source: string; createdAt: Date },
): Promise<void> {
  const [defaultsPage] = await tx
    .select({ id: page.id })
    .from(page)
    .where(and(eq(page.siteId, siteRow.id), isNull(page.path)))
  const defaults = await currentDefaults(tx, siteRow.id)
  const event: RevisionSavedEvent = {
    site: eventSite(siteRow),
    page: { id: defaultsPage?.id ?? siteRow.id, path: null },
    revision,
    served: servedMetadata({ defaults, page: null, titleTemplate: siteRow.titleTemplate }),
  }
  await events.revisionSaved(tx, event)
}
