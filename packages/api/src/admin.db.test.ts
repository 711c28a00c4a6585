import { eq } from 'drizzle-orm'
import { afterEach, describe, expect, it } from 'vitest'
import { useTestServer } from '../test/server.ts'
import { signedUpVisitor, Visitor } from '../test/visitor.ts'
import { grantPlatformAdmin, isPlatformAdmin } from './admin.ts'
import { user } from './db/schema.ts'

const server = useTestServer()

// Every endpoint of better-auth's admin plugin, with the method it is served with.
const adminEndpoints: Array<['GET' | 'POST', string, object?]> = [
  ['GET', '/api/auth/admin/list-users'],
  ['GET', '/api/auth/admin/get-user?id=x'],
  ['POST', '/api/auth/admin/list-user-sessions', { userId: 'x' }],
  ['POST', '/api/auth/admin/set-role', { userId: 'x', role: 'admin' }],
  [
    'POST',
    '/api/auth/admin/create-user',
    { email: 'n@example.com', password: 'p4ssword!', name: 'N' },
  ],
  ['POST', '/api/auth/admin/update-user', { userId: 'x', data: { name: 'Y' } }],
  ['POST', '/api/auth/admin/ban-user', { userId: 'x' }],
  ['POST', '/api/auth/admin/unban-user', { userId: 'x' }],
  ['POST', '/api/auth/admin/impersonate-user', { userId: 'x' }],
  ['POST', '/api/auth/admin/revoke-user-session', { sessionToken: 'x' }],
  ['POST', '/api/auth/admin/revoke-user-sessions', { userId: 'x' }],
  ['POST', '/api/auth/admin/remove-user', { userId: 'x' }],
  ['POST', '/api/auth/admin/set-user-password', { userId: 'x', newPassword: 'p4ssword!' }],
  ['POST', '/api/auth/admin/has-permission', { permissions: { user: ['list'] } }],
]

async function call(visitor: Visitor, [method, path, body]: (typeof adminEndpoints)[number]) {
  return visitor.fetch(path, {
    method,
    ...(body
      ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
      : {}),
  })
}

describe('platform admin', () => {
  afterEach(() => {
    server.current.headmark.env.adminEmails.length = 0
  })

  it.each(adminEndpoints)(
    '%s %s answers 404 to anonymous visitors and ordinary users',
    async (...endpoint) => {
      const ordinary = await signedUpVisitor(server.current, {
        name: 'Sam',
        email: 'sam@example.com',
      })
      const anonymous = new Visitor(server.current.origin)
      expect((await call(anonymous, endpoint)).status).toBe(404)
      expect((await call(ordinary, endpoint)).status).toBe(404)
    },
  )

  it('answers a platform admin', async () => {
    const admin = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    expect(await grantPlatformAdmin(server.current.headmark.db, 'ADA@example.com')).toBe(true)
    const response = await admin.fetch('/api/auth/admin/list-users')
    expect(response.status).toBe(200)
  })

  it('grants nobody when the address has no account', async () => {
    expect(await grantPlatformAdmin(server.current.headmark.db, 'ghost@example.com')).toBe(false)
  })

  it('makes an address listed in ADMIN_EMAILS an admin when it is verified, and no other', async () => {
    server.current.headmark.env.adminEmails.push('boss@example.com')
    await signedUpVisitor(server.current, { name: 'Boss', email: 'Boss@example.com' })
    await signedUpVisitor(server.current, { name: 'Sam', email: 'sam@example.com' })
    const rows = await server.current.headmark.db
      .select({ email: user.email, role: user.role })
      .from(user)
    const roles = Object.fromEntries(rows.map((row) => [row.email.toLowerCase(), row.role]))
    expect(isPlatformAdmin(roles['boss@example.com'])).toBe(true)
    expect(isPlatformAdmin(roles['sam@example.com'])).toBe(false)
  })

  it('lets an impersonated session stop impersonating', async () => {
    const admin = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    await signedUpVisitor(server.current, { name: 'Sam', email: 'sam@example.com' })
    await grantPlatformAdmin(server.current.headmark.db, 'ada@example.com')
    const [sam] = await server.current.headmark.db
      .select({ id: user.id })
      .from(user)
      .where(eq(user.email, 'sam@example.com'))
    const impersonate = await admin.fetch('/api/auth/admin/impersonate-user', {
      method: 'POST',
      body: JSON.stringify({ userId: sam!.id }),
      headers: { 'content-type': 'application/json' },
    })
    expect(impersonate.status).toBe(200)
    const session = (await (await admin.fetch('/api/auth/get-session')).json()) as {
      user: { email: string }
    }
    expect(session.user.email).toBe('sam@example.com')
    expect(await admin.rpc.auth.getSession()).toMatchObject({
      user: { email: 'sam@example.com', impersonating: true, platformAdmin: false },
    })
    const stop = await admin.fetch('/api/auth/admin/stop-impersonating', {
      method: 'POST',
      body: '{}',
      headers: { 'content-type': 'application/json' },
    })
    expect(stop.status).toBe(200)
    const back = (await (await admin.fetch('/api/auth/get-session')).json()) as {
      user: { email: string }
    }
    expect(back.user.email).toBe('ada@example.com')
    expect(await admin.rpc.auth.getSession()).toMatchObject({
      user: { email: 'ada@example.com', impersonating: false, platformAdmin: true },
    })
  })
})
