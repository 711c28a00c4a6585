import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { z } from 'zod'
import { METADATA_MAX_BYTES, metadataBytes, metadataSchema } from '../domain/metadata-schema.ts'
import { contextActor } from '../domain/audit.ts'
import { assertMayPublish, NO_FACTS } from '../domain/publishing-policy.ts'
import { commitRevision } from '../domain/revisions.ts'
import { localeRevisionId } from '../domain/page-locales.ts'
import { chooseLocale, type SiteLocales } from '../domain/site-locales.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { lookupText, pagePathOf, requirePage, requireSite } from '../rpc/site-guard.ts'
import type { Context } from '../rpc/context.ts'
import type { OrganizationScope } from '../rpc/organization-guard.ts'
import {
  findRevision,
  listRevisions,
  revisionSchema,
  revisionSummarySchema,
} from './revision-shapes.ts'

const PAGE_SIZE = 50

const pageRef = {
  organizationSlug: z.string(),
  siteHostname: lookupText('The hostname', 4096),
  pagePath: z.string().nullable(),
  /**
   * On a site with locales, which locale's set (absent, null or the default locale: the page's
   * own); ignored on sites without locales.
   */
  locale: lookupText('The locale', 64).nullable().optional(),
}

// The type the client sees is the contract's Metadata; the handler validates with
// metadataSchema itself, so that an oversized object is PAYLOAD_TOO_LARGE before any field rule.
const metadataInput = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
  'The metadata must be an object.',
)

async function resolvePage(
  context: Context & OrganizationScope,
  input: { siteHostname: string; pagePath: string | null; locale?: string | null },
) {
  const site = await requireSite(context.db, context.organization.id, input.siteHostname)
  const page = await requirePage(context.db, site.id, pagePathOf(input.pagePath, site.hostname))
  return { site, page, locale: localeOf(site.locales, page.path, input.locale) }
}

/** The locale set a procedure reads or writes (null: the page's own), or BAD_REQUEST. */
export function localeOf(
  locales: SiteLocales | null,
  path: string | null,
  requested: string | null | undefined,
): string | null {
  const choice = chooseLocale(locales, requested)
  if (!choice.ok) {
    throw new ORPCError('BAD_REQUEST', {
      message: choice.message,
      data: { issues: [{ path: ['locale'], message: choice.message }] },
    })
  }
  if (choice.locale !== null && path === null) {
    const message = 'The site’s defaults apply to every locale; set a locale’s texts on its pages.'
    throw new ORPCError('BAD_REQUEST', {
      message,
      data: { issues: [{ path: ['locale'], message }] },
    })
  }
  return choice.locale
}

function revisionNotFound() {
  return new ORPCError('NOT_FOUND', {
    message: 'This revision does not exist on this page. Pick one from the page’s history.',
  })
}

/** Validates metadata as a save receives it: size first (413), then every field (400). */
export function validMetadata(value: Metadata): Metadata {
  const bytes = metadataBytes(value)
  if (bytes > METADATA_MAX_BYTES) {
    throw new ORPCError('PAYLOAD_TOO_LARGE', {
      message: `The metadata is ${Math.ceil(bytes / 1024)} KiB; a page can hold at most ${METADATA_MAX_BYTES / 1024} KiB. Shorten the longest texts or remove some custom tags or images.`,
    })
  }
  const parsed = metadataSchema.safeParse(value)
  if (!parsed.success) {
    const issues = parsed.error.issues.map((issue) => ({
      ...issue,
      path: ['metadata', ...issue.path],
    }))
    const [first] = issues
    throw new ORPCError('BAD_REQUEST', {
      message:
        issues.length === 1
          ? (first?.message ?? 'Check the metadata.')
          : `${first?.message ?? 'Check the metadata.'} (and ${issues.length - 1} more to fix)`,
      data: { issues },
    })
  }
  return parsed.data
}

/**
 * A canonical URL and language versions name one page's own addresses: as site defaults they
 * would point every page at one URL, so the defaults refuse them.
 */
function refusePageOnlyFields(metadata: Metadata): void {
  const fields = (['canonical', 'alternates'] as const).filter((key) => metadata[key] !== undefined)
  if (fields.length === 0) return
  throw new ORPCError('BAD_REQUEST', {
    message:
      'A canonical URL and language versions belong to one page: set them on the page, not in the site’s defaults.',
    data: {
      issues: fields.map((field) => ({
        code: 'custom',
        path: ['metadata', field],
        message: 'Set this on the page itself; site defaults apply to every page.',
      })),
    },
  })
}

/** The organization's publishing policy for a direct save of one page (or of the defaults). */
function mayPublish(
  context: Context & OrganizationScope,
  path: string | null,
  verb: 'save' | 'restore',
): Promise<void> {
  return assertMayPublish(context.db, {
    organizationId: context.organization.id,
    role: context.membership.role,
    facts: path === null ? { ...NO_FACTS, siteDefaults: true } : { ...NO_FACTS, pages: 1 },
    action: path === null ? `${verb} the site’s defaults` : `${verb} this page`,
  })
}

export const metadataRevisionsRouter = {
  /** A page's history, newest first, 50 at a time; the cursor is the last number shown. */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ ...pageRef, cursor: z.string().max(32).optional() }))
    .output(z.object({ items: z.array(revisionSummarySchema), nextCursor: z.string().nullable() }))
    .handler(async ({ context, input }) => {
      const { page, locale } = await resolvePage(context, input)
      let beforeNumber: number | undefined
      if (input.cursor !== undefined) {
        beforeNumber = Number(input.cursor)
        if (!Number.isSafeInteger(beforeNumber) || beforeNumber < 1) {
          throw new ORPCError('BAD_REQUEST', {
            message: 'This history cursor is not valid; reload the history.',
          })
        }
      }
      const rows = await listRevisions(context.db, page.id, {
        beforeNumber,
        limit: PAGE_SIZE + 1,
        locale,
      })
      const items = rows.slice(0, PAGE_SIZE)
      const last = items.at(-1)
      return {
        items,
        nextCursor: rows.length > PAGE_SIZE && last ? String(last.number) : null,
      }
    }),

  /** One revision of a page, with its metadata. */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ ...pageRef, metadataRevisionId: lookupText('The revision id', 256) }))
    .output(revisionSchema)
    .handler(async ({ context, input }) => {
      const { page, locale } = await resolvePage(context, input)
      // Without a locale, any revision of the page: a revision's id names its set.
      const revision = await findRevision(
        context.db,
        page.id,
        input.metadataRevisionId,
        input.locale === undefined ? undefined : locale,
      )
      if (!revision) throw revisionNotFound()
      return revision
    }),

  /**
   * Saves a new revision of a page's metadata. `baseRevisionId` is the revision the editor
   * started from: when someone saved in between, nothing is written and the answer is CONFLICT
   * with the current revision's id.
   */
  save: organizationProcedure()
    .input(
      z.object({
        ...pageRef,
        baseRevisionId: lookupText('The base revision id', 256).nullable(),
        metadata: metadataInput,
      }),
    )
    .output(revisionSchema)
    .handler(async ({ context, input }) => {
      const { site, page, locale } = await resolvePage(context, input)
      const metadata = validMetadata(input.metadata)
      if (page.path === null) refusePageOnlyFields(metadata)
      await mayPublish(context, page.path, 'save')
      const saved = await commitRevision(context.db, context.events, {
        siteId: site.id,
        pageId: page.id,
        baseRevisionId: input.baseRevisionId,
        locale,
        metadata,
        authorId: context.user.id,
        source: 'editor',
        auditActor: contextActor(context),
      })
      const revision = await findRevision(context.db, page.id, saved.id)
      if (!revision) throw revisionNotFound()
      return revision
    }),

  /** Makes an old revision current again by writing a new revision equal to it. */
  restore: organizationProcedure()
    .input(z.object({ ...pageRef, metadataRevisionId: lookupText('The revision id', 256) }))
    .output(revisionSchema)
    .handler(async ({ context, input }) => {
      const { site, page, locale } = await resolvePage(context, input)
      const old = await findRevision(context.db, page.id, input.metadataRevisionId, locale)
      if (!old) throw revisionNotFound()
      await mayPublish(context, page.path, 'restore')
      const saved = await commitRevision(context.db, context.events, {
        siteId: site.id,
        pageId: page.id,
        locale,
        baseRevisionId:
          locale === null
            ? page.currentRevisionId
            : await localeRevisionId(context.db, page.id, locale),
        metadata: old.metadata,
        authorId: context.user.id,
        source: 'restore',
        restoredFromId: old.id,
        auditActor: contextActor(context),
      })
      const revision = await findRevision(context.db, page.id, saved.id)
      if (!revision) throw revisionNotFound()
      return revision
    }),
}
