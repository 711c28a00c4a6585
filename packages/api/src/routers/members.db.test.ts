import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type OrganizationCast, invite, organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, type Visitor } from '../../test/visitor.ts'
import { grantPlatformAdmin } from '../admin.ts'
import { invitation, member } from '../db/schema.ts'

const server = useTestServer()
const acme = { organizationSlug: 'acme' }

async function memberIdOf(visitor: Visitor): Promise<string> {
  const { user } = await visitor.rpc.auth.getSession()
  const [row] = await server.current.headmark.db
    .select({ id: member.id })
    .from(member)
    .where(eq(member.userId, user?.id ?? ''))
  if (!row) throw new Error('Not a member anywhere.')
  return row.id
}

async function rolesOf(organizationId: string): Promise<string[]> {
  const rows = await server.current.headmark.db
    .select({ role: member.role })
    .from(member)
    .where(eq(member.organizationId, organizationId))
  return rows.map((row) => row.role).sort()
}

async function ids(cast: OrganizationCast) {
  return {
    owner: await memberIdOf(cast.owner),
    admin: await memberIdOf(cast.admin),
    member: await memberIdOf(cast.member),
  }
}

/** Acme, its admin made a second owner: the admin's member id comes with it. */
async function withTwoOwners() {
  const cast = await organizationCast(server.current)
  const { admin } = await ids(cast)
  await cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'owner' })
  return { cast, admin }
}

describe('members.list and members.listInvitations', () => {
  it('lists members with their role and joined date, owners first', async () => {
    const cast = await organizationCast(server.current)
    const list = await cast.member.rpc.members.list(acme)
    expect(list).toEqual([
      {
        id: expect.any(String),
        userId: expect.any(String),
        name: 'Olive Owner',
        email: 'owner@example.com',
        role: 'owner',
        joinedAt: expect.any(Date),
      },
      expect.objectContaining({ name: 'admin person', email: 'admin@example.com', role: 'admin' }),
      expect.objectContaining({ name: 'member person', role: 'member' }),
    ])
    expect(cast.member.rpcRequests).toEqual(['GET /api/rpc/members/list'])
  })

  it('lists pending invitations with inviter and expiry, expired ones marked', async () => {
    const cast = await organizationCast(server.current)
    const fresh = await invite(cast.owner, cast.organization.id, 'fresh@example.com', 'member')
    const old = await invite(cast.admin, cast.organization.id, 'old@example.com', 'admin')
    await server.current.headmark.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, old))
    const list = await cast.member.rpc.members.listInvitations(acme)
    expect(list).toHaveLength(2)
    expect(list).toContainEqual({
      id: fresh,
      email: 'fresh@example.com',
      role: 'member',
      inviterName: 'Olive Owner',
      inviterEmail: 'owner@example.com',
      expiresAt: expect.any(Date),
      expired: false,
    })
    expect(list.find((row) => row.id === old)).toMatchObject({ expired: true, role: 'admin' })
    // Answered invitations (the cast's admin and member accepted theirs) are not listed.
    expect(list.map((row) => row.email)).not.toContain('admin@example.com')
  })
})

describe('members.updateRole', () => {
  it('lets an owner promote a member to admin and to owner', async () => {
    const cast = await organizationCast(server.current)
    const { member: memberId } = await ids(cast)
    expect(await cast.owner.rpc.members.updateRole({ ...acme, memberId, role: 'admin' })).toEqual({
      id: memberId,
      role: 'admin',
    })
    await cast.owner.rpc.members.updateRole({ ...acme, memberId, role: 'owner' })
    expect(await rolesOf(cast.organization.id)).toEqual(['admin', 'owner', 'owner'])
  })

  it('lets an admin change members and admins, but not make, demote or touch owners', async () => {
    const cast = await organizationCast(server.current)
    const { owner, member: memberId } = await ids(cast)
    await cast.admin.rpc.members.updateRole({ ...acme, memberId, role: 'admin' })
    await cast.admin.rpc.members.updateRole({ ...acme, memberId, role: 'member' })
    await expect(
      cast.admin.rpc.members.updateRole({ ...acme, memberId, role: 'owner' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/Only owners/) })
    await expect(
      cast.admin.rpc.members.updateRole({ ...acme, memberId: owner, role: 'member' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', status: 403 })
    expect(await rolesOf(cast.organization.id)).toEqual(['admin', 'member', 'owner'])
  })

  it('lets nobody change their own role, so the last owner stays an owner', async () => {
    const cast = await organizationCast(server.current)
    const { owner, admin } = await ids(cast)
    await expect(
      cast.owner.rpc.members.updateRole({ ...acme, memberId: owner, role: 'admin' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN', message: expect.stringMatching(/own role/) })
    await expect(
      cast.admin.rpc.members.updateRole({ ...acme, memberId: admin, role: 'owner' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(await rolesOf(cast.organization.id)).toEqual(['admin', 'member', 'owner'])
  })

  it('refuses members, unknown ids and another organization’s members', async () => {
    const cast = await organizationCast(server.current)
    const { admin } = await ids(cast)
    await expect(
      cast.member.rpc.members.updateRole({ ...acme, memberId: admin, role: 'member' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(
      cast.owner.rpc.members.updateRole({ ...acme, memberId: 'nobody', role: 'member' }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const { id: globexId } = await cast.stranger.rpc.organizations.create({
      name: 'Globex',
      slug: 'globex',
    })
    const [globexOwner] = await server.current.headmark.db
      .select({ id: member.id })
      .from(member)
      .where(eq(member.organizationId, globexId))
    await expect(
      cast.owner.rpc.members.updateRole({
        ...acme,
        memberId: globexOwner?.id ?? '',
        role: 'member',
      }),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await rolesOf(globexId)).toEqual(['owner'])
  })

  it('keeps one owner when two owners demote each other at the same time', async () => {
    const cast = await organizationCast(server.current)
    const { owner, admin } = await ids(cast)
    await cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'owner' })
    for (let round = 0; round < 3; round++) {
      const results = await Promise.allSettled([
        cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'member' }),
        cast.admin.rpc.members.updateRole({ ...acme, memberId: owner, role: 'member' }),
      ])
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
      const [refused] = results.filter((r) => r.status === 'rejected')
      expect(refused?.reason).toMatchObject({ status: expect.any(Number) })
      expect((refused?.reason as { status: number }).status).toBeLessThan(500)
      expect((await rolesOf(cast.organization.id)).filter((r) => r === 'owner')).toHaveLength(1)
      // Restore two owners for the next round, by whoever is the owner now.
      const [winner] = await server.current.headmark.db
        .select({ id: member.id })
        .from(member)
        .where(and(eq(member.organizationId, cast.organization.id), eq(member.role, 'owner')))
      const winnerVisitor = winner?.id === owner ? cast.owner : cast.admin
      await winnerVisitor.rpc.members.updateRole({
        ...acme,
        memberId: winner?.id === owner ? admin : owner,
        role: 'owner',
      })
    }
  })
})

describe('members.remove', () => {
  it('lets an admin remove a member, who then loses access', async () => {
    const cast = await organizationCast(server.current)
    const { member: memberId } = await ids(cast)
    expect(await cast.admin.rpc.members.remove({ ...acme, memberId })).toEqual({ id: memberId })
    await expect(cast.member.rpc.members.list(acme)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    expect(await rolesOf(cast.organization.id)).toEqual(['admin', 'owner'])
  })

  it('lets only owners remove owners, nobody remove themselves, and members remove nobody', async () => {
    const cast = await organizationCast(server.current)
    const { owner, admin, member: memberId } = await ids(cast)
    await expect(cast.admin.rpc.members.remove({ ...acme, memberId: owner })).rejects.toMatchObject(
      { code: 'FORBIDDEN' },
    )
    await expect(
      cast.member.rpc.members.remove({ ...acme, memberId: admin }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(cast.owner.rpc.members.remove({ ...acme, memberId: owner })).rejects.toMatchObject(
      { code: 'BAD_REQUEST', message: expect.stringMatching(/leave the organization/) },
    )
    expect(await rolesOf(cast.organization.id)).toEqual(['admin', 'member', 'owner'])
    // A second owner can be removed by the first.
    await cast.owner.rpc.members.updateRole({ ...acme, memberId, role: 'owner' })
    await cast.owner.rpc.members.remove({ ...acme, memberId })
    expect(await rolesOf(cast.organization.id)).toEqual(['admin', 'owner'])
  })

  it('keeps one owner when two owners remove each other at the same time', async () => {
    const cast = await organizationCast(server.current)
    const { owner, admin } = await ids(cast)
    await cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'owner' })
    const results = await Promise.allSettled([
      cast.owner.rpc.members.remove({ ...acme, memberId: admin }),
      cast.admin.rpc.members.remove({ ...acme, memberId: owner }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(await rolesOf(cast.organization.id)).toEqual(['member', 'owner'])
  })
})

describe('members.leave', () => {
  it('lets a member leave', async () => {
    const cast = await organizationCast(server.current)
    const { member: memberId } = await ids(cast)
    expect(await cast.member.rpc.members.leave(acme)).toEqual({ id: memberId })
    expect(await cast.member.rpc.auth.getOrganizations()).toEqual([])
  })

  it('refuses the last owner, until someone else is an owner', async () => {
    const cast = await organizationCast(server.current)
    const { admin } = await ids(cast)
    await expect(cast.owner.rpc.members.leave(acme)).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message:
        'An organization needs at least one owner: you are its only owner. Make another member an owner first, or delete the organization.',
    })
    await cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'owner' })
    await cast.owner.rpc.members.leave(acme)
    expect(await rolesOf(cast.organization.id)).toEqual(['member', 'owner'])
  })

  it('keeps one owner when both owners leave at the same time', async () => {
    const { cast } = await withTwoOwners()
    const results = await Promise.allSettled([
      cast.owner.rpc.members.leave(acme),
      cast.admin.rpc.members.leave(acme),
    ])
    expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1)
    expect(results.find((r) => r.status === 'rejected')).toMatchObject({
      reason: { code: 'CONFLICT' },
    })
    expect(await rolesOf(cast.organization.id)).toEqual(['member', 'owner'])
  })

  it('refuses deleting the account of the last owner, not of a second owner', async () => {
    const cast = await organizationCast(server.current)
    const { admin } = await ids(cast)
    const password = { password: 'correct horse battery' }
    expect((await cast.owner.post('/api/auth/delete-user', password)).status).toBe(400)
    await cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'owner' })
    expect((await cast.owner.post('/api/auth/delete-user', password)).status).toBe(200)
    expect(await rolesOf(cast.organization.id)).toEqual(['member', 'owner'])
    expect((await cast.admin.post('/api/auth/delete-user', password)).status).toBe(400)
  })
})

describe('an organization keeps an owner when accounts are deleted', () => {
  const password = { password: 'correct horse battery' }

  it('of two owners deleting their accounts at the same moment, one is refused', async () => {
    const { cast } = await withTwoOwners()
    const statuses = await Promise.all([
      cast.owner.post('/api/auth/delete-user', password).then((r) => r.status),
      cast.admin.post('/api/auth/delete-user', password).then((r) => r.status),
    ])
    expect(statuses.sort()).toEqual([200, 400])
    expect(await rolesOf(cast.organization.id)).toEqual(['member', 'owner'])
  })

  it('an owner deleting their account while demoting the other owner leaves one of them owner', async () => {
    const { cast, admin } = await withTwoOwners()
    const results = await Promise.allSettled([
      cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'member' }),
      cast.owner.post('/api/auth/delete-user', password).then((r) => r.status),
    ])
    const roles = await rolesOf(cast.organization.id)
    expect(roles.filter((role) => role === 'owner')).toHaveLength(1)
    // Either the demotion went first and the deletion was refused, or the other way round.
    const [demotion, deletion] = results
    if (demotion.status === 'fulfilled') {
      expect(deletion).toEqual({ status: 'fulfilled', value: 400 })
      expect(roles).toEqual(['member', 'member', 'owner'])
    } else {
      expect(deletion).toEqual({ status: 'fulfilled', value: 200 })
      expect(roles).toEqual(['member', 'owner'])
    }
  })

  it('a platform admin can not delete an organization’s only owner; a second owner goes with their memberships', async () => {
    const cast = await organizationCast(server.current)
    const ops = await signedUpVisitor(server.current, { name: 'Ops', email: 'ops@example.com' })
    await grantPlatformAdmin(server.current.headmark.db, 'ops@example.com')
    const ownerId = (await cast.owner.rpc.auth.getSession()).user?.id
    const adminId = (await cast.admin.rpc.auth.getSession()).user?.id

    const refused = await ops.post('/api/auth/admin/remove-user', { userId: ownerId })
    expect(refused.status).toBe(400)
    expect(await refused.json()).toMatchObject({
      code: 'LAST_OWNER',
      message:
        'This user is the only owner of “Acme”. Make another member an owner, or delete the organization, before deleting the user.',
    })
    expect(await rolesOf(cast.organization.id)).toEqual(['admin', 'member', 'owner'])
    expect((await cast.owner.rpc.auth.getSession()).user?.id).toBe(ownerId)

    const { admin } = await ids(cast)
    await cast.owner.rpc.members.updateRole({ ...acme, memberId: admin, role: 'owner' })
    expect((await ops.post('/api/auth/admin/remove-user', { userId: ownerId })).status).toBe(200)
    expect(await rolesOf(cast.organization.id)).toEqual(['member', 'owner'])
    expect((await ops.post('/api/auth/admin/remove-user', { userId: adminId })).status).toBe(400)
  })
})

describe('better-auth’s own member endpoints', () => {
  it('are closed: roles, removals and leaving go through the rules above', async () => {
    const cast = await organizationCast(server.current)
    const { owner, member: memberId } = await ids(cast)
    const organizationId = cast.organization.id
    const calls: Array<[Visitor, string, object]> = [
      [cast.owner, 'update-member-role', { organizationId, memberId: owner, role: 'member' }],
      [cast.admin, 'update-member-role', { organizationId, memberId: owner, role: 'member' }],
      [cast.admin, 'update-member-role', { organizationId, memberId, role: 'owner' }],
      [cast.admin, 'remove-member', { organizationId, memberIdOrEmail: 'owner@example.com' }],
      [cast.owner, 'leave', { organizationId }],
      [cast.owner, 'add-member', { organizationId, userId: 'x', role: 'owner' }],
    ]
    for (const [visitor, endpoint, body] of calls) {
      const response = await visitor.post(`/api/auth/organization/${endpoint}`, body)
      expect(response.status, endpoint).toBe(404)
    }
    expect(await rolesOf(organizationId)).toEqual(['admin', 'member', 'owner'])
  })

  it('let only owners invite owners through invite-member', async () => {
    const cast = await organizationCast(server.current)
    const body = { organizationId: cast.organization.id, email: 'boss@example.com', role: 'owner' }
    const byAdmin = await cast.admin.post('/api/auth/organization/invite-member', body)
    expect(byAdmin.status).toBe(403)
    const byMember = await cast.member.post('/api/auth/organization/invite-member', {
      ...body,
      role: 'member',
    })
    expect(byMember.status).toBe(403)
    const byOwner = await cast.owner.post('/api/auth/organization/invite-member', body)
    expect(byOwner.status).toBe(200)
  })

  it('let only owners cancel an invitation to become owner through cancel-invitation', async () => {
    const cast = await organizationCast(server.current)
    const { id } = await cast.owner.rpc.invitations.create({
      ...acme,
      email: 'boss@example.com',
      role: 'owner',
    })
    const byAdmin = await cast.admin.post('/api/auth/organization/cancel-invitation', {
      invitationId: id,
    })
    expect(byAdmin.status).toBe(403)
    expect(await cast.owner.rpc.members.listInvitations(acme)).toHaveLength(1)
    const byOwner = await cast.owner.post('/api/auth/organization/cancel-invitation', {
      invitationId: id,
    })
    expect(byOwner.status).toBe(200)
    expect(await cast.owner.rpc.members.listInvitations(acme)).toEqual([])
  })
})
