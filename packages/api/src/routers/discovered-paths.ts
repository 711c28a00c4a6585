import { and, desc, eq, notExists } from 'drizzle-orm'
import { z } from 'zod'
import { discoveredPath, page } from '../db/schema.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { requireSite } from '../rpc/site-guard.ts'
import { siteInput } from './site-api-keys.ts'

/** How many discovered paths are listed: the most requested first. */
export const DISCOVERED_PATHS_LISTED = 100

export const discoveredPathsRouter = {
  /**
   * Paths customer sites asked the public API for that have no page yet, the most requested
   * first (counts are written in batches, a few seconds behind). A path disappears from the list
   * once a page is created for it. Every member may see them.
   */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(siteInput)
    .output(
      z.array(
        z.object({
          path: z.string(),
          requestCount: z.number(),
          firstSeenAt: z.date(),
          lastSeenAt: z.date(),
        }),
      ),
    )
    .handler(async ({ context, input }) => {
      const found = await requireSite(context.db, context.organization.id, input.siteHostname)
      return context.db
        .select({
          path: discoveredPath.path,
          requestCount: discoveredPath.requestCount,
          firstSeenAt: discoveredPath.firstSeenAt,
          lastSeenAt: discoveredPath.lastSeenAt,
        })
        .from(discoveredPath)
        .where(
          and(
            eq(discoveredPath.siteId, found.id),
            notExists(
              context.db
                .select({ id: page.id })
                .from(page)
                .where(and(eq(page.siteId, found.id), eq(page.path, discoveredPath.path))),
            ),
          ),
        )
        .orderBy(desc(discoveredPath.requestCount), desc(discoveredPath.lastSeenAt))
        .limit(DISCOVERED_PATHS_LISTED)
    }),
}
