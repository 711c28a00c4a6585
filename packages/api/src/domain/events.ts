import type { Metadata } from '@headmark/metadata'
import type { Database } from '../db/client.ts'

/** A drizzle transaction, or the database itself: whatever `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** The site of an event, from its row. */
export const eventSite = (row: {
  id: string
  organizationId: string
  hostname: string
  dsn: string
}): RevisionSavedEvent['site'] => ({
  id: row.id,
  organizationId: row.organizationId,
  hostname: row.hostname,
  dsn: row.dsn,
})

/** A revision that was just written, as the listeners of {@link CoreEvents} see it. */
export interface RevisionSavedEvent {
  site: { id: string; organizationId: string; hostname: string; dsn: string }
  page: { id: string; path: string | null }
  revision: { id: string; number: number; source: string; createdAt: Date }
  /** What the path serves now (site defaults + page + title template): the webhook body's `metadata`. */
  served: Metadata
  /**
   * The locale whose set changed, on a site with locales (the webhook body's `locale`); absent
   * for the page's own set (the default locale's) and on sites without locales.
   */
  locale?: string
}

/**
 * Up to this many changed paths, an applied change set sends one webhook message (and queues one
 * CDN purge tag) per path; above it, one message with `path: null` (revalidate everything) and
 * the site's purge tag, so that editing 10,000 pages does not send 10,000 requests to each
 * receiver.
 */
export const COALESCE_THRESHOLD = 100

/** A change set that was just applied, as the listeners of {@link CoreEvents} see it. */
export interface ChangeSetAppliedEvent {
  site: RevisionSavedEvent['site']
  changeSet: { id: string; source: string }
  /** Every page the set changed or created, each with its new revision and what it serves now. */
  changes: Array<Pick<RevisionSavedEvent, 'page' | 'revision' | 'served'>>
  /** The site's defaults: their current revision (null when none) and what they serve. */
  defaults: { revisionId: string | null; served: Metadata; createdAt: Date }
}

/**
 * How the core (sites, pages, revisions) tells the rest of the server that something changed,
 * without knowing who listens. The public API's cache and webhook delivery subscribe here.
 */
export interface CoreEvents {
  /**
   * Runs inside the transaction that saved (or restored) a revision, after the page pointer moved:
   * a listener that writes (webhook messages, queued deliveries) commits or rolls back with it.
   */
  onRevisionSaved(listener: (tx: Transaction, event: RevisionSavedEvent) => Promise<void>): void
  /**
   * Runs inside the transaction that applied a change set (many pages at once), instead of one
   * `revisionSaved` per page: listeners decide how to announce many changes at once.
   */
  onChangeSetApplied(
    listener: (tx: Transaction, event: ChangeSetAppliedEvent) => Promise<void>,
  ): void
  /** After a commit that changed what a site serves (revision, path, site settings, keys). */
  onSiteChanged(listener: (siteId: string, change?: SiteChange) => void): void
  /** Called by the core, inside the transaction. */
  revisionSaved(tx: Transaction, event: RevisionSavedEvent): Promise<void>
  /** Called by the core, inside the transaction. */
  changeSetApplied(tx: Transaction, event: ChangeSetAppliedEvent): Promise<void>
  /** Called by the core, after commit. A listener that throws is logged, never propagated. */
  siteChanged(siteId: string, change?: SiteChange): void
}

/** What kind of change a `siteChanged` announces, when the core knows it. */
export interface SiteChange {
  /** A revision was saved: `revisionSaved` listeners already saw it, with its path, in its transaction. */
  revisionSaved?: boolean
  /** A change set was applied: `changeSetApplied` listeners already saw its paths, in its transaction. */
  changeSetApplied?: boolean
}

/** The event hub of one server instance. */
export function createCoreEvents(log: (error: unknown) => void = console.error): CoreEvents {
  const saved: Array<(tx: Transaction, event: RevisionSavedEvent) => Promise<void>> = []
  const applied: Array<(tx: Transaction, event: ChangeSetAppliedEvent) => Promise<void>> = []
  const changed: Array<(siteId: string, change?: SiteChange) => void> = []
  return {
    onRevisionSaved: (listener) => void saved.push(listener),
    onChangeSetApplied: (listener) => void applied.push(listener),
    onSiteChanged: (listener) => void changed.push(listener),
    async revisionSaved(tx, event) {
      for (const listener of saved) await listener(tx, event)
    },
    async changeSetApplied(tx, event) {
      for (const listener of applied) await listener(tx, event)
    },
    siteChanged(siteId, change) {
      for (const listener of changed) {
        try {
          listener(siteId, change)
        } catch (error) {
          log(error)
        }
      }
    },
  }
}
