import { randomBytes, randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm'
import { z } from 'zod'
import { page, site } from '../db/schema.ts'
import { checkSiteQuota } from '../billing/quotas.ts'
import { normalizeHostname } from '../domain/hostnames.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import {
  createSiteInput,
  siteRef,
  updateSiteInput,
  updateSiteLocalesInput,
} from '../shared/sites.ts'
import { siteLocalesFromRows } from '../domain/site-locales.ts'
import { changedFields, contextActor, recordAudit } from '../domain/audit.ts'
import {
  clip,
  requireSite,
  type SiteRow,
  siteSchema,
  siteWithCounts,
  toSite,
} from '../rpc/site-guard.ts'
import { isUniqueViolation } from './errors.ts'

function hostnameOrRefuse(input: string, production: boolean): string {
  const result = normalizeHostname(input, { production })
  if (!result.ok) {
    throw new ORPCError('BAD_REQUEST', {
      message: result.message,
      data: { issues: [{ path: ['hostname'], message: result.message }] },
    })
  }
  return result.hostname
}

function hostnameTaken(hostname: string) {
  const message = `This organization already has a site for ${clip(hostname)}.`
  return new ORPCError('CONFLICT', {
    message,
    data: { issues: [{ path: ['hostname'], message }] },
  })
}

/** A DSN: 128 random bits, URL-safe. It ships in customer bundles, so it is public, not secret. */
function newDsn(): string {
  return randomBytes(16).toString('base64url')
}

/** The settings an audit entry compares. */
function siteSettings(row: SiteRow) {
  return {
    name: row.name,
    hostname: row.hostname,
    titleTemplate: row.titleTemplate,
    requireApiKey: row.requireApiKey,
  }
}

/** A site's locales as one line of the audit log: `en (default), de /de, fr fr.acme.com`. */
function localesSummary(locales: SiteRow['locales']): string | null {
  if (!locales) return null
  return locales.locales
    .map(({ code, url }) => {
      const where =
        url.kind === 'path-prefix'
          ? url.prefix || '/'
          : url.kind === 'subdomain'
            ? `${url.subdomain}.`
            : url.hostname
      return `${code} ${where}${code === locales.defaultLocale ? ' (default)' : ''}`
    })
    .join(', ')
}

export const sitesRouter = {
  /** The organization's sites, by name. */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.array(siteSchema))
    .handler(async ({ context }) => {
      const pageCount = context.db
        .select({ siteId: page.siteId, pageCount: count().as('page_count') })
        .from(page)
        .where(isNotNull(page.path))
        .groupBy(page.siteId)
        .as('page_count')
      const rows = await context.db
        .select({ site, pageCount: pageCount.pageCount })
        .from(site)
        .leftJoin(pageCount, eq(pageCount.siteId, site.id))
        .where(eq(site.organizationId, context.organization.id))
        .orderBy(asc(sql`lower(${site.name})`), asc(site.hostname))
      return rows.map((row) => toSite(row.site, Number(row.pageCount ?? 0)))
    }),

  /** One site of the organization, by hostname. */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(siteRef)
    .output(siteSchema)
    .handler(async ({ context, input }) =>
      siteWithCounts(
        context.db,
        await requireSite(context.db, context.organization.id, input.siteHostname),
      ),
    ),

  /** Adds a site, with its (empty) defaults page, in one transaction. */
  create: organizationProcedure({ site: ['create'] })
    .input(createSiteInput)
    .output(siteSchema)
    .handler(async ({ context, input }) => {
      const hostname = hostnameOrRefuse(input.hostname, context.env.NODE_ENV === 'production')
      try {
        const created = await context.db.transaction(async (tx) => {
          // A hostname the organization already has is a CONFLICT, whatever its plan allows.
          const [taken] = await tx
            .select({ id: site.id })
            .from(site)
            .where(
              and(eq(site.organizationId, context.organization.id), eq(site.hostname, hostname)),
            )
          if (taken) throw hostnameTaken(hostname)
          await checkSiteQuota(tx, context.organization)
          const [row] = await tx
            .insert(site)
            .values({
              id: randomUUID(),
              organizationId: context.organization.id,
              name: input.name,
              hostname,
              dsn: newDsn(),
            })
            .returning()
          if (!row) throw new Error('The site insert returned no row.')
          await tx.insert(page).values({ id: randomUUID(), siteId: row.id, path: null })
          await recordAudit(tx, {
            organizationId: context.organization.id,
            actor: contextActor(context),
            action: 'site.created',
            target: { kind: 'site', id: row.id, label: row.hostname },
            summary: { after: { name: row.name, hostname: row.hostname } },
          })
          return row
        })
        return toSite(created, 0)
      } catch (error) {
        if (isUniqueViolation(error, 'site_organization_hostname_unique')) {
          throw hostnameTaken(hostname)
        }
        throw error
      }
    }),

  /** Changes a site's name, hostname, title template or API key requirement. */
  update: organizationProcedure({ site: ['update'] })
    .input(updateSiteInput)
    .output(siteSchema)
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      const hostname =
        input.hostname === undefined
          ? undefined
          : hostnameOrRefuse(input.hostname, context.env.NODE_ENV === 'production')
      const titleTemplate =
        input.titleTemplate === undefined
          ? undefined
          : input.titleTemplate === null || input.titleTemplate.trim() === ''
            ? null
            : input.titleTemplate
      let updated
      try {
        updated = await context.db.transaction(async (tx) => {
          const [row] = await tx
            .update(site)
            .set({ name: input.name, hostname, titleTemplate, requireApiKey: input.requireApiKey })
            .where(and(eq(site.id, current.id), eq(site.organizationId, context.organization.id)))
            .returning()
          if (!row) return undefined
          await recordAudit(tx, {
            organizationId: context.organization.id,
            actor: contextActor(context),
            action: 'site.updated',
            target: { kind: 'site', id: row.id, label: row.hostname },
            summary: changedFields(siteSettings(current), siteSettings(row)),
          })
          return row
        })
      } catch (error) {
        if (hostname && isUniqueViolation(error, 'site_organization_hostname_unique')) {
          throw hostnameTaken(hostname)
        }
        throw error
      }
      if (!updated) throw new ORPCError('NOT_FOUND', { message: 'This site was just deleted.' })
      context.events.siteChanged(updated.id)
      return siteWithCounts(context.db, updated)
    }),

  /**
   * Declares a site's languages and how each maps to URLs (no rows: one language again). Each
   * page's own metadata is the default locale's; other locales' sets stay stored when a locale is
   * removed and come back with it.
   */
  updateLocales: organizationProcedure({ site: ['update'] })
    .input(updateSiteLocalesInput)
    .output(siteSchema)
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      const result = siteLocalesFromRows(current.hostname, input.locales, input.defaultLocale)
      if (!result.ok) {
        const [first] = result.issues
        throw new ORPCError('BAD_REQUEST', {
          message:
            result.issues.length === 1
              ? (first?.message ?? 'Check the locales.')
              : `${first?.message ?? 'Check the locales.'} (and ${result.issues.length - 1} more to fix)`,
          data: { issues: result.issues },
        })
      }
      const updated = await context.db.transaction(async (tx) => {
        const [row] = await tx
          .update(site)
          .set({ locales: result.locales, lastChangedAt: sql`now()` })
          .where(and(eq(site.id, current.id), eq(site.organizationId, context.organization.id)))
          .returning()
        if (!row) return undefined
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'site.updated',
          target: { kind: 'site', id: row.id, label: row.hostname },
          summary: changedFields(
            { locales: localesSummary(current.locales) },
            { locales: localesSummary(row.locales) },
          ),
        })
        return row
      })
      if (!updated) throw new ORPCError('NOT_FOUND', { message: 'This site was just deleted.' })
      context.events.siteChanged(updated.id)
      return siteWithCounts(context.db, updated)
    }),

  /** Deletes a site with its pages, revisions, keys and webhooks. */
  delete: organizationProcedure({ site: ['delete'] })
    .input(siteRef)
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      await context.db.transaction(async (tx) => {
        const deleted = await tx
          .delete(site)
          .where(and(eq(site.id, current.id), eq(site.organizationId, context.organization.id)))
          .returning({ id: site.id })
        if (deleted.length === 0) return
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'site.deleted',
          target: { kind: 'site', id: current.id, label: current.hostname },
          summary: { before: { name: current.name, hostname: current.hostname } },
        })
      })
      context.events.siteChanged(current.id)
      return { ok: true as const }
    }),
}
