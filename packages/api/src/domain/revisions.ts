import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { and, eq, inArray, isNull, max, sql } from 'drizzle-orm'
import type { Database } from '../db/client.ts'
import { type AuditSummary, metadataRevision, page, pageLocale, site } from '../db/schema.ts'
import { type AuditActor, changedFields, recordAudit } from './audit.ts'
import { type CoreEvents, eventSite, type RevisionSavedEvent, type Transaction } from './events.ts'
import { loadSiteRules, matchingRules, ruleLayers, type CompiledRule } from './path-rules.ts'
import { compactMetadata, servedMetadata } from './served-metadata.ts'
import { localeSets, servedPageInLocale } from './page-locales.ts'

export type RevisionSource = (typeof metadataRevision.$inferSelect)['source']
export type RevisionRow = typeof metadataRevision.$inferSelect

/** What {@link saveRevision} writes. `metadata` must already be valid (metadataSchema). */
export interface SaveRevisionInput {
  siteId: string
  pageId: string
  /** The revision the editor started from; null when the page had none. */
  baseRevisionId: string | null
  metadata: Metadata
  authorId: string | null
  source: RevisionSource
  restoredFromId?: string | null
  /** Who saved it: the revision is then recorded in the organization's audit log, in `tx`. */
  auditActor?: AuditActor
  /**
   * The locale whose set this is, on a site with locales (checked by the caller with
   * `chooseLocale`); null or absent = the page's own set (the default locale's).
   */
  locale?: string | null
  /** The change set (a published change request's) that wrote it, named on the revision. */
  changeSetId?: string | null
}

/** The CONFLICT a save gets when its base revision is no longer the page's current one. */
export function revisionConflict(currentRevisionId: string | null) {
  return new ORPCError('CONFLICT', {
    message:
      'Someone saved this page after you opened it. Your changes were not saved: reload to see the current revision, then apply your changes again.',
    data: { currentRevisionId },
  })
}

/**
 * Writes a new revision of a page and makes it the current one, inside `tx`:
 *
 * 1. locks the site row (and stamps `lastChangedAt`), then the page row, in that order — the
 *    order every write to a site's pages takes, so concurrent writers queue instead of deadlocking;
 * 2. refuses with CONFLICT (nothing written) when `baseRevisionId` is not the page's current
 *    revision — of two saves racing from one base exactly one wins;
 * 3. numbers the revision max + 1 for the page: the page lock makes numbers 1..n with no gap
 *    and no duplicate (the unique index on (page, number) backs this up);
 * 4. moves `page.currentRevisionId` and calls `events.revisionSaved(tx, …)`, so listeners'
 *    writes (webhook messages) commit or roll back with the revision.
 *
 * Callers announce `events.siteChanged(siteId)` after the commit; {@link commitRevision} does both.
 */
export async function saveRevision(
  tx: Transaction,
  events: CoreEvents,
  input: SaveRevisionInput,
): Promise<RevisionRow> {
  const [siteRow] = await tx
    .update(site)
    .set({ lastChangedAt: sql`now()` })
    .where(eq(site.id, input.siteId))
    .returning()
  const [pageRow] = await tx
    .select({ id: page.id, path: page.path, currentRevisionId: page.currentRevisionId })
    .from(page)
    .where(and(eq(page.id, input.pageId), eq(page.siteId, input.siteId)))
    .for('update')
  if (!siteRow || !pageRow) {
    throw new ORPCError('NOT_FOUND', {
      message: 'This page was deleted while you were editing it.',
    })
  }
  const locale = input.locale ?? null
  // A locale's set has a current revision of its own; the page lock above serialises its writers.
  const [localeRow] =
    locale === null
      ? []
      : await tx
          .select({ currentRevisionId: pageLocale.currentRevisionId })
          .from(pageLocale)
          .where(and(eq(pageLocale.pageId, pageRow.id), eq(pageLocale.locale, locale)))
  const currentRevisionId =
    locale === null ? pageRow.currentRevisionId : (localeRow?.currentRevisionId ?? null)
  if (currentRevisionId !== input.baseRevisionId) {
    throw revisionConflict(currentRevisionId)
  }

  const [last] = await tx
    .select({ number: max(metadataRevision.number) })
    .from(metadataRevision)
    .where(eq(metadataRevision.pageId, pageRow.id))
  const metadata = compactMetadata(input.metadata)
  const [revision] = await tx
    .insert(metadataRevision)
    .values({
      id: randomUUID(),
      pageId: pageRow.id,
      number: (last?.number ?? 0) + 1,
      metadata,
      authorId: input.authorId,
      source: input.source,
      restoredFromId: input.restoredFromId ?? null,
      locale,
      changeSetId: input.changeSetId ?? null,
    })
    .returning()
  if (!revision) throw new Error('The revision insert returned no row.')
  if (locale === null) {
    await tx.update(page).set({ currentRevisionId: revision.id }).where(eq(page.id, pageRow.id))
  } else {
    await tx
      .insert(pageLocale)
      .values({ pageId: pageRow.id, locale, currentRevisionId: revision.id })
      .onConflictDoUpdate({
        target: [pageLocale.pageId, pageLocale.locale],
        set: { currentRevisionId: revision.id },
      })
  }

  const own =
    locale === null
      ? metadata
      : pageRow.currentRevisionId === null
        ? null
        : ((
            await tx
              .select({ metadata: metadataRevision.metadata })
              .from(metadataRevision)
              .where(eq(metadataRevision.id, pageRow.currentRevisionId))
          )[0]?.metadata ?? null)
  // The webhook body serves what get-latest answers for the path in this locale (with the
  // generated cluster on a site with locales): the same function computes both.
  const served =
    pageRow.path === null
      ? await servedForPath(tx, { site: siteRow, path: null, metadata })
      : await servedPageInLocale(tx, {
          site: siteRow,
          path: pageRow.path,
          page: { id: pageRow.id, own },
          locale,
        })
  const event: RevisionSavedEvent = {
    site: eventSite(siteRow),
    page: { id: pageRow.id, path: pageRow.path },
    revision: {
      id: revision.id,
      number: revision.number,
      source: revision.source,
      createdAt: revision.createdAt,
    },
    served: served.metadata,
    ...(locale === null ? {} : { locale }),
  }
  await events.revisionSaved(tx, event)
  // A locale's first set joins the page's cluster: every other version of the page serves
  // alternates naming it from now on, so each is announced again with its current revision.
  if (locale !== null && localeRow === undefined && siteRow.locales && pageRow.path !== null) {
    await announceOtherVersions(tx, events, {
      site: siteRow,
      page: { id: pageRow.id, path: pageRow.path, own, ownRevisionId: pageRow.currentRevisionId },
      except: locale,
    })
  }
  if (input.auditActor) {
    const [before] = currentRevisionId
      ? await tx
          .select({ metadata: metadataRevision.metadata })
          .from(metadataRevision)
          .where(eq(metadataRevision.id, currentRevisionId))
      : []
    const restored = input.source === 'restore'
    await recordAudit(tx, {
      organizationId: siteRow.organizationId,
      actor: input.auditActor,
      action:
        pageRow.path === null
          ? restored
            ? 'site_defaults.restored'
            : 'site_defaults.saved'
          : restored
            ? 'page.revision_restored'
            : 'page.revision_saved',
      target:
        pageRow.path === null
          ? { kind: 'site_defaults', id: siteRow.id, label: siteRow.hostname }
          : {
              kind: 'page',
              id: pageRow.id,
              label: `${siteRow.hostname}${pageRow.path}${locale === null ? '' : ` (${locale})`}`,
            },
      summary: withRevision(
        changedFields(
          (before?.metadata ?? {}) as Record<string, unknown>,
          metadata as Record<string, unknown>,
        ),
        revision.number,
      ),
    })
  }
  return revision
}

/**
 * Announces (`events.revisionSaved`) what each version of a page but `except` serves now, with
 * the current revision of its set: the page's own set and each declared locale's. Webhook
 * receivers, CDN purges and live checks then see the cluster a new locale's set changed.
 */
async function announceOtherVersions(
  tx: Transaction,
  events: CoreEvents,
  input: {
    site: typeof site.$inferSelect
    page: { id: string; path: string; own: Metadata | null; ownRevisionId: string | null }
    except: string
  },
): Promise<void> {
  const { site: siteRow, page: pageRow } = input
  const locales = siteRow.locales
  if (!locales) return
  const sets = await localeSets(tx, pageRow.id)
  const versions: Array<{ locale: string | null; revisionId: string }> = []
  if (pageRow.ownRevisionId !== null) {
    versions.push({ locale: null, revisionId: pageRow.ownRevisionId })
  }
  for (const { code } of locales.locales) {
    const set = sets.get(code)
    if (set && code !== input.except && code !== locales.defaultLocale) {
      versions.push({ locale: code, revisionId: set.revisionId })
    }
  }
  if (versions.length === 0) return
  const revisions = await tx
    .select({
      id: metadataRevision.id,
      number: metadataRevision.number,
      source: metadataRevision.source,
      createdAt: metadataRevision.createdAt,
    })
    .from(metadataRevision)
    .where(
      inArray(
        metadataRevision.id,
        versions.map((version) => version.revisionId),
      ),
    )
  const byId = new Map(revisions.map((revision) => [revision.id, revision]))
  for (const version of versions) {
    const revision = byId.get(version.revisionId)
    if (!revision) continue
    const served = await servedPageInLocale(tx, {
      site: siteRow,
      path: pageRow.path,
      page: { id: pageRow.id, own: pageRow.own },
      locale: version.locale,
      sets,
    })
    await events.revisionSaved(tx, {
      site: eventSite(siteRow),
      page: { id: pageRow.id, path: pageRow.path },
      revision,
      served: served.metadata,
      ...(version.locale === null ? {} : { locale: version.locale }),
    })
  }
}

/** An edit's summary with the revision number it made (`after.revision`). */
function withRevision(summary: AuditSummary, number: number): AuditSummary {
  return { before: summary.before ?? {}, after: { ...summary.after, revision: number } }
}

/**
 * What a page serves once `page.metadata` is its own metadata: the site's defaults, the rules
 * matching its path, the page and the title template combined. Every write that announces served metadata (a save, an
 * applied change set) computes it here, so they can not disagree.
 */
export function servedFor(
  siteRow: { titleTemplate: string | null },
  defaults: Metadata | null,
  page: { path: string | null; metadata: Metadata },
  /** The site's rules ({@link loadSiteRules}); those matching the path apply. */
  rules: readonly CompiledRule[] = [],
): Metadata {
  return servedMetadata({
    defaults: page.path === null ? page.metadata : (defaults ?? {}),
    rules: page.path === null ? [] : ruleLayers(matchingRules(rules, page.path)),
    page: page.path === null ? null : page.metadata,
    titleTemplate: siteRow.titleTemplate,
  })
}

/** {@link saveRevision} in a transaction of its own, then `events.siteChanged` after commit. */
export async function commitRevision(
  db: Database,
  events: CoreEvents,
  input: SaveRevisionInput,
): Promise<RevisionRow> {
  const revision = await db.transaction((tx) => saveRevision(tx, events, input))
  events.siteChanged(input.siteId, { revisionSaved: true })
  return revision
}

/** The metadata of the site's defaults page (path null) at its current revision, if any. */
export async function currentDefaults(
  db: Database | Transaction,
  siteId: string,
): Promise<Metadata | null> {
  const [row] = await db
    .select({ metadata: metadataRevision.metadata })
    .from(page)
    .innerJoin(metadataRevision, eq(metadataRevision.id, page.currentRevisionId))
    .where(and(eq(page.siteId, siteId), isNull(page.path)))
    .limit(1)
  return row?.metadata ?? null
}

/** What {@link servedForPath} answers: the served metadata and the layers it was made of. */
export interface ServedForPath {
  metadata: Metadata
  /** The site's defaults (for the defaults page: its own metadata). */
  defaults: Metadata
  /** The matching rules, least → most specific. */
  rules: CompiledRule[]
}

/**
 * What a path serves, from the site, the path and that page's own metadata (for the defaults
 * page, path null, its metadata is the defaults). Loads the site's defaults (unless given) and
 * its path rules. The one computation behind a save's webhook body and the page's served view.
 */
export async function servedForPath(
  db: Database | Transaction,
  input: {
    site: { id: string; titleTemplate: string | null }
    path: string | null
    metadata: Metadata | null
    defaults?: Metadata | null
    rules?: CompiledRule[]
  },
): Promise<ServedForPath> {
  const { site: siteRow, path } = input
  if (path === null) {
    const defaults = input.metadata ?? {}
    return {
      metadata: servedMetadata({ defaults, page: null, titleTemplate: siteRow.titleTemplate }),
      defaults,
      rules: [],
    }
  }
  // One after the other: `db` may be a transaction, whose queries run one at a time anyway.
  const defaults =
    input.defaults !== undefined ? input.defaults : await currentDefaults(db, siteRow.id)
  const rules = input.rules ?? (await loadSiteRules(db, siteRow.id))
  const matching = matchingRules(rules, path)
  return {
    metadata: servedMetadata({
      defaults,
      rules: ruleLayers(matching),
      page: input.metadata,
      titleTemplate: siteRow.titleTemplate,
    }),
    defaults: defaults ?? {},
    rules: matching,
  }
}
