import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { invite, organizationCast } from '../../test/organization.ts'
import { useTestServer } from '../../test/server.ts'
import { signedUpVisitor, Visitor } from '../../test/visitor.ts'
import { invitation } from '../db/schema.ts'

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
