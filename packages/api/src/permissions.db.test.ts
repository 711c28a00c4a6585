import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { invite, organizationCast } from '../test/organization.ts'
import { useTestServer } from '../test/server.ts'
import type { Visitor } from '../test/visitor.ts'
import { user } from './db/schema.ts'

const server = useTestServer()

type Role = 'owner' | 'admin' | 'member'

// The spec's organization roles, resource by resource.
const organizationCases: Array<[string, Record<string, string[]>, Record<Role, boolean>]> = [
  [
    'update the organization',
    { organization: ['update'] },
    { owner: true, admin: true, member: false },
  ],
  [
    'delete the organization',
    { organization: ['delete'] },
    { owner: true, admin: false, member: false },
  ],
  ...(['member', 'invitation', 'team', 'site'] as const).flatMap((resource) =>
    (['create', 'update', 'delete'] as const).map(
      (action): [string, Record<string, string[]>, Record<Role, boolean>] => [
        `${action} ${resource}s`,
        { [resource]: [action] },
        { owner: true, admin: true, member: false },
      ],
    ),
  ),
]

async function hasPermission(visitor: Visitor, organizationId: string, permissions: object) {
  const response = await visitor.post('/api/auth/organization/has-permission', {
    organizationId,
    permissions,
  })
  expect(response.status).toBe(200)
  return ((await response.json()) as { success: boolean }).success
}

describe('organization roles, as better-auth enforces them', () => {
  it.each(organizationCases)('%s', async (_name, permissions, allowed) => {
    const cast = await organizationCast(server.current)
    for (const role of ['owner', 'admin', 'member'] as const) {
      expect(await hasPermission(cast[role], cast.organization.id, permissions), role).toBe(
        allowed[role],
      )
    }
  })

  it('lets owners and admins cancel invitations through better-auth, but not members', async () => {
    const { owner, admin, member, organization } = await organizationCast(server.current)
    const first = await invite(owner, organization.id, 'first@example.com', 'member')
    const second = await invite(owner, organization.id, 'second@example.com', 'member')

    const byMember = await member.post('/api/auth/organization/cancel-invitation', {
      invitationId: first,
    })
    expect(byMember.status).toBe(403)
    expect(
      await admin.post('/api/auth/organization/cancel-invitation', { invitationId: first }),
    ).toHaveProperty('status', 200)
    expect(
      await owner.post('/api/auth/organization/cancel-invitation', { invitationId: second }),
    ).toHaveProperty('status', 200)
  })

  it('lets only the owner delete the organization (organizations.delete)', async () => {
    const { owner, admin, member } = await organizationCast(server.current)
    const input = { organizationSlug: 'acme', confirmSlug: 'acme' }
    await expect(member.rpc.organizations.delete(input)).rejects.toMatchObject({ status: 403 })
    await expect(admin.rpc.organizations.delete(input)).rejects.toMatchObject({ status: 403 })
    expect(await owner.rpc.organizations.delete(input)).toEqual({ ok: true })
    expect(await owner.rpc.auth.getOrganizations()).toEqual([])
  })

  it('lets admins but not members rename the organization (organizations.update)', async () => {
    const { admin, member } = await organizationCast(server.current)
    const rename = (name: string) => ({ organizationSlug: 'acme', name })
    await expect(member.rpc.organizations.update(rename('Mine'))).rejects.toMatchObject({
      status: 403,
    })
    await admin.rpc.organizations.update(rename('Acme Ltd'))
    expect((await admin.rpc.auth.getOrganization({ organizationSlug: 'acme' })).name).toBe(
      'Acme Ltd',
    )
  })
})

describe('platform roles', () => {
  // Spelled out rather than imported, so the test pins the spec, not the implementation.
  const userActions = [
    'create',
    'list',
    'set-role',
    'ban',
    'impersonate',
    'delete',
    'set-password',
  ] as const
  const sessionActions = ['list', 'revoke', 'delete'] as const

  it.each([
    ['admin', true],
    ['user', false],
  ] as const)('%s: user and session administration allowed = %s', async (role, allowed) => {
    const { auth } = server.current.headmark
    for (const action of userActions) {
      const { success } = await auth.api.userHasPermission({
        body: { role, permissions: { user: [action] } },
      })
      expect(success, `user:${action}`).toBe(allowed)
    }
    for (const action of sessionActions) {
      const { success } = await auth.api.userHasPermission({
        body: { role, permissions: { session: [action] } },
      })
      expect(success, `session:${action}`).toBe(allowed)
    }
  })

  it('lets a platform admin list users over HTTP; an ordinary user gets 404', async () => {
    const { owner, member } = await organizationCast(server.current)
    await server.current.headmark.db
      .update(user)
      .set({ role: 'admin' })
      .where(eq(user.email, 'owner@example.com'))

    expect((await member.fetch('/api/auth/admin/list-users')).status).toBe(404)
    const response = await owner.fetch('/api/auth/admin/list-users')
    expect(response.status).toBe(200)
    const { users } = (await response.json()) as { users: Array<{ email: string }> }
    expect(users.map((u) => u.email).sort()).toEqual([
      'admin@example.com',
      'member@example.com',
      'owner@example.com',
      'sam@example.com',
    ])
  })
})
