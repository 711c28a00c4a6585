import type { Metadata } from '@headmark/metadata'

/**
 * One page's edit in a change set: the page's OWN metadata after the edit (not what it serves).
 * `pageId` null creates the page at `path`. Identical to the change sets' own interface, so an
 * import plan becomes a change set as it is.
 */
export interface ChangeSetEdit {
  pageId: string | null
  path: string
  baseRevisionId: string | null
  metadata: Metadata
}
