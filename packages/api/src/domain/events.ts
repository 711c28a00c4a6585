import type { Metadata } from '@headmark/metadata'
import type { Database } from '../db/client.ts'

/** A drizzle transaction, or the database itself: whatever `db.transaction` hands its callback. */
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0]

/** A revision that was just written, as the listeners of {@link CoreEvents} see it. */
export interface RevisionSavedEvent {
  site: { id: string; organizationId: string; hostname: string; dsn: string }
  page: { id: string; path: string | null }
  revision: { id: string; number: number; source: string; createdAt: Date }
  /** What the path serves now (site defaults + page + title template): the webhook body's `metadata`. */
  served: Metadata
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
  /** After a commit that changed what a site serves (revision, path, site settings, keys). */
  onSiteChanged(listener: (siteId: string, change?: SiteChange) => void): void
  /** Called by the core, inside the transaction. */
  revisionSaved(tx: Transaction, event: RevisionSavedEvent): Promise<void>
  /** Called by the core, after commit. A listener that throws is logged, never propagated. */
  siteChanged(siteId: string, change?: SiteChange): void
}

/** What kind of change a `siteChanged` announces, when the core knows it. */
export interface SiteChange {
  /** A revision was saved: `revisionSaved` listeners already saw it, with its path, in its transaction. */
  revisionSaved?: boolean
}

/** The event hub of one server instance. */
export function createCoreEvents(log: (error: unknown) => void = console.error): CoreEvents {
  const saved: Array<(tx: Transaction, event: RevisionSavedEvent) => Promise<void>> = []
  const changed: Array<(siteId: string, change?: SiteChange) => void> = []
  return {
    onRevisionSaved: (listener) => void saved.push(listener),
    onSiteChanged: (listener) => void changed.push(listener),
    async revisionSaved(tx, event) {
      for (const listener of saved) await listener(tx, event)
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
