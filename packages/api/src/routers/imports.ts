import { randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, desc, eq, inArray, sql } from 'drizzle-orm'
import { z } from 'zod'
import { billingPath, QUOTA_EXCEEDED } from '../billing/quotas.ts'
import { NOT_SERVED } from '../crawler/parse-head.ts'
import { site, siteImport, siteImportItem, type SiteImportSource } from '../db/schema.ts'
import { pagePathFromInput } from '../domain/page-paths.ts'
import { importPageCap } from '../imports/service.ts'
import { organizationRoleAllows } from '../permissions.ts'
import type { Context } from '../rpc/context.ts'
import { contextActor, recordAudit } from '../domain/audit.ts'
import { assertMayPublish, NO_FACTS } from '../domain/publishing-policy.ts'
import { type OrganizationScope, organizationProcedure } from '../rpc/organization-guard.ts'
import { lookupText, requireSite, type SiteRow } from '../rpc/site-guard.ts'
import {
  IMPORT_UNVERIFIED_MAX,
  IMPORT_URLS_MAX,
  startImportInput,
  verifyOwnershipInput,
} from '../shared/imports.ts'
import { pageSiteRef } from '../shared/pages.ts'
import { checkUrlSyntax } from '../webhooks/outbound-guard.ts'

// Imports of a live site's pages (issue "Bring a whole site in"). Every member may start,
// cancel and resume one, as every member may create pages and save metadata; an import of more
// than 10 URLs needs the site's ownership proven, which only owners and admins can do (it is a
// site setting). The job itself runs on the queue (src/imports/service.ts).

type Scope = Context & OrganizationScope

/** Failed and skipped URLs per page of an import's failures. */
export const FAILURES_PAGE_SIZE = 50
/** Past imports listed per site. */
export const IMPORTS_LISTED = 50

const importRef = { ...pageSiteRef, importId: lookupText('The import id', 256) }

/**
 * The technical tags of a head (charset, viewport, http-equiv, stylesheets…) are listed by the
 * crawler with a reason starting with NOT_SERVED. Nearly every page has them, so an import sums
 * them up once (which, on how many pages) instead of listing them page by page.
 */
const TECHNICAL_REASON = `${NOT_SERVED}%`
/** A technical tag's kind, from its HTML: `charset`, `http-equiv`, `viewport`, `stylesheet`… */
const TECHNICAL_LABEL = sql.raw(String.raw`(
  case
    when lower(t.value->>'html') ~ '^<meta[^>]*\scharset' then 'charset'
    when lower(t.value->>'html') ~ '^<meta[^>]*\shttp-equiv' then 'http-equiv'
    when lower(t.value->>'html') ~ '^<meta' then coalesce(
      substring(lower(t.value->>'html') from '\sname\s*=\s*["'']?([^"''\s>]+)'), 'meta')
    when lower(t.value->>'html') ~ '^<link' then coalesce(
      trim(substring(lower(t.value->>'html') from '\srel\s*=\s*["'']?([^"''>]+)')), 'link')
    else coalesce(substring(lower(t.value->>'html') from '^<([a-z]+)'), 'other')
  end)`)

const sourceSchema = z.union([
  z.object({ kind: z.literal('sitemap'), origin: z.string(), sitemapUrl: z.string().nullable() }),
  z.object({ kind: z.literal('urls'), count: z.number() }),
  z.object({ kind: z.literal('url'), url: z.string() }),
])

export const importViewSchema = z.object({
  id: z.string(),
  state: z.enum(['queued', 'running', 'cancelled', 'done', 'failed']),
  source: sourceSchema,
  headSource: z.enum(['html', 'yoast', 'rankmath']),
  /** Still finding URLs (the sitemap is being read). */
  discovering: z.boolean(),
  found: z.number(),
  fetched: z.number(),
  failed: z.number(),
  skipped: z.number(),
  pending: z.number(),
  /** Pages created with the imported head as their first revision. */
  created: z.number(),
  pageCap: z.number(),
  /** Seconds left at the current pace; null when unknown or not running. */
  etaSeconds: z.number().nullable(),
  /** The pending change set of the pages that already existed. */
  changeSetId: z.string().nullable(),
  error: z.string().nullable(),
  startedBy: z.string().nullable(),
  createdAt: z.date(),
  updatedAt: z.date(),
  finishedAt: z.date().nullable(),
})
export type ImportView = z.infer<typeof importViewSchema>

const ownershipSchema = z.object({
  verifiedAt: z.date().nullable(),
  method: z.enum(['meta', 'well-known']).nullable(),
  /** The token to publish; null for members (owners and admins verify). */
  token: z.string().nullable(),
  canVerify: z.boolean(),
  /** The meta tag and the file, ready to copy (null with the token). */
  metaTag: z.string().nullable(),
  wellKnownPath: z.string(),
})

const WELL_KNOWN_PATH = '/.well-known/headmark-site-verification.txt'

const siteOf = (context: Scope, hostname: string) =>
  requireSite(context.db, context.organization.id, hostname)

function views(context: Scope) {
  return context.db
    .select({
      row: siteImport,
      pending: sql<number>`(select count(*) from ${siteImportItem}
        where ${siteImportItem.importId} = ${siteImport.id} and ${siteImportItem.status} = 'pending')`,
      startedBy: sql<string | null>`(select name from "user" where id = ${siteImport.startedById})`,
    })
    .from(siteImport)
}

type ViewRow = Awaited<ReturnType<ReturnType<typeof views>['where']>>[number]

export function toView({ row, pending, startedBy }: ViewRow, now = Date.now()): ImportView {
  const pendingCount = Number(pending)
  let etaSeconds: number | null = null
  if (row.state === 'running' && row.runStartedAt && row.discoveredAt) {
    const done = row.fetchedCount + row.failedCount - row.doneAtRunStart
    const elapsed = (now - row.runStartedAt.getTime()) / 1000
    if (done > 0 && elapsed > 0) etaSeconds = Math.ceil((pendingCount * elapsed) / done)
  }
  return {
    id: row.id,
    state: row.state,
    source: row.source,
    headSource: row.headSource,
    discovering: row.discoveredAt === null && row.state !== 'done',
    found: row.foundCount,
    fetched: row.fetchedCount,
    failed: row.failedCount,
    skipped: row.skippedCount,
    pending: pendingCount,
    created: row.createdCount,
    pageCap: row.pageCap,
    etaSeconds,
    changeSetId: row.changeSetId,
    error: row.error,
    startedBy,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
    finishedAt: row.finishedAt,
  }
}

async function viewOf(context: Scope, siteId: string, importId: string): Promise<ImportView> {
  const [row] = await views(context).where(
    and(eq(siteImport.id, importId), eq(siteImport.siteId, siteId)),
  )
  if (!row) throw importNotFound()
  return toView(row)
}

function importNotFound() {
  return new ORPCError('NOT_FOUND', {
    message: 'This import does not exist on this site. Pick one from the site’s imports.',
  })
}

function badInput(message: string, field: string) {
  return new ORPCError('BAD_REQUEST', { message, data: { issues: [{ path: [field], message }] } })
}

/** A URL of the site (a full URL on its hostname, or a path), checked by the outbound policy. */
function siteUrl(
  context: Scope,
  siteRow: SiteRow,
  raw: string,
  field: string,
): { url: string; path: string } {
  const text = raw.trim()
  const absolute = /^https?:\/\//i.test(text)
  if (!absolute && !text.startsWith('/')) {
    throw badInput(
      `“${clip(text)}” is not an address of ${siteRow.hostname}: write a full URL (https://${siteRow.hostname}/about) or a path (/about).`,
      field,
    )
  }
  const full = absolute ? text : `https://${siteRow.hostname}${text}`
  const check = checkUrlSyntax(full, context.webhooks.policy)
  if (!check.ok) throw badInput(`${clip(text)}: ${check.message}`, field)
  if (check.url.hostname.replace(/\.$/, '') !== siteRow.hostname) {
    throw badInput(
      `${clip(text)} is on ${clip(check.url.hostname)}, not on ${siteRow.hostname}: an import reads this site’s own pages.`,
      field,
    )
  }
  const path = pagePathFromInput(check.url.toString(), siteRow.hostname)
  if (!path.ok) throw badInput(`${clip(text)}: ${path.message}`, field)
  check.url.hash = ''
  return { url: check.url.toString(), path: path.path }
}

function clip(value: string, length = 80): string {
  return value.length > length ? `${value.slice(0, length)}…` : value
}

function needsOwnership(siteRow: SiteRow, what: string) {
  return new ORPCError('PRECONDITION_FAILED', {
    message: `${what} needs proof that ${siteRow.hostname} is yours. An owner or admin opens Import → Ownership, publishes the token as a <meta name="headmark-site-verification"> tag on the home page or as ${WELL_KNOWN_PATH}, and clicks Check. Up to ${IMPORT_UNVERIFIED_MAX} URLs can be imported without it.`,
    data: { ownershipRequired: true },
  })
}

export const importsRouter = {
  /** A site's imports, newest first (the last 50). Every member may see them. */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object(pageSiteRef))
    .output(z.array(importViewSchema))
    .handler(async ({ context, input }) => {
      const siteRow = await siteOf(context, input.siteHostname)
      const rows = await views(context)
        .where(eq(siteImport.siteId, siteRow.id))
        .orderBy(desc(siteImport.createdAt), desc(siteImport.id))
        .limit(IMPORTS_LISTED)
      const now = Date.now()
      return rows.map((row) => toView(row, now))
    }),

  /**
   * One import: counts, state, ETA, the change set of the pages that existed, and its failed
   * and skipped URLs with their reasons, 50 at a time (keyset: the cursor is the last path);
   * and the pages read whose head had tags Headmark has no field for: which tags, and why
   * (50 pages at a time, the same way).
   */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        ...importRef,
        failuresCursor: z.string().max(8192).optional(),
        unmappedCursor: z.string().max(8192).optional(),
      }),
    )
    .output(
      z.object({
        import: importViewSchema,
        failures: z.array(
          z.object({
            url: z.string(),
            path: z.string(),
            status: z.enum(['failed', 'skipped']),
            reason: z.string().nullable(),
          }),
        ),
        nextFailuresCursor: z.string().nullable(),
        /**
         * The technical tags of the pages read, summed up (on the first page of `unmapped` only,
         * else null): on how many pages any was found, and each kind with its count of pages.
         */
        technical: z
          .object({
            pages: z.number().int(),
            tags: z.array(z.object({ label: z.string(), pages: z.number().int() })),
          })
          .nullable(),
        unmapped: z.array(
          z.object({
            url: z.string(),
            path: z.string(),
            tags: z.array(z.object({ html: z.string(), reason: z.string() })),
          }),
        ),
        nextUnmappedCursor: z.string().nullable(),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await siteOf(context, input.siteHostname)
      const view = await viewOf(context, siteRow.id, input.importId)
      const rows = await context.db
        .select({
          url: siteImportItem.url,
          path: siteImportItem.path,
          status: siteImportItem.status,
          reason: siteImportItem.reason,
        })
        .from(siteImportItem)
        .where(
          and(
            eq(siteImportItem.importId, view.id),
            inArray(siteImportItem.status, ['failed', 'skipped']),
            input.failuresCursor === undefined
              ? undefined
              : sql`${siteImportItem.path} collate "C" > ${input.failuresCursor}`,
          ),
        )
        .orderBy(sql`${siteImportItem.path} collate "C"`)
        .limit(FAILURES_PAGE_SIZE + 1)
      const failures = rows.slice(0, FAILURES_PAGE_SIZE).map((row) => ({
        ...row,
        status: row.status as 'failed' | 'skipped',
      }))
      const unmappedRows = await context.db
        .select({
          url: siteImportItem.url,
          path: siteImportItem.path,
          tags: siteImportItem.unmapped,
        })
        .from(siteImportItem)
        .where(
          and(
            eq(siteImportItem.importId, view.id),
            eq(siteImportItem.status, 'fetched'),
            // Pages with a tag that is not technical: those are summed up apart.
            sql`exists (select 1 from jsonb_array_elements(coalesce(${siteImportItem.unmapped}, '[]'::jsonb)) t
              where t.value->>'reason' not like ${TECHNICAL_REASON})`,
            input.unmappedCursor === undefined
              ? undefined
              : sql`${siteImportItem.path} collate "C" > ${input.unmappedCursor}`,
          ),
        )
        .orderBy(sql`${siteImportItem.path} collate "C"`)
        .limit(FAILURES_PAGE_SIZE + 1)
      const unmapped = unmappedRows.slice(0, FAILURES_PAGE_SIZE).map((row) => ({
        url: row.url,
        path: row.path,
        tags: (row.tags ?? []).filter((tag) => !tag.reason.startsWith(NOT_SERVED)),
      }))
      let technical: { pages: number; tags: { label: string; pages: number }[] } | null = null
      if (input.unmappedCursor === undefined) {
        // One row per kind of technical tag, and the total (label null) from the same scan.
        const counts = await context.db.execute(sql`
          select label, count(distinct id)::int as pages
          from (
            select ${siteImportItem.id} as id, ${TECHNICAL_LABEL} as label
            from ${siteImportItem}
            cross join lateral jsonb_array_elements(coalesce(${siteImportItem.unmapped}, '[]'::jsonb)) t
            where ${siteImportItem.importId} = ${view.id}
              and ${siteImportItem.status} = 'fetched'
              and t.value->>'reason' like ${TECHNICAL_REASON}
          ) technical
          group by grouping sets ((label), ())
          order by pages desc, label`)
        const list = (
          Array.isArray(counts) ? counts : (counts as { rows: unknown[] }).rows
        ) as Array<{ label: string | null; pages: number | string }>
        technical = {
          pages: Number(list.find((row) => row.label === null)?.pages ?? 0),
          tags: list.flatMap((row) =>
            row.label === null ? [] : [{ label: row.label, pages: Number(row.pages) }],
          ),
        }
      }
      return {
        import: view,
        failures,
        nextFailuresCursor:
          rows.length > FAILURES_PAGE_SIZE ? (failures.at(-1)?.path ?? null) : null,
        technical,
        unmapped,
        nextUnmappedCursor:
          unmappedRows.length > FAILURES_PAGE_SIZE ? (unmapped.at(-1)?.path ?? null) : null,
      }
    }),

  /**
   * The import's progress, live (server-sent events, like a webhook's history): its view at
   * once, then whenever its counts or state change, until it is done, cancelled or failed.
   */
  watch: organizationProcedure()
    .input(z.object(importRef))
    .handler(async function* ({ context, input, signal }) {
      const siteRow = await siteOf(context, input.siteHostname)
      let view = await viewOf(context, siteRow.id, input.importId)
      let wake: (() => void) | null = null
      let changed = false
      const unsubscribe = context.imports.subscribe(input.importId, () => {
        changed = true
        wake?.()
      })
      try {
        yield view
        let seen = `${view.updatedAt.getTime()}|${view.state}|${view.pending}`
        while (!signal?.aborted && (view.state === 'queued' || view.state === 'running')) {
          if (!changed) {
            // Another instance may run the job: the database is read every second too.
            await new Promise<void>((resolve) => {
              const timer = setTimeout(resolve, 1_000)
              wake = () => {
                clearTimeout(timer)
                resolve()
              }
              signal?.addEventListener('abort', wake, { once: true })
            })
            wake = null
          }
          changed = false
          view = await viewOf(context, siteRow.id, input.importId)
          const now = `${view.updatedAt.getTime()}|${view.state}|${view.pending}`
          if (now !== seen) {
            seen = now
            yield view
          }
        }
      } finally {
        unsubscribe()
      }
    }),

  /**
   * Starts an import: the site's sitemap, a pasted list of URLs (one per line) or one URL, read
   * as the page's own head or as Yoast's or Rank Math's. More than 10 URLs (and any sitemap)
   * need the site's ownership verified.
   */
  start: organizationProcedure()
    .input(startImportInput)
    .output(importViewSchema)
    .handler(async ({ context, input }) => {
      const siteRow = await siteOf(context, input.siteHostname)
      let source: SiteImportSource
      let items: Array<{ url: string; path: string }> = []
      if (input.source === 'sitemap') {
        if (!siteRow.ownershipVerifiedAt) throw needsOwnership(siteRow, 'Importing the sitemap')
        let origin = `https://${siteRow.hostname}`
        let sitemapUrl: string | null = null
        if (input.sitemapUrl !== '') {
          const checked = siteUrl(context, siteRow, input.sitemapUrl, 'sitemapUrl')
          const url = new URL(checked.url)
          origin = url.origin
          sitemapUrl = url.pathname === '/' && url.search === '' ? null : url.toString()
        }
        source = { kind: 'sitemap', origin, sitemapUrl }
      } else {
        const lines = input.urls
          .split(/\r?\n/)
          .map((line) => line.trim())
          .filter((line) => line !== '' && !line.startsWith('#'))
        if (lines.length === 0) {
          throw badInput(
            input.source === 'url'
              ? `Enter the page’s address, e.g. https://${siteRow.hostname}/about.`
              : 'Paste the URLs to import, one per line.',
            'urls',
          )
        }
        if (input.source === 'url' && lines.length > 1) {
          throw badInput('Enter one address, or choose “List of URLs” to import several.', 'urls')
        }
        if (lines.length > IMPORT_URLS_MAX) {
          throw badInput(
            `The list has ${lines.length.toLocaleString('en')} URLs; an import takes at most ${IMPORT_URLS_MAX.toLocaleString('en')}.`,
            'urls',
          )
        }
        const byPath = new Map<string, { url: string; path: string }>()
        lines.forEach((line, index) => {
          try {
            const item = siteUrl(context, siteRow, line, 'urls')
            if (!byPath.has(item.path)) byPath.set(item.path, item)
          } catch (error) {
            if (error instanceof ORPCError && lines.length > 1) {
              throw badInput(`Line ${index + 1}: ${error.message}`, 'urls')
            }
            throw error
          }
        })
        items = [...byPath.values()]
        if (items.length > IMPORT_UNVERIFIED_MAX && !siteRow.ownershipVerifiedAt) {
          throw needsOwnership(siteRow, `Importing ${items.length} URLs`)
        }
        source =
          input.source === 'url'
            ? { kind: 'url', url: (items[0] as { url: string }).url }
            : { kind: 'urls', count: items.length }
      }
      // Imported pages that are new go live as they are read: the publishing policy decides who
      // may (pages that exist become a change set, applied or proposed for review later).
      await assertMayPublish(context.db, {
        organizationId: context.organization.id,
        role: context.membership.role,
        facts: { ...NO_FACTS, pages: items.length, sitemapImport: source.kind === 'sitemap' },
        action: 'import pages',
        instead:
          'Import a shorter list of URLs, or ask an owner or admin to import them; pages that already exist arrive as a change set you can propose as a change request.',
      })
      const id = randomUUID()
      await context.db.transaction(async (tx) => {
        // One import of a site at a time: the site's row is the lock.
        await tx.execute(sql`select id from ${site} where id = ${siteRow.id} for update`)
        const [running] = await tx
          .select({ id: siteImport.id })
          .from(siteImport)
          .where(
            and(
              eq(siteImport.siteId, siteRow.id),
              inArray(siteImport.state, ['queued', 'running']),
            ),
          )
          .limit(1)
        if (running) {
          throw new ORPCError('CONFLICT', {
            message: `An import of ${siteRow.hostname} is already under way. Wait for it to finish, or cancel it first.`,
            data: { importId: running.id },
          })
        }
        const { cap } = await importPageCap(tx, context.organization.id, siteRow.id)
        if (cap === 0) {
          const path = billingPath(context.organization.slug)
          throw new ORPCError(QUOTA_EXCEEDED, {
            status: 403,
            message: `${siteRow.hostname} has all the pages its plan allows, so an import could not add any. Choose a larger plan on the Billing page: ${path}`,
            data: { quota: 'pagesPerSite', billingPath: path },
          })
        }
        await tx.insert(siteImport).values({
          id,
          siteId: siteRow.id,
          organizationId: context.organization.id,
          startedById: context.user.id,
          source,
          headSource: input.headSource,
          pageCap: cap,
          foundCount: items.length,
          discoveredAt: source.kind === 'sitemap' ? null : sql`now()`,
        })
        if (items.length > 0) {
          await tx.execute(sql`
            insert into site_import_item (id, import_id, url, path)
            select gen_random_uuid()::text, ${id}, v.url, v.path
            from jsonb_to_recordset(${JSON.stringify(items)}::jsonb) as v(url text, path text)`)
        }
        await context.imports.enqueue(id, tx)
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'site_import.started',
          target: { kind: 'site', id: siteRow.id, label: siteRow.hostname },
          summary: {
            after: {
              source: source.kind,
              headSource: input.headSource,
              urls: source.kind === 'sitemap' ? null : items.length,
            },
          },
        })
      })
      return viewOf(context, siteRow.id, id)
    }),

  /** Stops an import: fetches in flight are dropped (their URLs stay pending for a resume). */
  cancel: organizationProcedure()
    .input(z.object(importRef))
    .output(importViewSchema)
    .handler(async ({ context, input }) => {
      const siteRow = await siteOf(context, input.siteHostname)
      const current = await viewOf(context, siteRow.id, input.importId)
      const updated = await context.db
        .update(siteImport)
        .set({ state: 'cancelled', finishedAt: sql`now()`, updatedAt: sql`now()` })
        .where(and(eq(siteImport.id, current.id), inArray(siteImport.state, ['queued', 'running'])))
        .returning({ id: siteImport.id })
      if (updated.length === 0) {
        throw new ORPCError('CONFLICT', {
          message: `This import is ${current.state === 'cancelled' ? 'already cancelled' : current.state === 'done' ? 'done' : 'stopped'}: there is nothing to cancel.`,
          data: { state: current.state },
        })
      }
      return viewOf(context, siteRow.id, current.id)
    }),

  /** Runs a cancelled or failed import again: it fetches only what it had not stored yet. */
  resume: organizationProcedure()
    .input(z.object(importRef))
    .output(importViewSchema)
    .handler(async ({ context, input }) => {
      const siteRow = await siteOf(context, input.siteHostname)
      const current = await viewOf(context, siteRow.id, input.importId)
      await context.db.transaction(async (tx) => {
        await tx.execute(sql`select id from ${site} where id = ${siteRow.id} for update`)
        const [other] = await tx
          .select({ id: siteImport.id })
          .from(siteImport)
          .where(
            and(
              eq(siteImport.siteId, siteRow.id),
              inArray(siteImport.state, ['queued', 'running']),
            ),
          )
          .limit(1)
        if (other) {
          throw new ORPCError('CONFLICT', {
            message:
              other.id === current.id
                ? 'This import is already running.'
                : `Another import of ${siteRow.hostname} is under way. Wait for it to finish, or cancel it first.`,
            data: { importId: other.id },
          })
        }
        const updated = await tx
          .update(siteImport)
          .set({ state: 'queued', error: null, finishedAt: null, updatedAt: sql`now()` })
          .where(
            and(eq(siteImport.id, current.id), inArray(siteImport.state, ['cancelled', 'failed'])),
          )
          .returning({ id: siteImport.id })
        if (updated.length === 0) {
          throw new ORPCError('CONFLICT', {
            message: 'This import is done: there is nothing to resume. Start a new import instead.',
            data: { state: current.state },
          })
        }
        await context.imports.enqueue(current.id, tx)
      })
      return viewOf(context, siteRow.id, current.id)
    }),

  /**
   * Whether the site's ownership is verified; owners and admins also get the token to publish
   * (members see only whether it is verified).
   */
  getOwnership: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object(pageSiteRef))
    .output(ownershipSchema)
    .handler(async ({ context, input }) => {
      const siteRow = await siteOf(context, input.siteHostname)
      const canVerify = organizationRoleAllows(context.membership.storedRole, { site: ['update'] })
      return {
        verifiedAt: siteRow.ownershipVerifiedAt,
        method: siteRow.ownershipMethod,
        token: canVerify ? siteRow.ownershipToken : null,
        canVerify,
        metaTag: canVerify
          ? `<meta name="headmark-site-verification" content="${siteRow.ownershipToken}">`
          : null,
        wellKnownPath: WELL_KNOWN_PATH,
      }
    }),

  /**
   * Checks the site's home page for the meta tag, then the well-known file, through the crawler
   * (the outbound guard on every hop). A success is kept on the site; a failure says why.
   */
  verifyOwnership: organizationProcedure({ site: ['update'] })
    .input(verifyOwnershipInput)
    .output(
      z.object({
        verified: z.boolean(),
        method: z.enum(['meta', 'well-known']).nullable(),
        reason: z.string().nullable(),
        verifiedAt: z.date().nullable(),
      }),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await siteOf(context, input.siteHostname)
      const origin =
        input.homeUrl === ''
          ? `https://${siteRow.hostname}`
          : new URL(siteUrl(context, siteRow, input.homeUrl, 'homeUrl').url).origin
      const result = await context.imports
        .crawler()
        .verifyOwnership(origin, siteRow.ownershipToken, { signal: AbortSignal.timeout(30_000) })
      // Every check is in the audit log, found or not; a proof found marks the site in the same
      // transaction.
      return context.db.transaction(async (tx) => {
        const audit = (after: Record<string, unknown>) =>
          recordAudit(tx, {
            organizationId: context.organization.id,
            actor: contextActor(context),
            action: 'site.ownership_checked',
            target: { kind: 'site', id: siteRow.id, label: siteRow.hostname },
            summary: { after: { origin, ...after } },
          })
        if (!result.ok) {
          await audit({ verified: false, reason: result.reason })
          return { verified: false, method: null, reason: result.reason, verifiedAt: null }
        }
        const [updated] = await tx
          .update(site)
          .set({ ownershipVerifiedAt: sql`now()`, ownershipMethod: result.method })
          .where(eq(site.id, siteRow.id))
          .returning({ verifiedAt: site.ownershipVerifiedAt })
        await audit({ verified: true, method: result.method })
        return {
          verified: true,
          method: result.method,
          reason: null,
          verifiedAt: updated?.verifiedAt ?? new Date(),
        }
      })
    }),
}
