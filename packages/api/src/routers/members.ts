import { ORPCError } from '@orpc/server'
import { and, asc, desc, eq } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import { invitation, member, user } from '../db/schema.ts'
import { type AuditTarget, contextActor, personActor, recordAudit } from '../domain/audit.ts'
import {
  countOwners,
  deleteMembership,
  findMember,
  lastOwnerError,
  lockOrganization,
  mayActOnRole,
  ownersOnlyError,
} from '../members.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { organizationProcedure } from '../rpc/organization-guard.ts'
import { roleSchema } from '../shared/members.ts'

export { roleSchema }

const memberIdSchema = z.string().min(1).max(256, 'This member id is too long.')

const memberSchema = z.object({
  id: z.string(),
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  role: roleSchema,
  joinedAt: z.date(),
})

export const organizationInvitationSchema = z.object({
  id: z.string(),
  email: z.string(),
  role: roleSchema,
  inviterName: z.string(),
  inviterEmail: z.string(),
  expiresAt: z.date(),
  /** Past its expiry: it can no longer be accepted, but it can be resent (which renews it). */
  expired: z.boolean(),
})

const inviter = alias(user, 'inviter')

function memberNotFound(): ORPCError<'NOT_FOUND', undefined> {
  return new ORPCError('NOT_FOUND', {
    message: 'This member was not found in the organization: they may have left or been removed.',
  })
}

/**
 * Locks the organization, then reads the caller and the member they act on as they are now, after
 * anyone's change that held the lock before: the caller must still be an owner or an admin, the
 * member must still be there, and must not be the caller.
 */
async function lockActorAndTarget(
  tx: Parameters<typeof findMember>[0],
  organizationId: string,
  myMembershipId: string,
  targetMemberId: string,
  refusals: { demoted: string; self: () => ORPCError<string, unknown> },
) {
  await lockOrganization(tx, organizationId)
  const me = await findMember(tx, organizationId, myMembershipId)
  if (!me || me.role === 'member') throw new ORPCError('FORBIDDEN', { message: refusals.demoted })
  const target = await findMember(tx, organizationId, targetMemberId)
  if (!target) throw memberNotFound()
  if (target.id === me.id) throw refusals.self()
  return { me, target }
}

/** A member as the audit log names them: "Name <email>", kept after they leave. */
async function memberTarget(
  tx: Parameters<typeof findMember>[0],
  target: { id: string; userId: string },
): Promise<AuditTarget> {
  const [person] = await tx
    .select({ id: user.id, name: user.name, email: user.email })
    .from(user)
    .where(eq(user.id, target.userId))
  return { kind: 'member', id: target.userId, label: person ? personActor(person).label : '' }
}

export const membersRouter = {
  /** Everyone in the organization, owners first, then by the date they joined. */
  list: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.array(memberSchema))
    .handler(async ({ context }) => {
      const rows = await context.db
        .select({
          id: member.id,
          userId: member.userId,
          name: user.name,
          email: user.email,
          role: member.role,
          joinedAt: member.createdAt,
        })
        .from(member)
        .innerJoin(user, eq(user.id, member.userId))
        .where(eq(member.organizationId, context.organization.id))
        .orderBy(asc(member.createdAt), asc(member.id))
      const rank = { owner: 0, admin: 1, member: 2 }
      return rows
        .map((row) => ({ ...row, role: primaryOrganizationRole(row.role) }))
        .sort((a, b) => rank[a.role] - rank[b.role])
    }),

  /**
   * The organization's pending invitations, newest first. Expired ones are listed too, marked
   * `expired`, so that an owner or admin sees who never answered and can resend or cancel.
   */
  listInvitations: organizationProcedure()
    .route({ method: 'GET' })
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.array(organizationInvitationSchema))
    .handler(async ({ context }) => {
      const rows = await context.db
        .select({
          id: invitation.id,
          email: invitation.email,
          role: invitation.role,
          inviterName: inviter.name,
          inviterEmail: inviter.email,
          expiresAt: invitation.expiresAt,
        })
        .from(invitation)
        .innerJoin(inviter, eq(inviter.id, invitation.inviterId))
        .where(
          and(
            eq(invitation.organizationId, context.organization.id),
            eq(invitation.status, 'pending'),
          ),
        )
        .orderBy(desc(invitation.createdAt), asc(invitation.id))
      const now = Date.now()
      return rows.map((row) => ({
        ...row,
        role: primaryOrganizationRole(row.role ?? ''),
        expired: row.expiresAt.getTime() <= now,
      }))
    }),

  /**
   * Gives a member another role. Owners and admins may; only owners make, change or demote
   * owners; nobody changes their own role; the last owner stays an owner.
   */
  updateRole: organizationProcedure({ member: ['update'] })
    .input(z.object({ organizationSlug: z.string(), memberId: memberIdSchema, role: roleSchema }))
    .output(memberSchema.pick({ id: true, role: true }))
    .handler(async ({ context, input }) => {
      const organizationId = context.organization.id
      return context.db.transaction(async (tx) => {
        const { me, target } = await lockActorAndTarget(
          tx,
          organizationId,
          context.membership.id,
          input.memberId,
          {
            demoted: 'Your role no longer allows changing roles; ask an owner.',
            self: () =>
              new ORPCError('FORBIDDEN', {
                message: 'You can not change your own role: ask another owner.',
              }),
          },
        )
        if (!mayActOnRole(me.role, target.role, input.role)) throw ownersOnlyError()
        if (target.role === 'owner' && input.role !== 'owner') {
          if ((await countOwners(tx, organizationId)) <= 1) {
            throw lastOwnerError('this member is its only owner')
          }
        }
        await tx.update(member).set({ role: input.role }).where(eq(member.id, target.id))
        if (target.role !== input.role) {
          await recordAudit(tx, {
            organizationId,
            actor: contextActor(context),
            action: 'member.role_changed',
            target: await memberTarget(tx, target),
            summary: { before: { role: target.role }, after: { role: input.role } },
          })
        }
        return { id: target.id, role: input.role }
      })
    }),

  /** Removes another member. Owners and admins may; only owners remove owners. */
  remove: organizationProcedure({ member: ['delete'] })
    .input(z.object({ organizationSlug: z.string(), memberId: memberIdSchema }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ context, input }) => {
      const organizationId = context.organization.id
      return context.db.transaction(async (tx) => {
        const { me, target } = await lockActorAndTarget(
          tx,
          organizationId,
          context.membership.id,
          input.memberId,
          {
            demoted: 'Your role no longer allows removing members; ask an owner.',
            self: () =>
              new ORPCError('BAD_REQUEST', {
                message: 'To remove yourself, leave the organization instead.',
              }),
          },
        )
        if (!mayActOnRole(me.role, target.role)) throw ownersOnlyError()
        if (target.role === 'owner' && (await countOwners(tx, organizationId)) <= 1) {
          throw lastOwnerError('this member is its only owner')
        }
        const audited = await memberTarget(tx, target)
        await deleteMembership(tx, organizationId, target)
        await recordAudit(tx, {
          organizationId,
          actor: contextActor(context),
          action: 'member.removed',
          target: audited,
          summary: { before: { role: target.role } },
        })
        return { id: target.id }
      })
    }),

  /** The caller leaves the organization; its last owner can not. */
  leave: organizationProcedure()
    .input(z.object({ organizationSlug: z.string() }))
    .output(z.object({ id: z.string() }))
    .handler(async ({ context }) => {
      const organizationId = context.organization.id
      return context.db.transaction(async (tx) => {
        await lockOrganization(tx, organizationId)
        const me = await findMember(tx, organizationId, context.membership.id)
        if (!me) throw memberNotFound()
        if (me.role === 'owner' && (await countOwners(tx, organizationId)) <= 1) {
          throw lastOwnerError('you are its only owner')
        }
        const audited = await memberTarget(tx, me)
        await deleteMembership(tx, organizationId, me)
        await recordAudit(tx, {
          organizationId,
          actor: contextActor(context),
          action: 'member.left',
          target: audited,
          summary: { before: { role: me.role } },
        })
        return { id: me.id }
      })
    }),
}
