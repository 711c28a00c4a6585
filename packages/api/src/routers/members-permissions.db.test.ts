import { randomUUID } from 'node:crypto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { type OrganizationCast, organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, Visitor } from '../../test/visitor.ts'
import { invitation, member, user } from '../db/schema.ts'

// Who may call each procedure of members and invitations: stranger, member, admin and owner of
// Acme, each in Acme ("own") and reaching for Globex ("foreign": Globex's slug, or Acme's slug
// with Globex's member or invitation id). Strangers and foreign ids get NOT_FOUND; members get
// FORBIDDEN where only owners and admins may.

const server = useTestServer()

type Role = 'stranger' | 'member' | 'admin' | 'owner'
const roles: Role[] = ['stranger', 'member', 'admin', 'owner']
const acme = { organizationSlug: 'acme' }
const globex = { organizationSlug: 'globex' }

interface Cast extends OrganizationCast {
  other: { organizationId: string; ownerMemberId: string; invitationId: string }
}

interface Case {
  adminsOnly: boolean
  /** Expected outcomes in Acme that differ from the rule (e.g. the last owner can not leave). */
  ownExceptions?: Partial<Record<Role, string>>
  own(cast: Cast, visitor: Visitor, role: Role): Promise<unknown>
  foreign(cast: Cast, visitor: Visitor): Array<Promise<unknown>>
}

/** Someone who joined Acme as a member (written directly: the test is about who removes them). */
async function extraMember(cast: Cast): Promise<string> {
  const { db } = server.current.headmark
  const userId = randomUUID()
  await db.insert(user).values({
    id: userId,
    name: 'Extra',
    email: `${userId}@example.com`,
    emailVerified: true,
  })
  const id = randomUUID()
  await db
    .insert(member)
    .values({ id, organizationId: cast.organization.id, userId, role: 'member' })
  return id
}

async function memberIdOf(cast: Cast, email: string): Promise<string> {
  const [row] = await server.current.headmark.db
    .select({ id: member.id })
    .from(member)
    .innerJoin(user, eq(user.id, member.userId))
    .where(eq(user.email, email))
  return row?.id ?? ''
}

/** A pending Acme invitation addressed to `email`, written directly. */
async function pendingInvitation(cast: Cast, email: string): Promise<string> {
  const [ownerRow] = await server.current.headmark.db
    .select({ userId: member.userId })
    .from(member)
    .where(eq(member.id, await memberIdOf(cast, 'owner@example.com')))
  const id = randomUUID()
  await server.current.headmark.db.insert(invitation).values({
    id,
    organizationId: cast.organization.id,
    email,
    role: 'member',
    status: 'pending',
    inviterId: ownerRow?.userId ?? '',
    expiresAt: new Date(Date.now() + 3600_000),
  })
  return id
}

const emails: Record<Role, string> = {
  stranger: 'sam@example.com',
  member: 'member@example.com',
  admin: 'admin@example.com',
  owner: 'owner@example.com',
}

let n = 0
const cases: Record<string, Case> = {
  'members.list': {
    adminsOnly: false,
    own: (_, v) => v.rpc.members.list(acme),
    foreign: (_, v) => [v.rpc.members.list(globex)],
  },
  'members.listInvitations': {
    adminsOnly: false,
    own: (_, v) => v.rpc.members.listInvitations(acme),
    foreign: (_, v) => [v.rpc.members.listInvitations(globex)],
  },
  'members.updateRole': {
    adminsOnly: true,
    async own(cast, v) {
      const memberId = await extraMember(cast)
      return v.rpc.members.updateRole({ ...acme, memberId, role: 'admin' })
    },
    foreign: ({ other }, v) => [
      v.rpc.members.updateRole({ ...globex, memberId: other.ownerMemberId, role: 'member' }),
      v.rpc.members.updateRole({ ...acme, memberId: other.ownerMemberId, role: 'member' }),
    ],
  },
  'members.remove': {
    adminsOnly: true,
    async own(cast, v) {
      const memberId = await extraMember(cast)
      return v.rpc.members.remove({ ...acme, memberId })
    },
    foreign: ({ other }, v) => [
      v.rpc.members.remove({ ...globex, memberId: other.ownerMemberId }),
      v.rpc.members.remove({ ...acme, memberId: other.ownerMemberId }),
    ],
  },
  'members.leave': {
    adminsOnly: false,
    // Acme's only owner can not leave.
    ownExceptions: { owner: 'CONFLICT' },
    own: (_, v) => v.rpc.members.leave(acme),
    foreign: (_, v) => [v.rpc.members.leave(globex)],
  },
  'invitations.create': {
    adminsOnly: true,
    own: (_, v) =>
      v.rpc.invitations.create({ ...acme, email: `new-${n++}@example.com`, role: 'member' }),
    foreign: (_, v) => [
      v.rpc.invitations.create({ ...globex, email: `new-${n++}@example.com`, role: 'member' }),
    ],
  },
  'invitations.cancel': {
    adminsOnly: true,
    async own(cast, v) {
      const invitationId = await pendingInvitation(cast, `c-${n++}@example.com`)
      return v.rpc.invitations.cancel({ ...acme, invitationId })
    },
    foreign: ({ other }, v) => [
      v.rpc.invitations.cancel({ ...globex, invitationId: other.invitationId }),
      v.rpc.invitations.cancel({ ...acme, invitationId: other.invitationId }),
    ],
  },
  'invitations.resend': {
    adminsOnly: true,
    async own(cast, v) {
      const invitationId = await pendingInvitation(cast, `r-${n++}@example.com`)
      return v.rpc.invitations.resend({ ...acme, invitationId })
    },
    foreign: ({ other }, v) => [
      v.rpc.invitations.resend({ ...globex, invitationId: other.invitationId }),
      v.rpc.invitations.resend({ ...acme, invitationId: other.invitationId }),
    ],
  },
  'invitations.accept': {
    adminsOnly: false,
    // "Own" is an invitation addressed to the caller: anyone may answer theirs.
    ownExceptions: { stranger: 'ok' },
    async own(cast, v, role) {
      const invitationId = await pendingInvitation(cast, emails[role])
      return v.rpc.invitations.accept({ invitationId })
    },
    foreign: ({ other }, v) => [v.rpc.invitations.accept({ invitationId: other.invitationId })],
  },
  'invitations.reject': {
    adminsOnly: false,
    ownExceptions: { stranger: 'ok' },
    async own(cast, v, role) {
      const invitationId = await pendingInvitation(cast, emails[role])
      return v.rpc.invitations.reject({ invitationId })
    },
    foreign: ({ other }, v) => [v.rpc.invitations.reject({ invitationId: other.invitationId })],
  },
}

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call
    return 'ok'
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
}

async function castWithGlobex(): Promise<Cast> {
  const cast = await organizationCast(server.current)
  const gina = await signedUpVisitor(server.current, { name: 'Gina', email: 'gina@example.com' })
  const { id: organizationId } = await gina.rpc.organizations.create({
    name: 'Globex',
    slug: 'globex',
  })
  const { id: invitationId } = await gina.rpc.invitations.create({
    ...globex,
    email: 'guest@example.com',
    role: 'member',
  })
  const other = {
    organizationId,
    ownerMemberId: '',
    invitationId,
  }
  const withOther = { ...cast, other }
  other.ownerMemberId = await memberIdOf(withOther, 'gina@example.com')
  return withOther
}

describe('who may call the members and invitations procedures', () => {
  it.each(Object.entries(cases))('%s', async (name, testCase) => {
    const cast = await castWithGlobex()
    const seen: Record<string, string> = {}
    const expected: Record<string, string> = {}
    for (const role of roles) {
      seen[`${role} own`] = await outcome(testCase.own(cast, cast[role], role))
      expected[`${role} own`] =
        testCase.ownExceptions?.[role] ??
        (role === 'stranger'
          ? 'NOT_FOUND'
          : role === 'member' && testCase.adminsOnly
            ? 'FORBIDDEN'
            : 'ok')
      const foreign = await Promise.all(testCase.foreign(cast, cast[role]).map(outcome))
      for (const [index, result] of foreign.entries()) {
        seen[`${role} foreign ${index}`] = result
        // Through Acme's own slug a member is refused by role before the id is looked up.
        const refusedByRole = role === 'member' && testCase.adminsOnly && index > 0
        expected[`${role} foreign ${index}`] = refusedByRole ? 'FORBIDDEN' : 'NOT_FOUND'
      }
    }
    expect(seen, name).toEqual(expected)

    // Nothing of Globex's moved.
    const { db } = server.current.headmark
    const globexMembers = await db
      .select({ role: member.role })
      .from(member)
      .where(eq(member.organizationId, cast.other.organizationId))
    expect(globexMembers).toEqual([{ role: 'owner' }])
    const [guest] = await db
      .select({ status: invitation.status, expiresAt: invitation.expiresAt })
      .from(invitation)
      .where(eq(invitation.id, cast.other.invitationId))
    expect(guest?.status).toBe('pending')
    expect(await server.current.headmark.mailbox?.list({ to: 'guest@example.com' })).toHaveLength(1)
  })

  it('refuses anonymous callers with UNAUTHORIZED', async () => {
    const cast = await castWithGlobex()
    const anonymous = new Visitor(server.current.origin)
    const calls = [
      anonymous.rpc.members.list(acme),
      anonymous.rpc.members.listInvitations(acme),
      anonymous.rpc.members.updateRole({ ...acme, memberId: 'x', role: 'member' }),
      anonymous.rpc.members.remove({ ...acme, memberId: 'x' }),
      anonymous.rpc.members.leave(acme),
      anonymous.rpc.invitations.create({ ...acme, email: 'a@example.com', role: 'member' }),
      anonymous.rpc.invitations.cancel({ ...acme, invitationId: cast.other.invitationId }),
      anonymous.rpc.invitations.resend({ ...acme, invitationId: cast.other.invitationId }),
      anonymous.rpc.invitations.accept({ invitationId: cast.other.invitationId }),
      anonymous.rpc.invitations.reject({ invitationId: cast.other.invitationId }),
    ]
    expect(await Promise.all(calls.map(outcome))).toEqual(calls.map(() => 'UNAUTHORIZED'))
  })
})
