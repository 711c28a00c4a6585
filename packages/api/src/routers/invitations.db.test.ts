import { and, eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { edgeRefusal, hostileLengths, hostileTexts } from '../../test/corpus.ts'
import { invite, organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { latestLink, signedUpVisitor, Visitor } from '../../test/visitor.ts'
import { invitation, member } from '../db/schema.ts'

const server = useTestServer()

describe('invitations procedures', () => {
  it('lists the pending invitations addressed to the caller and fetches one of them', async () => {
    const { owner, organization } = await organizationCast(server.current)
    const invitationId = await invite(owner, organization.id, 'new@example.com', 'admin')

    const newcomer = await signedUpVisitor(server.current, {
      name: 'Nina',
      email: 'new@example.com',
    })
    const expected = {
      id: invitationId,
      organizationName: 'Acme',
      organizationSlug: 'acme',
      role: 'admin',
      inviterName: 'Olive Owner',
      inviterEmail: 'owner@example.com',
      expiresAt: expect.any(Date),
    }
    expect(await newcomer.rpc.invitations.list()).toEqual([expected])
    expect(await newcomer.rpc.invitations.get({ invitationId })).toEqual(expected)
    expect(newcomer.rpcRequests).toEqual([
      'GET /api/rpc/invitations/list',
      'GET /api/rpc/invitations/get',
    ])

    const [mail] = (await server.current.headmark.mailbox?.list({ to: 'new@example.com' })) ?? []
    expect(mail).toBeDefined()
  })

  it('sends the invitee an e-mail with a link to the invitation page', async () => {
    const { owner, organization } = await organizationCast(server.current)
    const invitationId = await invite(owner, organization.id, 'new@example.com', 'member')
    const [mail] = (await server.current.headmark.mailbox?.list({ to: 'new@example.com' })) ?? []
    expect(mail?.subject).toBe('Olive Owner invited you to Acme on Headmark')
    expect(mail?.text).toContain(`${server.current.origin}/app/invitations/${invitationId}`)
  })

  it('hides invitations addressed to someone else, answered or expired', async () => {
    const { owner, organization, stranger, admin } = await organizationCast(server.current)
    const forOther = await invite(owner, organization.id, 'other@example.com', 'member')
    expect(await stranger.rpc.invitations.list()).toEqual([])
    await expect(stranger.rpc.invitations.get({ invitationId: forOther })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      status: 404,
    })
    await expect(stranger.rpc.invitations.get({ invitationId: 'unknown' })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })

    const expired = await invite(owner, organization.id, 'sam@example.com', 'member')
    await server.current.headmark.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, expired))
    expect(await stranger.rpc.invitations.list()).toEqual([])

    // Accepted invitations (the admin's and the member's) are no longer pending either.
    expect(await admin.rpc.invitations.list()).toEqual([])
  })

  it('is refused to anonymous visitors', async () => {
    const anonymous = new Visitor(server.current.origin)
    await expect(anonymous.rpc.invitations.list()).rejects.toMatchObject({ code: 'UNAUTHORIZED' })
  })
})

const acme = { organizationSlug: 'acme' }

async function mailsTo(email: string) {
  return (await server.current.headmark.mailbox?.list({ to: email })) ?? []
}

async function statusOf(id: string): Promise<string | undefined> {
  const [row] = await server.current.headmark.db
    .select({ status: invitation.status })
    .from(invitation)
    .where(eq(invitation.id, id))
  return row?.status
}

describe('invitations.create', () => {
  it('invites by e-mail for 48 hours; the invitee signs up from the link and accepts', async () => {
    const { owner, organization } = await organizationCast(server.current)
    const before = Date.now()
    const created = await owner.rpc.invitations.create({
      ...acme,
      email: '  Nina@Example.com ',
      role: 'admin',
    })
    expect(created).toMatchObject({
      email: 'nina@example.com',
      role: 'admin',
      inviterName: 'Olive Owner',
      expired: false,
    })
    const lifetime = created.expiresAt.getTime() - before
    expect(lifetime).toBeGreaterThan(48 * 3600_000 - 60_000)
    expect(lifetime).toBeLessThanOrEqual(48 * 3600_000 + 60_000)
    expect(await owner.rpc.members.listInvitations(acme)).toEqual([created])

    const [mail] = await mailsTo('nina@example.com')
    expect(mail?.subject).toBe('Olive Owner invited you to Acme on Headmark')
    const link = await latestLink(server.current, 'nina@example.com')
    expect(link).toBe(`${server.current.origin}/app/invitations/${created.id}`)

    const nina = await signedUpVisitor(server.current, { name: 'Nina', email: 'nina@example.com' })
    expect(await nina.rpc.invitations.get({ invitationId: created.id })).toMatchObject({
      organizationName: 'Acme',
      inviterName: 'Olive Owner',
      role: 'admin',
    })
    expect(await nina.rpc.invitations.accept({ invitationId: created.id })).toEqual({
      organizationSlug: 'acme',
    })
    const [joined] = await server.current.headmark.db
      .select({ role: member.role })
      .from(member)
      .innerJoin(invitation, eq(invitation.organizationId, member.organizationId))
      .where(and(eq(invitation.id, created.id), eq(member.organizationId, organization.id)))
    expect(joined).toBeDefined()
    expect((await nina.rpc.members.list(acme)).find((m) => m.name === 'Nina')?.role).toBe('admin')
    expect(await nina.rpc.invitations.list()).toEqual([])
    expect(await owner.rpc.members.listInvitations(acme)).toEqual([])
    // Used up: a second accept finds nothing.
    await expect(nina.rpc.invitations.accept({ invitationId: created.id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
  })

  it('refuses someone already a member, and a second pending invitation, with CONFLICT', async () => {
    const { owner, admin } = await organizationCast(server.current)
    await expect(
      admin.rpc.invitations.create({ ...acme, email: 'MEMBER@example.com', role: 'member' }),
    ).rejects.toMatchObject({
      code: 'CONFLICT',
      status: 409,
      message: 'member@example.com is already a member of Acme.',
    })
    await owner.rpc.invitations.create({ ...acme, email: 'nina@example.com', role: 'member' })
    await expect(
      admin.rpc.invitations.create({ ...acme, email: 'nina@example.com', role: 'admin' }),
    ).rejects.toMatchObject({ code: 'CONFLICT', message: expect.stringMatching(/Resend/) })
    expect(await owner.rpc.members.listInvitations(acme)).toHaveLength(1)
    expect(await mailsTo('nina@example.com')).toHaveLength(1)
  })

  it('replaces an expired invitation to the same address', async () => {
    const { owner } = await organizationCast(server.current)
    const first = await owner.rpc.invitations.create({
      ...acme,
      email: 'n@example.com',
      role: 'member',
    })
    await server.current.headmark.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, first.id))
    const second = await owner.rpc.invitations.create({
      ...acme,
      email: 'n@example.com',
      role: 'admin',
    })
    expect(await statusOf(first.id)).toBe('canceled')
    expect((await owner.rpc.members.listInvitations(acme)).map((i) => i.id)).toEqual([second.id])
  })

  it('lets only owners invite owners, and members invite nobody', async () => {
    const { owner, admin, member: plain } = await organizationCast(server.current)
    await expect(
      admin.rpc.invitations.create({ ...acme, email: 'boss@example.com', role: 'owner' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    await expect(
      plain.rpc.invitations.create({ ...acme, email: 'friend@example.com', role: 'member' }),
    ).rejects.toMatchObject({ code: 'FORBIDDEN' })
    expect(await mailsTo('boss@example.com')).toEqual([])
    const boss = await owner.rpc.invitations.create({
      ...acme,
      email: 'boss@example.com',
      role: 'owner',
    })
    expect(boss.role).toBe('owner')
  })

  it('escapes the names in the e-mail', async () => {
    const { owner } = await organizationCast(server.current)
    const renamed = await owner.post('/api/auth/update-user', {
      name: '<img src=x onerror=alert(1)> Olive',
    })
    expect(renamed.status).toBe(200)
    await owner.rpc.invitations.create({ ...acme, email: 'n@example.com', role: 'member' })
    const [mail] = await mailsTo('n@example.com')
    expect(mail?.html).not.toContain('<img')
    expect(mail?.html).toContain('&lt;img src=x onerror=alert(1)&gt; Olive invited you')
    expect(mail?.subject).toBe('<img src=x onerror=alert(1)> Olive invited you to Acme on Headmark')
  })

  it('refuses hostile e-mail addresses and roles with a 4xx, never a 500 or a stored row', async () => {
    const { owner } = await organizationCast(server.current)
    const accepted: string[] = []
    const inputs = [
      ...hostileTexts().flatMap((text) => [text, `${text}@example.com`, `ada@${text}`]),
      ...hostileLengths().map((length) => `${'a'.repeat(length)}@example.com`),
    ]
    for (const email of inputs) {
      const result = await owner.rpc.invitations.create({ ...acme, email, role: 'member' }).then(
        (created) => created,
        (error: unknown) => error as { status: number; code: string },
      )
      if ('id' in result) {
        accepted.push(result.email)
        continue
      }
      const refused = edgeRefusal(JSON.stringify(email))
      expect(result, email.slice(0, 80)).toMatchObject(refused ?? { code: 'BAD_REQUEST' })
    }
    // What passes is a plain address, stored as typed (lowercased).
    for (const email of accepted) expect(email).toMatch(/^[^\s<>"'()]+@[a-z0-9.-]+$/)
    for (const role of hostileTexts()) {
      // A role outside the enum, as a hostile client would send it.
      const input = { ...acme, email: 'n@example.com', role: role as 'member' }
      const status = await owner.rpc.invitations.create(input).then(
        () => 200,
        (error: unknown) => (error as { status: number }).status,
      )
      expect(status, role).toBeGreaterThanOrEqual(400)
      expect(status, role).toBeLessThan(500)
    }
    expect((await owner.rpc.members.listInvitations(acme)).length).toBe(accepted.length)
  })
})

describe('invitations.cancel and invitations.resend', () => {
  it('cancels a pending invitation: the invitee can no longer see or accept it', async () => {
    const { owner, admin } = await organizationCast(server.current)
    const { id } = await owner.rpc.invitations.create({
      ...acme,
      email: 'n@example.com',
      role: 'member',
    })
    expect(await admin.rpc.invitations.cancel({ ...acme, invitationId: id })).toEqual({ id })
    expect(await statusOf(id)).toBe('canceled')
    const nina = await signedUpVisitor(server.current, { name: 'Nina', email: 'n@example.com' })
    await expect(nina.rpc.invitations.accept({ invitationId: id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(admin.rpc.invitations.cancel({ ...acme, invitationId: id })).rejects.toMatchObject(
      {
        code: 'NOT_FOUND',
      },
    )
  })

  it('lets only owners cancel or resend an invitation to become owner', async () => {
    const { owner, admin } = await organizationCast(server.current)
    const { id } = await owner.rpc.invitations.create({
      ...acme,
      email: 'b@example.com',
      role: 'owner',
    })
    await expect(admin.rpc.invitations.cancel({ ...acme, invitationId: id })).rejects.toMatchObject(
      {
        code: 'FORBIDDEN',
      },
    )
    await expect(admin.rpc.invitations.resend({ ...acme, invitationId: id })).rejects.toMatchObject(
      {
        code: 'FORBIDDEN',
      },
    )
    expect(await statusOf(id)).toBe('pending')
  })

  it('resends the e-mail and renews an expired invitation for 48 hours', async () => {
    const { owner, admin } = await organizationCast(server.current)
    const { id } = await owner.rpc.invitations.create({
      ...acme,
      email: 'n@example.com',
      role: 'member',
    })
    await server.current.headmark.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id))
    const resent = await admin.rpc.invitations.resend({ ...acme, invitationId: id })
    expect(resent.expiresAt.getTime()).toBeGreaterThan(Date.now() + 47 * 3600_000)
    const mails = await mailsTo('n@example.com')
    expect(mails).toHaveLength(2)
    expect(mails[0]?.subject).toBe('admin person invited you to Acme on Headmark')
    expect(await owner.rpc.members.listInvitations(acme)).toEqual([
      expect.objectContaining({ id, expired: false }),
    ])
  })
})

describe('invitations.accept and invitations.reject', () => {
  it('rejects: the invitation is gone and nobody joins', async () => {
    const { owner, organization } = await organizationCast(server.current)
    const { id } = await owner.rpc.invitations.create({
      ...acme,
      email: 'n@example.com',
      role: 'admin',
    })
    const nina = await signedUpVisitor(server.current, { name: 'Nina', email: 'n@example.com' })
    expect(await nina.rpc.invitations.reject({ invitationId: id })).toEqual({ id })
    expect(await statusOf(id)).toBe('rejected')
    expect(await nina.rpc.invitations.list()).toEqual([])
    await expect(nina.rpc.members.list(acme)).rejects.toMatchObject({ code: 'NOT_FOUND' })
    const members = await server.current.headmark.db
      .select()
      .from(member)
      .where(eq(member.organizationId, organization.id))
    expect(members).toHaveLength(3)
  })

  it('answers NOT_FOUND to someone else, and for an expired invitation', async () => {
    const { owner, stranger } = await organizationCast(server.current)
    const { id } = await owner.rpc.invitations.create({
      ...acme,
      email: 'n@example.com',
      role: 'admin',
    })
    await expect(stranger.rpc.invitations.accept({ invitationId: id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(stranger.rpc.invitations.reject({ invitationId: id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    await expect(owner.rpc.invitations.accept({ invitationId: id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
    })
    expect(await statusOf(id)).toBe('pending')
    await server.current.headmark.db
      .update(invitation)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(invitation.id, id))
    const nina = await signedUpVisitor(server.current, { name: 'Nina', email: 'n@example.com' })
    await expect(nina.rpc.invitations.accept({ invitationId: id })).rejects.toMatchObject({
      code: 'NOT_FOUND',
      message: expect.stringMatching(/expired/),
    })
    await expect(nina.rpc.members.list(acme)).rejects.toMatchObject({ code: 'NOT_FOUND' })
  })

  it('joins once when the same invitation is accepted twice at the same time', async () => {
    const { owner } = await organizationCast(server.current)
    const { id } = await owner.rpc.invitations.create({
      ...acme,
      email: 'n@example.com',
      role: 'member',
    })
    const nina = await signedUpVisitor(server.current, { name: 'Nina', email: 'n@example.com' })
    const results = await Promise.allSettled([
      nina.rpc.invitations.accept({ invitationId: id }),
      nina.rpc.invitations.accept({ invitationId: id }),
    ])
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeGreaterThanOrEqual(1)
    for (const r of results) {
      if (r.status === 'rejected') expect(r.reason).toMatchObject({ code: 'NOT_FOUND' })
    }
    expect((await owner.rpc.members.list(acme)).filter((m) => m.name === 'Nina')).toHaveLength(1)
  })
})
