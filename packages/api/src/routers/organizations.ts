import { randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, desc, eq, inArray, like, ne, or, sql } from 'drizzle-orm'
import { z } from 'zod'
import {
  member,
  organization,
  organizationFormerSlug,
  session,
  site,
  webhook,
} from '../db/schema.ts'
import { changedFields, contextActor, recordAudit } from '../domain/audit.ts'
import { consumeLimit, describeWait, limits } from '../limits.ts'
import { authedProcedure } from '../rpc/base.ts'
import { organizationNotFound, organizationProcedure } from '../rpc/organization-guard.ts'
import { createOrganizationInput, updateOrganizationInput } from '../shared/organizations.ts'
import { shortPrefix } from '../user-fields.ts'
import { isUniqueViolation } from './errors.ts'
import { firstFreeSlug, slugify } from '../slugs.ts'

const organizationOutput = z.object({ id: z.string(), name: z.string(), slug: z.string() })

function slugTaken(slug: string): ORPCError<'CONFLICT', undefined> {
  return new ORPCError('CONFLICT', {
    message: `The slug "${shortPrefix(slug)}" is already taken.`,
  })
}

export const organizationsRouter = {
  /** A free slug for an organization name: the slugified name, then -2, -3… */
  suggestSlug: authedProcedure
    .route({ method: 'GET' })
    .input(z.object({ name: z.string().max(200) }))
    .output(z.object({ slug: z.string() }))
    .handler(async ({ context, input }) => {
      const base = slugify(input.name)
      // Every slug the search could land on starts with the base's first 44 characters.
      const prefix = base.slice(0, 44).replace(/-+$/, '')
      const rows = await context.db
        .select({ slug: organization.slug })
        .from(organization)
        .where(or(eq(organization.slug, base), like(organization.slug, `${prefix}%`)))
      return { slug: firstFreeSlug(base, new Set(rows.map((row) => row.slug))) }
    }),

  /** Creates an organization with the caller as its owner, all or nothing. */
  create: authedProcedure
    .input(createOrganizationInput)
    .output(organizationOutput)
    .handler(async ({ context, input }) => {
      if (context.rateLimit !== false) {
        const { allowed, retryAfterSeconds } = await consumeLimit(
          context.db,
          `headmark:organizations:${context.user.id}`,
          limits.organizationsPerUser,
        )
        if (!allowed) {
          throw new ORPCError('TOO_MANY_REQUESTS', {
            message: `You have created ${limits.organizationsPerUser.max} organizations today. Try again in ${describeWait(retryAfterSeconds)}.`,
          })
        }
      }
      const created = { id: randomUUID(), name: input.name, slug: input.slug }
      try {
        await context.db.transaction(async (tx) => {
          const [existing] = await tx
            .select({ id: organization.id })
            .from(organization)
            .where(eq(organization.slug, input.slug))
            .limit(1)
          if (existing) throw slugTaken(input.slug)
          await tx.insert(organization).values(created)
          await tx.insert(member).values({
            id: randomUUID(),
            organizationId: created.id,
            userId: context.user.id,
            role: 'owner',
          })
          await recordAudit(tx, {
            organizationId: created.id,
            actor: contextActor(context),
            action: 'organization.created',
            target: { kind: 'organization', id: created.id, label: created.name },
            summary: { after: { name: created.name, slug: created.slug } },
          })
        })
      } catch (error) {
        // Two people racing for one slug: the unique index decides, the loser gets CONFLICT.
        if (isUniqueViolation(error)) throw slugTaken(input.slug)
        throw error
      }
      return created
    }),

  /**
   * Renames the organization and/or changes its slug (owners and admins), with the rules of
   * `create`. The slug it leaves is kept as a former slug, so old addresses keep leading its
   * members here (see `getCurrentSlug`).
   */
  update: organizationProcedure({ organization: ['update'] })
    .input(updateOrganizationInput)
    .output(organizationOutput)
    .handler(async ({ context, input }) => {
      const current = context.organization
      const name = input.name ?? current.name
      const slug = input.slug ?? current.slug
      try {
        await context.db.transaction(async (tx) => {
          if (slug !== current.slug) {
            const [existing] = await tx
              .select({ id: organization.id })
              .from(organization)
              .where(and(eq(organization.slug, slug), ne(organization.id, current.id)))
              .limit(1)
            if (existing) throw slugTaken(slug)
            await tx
              .insert(organizationFormerSlug)
              .values({ organizationId: current.id, slug: current.slug })
              .onConflictDoUpdate({
                target: [organizationFormerSlug.organizationId, organizationFormerSlug.slug],
                set: { replacedAt: sql`now()` },
              })
            // Taking back a former slug: it is live again, not former.
            await tx
              .delete(organizationFormerSlug)
              .where(
                and(
                  eq(organizationFormerSlug.organizationId, current.id),
                  eq(organizationFormerSlug.slug, slug),
                ),
              )
          }
          await tx.update(organization).set({ name, slug }).where(eq(organization.id, current.id))
          if (name !== current.name || slug !== current.slug) {
            await recordAudit(tx, {
              organizationId: current.id,
              actor: contextActor(context),
              action: 'organization.updated',
              target: { kind: 'organization', id: current.id, label: name },
              summary: changedFields({ name: current.name, slug: current.slug }, { name, slug }),
            })
          }
        })
      } catch (error) {
        if (isUniqueViolation(error)) throw slugTaken(slug)
        throw error
      }
      return { id: current.id, name, slug }
    }),

  /**
   * Deletes the organization (owners only) once the caller has typed its slug: its sites, pages,
   * revisions, API keys, webhooks with their history and queued deliveries, usage, subscription,
   * invitations, members and former slugs, in one transaction. The public API stops serving its
   * sites at once; a subscription Stripe bills is cancelled at Stripe by a queued job.
   */
  delete: organizationProcedure({ organization: ['delete'] })
    .input(
      z.object({
        organizationSlug: z.string(),
        confirmSlug: z.string().max(256, 'Type the organization’s slug to confirm.'),
      }),
    )
    .output(z.object({ ok: z.literal(true) }))
    .handler(async ({ context, input }) => {
      const current = context.organization
      if (input.confirmSlug.trim() !== current.slug) {
        throw new ORPCError('BAD_REQUEST', {
          message: `Type ${current.slug} to confirm that the organization is to be deleted.`,
          data: {
            issues: [{ path: ['confirmSlug'], message: `Type ${current.slug} to confirm.` }],
          },
        })
      }
      const siteIds = await context.db.transaction(async (tx) => {
        const sites = await tx
          .select({ id: site.id })
          .from(site)
          .where(eq(site.organizationId, current.id))
        const ids = sites.map((row) => row.id)
        // Locked first (in id order), as delivery locks a batch's webhooks before recording its
        // calls: the two wait for each other instead of deadlocking.
        const hooks =
          ids.length === 0
            ? []
            : await tx
                .select({ id: webhook.id })
                .from(webhook)
                .where(inArray(webhook.siteId, ids))
                .orderBy(webhook.id)
                .for('update')
        await context.webhooks.forgetJobs(
          tx,
          hooks.map((hook) => hook.id),
        )
        // The organization's row before its subscriptions', as the self-hosted provider locks them.
        await tx
          .select({ id: organization.id })
          .from(organization)
          .where(eq(organization.id, current.id))
          .for('update')
        // A Stripe subscription would go on charging the customer: its cancellation is queued here,
        // so it exists exactly when the deletion commits, and runs afterwards, retried until Stripe
        // has it; neither Stripe's speed nor its outages hold up or fail the deletion.
        await context.billing.cancelStripeSubscriptions(tx, current.id)
        await tx
          .update(session)
          .set({ activeOrganizationId: null })
          .where(eq(session.activeOrganizationId, current.id))
        // Everything else belongs to the organization through ON DELETE CASCADE foreign keys.
        await tx.delete(organization).where(eq(organization.id, current.id))
        return ids
      })
      for (const id of siteIds) context.events.siteChanged(id)
      return { ok: true as const }
    }),

  /**
   * Where a former slug of one of the caller's organizations leads now: the organization's
   * current slug. NOT_FOUND (as for any slug the caller can not see) when no organization of
   * theirs had it, or when an organization uses it as its live slug (the live slug wins).
   */
  getCurrentSlug: authedProcedure
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string().min(1).max(256) }))
    .output(z.object({ slug: z.string() }))
    .handler(async ({ context, input }) => {
      const slug = input.organizationSlug
      const [live] = await context.db
        .select({ id: organization.id })
        .from(organization)
        .where(eq(organization.slug, slug))
        .limit(1)
      if (live) throw organizationNotFound(slug)
      const [found] = await context.db
        .select({ slug: organization.slug })
        .from(organizationFormerSlug)
        .innerJoin(organization, eq(organization.id, organizationFormerSlug.organizationId))
        .innerJoin(
          member,
          and(eq(member.organizationId, organization.id), eq(member.userId, context.user.id)),
        )
        .where(eq(organizationFormerSlug.slug, slug))
        .orderBy(desc(organizationFormerSlug.replacedAt))
        .limit(1)
      if (!found) throw organizationNotFound(slug)
      return { slug: found.slug }
    }),
}
