import { client, orpc } from '../../lib/orpc.ts'

/** Paths customer sites asked the public API for that have no page yet, most requested first. */
export const discoveredPathsQuery = (organizationSlug: string, siteHostname: string) =>
  orpc.discoveredPaths.list.queryOptions({ input: { organizationSlug, siteHostname } })

/** What `pages.create` answers (the core's PageSummary). */
export interface CreatedPage {
  id: string
  path: string
}

type CreatePage = (input: {
  organizationSlug: string
  siteHostname: string
  path: string
}) => Promise<CreatedPage>

/**
 * Creates the page at `path` with the core's `pages.create`. Typed here by the agreed shape of
 * that procedure; once the pages router is part of `Router`, `orpc.pages.create` is the same call.
 */
export const createPage: CreatePage = (input) =>
  (client as unknown as { pages: { create: CreatePage } }).pages.create(input)
