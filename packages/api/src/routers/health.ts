import { z } from 'zod'
import { latestLiveCheck } from '../health/live.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { lookupText, pagePathOf, requirePage, requireSite } from '../rpc/site-guard.ts'

const findingSchema = z.object({
  kind: z.string(),
  field: z.string().optional(),
  message: z.string(),
  drift: z.boolean(),
  intended: z.unknown().optional(),
  served: z.unknown().optional(),
})

/** The newest "live after save" check of a page, as its editor shows it. */
export const liveCheckSchema = z.object({
  id: z.string(),
  revisionId: z.string(),
  revisionNumber: z.number(),
  /** The URL fetched. */
  url: z.string(),
  /** The host the page was fetched from, for "Live on <host>". */
  host: z.string(),
  state: z.enum(['pending', 'live', 'not_live']),
  savedAt: z.date(),
  /** After how long the site served the save (live), or the bound (not live); null while pending. */
  elapsedMs: z.number().nullable(),
  attempts: z.number(),
  status: z.number().nullable(),
  /** What the site served at the last fetch. */
  served: z.record(z.string(), z.unknown()).nullable(),
  /** The differences at the last fetch. */
  findings: z.array(findingSchema),
  /** Why the last fetch got no page. */
  error: z.string().nullable(),
  finishedAt: z.date().nullable(),
})

export const healthRouter = {
  /**
   * The newest live check of a page (null: no save has been checked; checks run on sites whose
   * SDK has called Headmark or whose ownership is verified). Every member may read it.
   */
  liveCheck: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        organizationSlug: z.string(),
        siteHostname: lookupText('The hostname', 4096),
        pagePath: z.string(),
      }),
    )
    .output(liveCheckSchema.nullable())
    .handler(async ({ context, input }) => {
      const site = await requireSite(context.db, context.organization.id, input.siteHostname)
      const page = await requirePage(context.db, site.id, pagePathOf(input.pagePath, site.hostname))
      const row = await latestLiveCheck(context.db, page.id)
      if (!row) return null
      return {
        ...row,
        host: new URL(row.url).host,
        served: (row.served ?? null) as Record<string, unknown> | null,
        findings: row.findings ?? [],
      }
    }),
}
