import { ORPCError } from '@orpc/server'
import { and, asc, eq, gt, sql } from 'drizzle-orm'
import { alias } from 'drizzle-orm/pg-core'
import { z } from 'zod'
import type { Database } from '../db/client.ts'
import { invitation, organization, user } from '../db/schema.ts'
import { primaryOrganizationRole } from '../permissions.ts'
import { authedProcedure } from '../rpc/base.ts'

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
}
