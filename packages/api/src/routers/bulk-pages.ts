import type { Metadata } from '@headmark/metadata'
import { z } from 'zod'
import {
  countFilteredPages,
  decodeCursor,
  encodeCursor,
  findFilteredPages,
  pageFilterSchema,
} from '../domain/page-filter.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { lookupText, requireSite } from '../rpc/site-guard.ts'
import { pageSiteRef } from '../shared/pages.ts'

const metadataOut = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
)

/** A row of the bulk table: a page, its own metadata, its last change and its lint counts. */
export const bulkPageSchema = z.object({
  id: z.string(),
  path: z.string(),
  currentRevisionId: z.string().nullable(),
  /** The page's OWN current metadata (what a bulk edit changes), not what it serves. */
  metadata: metadataOut,
  lastChangedAt: z.date().nullable(),
  lastChangedBy: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** Findings of lintMetadata on what the page serves. */
  lint: z.object({ errors: z.number().int(), warnings: z.number().int() }),
})
export type BulkPage = z.infer<typeof bulkPageSchema>

export const MAX_BULK_PAGE_LIMIT = 500

export const bulkPagesRouter = {
  /**
   * A site's pages with their own metadata, for the bulk table: up to 500 per call, by path
   * (byte order) or by last change (newest first), keyset paged. `total` counts every page the
   * filter matches; it is computed for the first call (no cursor) and null on later calls.
   */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        ...pageSiteRef,
        filter: pageFilterSchema.default({}),
        sort: z.enum(['path', 'changed']).default('path'),
        cursor: lookupText('The cursor', 12_000).optional(),
        limit: z.number().int().min(1).max(MAX_BULK_PAGE_LIMIT).default(100),
      }),
    )
    .output(
      z.object({
        items: z.array(bulkPageSchema),
        nextCursor: z.string().nullable(),
        total: z.number().int().nullable(),
      }),
    )
    .handler(async ({ context, input }) => {
      const site = await requireSite(context.db, context.organization.id, input.siteHostname)
      const cursor = input.cursor === undefined ? undefined : decodeCursor(input.cursor)
      const [{ items, more }, total] = await Promise.all([
        findFilteredPages(context.db, site, input.filter, {
          sort: input.sort,
          cursor,
          limit: input.limit,
        }),
        cursor === undefined ? countFilteredPages(context.db, site, input.filter) : null,
      ])
      const last = items.at(-1)
      return {
        items: items.map((item) => ({
          id: item.id,
          path: item.path,
          currentRevisionId: item.currentRevisionId,
          metadata: item.metadata,
          lastChangedAt: item.lastChangedAt,
          lastChangedBy: item.lastChangedBy,
          lint: item.lint,
        })),
        nextCursor:
          more && last
            ? encodeCursor(
                input.sort === 'path'
                  ? { path: last.path }
                  : { changed: last.changedKey, id: last.id },
              )
            : null,
        total,
      }
    }),
}
