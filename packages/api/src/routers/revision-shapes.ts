import type { Metadata } from '@headmark/metadata'
import { and, desc, eq, isNull, lt, type SQL, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { changeSet, metadataRevision, user } from '../db/schema.ts'
import type { Transaction } from '../domain/events.ts'

// The shapes revisions are returned in, shared by pages.get and metadataRevisions.*.

const personSchema = z.object({ id: z.string(), name: z.string() })

// Stored revisions were validated when they were written; re-validating them on the way out
// would turn a later, stricter rule into a 500 on old history.
const storedMetadata = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
)

export const revisionSummarySchema = z.object({
  id: z.string(),
  number: z.number().int(),
  source: z.enum(['editor', 'restore', 'import', 'api', 'bulk']),
  author: personSchema.nullable(),
  restoredFrom: z.object({ id: z.string(), number: z.number().int() }).nullable(),
  createdAt: z.date(),
  /** The change set that wrote this revision (bulk edit, import, undo), with its note. */
  changeSet: z.object({ id: z.string(), note: z.string().nullable() }).nullable(),
})
export type RevisionSummary = z.infer<typeof revisionSummarySchema>

export const revisionSchema = revisionSummarySchema.extend({ metadata: storedMetadata })
export type Revision = z.infer<typeof revisionSchema>

const restoredFrom = alias(metadataRevision, 'restored_from')

function selectRevisions(db: Database | Transaction, where: SQL | undefined, withMetadata = true) {
  return db
    .select({
      id: metadataRevision.id,
      number: metadataRevision.number,
      source: metadataRevision.source,
      // Lists leave the (up to 64 KiB) metadata in the database.
      metadata: withMetadata ? metadataRevision.metadata : sql<Metadata>`'{}'::jsonb`,
      createdAt: metadataRevision.createdAt,
      authorId: user.id,
      authorName: user.name,
      restoredFromId: restoredFrom.id,
      restoredFromNumber: restoredFrom.number,
      changeSetId: changeSet.id,
      changeSetNote: changeSet.note,
    })
    .from(metadataRevision)
    .leftJoin(user, eq(user.id, metadataRevision.authorId))
    .leftJoin(restoredFrom, eq(restoredFrom.id, metadataRevision.restoredFromId))
    .leftJoin(changeSet, eq(changeSet.id, metadataRevision.changeSetId))
    .where(where)
}

type SelectedRevision = Awaited<ReturnType<typeof selectRevisions>>[number]

function toRevision(row: SelectedRevision): Revision {
  return {
    id: row.id,
    number: row.number,
    source: row.source,
    metadata: row.metadata,
    author: row.authorId === null ? null : { id: row.authorId, name: row.authorName ?? '' },
    restoredFrom:
      row.restoredFromId === null
        ? null
        : { id: row.restoredFromId, number: row.restoredFromNumber ?? 0 },
    createdAt: row.createdAt,
    changeSet: row.changeSetId === null ? null : { id: row.changeSetId, note: row.changeSetNote },
  }
}

/** Revisions of one locale's set: null = the page's own (the default locale's). */
const ofLocale = (locale: string | null) =>
  locale === null ? isNull(metadataRevision.locale) : eq(metadataRevision.locale, locale)

/**
 * One revision of a page, with its author and origin; null if the page has no such revision (in
 * `locale`'s set, when given: null = the page's own).
 */
export async function findRevision(
  db: Database | Transaction,
  pageId: string,
  revisionId: string,
  locale?: string | null,
): Promise<Revision | null> {
  const [row] = await selectRevisions(
    db,
    and(
      eq(metadataRevision.pageId, pageId),
      eq(metadataRevision.id, revisionId),
      locale === undefined ? undefined : ofLocale(locale),
    ),
  ).limit(1)
  return row ? toRevision(row) : null
}

/**
 * A page's revisions without their metadata, newest first, numbered below `beforeNumber`: those
 * of one locale's set (null: the page's own, the default locale's). Numbers count every set of
 * the page, so one locale's history may skip numbers.
 */
export async function listRevisions(
  db: Database | Transaction,
  pageId: string,
  {
    beforeNumber,
    limit,
    locale = null,
  }: { beforeNumber?: number; limit: number; locale?: string | null },
): Promise<RevisionSummary[]> {
  const rows = await selectRevisions(
    db,
    and(
      eq(metadataRevision.pageId, pageId),
      ofLocale(locale),
      beforeNumber === undefined ? undefined : lt(metadataRevision.number, beforeNumber),
    ),
    false,
  )
    .orderBy(desc(metadataRevision.number))
    .limit(limit)
  return rows.map((row) => {
    const { metadata: _metadata, ...summary } = toRevision(row)
    return summary
  })
}
