import { ORPCError } from '@orpc/server'
import { APIError, getSessionFromCtx } from 'better-auth/api'
import { and, eq, inArray, sql } from 'drizzle-orm'
import type { Database } from './db/client.ts'
import { invitation, member, organization, session, team, teamMember, user } from './db/schema.ts'
import { personActor, recordAudit } from './domain/audit.ts'
import { invitationEmail } from './emails.ts'
import type { Mailer } from './mailer.ts'
import { type OrganizationRole, primaryOrganizationRole } from './permissions.ts'
import { nameForEmail } from './user-fields.ts'

/** How long an invitation stays open: 48 hours, as better-auth's own default. */
export const INVITATION_LIFETIME_MS = 48 * 60 * 60 * 1000

/** A database or a transaction on it. */
type Executor = Pick<Database, 'select' | 'update' | 'delete' | 'insert'>

/**
 * better-auth's organization endpoints that change who belongs to an organization and with which
 * role. They do not know Headmark's rules (an organization keeps an owner; nobody changes their
 * own role), so they are closed: `members.updateRole`, `members.remove` and `members.leave` do
 * this. Inviting, accepting, rejecting and cancelling stay open: better-auth's checks for those
 * match the rules (only owners invite owners, only owners and admins invite or cancel).
 */
const CLOSED_MEMBER_ENDPOINTS = new Set([
  '/organization/update-member-role',
  '/organization/remove-member',
  '/organization/leave',
  '/organization/add-member',
])

/**
 * Holds better-auth's member endpoints to Headmark's owner rules: the closed ones answer 404, and
 * cancelling an invitation to become owner is for owners only (as `invitations.cancel`).
 */
export async function guardMemberEndpoints(
  ctx: Parameters<typeof getSessionFromCtx>[0] & { path: string; request?: Request },
  db: Database,
): Promise<void> {
  // Server-side `auth.api.*` calls have no request: only Headmark's own code makes them.
  if (!ctx.request) return
  if (CLOSED_MEMBER_ENDPOINTS.has(ctx.path)) {
    throw APIError.from('NOT_FOUND', {
      code: 'NOT_FOUND',
      message: 'This endpoint is not available: manage members on the organization’s Members page.',
    })
  }
  if (ctx.path !== '/organization/cancel-invitation') return
  const invitationId = (ctx.body as { invitationId?: unknown } | undefined)?.invitationId
  const session = await getSessionFromCtx(ctx).catch(() => null)
  if (typeof invitationId !== 'string' || !session) return
  const [row] = await db
    .select({ invitationRole: invitation.role, callerRole: member.role })
    .from(invitation)
    .innerJoin(
      member,
      and(eq(member.organizationId, invitation.organizationId), eq(member.userId, session.user.id)),
    )
    .where(eq(invitation.id, invitationId))
  if (!row) return // better-auth answers unknown invitations and strangers itself.
  const target = primaryOrganizationRole(row.invitationRole ?? '')
  if (!mayActOnRole(primaryOrganizationRole(row.callerRole), target)) {
    throw APIError.from('FORBIDDEN', {
      code: 'FORBIDDEN',
      message: 'Only owners can make, change or remove owners, or invite one.',
    })
  }
}

/**
 * Serializes changes to an organization's members: whoever changes roles or memberships takes
 * this row lock first and reads the members after it, so two owners demoting each other at once
 * run one after the other and the second sees the first's change.
 */
export async function lockOrganization(tx: Executor, organizationId: string): Promise<void> {
  await tx
    .select({ id: organization.id })
    .from(organization)
    .where(eq(organization.id, organizationId))
    .for('update')
}

/** The member `memberId` of the organization, read after the lock. */
export async function findMember(tx: Executor, organizationId: string, memberId: string) {
  const [row] = await tx
    .select({ id: member.id, userId: member.userId, role: member.role })
    .from(member)
    .where(and(eq(member.organizationId, organizationId), eq(member.id, memberId)))
  return row ? { ...row, role: primaryOrganizationRole(row.role) } : null
}

/** How many owners the organization has. */
export async function countOwners(tx: Executor, organizationId: string): Promise<number> {
  const rows = await tx
    .select({ role: member.role })
    .from(member)
    .where(eq(member.organizationId, organizationId))
  return rows.filter((row) => primaryOrganizationRole(row.role) === 'owner').length
}

export function lastOwnerError(action: string): ORPCError<'CONFLICT', undefined> {
  return new ORPCError('CONFLICT', {
    message: `An organization needs at least one owner: ${action}. Make another member an owner first, or delete the organization.`,
  })
}

/**
 * Whether someone with role `actor` may act on a member or invitation with role `target` (now or
 * after the change): only owners make, change or remove owners.
 */
export function mayActOnRole(actor: OrganizationRole, ...targets: OrganizationRole[]): boolean {
  return actor === 'owner' || !targets.includes('owner')
}

export function ownersOnlyError(): ORPCError<'FORBIDDEN', undefined> {
  return new ORPCError('FORBIDDEN', {
    message: 'Only owners can make, change or remove owners, or invite one.',
  })
}

/** Removes someone from an organization with what hangs on the membership. */
export async function deleteMembership(
  tx: Executor,
  organizationId: string,
  target: { id: string; userId: string },
): Promise<void> {
  await tx.delete(member).where(eq(member.id, target.id))
  const teams = tx.select({ id: team.id }).from(team).where(eq(team.organizationId, organizationId))
  await tx
    .delete(teamMember)
    .where(and(eq(teamMember.userId, target.userId), sql`${teamMember.teamId} in (${teams})`))
  await tx
    .update(session)
    .set({ activeOrganizationId: null, activeTeamId: null })
    .where(and(eq(session.userId, target.userId), eq(session.activeOrganizationId, organizationId)))
}

/**
 * Ends every membership of `userId` before their account is deleted, in one transaction that
 * locks their organizations first (in one order, as every change of roles does): refused, with
 * nothing changed, when they are the only owner of one — an organization nobody owns can not be
 * managed or deleted. Answers the names of those organizations (none: the memberships are gone).
 */
export async function endMembershipsOf(db: Database, userId: string): Promise<string[]> {
  return db.transaction(async (tx) => {
    const mine = await tx
      .select({ organizationId: member.organizationId })
      .from(member)
      .where(eq(member.userId, userId))
    const ids = [...new Set(mine.map((row) => row.organizationId))].sort()
    if (ids.length === 0) return []
    const organizations = await tx
      .select({ id: organization.id, name: organization.name })
      .from(organization)
      .where(inArray(organization.id, ids))
      .orderBy(organization.id)
      .for('update')
    // Read after the locks: a change of roles that committed meanwhile is seen.
    const members = await tx
      .select({
        id: member.id,
        organizationId: member.organizationId,
        userId: member.userId,
        role: member.role,
      })
      .from(member)
      .where(inArray(member.organizationId, ids))
    const soleOwnerOf = organizations.filter((org) => {
      const owners = members.filter(
        (row) => row.organizationId === org.id && primaryOrganizationRole(row.role) === 'owner',
      )
      return owners.length > 0 && owners.every((owner) => owner.userId === userId)
    })
    if (soleOwnerOf.length > 0) return soleOwnerOf.map((org) => org.name)
    const [person] = await tx
      .select({ id: user.id, name: user.name, email: user.email })
      .from(user)
      .where(eq(user.id, userId))
    for (const row of members.filter((row) => row.userId === userId)) {
      await deleteMembership(tx, row.organizationId, row)
      if (!person) continue
      const actor = personActor(person)
      await recordAudit(tx, {
        organizationId: row.organizationId,
        actor,
        action: 'member.left',
        target: { kind: 'member', id: userId, label: actor.label },
        summary: {
          before: { role: primaryOrganizationRole(row.role) },
          after: { reason: 'account deleted' },
        },
      })
    }
    return []
  })
}

/** The invitation e-mail, with the inviter's and organization's names made safe to show. */
export async function sendInvitationEmail(
  mailer: Mailer,
  appUrl: string,
  invitation: { id: string; email: string; role: string },
  names: { organizationName: string; inviterName: string },
): Promise<void> {
  const url = new URL(`/app/invitations/${encodeURIComponent(invitation.id)}`, appUrl)
  await mailer.send({
    to: invitation.email,
    ...invitationEmail({
      organizationName: nameForEmail(names.organizationName),
      inviterName: nameForEmail(names.inviterName),
      role: invitation.role,
      url: url.href,
    }),
  })
}
