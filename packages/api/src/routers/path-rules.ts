import { randomUUID } from 'node:crypto'
import type { Metadata } from '@headmark/metadata'
import { ORPCError } from '@orpc/server'
import { and, count, desc, eq, lt, sql } from 'drizzle-orm'
import { z } from 'zod'
import { page, pathRule, pathRuleRevision, site, user } from '../db/schema.ts'
import { type AuditTarget, changedFields, contextActor, recordAudit } from '../domain/audit.ts'
import type { Transaction } from '../domain/events.ts'
import {
  compileRule,
  loadSiteRules,
  matchingRules,
  patternSql,
  sortBySpecificity,
} from '../domain/path-rules.ts'
import { announceRuleChange, writeRuleRevision } from '../domain/path-rule-writes.ts'
import { compactMetadata } from '../domain/served-metadata.ts'
import type { Context } from '../rpc/context.ts'
import { assertMayPublish, NO_FACTS } from '../domain/publishing-policy.ts'
import { organizationProcedure, type OrganizationScope } from '../rpc/organization-guard.ts'
import { clip, lookupText, pagePathOf, requireSite, type SiteRow } from '../rpc/site-guard.ts'
import {
  PATH_RULES_PER_SITE,
  createPathRuleInput,
  normalizePattern,
  pathRuleRef,
  renamePathRuleInput,
  updatePathRuleInput,
} from '../shared/path-rules.ts'
import { isUniqueViolation } from './errors.ts'
import { validMetadata } from './metadata-revisions.ts'

// Path rules: defaults and a title template for the paths a pattern matches. Everyone in the
// organization reads them (the page editor shows what a page inherits); owners and admins change
// them, as they change the site's title template: one rule changes what many pages serve.

const PAGE_SIZE = 50

const storedMetadata = z.custom<Metadata>(
  (value) => typeof value === 'object' && value !== null && !Array.isArray(value),
)
const personSchema = z.object({ id: z.string(), name: z.string() })

export const pathRuleRevisionSchema = z.object({
  id: z.string(),
  number: z.number().int(),
  metadata: storedMetadata,
  titleTemplate: z.string().nullable(),
  source: z.enum(['editor', 'restore']),
  author: personSchema.nullable(),
  restoredFromId: z.string().nullable(),
  createdAt: z.date(),
})
export type PathRuleRevision = z.infer<typeof pathRuleRevisionSchema>

export const pathRuleSchema = z.object({
  id: z.string(),
  pattern: z.string(),
  currentRevisionId: z.string().nullable(),
  metadata: storedMetadata,
  titleTemplate: z.string().nullable(),
  revisionCount: z.number().int(),
  createdAt: z.date(),
  updatedAt: z.date(),
})
export type PathRule = z.infer<typeof pathRuleSchema>

type Scoped = Context & OrganizationScope
type RuleRow = typeof pathRule.$inferSelect

function ruleNotFound() {
  return new ORPCError('NOT_FOUND', {
    message:
      'This path rule does not exist on this site. It may have been deleted; pick one from the list.',
  })
}

export function patternOrRefuse(input: string): string {
  const result = normalizePattern(input)
  if (!result.ok) {
    throw new ORPCError('BAD_REQUEST', {
      message: result.message,
      data: { issues: [{ path: ['pattern'], message: result.message }] },
    })
  }
  return result.pattern
}

export function patternTaken(pattern: string) {
  const message = `This site already has a rule for ${clip(pattern)}: edit that one.`
  return new ORPCError('CONFLICT', { message, data: { issues: [{ path: ['pattern'], message }] } })
}

/** Rule metadata: a page's schema, minus what names one page's own URLs. */
export function ruleMetadata(value: Metadata): Metadata {
  const metadata = compactMetadata(validMetadata(value))
  const fields = (['canonical', 'alternates'] as const).filter((key) => metadata[key] !== undefined)
  if (fields.length > 0) {
    throw new ORPCError('BAD_REQUEST', {
      message:
        'A canonical URL and language versions belong to one page: set them on the page, not in a path rule.',
      data: {
        issues: fields.map((field) => ({
          code: 'custom',
          path: ['metadata', field],
          message: 'Set this on the page itself; a rule applies to many pages.',
        })),
      },
    })
  }
  return metadata
}

export const templateOf = (value: string | null | undefined) =>
  value === undefined || value === null || value.trim() === '' ? null : value

/** The site, locked and stamped as changed: every write to a site's rules takes this first. */
async function lockSite(tx: Transaction, siteId: string): Promise<SiteRow> {
  const [row] = await tx
    .update(site)
    .set({ lastChangedAt: sql`now()` })
    .where(eq(site.id, siteId))
    .returning()
  if (!row) throw new ORPCError('NOT_FOUND', { message: 'This site was just deleted.' })
  return row
}

async function lockRule(tx: Transaction, siteId: string, ruleId: string): Promise<RuleRow> {
  const [row] = await tx
    .select()
    .from(pathRule)
    .where(and(eq(pathRule.id, ruleId), eq(pathRule.siteId, siteId)))
    .for('update')
  if (!row) throw ruleNotFound()
  return row
}

/** A rule as the audit log names it: its site and pattern. */
function ruleTarget(id: string, hostname: string, pattern: string): AuditTarget {
  return { kind: 'path_rule', id, label: `${hostname} ${pattern}` }
}

function selectRules(context: Scoped) {
  const revisionCount = context.db
    .select({ ruleId: pathRuleRevision.ruleId, revisionCount: count().as('revision_count') })
    .from(pathRuleRevision)
    .groupBy(pathRuleRevision.ruleId)
    .as('revision_count')
  return context.db
    .select({
      rule: pathRule,
      metadata: pathRuleRevision.metadata,
      titleTemplate: pathRuleRevision.titleTemplate,
      revisionCount: revisionCount.revisionCount,
    })
    .from(pathRule)
    .leftJoin(pathRuleRevision, eq(pathRuleRevision.id, pathRule.currentRevisionId))
    .leftJoin(revisionCount, eq(revisionCount.ruleId, pathRule.id))
}

type SelectedRule = Awaited<ReturnType<typeof selectRules>>[number]

function toRule(row: SelectedRule): PathRule {
  return {
    id: row.rule.id,
    pattern: row.rule.pattern,
    currentRevisionId: row.rule.currentRevisionId,
    metadata: row.metadata ?? {},
    titleTemplate: row.titleTemplate ?? null,
    revisionCount: Number(row.revisionCount ?? 0),
    createdAt: row.rule.createdAt,
    updatedAt: row.rule.updatedAt,
  }
}

async function findRule(context: Scoped, siteId: string, ruleId: string): Promise<PathRule> {
  const [row] = await selectRules(context).where(
    and(eq(pathRule.id, ruleId), eq(pathRule.siteId, siteId)),
  )
  if (!row) throw ruleNotFound()
  return toRule(row)
}

/**
 * How many of the site's pages each pattern matches: per pattern, the pages under its literal
 * prefix (a range of the `(site_id, path collate "C")` index), checked with its regular
 * expression. A site's 100k pages under `/**` cost one index range scan with a regex each.
 */
async function matchingPageCounts(
  context: Scoped,
  siteId: string,
  patterns: string[],
): Promise<Map<string, number>> {
  const counts = new Map<string, number>()
  if (patterns.length === 0) return counts
  const rows = patterns.map((pattern, index) => {
    const { regex, prefix } = patternSql(pattern)
    // Every path starting with the prefix sorts (bytewise) between it and it + U+10FFFF.
    return sql`(${index}::int, ${prefix}::text, ${`${prefix}\u{10FFFF}`}::text, ${regex}::text)`
  })
  const result = await context.db.execute<{ i: number; n: number | string }>(sql`
    select v.i, (
      select count(*) from ${page} p
      where p.site_id = ${siteId}
        and p.path collate "C" >= v.lo collate "C"
        and p.path collate "C" < v.hi collate "C"
        and p.path ~ v.re
    ) as n
    from (values ${sql.join(rows, sql`, `)}) as v(i, lo, hi, re)`)
  const list = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as Array<{
    i: number
    n: number | string
  }>
  for (const row of list) counts.set(patterns[Number(row.i)] as string, Number(row.n))
  return counts
}

const ruleWithPagesSchema = pathRuleSchema.extend({ pageCount: z.number().int() })

/** Path rules are served by many pages: the two-person rule counts every change of them. */
function rulesMayPublish(context: Scoped): Promise<void> {
  return assertMayPublish(context.db, {
    organizationId: context.organization.id,
    role: context.membership.role,
    facts: { ...NO_FACTS, pathRules: true },
    action: 'change path rules',
  })
}

export const pathRulesRouter = {
  /** The site's rules, least → most specific (the order they overlay in), with pages matched. */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({ organizationSlug: z.string(), siteHostname: lookupText('The hostname', 4096) }),
    )
    .output(z.object({ items: z.array(ruleWithPagesSchema), limit: z.number().int() }))
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const rows = (await selectRules(context).where(eq(pathRule.siteId, siteRow.id))).map(toRule)
      const order = sortBySpecificity(
        rows.map((rule) => ({ ...compileRule({ ...rule }), id: rule.id })),
      ).map((compiled) => compiled.id)
      const byId = new Map(rows.map((rule) => [rule.id, rule]))
      const counts = await matchingPageCounts(
        context,
        siteRow.id,
        rows.map((rule) => rule.pattern),
      )
      return {
        items: order.map((id) => {
          const rule = byId.get(id) as PathRule
          return { ...rule, pageCount: counts.get(rule.pattern) ?? 0 }
        }),
        limit: PATH_RULES_PER_SITE,
      }
    }),

  /** One rule with its current metadata and title template. */
  get: organizationProcedure()
    .route({ method: 'GET' })
    .input(pathRuleRef)
    .output(pathRuleSchema)
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      return findRule(context, siteRow.id, input.ruleId)
    }),

  /** Adds a rule with its first revision; CONFLICT if the site has one for the same pattern. */
  create: organizationProcedure({ site: ['update'] })
    .input(createPathRuleInput)
    .output(pathRuleSchema)
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      await rulesMayPublish(context)
      const pattern = patternOrRefuse(input.pattern)
      const metadata = ruleMetadata(input.metadata)
      const titleTemplate = templateOf(input.titleTemplate)
      let ruleId: string
      try {
        ruleId = await context.db.transaction(async (tx) => {
          const siteRow = await lockSite(tx, current.id)
          const [taken] = await tx
            .select({ id: pathRule.id })
            .from(pathRule)
            .where(and(eq(pathRule.siteId, siteRow.id), eq(pathRule.pattern, pattern)))
          if (taken) throw patternTaken(pattern)
          const [{ n } = { n: 0 }] = await tx
            .select({ n: count() })
            .from(pathRule)
            .where(eq(pathRule.siteId, siteRow.id))
          if (n >= PATH_RULES_PER_SITE) {
            throw new ORPCError('BAD_REQUEST', {
              message: `A site can have at most ${PATH_RULES_PER_SITE} path rules. Merge rules with a broader pattern (/blog/** covers every page under /blog).`,
            })
          }
          const [rule] = await tx
            .insert(pathRule)
            .values({ id: randomUUID(), siteId: siteRow.id, pattern })
            .returning()
          if (!rule) throw new Error('The rule insert returned no row.')
          const revision = await writeRuleRevision(tx, rule, {
            metadata,
            titleTemplate,
            authorId: context.user.id,
            source: 'editor',
          })
          await announceRuleChange(tx, context.events, siteRow, revision)
          await recordAudit(tx, {
            organizationId: context.organization.id,
            actor: contextActor(context),
            action: 'path_rule.created',
            target: ruleTarget(rule.id, siteRow.hostname, pattern),
            summary: { after: { pattern, titleTemplate, metadata } },
          })
          return rule.id
        })
      } catch (error) {
        if (isUniqueViolation(error, 'path_rule_site_pattern_unique')) throw patternTaken(pattern)
        throw error
      }
      context.events.siteChanged(current.id, { revisionSaved: true })
      return findRule(context, current.id, ruleId)
    }),

  /**
   * Saves a new revision of a rule. `baseRevisionId` is the revision the editor started from:
   * when someone saved in between, nothing is written and the answer is CONFLICT.
   */
  update: organizationProcedure({ site: ['update'] })
    .input(updatePathRuleInput)
    .output(pathRuleSchema)
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      await rulesMayPublish(context)
      const metadata = ruleMetadata(input.metadata)
      await context.db.transaction(async (tx) => {
        const siteRow = await lockSite(tx, current.id)
        const rule = await lockRule(tx, siteRow.id, input.ruleId)
        if (rule.currentRevisionId !== input.baseRevisionId) {
          throw new ORPCError('CONFLICT', {
            message:
              'Someone saved this rule after you opened it. Your changes were not saved: reload to see the current revision, then apply your changes again.',
            data: { currentRevisionId: rule.currentRevisionId },
          })
        }
        const [previous] = rule.currentRevisionId
          ? await tx
              .select({
                titleTemplate: pathRuleRevision.titleTemplate,
                metadata: pathRuleRevision.metadata,
              })
              .from(pathRuleRevision)
              .where(eq(pathRuleRevision.id, rule.currentRevisionId))
          : []
        const revision = await writeRuleRevision(tx, rule, {
          metadata,
          // Left out: the template stays as it was.
          titleTemplate:
            input.titleTemplate === undefined
              ? (previous?.titleTemplate ?? null)
              : templateOf(input.titleTemplate),
          authorId: context.user.id,
          source: 'editor',
        })
        await announceRuleChange(tx, context.events, siteRow, revision)
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'path_rule.updated',
          target: ruleTarget(rule.id, siteRow.hostname, rule.pattern),
          summary: changedFields(
            {
              ...(previous?.metadata ?? {}),
              titleTemplate: previous?.titleTemplate ?? null,
            } as Record<string, unknown>,
            { ...metadata, titleTemplate: revision.titleTemplate } as Record<string, unknown>,
          ),
        })
      })
      context.events.siteChanged(current.id, { revisionSaved: true })
      return findRule(context, current.id, input.ruleId)
    }),

  /** Changes a rule's pattern (its history stays with it). */
  rename: organizationProcedure({ site: ['update'] })
    .input(renamePathRuleInput)
    .output(pathRuleSchema)
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      await rulesMayPublish(context)
      const pattern = patternOrRefuse(input.pattern)
      try {
        await context.db.transaction(async (tx) => {
          const siteRow = await lockSite(tx, current.id)
          const rule = await lockRule(tx, siteRow.id, input.ruleId)
          if (rule.pattern === pattern) return
          const [taken] = await tx
            .select({ id: pathRule.id })
            .from(pathRule)
            .where(and(eq(pathRule.siteId, siteRow.id), eq(pathRule.pattern, pattern)))
          if (taken) throw patternTaken(pattern)
          await tx.update(pathRule).set({ pattern }).where(eq(pathRule.id, rule.id))
          await recordAudit(tx, {
            organizationId: context.organization.id,
            actor: contextActor(context),
            action: 'path_rule.renamed',
            target: ruleTarget(rule.id, siteRow.hostname, pattern),
            summary: { before: { pattern: rule.pattern }, after: { pattern } },
          })
          const revision = await currentRevisionOf(tx, rule)
          if (revision) await announceRuleChange(tx, context.events, siteRow, revision)
        })
      } catch (error) {
        if (isUniqueViolation(error, 'path_rule_site_pattern_unique')) throw patternTaken(pattern)
        throw error
      }
      context.events.siteChanged(current.id, { revisionSaved: true })
      return findRule(context, current.id, input.ruleId)
    }),

  /** Deletes a rule with its history; the pages it matched serve without it at once. */
  delete: organizationProcedure({ site: ['update'] })
    .input(pathRuleRef)
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      await rulesMayPublish(context)
      await context.db.transaction(async (tx) => {
        const siteRow = await lockSite(tx, current.id)
        const rule = await lockRule(tx, siteRow.id, input.ruleId)
        const revision = await currentRevisionOf(tx, rule)
        await tx.delete(pathRule).where(eq(pathRule.id, rule.id))
        if (revision) await announceRuleChange(tx, context.events, siteRow, revision)
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'path_rule.deleted',
          target: ruleTarget(rule.id, siteRow.hostname, rule.pattern),
          summary: { before: { pattern: rule.pattern } },
        })
      })
      context.events.siteChanged(current.id, { revisionSaved: true })
      return { ok: true as const }
    }),

  /** A rule's history, newest first, 50 at a time; the cursor is the last number shown. */
  listRevisions: organizationProcedure()
    .route({ method: 'GET' })
    .input(pathRuleRef.extend({ cursor: z.string().max(32).optional() }))
    .output(z.object({ items: z.array(pathRuleRevisionSchema), nextCursor: z.string().nullable() }))
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      await findRule(context, siteRow.id, input.ruleId)
      let before: number | undefined
      if (input.cursor !== undefined) {
        before = Number(input.cursor)
        if (!Number.isSafeInteger(before) || before < 1) {
          throw new ORPCError('BAD_REQUEST', {
            message: 'This history cursor is not valid; reload the history.',
          })
        }
      }
      const rows = await context.db
        .select({ revision: pathRuleRevision, authorName: user.name })
        .from(pathRuleRevision)
        .leftJoin(user, eq(user.id, pathRuleRevision.authorId))
        .where(
          and(
            eq(pathRuleRevision.ruleId, input.ruleId),
            before === undefined ? undefined : lt(pathRuleRevision.number, before),
          ),
        )
        .orderBy(desc(pathRuleRevision.number))
        .limit(PAGE_SIZE + 1)
      const items = rows.slice(0, PAGE_SIZE).map(({ revision, authorName }) => ({
        id: revision.id,
        number: revision.number,
        metadata: revision.metadata,
        titleTemplate: revision.titleTemplate,
        source: revision.source,
        author:
          revision.authorId === null ? null : { id: revision.authorId, name: authorName ?? '' },
        restoredFromId: revision.restoredFromId,
        createdAt: revision.createdAt,
      }))
      const last = items.at(-1)
      return {
        items,
        nextCursor: rows.length > PAGE_SIZE && last ? String(last.number) : null,
      }
    }),

  /** Makes an old revision of a rule current again, as a new revision equal to it. */
  restore: organizationProcedure({ site: ['update'] })
    .input(pathRuleRef.extend({ revisionId: lookupText('The revision id', 256) }))
    .output(pathRuleSchema)
    .handler(async ({ context, input }) => {
      const current = await requireSite(context.db, context.organization.id, input.siteHostname)
      await rulesMayPublish(context)
      await context.db.transaction(async (tx) => {
        const siteRow = await lockSite(tx, current.id)
        const rule = await lockRule(tx, siteRow.id, input.ruleId)
        const [old] = await tx
          .select()
          .from(pathRuleRevision)
          .where(
            and(eq(pathRuleRevision.id, input.revisionId), eq(pathRuleRevision.ruleId, rule.id)),
          )
        if (!old) {
          throw new ORPCError('NOT_FOUND', {
            message: 'This revision does not exist on this rule. Pick one from the rule’s history.',
          })
        }
        const revision = await writeRuleRevision(tx, rule, {
          metadata: old.metadata,
          titleTemplate: old.titleTemplate,
          authorId: context.user.id,
          source: 'restore',
          restoredFromId: old.id,
        })
        await announceRuleChange(tx, context.events, siteRow, revision)
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'path_rule.restored',
          target: ruleTarget(rule.id, siteRow.hostname, rule.pattern),
          summary: { after: { restoredRevision: old.number, revision: revision.number } },
        })
      })
      context.events.siteChanged(current.id, { revisionSaved: true })
      return findRule(context, current.id, input.ruleId)
    }),

  /** The rules that apply to a page path, least → most specific (the order they overlay in). */
  listMatching: organizationProcedure()
    .route({ method: 'GET' })
    .input(
      z.object({
        organizationSlug: z.string(),
        siteHostname: lookupText('The hostname', 4096),
        pagePath: lookupText('The path', 8192),
      }),
    )
    .output(
      z.array(
        z.object({
          pattern: z.string(),
          metadata: storedMetadata,
          titleTemplate: z.string().nullable(),
        }),
      ),
    )
    .handler(async ({ context, input }) => {
      const siteRow = await requireSite(context.db, context.organization.id, input.siteHostname)
      const path = pagePathOf(input.pagePath, siteRow.hostname)
      const rules = matchingRules(await loadSiteRules(context.db, siteRow.id), path)
      return rules.map(({ pattern, metadata, titleTemplate }) => ({
        pattern,
        metadata,
        titleTemplate,
      }))
    }),
}

async function currentRevisionOf(tx: Transaction, rule: RuleRow) {
  if (!rule.currentRevisionId) return null
  const [revision] = await tx
    .select({
      id: pathRuleRevision.id,
      number: pathRuleRevision.number,
      source: pathRuleRevision.source,
      createdAt: pathRuleRevision.createdAt,
    })
    .from(pathRuleRevision)
    .where(eq(pathRuleRevision.id, rule.currentRevisionId))
  return revision ?? null
}
