import type { Metadata } from '@headmark/metadata'
import { z } from 'zod'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { lookupText, requireSite } from '../rpc/site-guard.ts'
import { pageSiteRef } from '../shared/pages.ts'
import { sitePages } from '../transfer/export.ts'
import { planImport } from '../transfer/import.ts'
import { type JsonRow, metadataToJsonRow, TRANSFER_COLUMNS } from '../transfer/layout.ts'

/**
 * The most characters `importPreview` takes as text. The server's edge refuses request bodies over
 * MAX_BODY_BYTES (1 MiB by default) before any procedure runs; this keeps the procedure's own
 * message for what passes it.
 */
export const MAX_PREVIEW_CHARACTERS = 1_000_000

/** Paths listed in a preview (toCreate, unknownPaths); the rest are counted. */
const MAX_LISTED_PATHS = 100

const metadataOut = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
)

export const importPreviewOutput = z.object({
  rows: z.number().int(),
  unchanged: z.number().int(),
  changeCount: z.number().int(),
  changes: z.array(z.object({ path: z.string(), before: metadataOut, after: metadataOut })),
  errorCount: z.number().int(),
  errors: z.array(
    z.object({ line: z.number().int(), column: z.string().nullable(), message: z.string() }),
  ),
  toCreateCount: z.number().int(),
  toCreate: z.array(z.string()),
  unknownPathCount: z.number().int(),
  unknownPaths: z.array(z.string()),
})
export type ImportPreview = z.infer<typeof importPreviewOutput>

/** CSV and NDJSON round trips of a site's page metadata (the download is GET /api/export/…). */
export const transferRouter = {
  /** The file layout: every column with its kind and description, for the import screen. */
  listColumns: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(
      z.array(
        z.object({
          key: z.string(),
          kind: z.string(),
          field: z.array(z.string()),
          description: z.string(),
        }),
      ),
    )
    .handler(() => TRANSFER_COLUMNS.map((column) => ({ ...column, field: [...column.field] }))),

  /**
   * A site's pages for scripts, as a stream of batches (up to 1,000 rows each, by path in byte
   * order): each row is an NDJSON export line, keyed by the layout's columns, null for unset.
   *
   * @example
   * for await (const rows of await client.transfer.export({ organizationSlug, siteHostname })) …
   */
  export: organizationProcedure()
    .input(
      z.object({
        ...pageSiteRef,
        pathPrefix: lookupText('The path prefix', 2500).optional(),
      }),
    )
    .handler(async ({ context, input }) => {
      // Checked before the stream starts: an unknown site is a plain NOT_FOUND answer.
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const pages = sitePages(context.db, {
        siteId: siteRow.id,
        ...(input.pathPrefix ? { pathPrefix: input.pathPrefix } : {}),
      })
      return (async function* (): AsyncGenerator<JsonRow[]> {
        for await (const batch of pages) {
          yield batch.map(({ path, metadata }) => metadataToJsonRow(path, metadata))
        }
      })()
    }),

  /**
   * What importing a file would change, written nowhere: counts, the first changes with their
   * before and after, and every bad row with its line and column. The file is sent as text (at
   * most about 1 MiB, the server's body limit).
   */
  importPreview: organizationProcedure()
    .input(
      z.object({
        ...pageSiteRef,
        format: z.enum(['csv', 'json']),
        content: z
          .string()
          .max(
            MAX_PREVIEW_CHARACTERS,
            `Preview files of at most ${MAX_PREVIEW_CHARACTERS.toLocaleString('en')} characters; split a larger file.`,
          ),
        mapping: z.record(z.string().max(1024), z.string().max(256).nullable()).optional(),
        createMissing: z.boolean().default(false),
      }),
    )
    .output(importPreviewOutput)
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const plan = await planImport(context.db, {
        siteId: siteRow.id,
        format: input.format,
        body: input.content,
        createMissing: input.createMissing,
        ...(input.mapping ? { mapping: input.mapping } : {}),
      })
      return {
        rows: plan.rows,
        unchanged: plan.unchanged,
        changeCount: plan.changeCount,
        changes: plan.changes,
        errorCount: plan.errorCount,
        errors: plan.errors,
        toCreateCount: plan.toCreate.length,
        toCreate: plan.toCreate.slice(0, MAX_LISTED_PATHS),
        unknownPathCount: plan.unknownPaths.length,
        unknownPaths: plan.unknownPaths.slice(0, MAX_LISTED_PATHS),
      }
    }),
}
