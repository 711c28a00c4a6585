import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { z } from 'zod'
import { applyChangeSet, createChangeSet, NOTE_MAX_LENGTH } from '../domain/change-sets.ts'
import type { Database } from '../db/client.ts'
import { contextActor } from '../domain/audit.ts'
import { assertMayPublish, factsOfEdits } from '../domain/publishing-policy.ts'
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

/** What an import reads: the file as text (about 1 MiB at most: the server's body limit). */
const importInput = z.object({
  ...pageSiteRef,
  format: z.enum(['csv', 'json']),
  content: z
    .string()
    .max(
      MAX_PREVIEW_CHARACTERS,
      `Import files of at most ${MAX_PREVIEW_CHARACTERS.toLocaleString('en')} characters here; split a larger file.`,
    ),
  mapping: z.record(z.string().max(1024), z.string().max(256).nullable()).optional(),
  createMissing: z.boolean().default(false),
})

function planOf(db: Database, siteId: string, input: z.infer<typeof importInput>) {
  return planImport(db, {
    siteId,
    format: input.format,
    body: input.content,
    createMissing: input.createMissing,
    ...(input.mapping ? { mapping: input.mapping } : {}),
  })
}

function previewOf(plan: Awaited<ReturnType<typeof planImport>>): ImportPreview {
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
}

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
    .input(importInput)
    .output(importPreviewOutput)
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      return previewOf(await planOf(context.db, siteRow.id, input))
    }),

  /**
   * Imports a file: the same plan as `importPreview`, then — only when no row is bad — one change
   * set (source `import`, with `note`) applied in one transaction. A bad row refuses the whole
   * file (BAD_REQUEST with every error in `data.errors`, nothing written). Pages saved between
   * the plan and the apply are conflicts, left alone and listed.
   */
  import: organizationProcedure()
    .input(
      importInput.extend({
        note: z.string().trim().max(NOTE_MAX_LENGTH).optional(),
      }),
    )
    .output(
      importPreviewOutput.extend({
        changeSetId: z.string().nullable(),
        applied: z.number().int(),
        created: z.number().int(),
        conflicts: z.array(
          z.object({ path: z.string(), currentRevisionId: z.string().nullable() }),
        ),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const plan = await planOf(context.db, siteRow.id, input)
      const preview = previewOf(plan)
      if (plan.errorCount > 0) {
        const [first] = plan.errors
        throw new ORPCError('BAD_REQUEST', {
          message: `Nothing was imported: ${plan.errorCount === 1 ? 'one row needs' : `${plan.errorCount.toLocaleString('en')} rows need`} fixing first${first ? ` (line ${first.line}${first.column ? `, ${first.column}` : ''}: ${first.message})` : ''}.`,
          data: { errors: preview.errors, errorCount: plan.errorCount },
        })
      }
      if (plan.edits.length === 0) {
        return { ...preview, changeSetId: null, applied: 0, created: 0, conflicts: [] }
      }
      await assertMayPublish(context.db, {
        organizationId: context.organization.id,
        role: context.membership.role,
        facts: await factsOfEdits(context.db, plan.edits),
        action: 'import this file',
      })
      const { id } = await createChangeSet(context.db, {
        siteId: siteRow.id,
        authorId: context.user.id,
        note: input.note || null,
        source: 'import',
        edits: plan.edits,
      })
      const result = await applyChangeSet(context.db, context.events, {
        siteId: siteRow.id,
        changeSetId: id,
        authorId: context.user.id,
        auditActor: contextActor(context),
      })
      return {
        ...preview,
        changeSetId: id,
        applied: result.applied,
        created: result.created,
        conflicts: result.conflicts,
      }
    }),
}
