import { randomUUID } from 'node:crypto'
import { ORPCError } from '@orpc/server'
import { and, asc, eq, gt, lte, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { invitation, member, organization, user } from '../db/schema.ts'
import { contextActor, recordAudit, SYSTEM_ACTOR } from '../domain/audit.ts'
import { consumeLimit, describeWait, type Limit, limits } from '../limits.ts'
import {
  INVITATION_LIFETIME_MS,
  lockOrganization,
  mayActOnRole,
  ownersOnlyError,
  sendInvitationEmail,
} from '../members.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { authedProcedure } from '../rpc/base.ts'
import type { Context } from '../rpc/context.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { shortPrefix } from '../user-fields.ts'
import { createInvitationInput } from '../shared/members.ts'
import { organizationInvitationSchema } from './members.ts'

const invitationSchema = z.object({
  id: z.string(),
  organizationName: z.string(),
  organizationSlug: z.string(),
  role: z.enum(['owner', 'admin', 'member']),
  inviterName: z.string(),
  inviterEmail: z.string(),
  expiresAt: z.date(),
})

const inviter = alias(user, 'inviter')

/** Pending, unexpired invitations addressed to `email`, optionally only the one with `id`. */
function pendingInvitations(db: Database, email: string, id?: string) {
  return db
    .select({
      id: invitation.id,
      organizationName: organization.name,
      organizationSlug: organization.slug,
      role: invitation.role,
      inviterName: inviter.name,
      inviterEmail: inviter.email,
      expiresAt: invitation.expiresAt,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .innerJoin(inviter, eq(inviter.id, invitation.inviterId))
    .where(
      and(
        eq(sql`lower(${invitation.email})`, email.toLowerCase()),
        eq(invitation.status, 'pending'),
        gt(invitation.expiresAt, new Date()),
        id === undefined ? undefined : eq(invitation.id, id),
      ),
    )
    .orderBy(asc(invitation.expiresAt))
    .then((rows) => rows.map((row) => ({ ...row, role: primaryOrganizationRole(row.role ?? '') })))
}

const invitationIdSchema = z.string().min(1).max(256, 'This invitation id is too long.')

const NOT_FOUND_MESSAGE =
  'This invitation was not found: it may have expired, been answered or cancelled, or be addressed to another e-mail address.'

function invitationNotFound(): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', { message: NOT_FOUND_MESSAGE })
}

/** Counts one event against `limit` for `key`; TOO_MANY_REQUESTS past it (unless limits are off). */
async function withinLimit(context: Context, key: string, limit: Limit, message: string) {
  if (context.rateLimit === false) return
  const { allowed, retryAfterSeconds } = await consumeLimit(context.db, key, limit)
  if (!allowed) {
    throw new ORPCError('TOO_MANY_REQUESTS', {
      message: `${message} Try again in ${describeWait(retryAfterSeconds)}.`,
    })
  }
}

/** One pending invitation of the organization, whatever its expiry. */
async function organizationInvitation(db: Database, organizationId: string, id: string) {
  const [row] = await db
    .select({ id: invitation.id, email: invitation.email, role: invitation.role })
    .from(invitation)
    .where(
      and(
        eq(invitation.id, id),
        eq(invitation.organizationId, organizationId),
        eq(invitation.status, 'pending'),
      ),
    )
  if (!row) throw invitationNotFound()
  return { ...row, role: primaryOrganizationRole(row.role ?? '') }
}

/** The invitation addressed to the caller that they answer, locked; NOT_FOUND otherwise. */
async function answerableInvitation(db: Pick<Database, 'select'>, email: string, id: string) {
  const [row] = await db
    .select({
      id: invitation.id,
      organizationId: invitation.organizationId,
      organizationSlug: organization.slug,
      role: invitation.role,
    })
    .from(invitation)
    .innerJoin(organization, eq(organization.id, invitation.organizationId))
    .where(
      and(
        eq(invitation.id, id),
        eq(sql`lower(${invitation.email})`, email.toLowerCase()),
        eq(invitation.status, 'pending'),
        gt(invitation.expiresAt, new Date()),
      ),
    )
    .for('update', { of: invitation })
  if (!row) throw invitationNotFound()
  return row
}

export const invitationsRouter = {
  /** Invitations waiting for the caller's answer, soonest to expire first. */
  list: authedProcedure
    .route({ method: 'GET' })
    .output(z.array(invitationSchema))
    .handler(({ context }) => pendingInvitations(context.db, context.user.email)),

  /** One pending invitation addressed to the caller. */
  get: authedProcedure
    .route({ method: 'GET' })
    .input(z.object({ invitationId: z.string().min(1) }))
    .output(invitationSchema)
    .handler(async ({ context, input }) => {
      const [found] = await pendingInvitations(context.db, context.user.email, input.invitationId)
      if (!found) {
        throw new ORPCError('NOT_FOUND', {
          message:
            'This invitation was not found: it may have expired, been answered or cancelled, or be addressed to another e-mail address.',
        })
      }
      return found
    }),

  /**
   * Invites someone by e-mail, for 48 hours. Owners and admins may; only owners invite owners.
   * Someone already in the organization, or already invited and not yet answered, is a CONFLICT
   * (resend the pending invitation instead); an expired invitation is replaced.
   */
  create: organizationProcedure({ invitation: ['create'] })
    .input(createInvitationInput)
    .output(organizationInvitationSchema)
    .handler(async ({ context, input }) => {
      if (!mayActOnRole(context.membership.role, input.role)) throw ownersOnlyError()
      await withinLimit(
        context,
        `headmark:invitations:${context.user.id}`,
        limits.invitationsPerUser,
        'You have sent many invitations today.',
      )
      const organizationId = context.organization.id
      const created = {
        id: randomUUID(),
        organizationId,
        email: input.email,
        role: input.role,
        status: 'pending',
        inviterId: context.user.id,
        expiresAt: new Date(Date.now() + INVITATION_LIFETIME_MS),
      }
      await context.db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const [existing] = await tx
          .select({ id: member.id })
          .from(member)
          .innerJoin(user, eq(user.id, member.userId))
          .where(
            and(
              eq(member.organizationId, organizationId),
              eq(sql`lower(${user.email})`, input.email),
            ),
          )
        if (existing) {
          throw new ORPCError('CONFLICT', {
            message: `${shortPrefix(input.email)} is already a member of ${context.organization.name}.`,
          })
        }
        const sameAddress = and(
          eq(invitation.organizationId, organizationId),
          eq(sql`lower(${invitation.email})`, input.email),
          eq(invitation.status, 'pending'),
        )
        const [waiting] = await tx
          .select({ id: invitation.id })
          .from(invitation)
          .where(and(sameAddress, gt(invitation.expiresAt, new Date())))
        if (waiting) {
          throw new ORPCError('CONFLICT', {
            message: `${shortPrefix(input.email)} is already invited and has not answered yet. Resend that invitation if it was lost.`,
          })
        }
        await tx
          .update(invitation)
          .set({ status: 'canceled' })
          .where(and(sameAddress, lte(invitation.expiresAt, new Date())))
        await tx.insert(invitation).values(created)
        await recordAudit(tx, {
          organizationId,
          actor: contextActor(context),
          action: 'invitation.sent',
          target: { kind: 'invitation', id: created.id, label: created.email },
          summary: { after: { email: created.email, role: created.role } },
        })
      })
      try {
        await sendInvitationEmail(context.mailer, context.env.BETTER_AUTH_URL, created, {
          organizationName: context.organization.name,
          inviterName: context.user.name,
        })
      } catch (error) {
        // An invitation nobody was told about is no invitation: take it back. Its audit entry
        // stays (the log is append-only) and a second one says it was withdrawn.
        await context.db.transaction(async (tx) => {
          await tx.delete(invitation).where(eq(invitation.id, created.id))
          await recordAudit(tx, {
            organizationId,
            actor: SYSTEM_ACTOR,
            action: 'invitation.cancelled',
            target: { kind: 'invitation', id: created.id, label: created.email },
            summary: {
              before: { email: created.email, role: created.role },
              after: { reason: 'The e-mail could not be sent.' },
            },
          })
        })
        throw error
      }
      return {
        id: created.id,
        email: created.email,
        role: created.role,
        inviterName: context.user.name,
        inviterEmail: context.user.email,
        expiresAt: created.expiresAt,
        expired: false,
      }
    }),

  /** Withdraws a pending invitation. Owners and admins may; only owners withdraw an owner's. */
  cancel: organizationProcedure({ invitation: ['cancel'] })
    .input(z.object({ organizationSlug: z.string(), invitationId: invitationIdSchema }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ context, input }) => {
      const found = await organizationInvitation(
        context.db,
        context.organization.id,
        input.invitationId,
      )
      if (!mayActOnRole(context.membership.role, found.role)) throw ownersOnlyError()
      await context.db.transaction(async (tx) => {
        const cancelled = await tx
          .update(invitation)
          .set({ status: 'canceled' })
          .where(and(eq(invitation.id, found.id), eq(invitation.status, 'pending')))
          .returning({ id: invitation.id })
        if (cancelled.length === 0) return
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'invitation.cancelled',
          target: { kind: 'invitation', id: found.id, label: found.email },
          summary: { before: { email: found.email, role: found.role } },
        })
      })
      return { id: found.id }
    }),

  /**
   * Sends a pending (or expired) invitation's e-mail again and renews it for 48 hours. Limited
   * per invitation and counted with the inviter's daily invitations.
   */
  resend: organizationProcedure({ invitation: ['create'] })
    .input(z.object({ organizationSlug: z.string(), invitationId: invitationIdSchema }))
    .output(z.object({ id: z.string(), expiresAt: z.date() }))
    .handler(async ({ context, input }) => {
      const found = await organizationInvitation(
        context.db,
        context.organization.id,
        input.invitationId,
      )
      if (!mayActOnRole(context.membership.role, found.role)) throw ownersOnlyError()
      await withinLimit(
        context,
        `headmark:invitation-resends:${found.id}`,
        limits.invitationResends,
        'This invitation was sent several times in the last hour: the last e-mail is on its way.',
      )
      await withinLimit(
        context,
        `headmark:invitations:${context.user.id}`,
        limits.invitationsPerUser,
        'You have sent many invitations today.',
      )
      const expiresAt = new Date(Date.now() + INVITATION_LIFETIME_MS)
      await context.db.transaction(async (tx) => {
        await tx.update(invitation).set({ expiresAt }).where(eq(invitation.id, found.id))
        await recordAudit(tx, {
          organizationId: context.organization.id,
          actor: contextActor(context),
          action: 'invitation.resent',
          target: { kind: 'invitation', id: found.id, label: found.email },
          summary: { after: { email: found.email, role: found.role, expiresAt } },
        })
      })
      await sendInvitationEmail(context.mailer, context.env.BETTER_AUTH_URL, found, {
        organizationName: context.organization.name,
        inviterName: context.user.name,
      })
      return { id: found.id, expiresAt }
    }),

  /** Joins the organization with the invitation's role; answers where to go next. */
  accept: authedProcedure
    .input(z.object({ invitationId: invitationIdSchema }))
    .output(z.object({ organizationSlug: z.string() }))
    .handler(async ({ context, input }) => {
      return context.db.transaction(async (tx) => {
        const found = await answerableInvitation(tx, context.user.email, input.invitationId)
        await lockOrganization(tx, found.organizationId)
        const [already] = await tx
          .select({ id: member.id })
          .from(member)
          .where(
            and(
              eq(member.organizationId, found.organizationId),
              eq(member.userId, context.user.id),
            ),
          )
        // Someone who joined meanwhile keeps their role; the invitation is simply used up.
        const role = primaryOrganizationRole(found.role ?? '')
        await recordAudit(tx, {
          organizationId: found.organizationId,
          actor: contextActor(context),
          action: 'invitation.accepted',
          target: { kind: 'invitation', id: found.id, label: context.user.email },
          summary: { after: already ? { role, alreadyMember: true } : { role } },
        })
        if (!already) {
          await tx.insert(member).values({
            id: randomUUID(),
            organizationId: found.organizationId,
            userId: context.user.id,
            role: primaryOrganizationRole(found.role ?? ''),
          })
        }
        await tx.update(invitation).set({ status: 'accepted' }).where(eq(invitation.id, found.id))
        return { organizationSlug: found.organizationSlug }
      })
    }),

  /** Declines an invitation addressed to the caller. */
  reject: authedProcedure
    .input(z.object({ invitationId: invitationIdSchema }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ context, input }) => {
      return context.db.transaction(async (tx) => {
        const found = await answerableInvitation(tx, context.user.email, input.invitationId)
        await tx.update(invitation).set({ status: 'rejected' }).where(eq(invitation.id, found.id))
        await recordAudit(tx, {
          organizationId: found.organizationId,
          actor: contextActor(context),
          action: 'invitation.rejected',
          target: { kind: 'invitation', id: found.id, label: context.user.email },
        })
        return { id: found.id }
      })
    }),
}
