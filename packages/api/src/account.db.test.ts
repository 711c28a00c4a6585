import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { hostileTexts } from '../test/corpus.ts'
import { organizationCast } from '../test/organization.ts'
import { useTestServer } from '../test/server.ts'
import { secretOf, totpCode } from '../test/totp.ts'
import { latestLink, signedUpVisitor, Visitor } from '../test/visitor.ts'
import { twoFactor, user } from './db/schema.ts'

const server = useTestServer()
const PASSWORD = 'correct horse battery'

async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T
}

interface ListedSession {
  id: string
  token: string
  userAgent: string | null
  ipAddress: string | null
  updatedAt: string
}

async function sessionsOf(visitor: Visitor): Promise<ListedSession[]> {
  const response = await visitor.fetch('/api/auth/list-sessions')
  expect(response.status).toBe(200)
  return json<ListedSession[]>(response)
}

async function signedInAgain(email: string, password = PASSWORD): Promise<Visitor> {
  const visitor = new Visitor(server.current.origin)
  const response = await visitor.signIn({ email, password })
  expect(response.status, await response.clone().text()).toBe(200)
  return visitor
}

describe('profile', () => {
  it('changes the name and avatar with the sign-up’s rules; hostile names are refused', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const ok = await ada.post('/api/auth/update-user', {
      name: 'Ada Lovelace',
      image: 'https://example.com/ada.png',
    })
    expect(ok.status).toBe(200)
    for (const name of ['', ' ', 'x'.repeat(101), 'Ada\nLovelace', 'A\u0000da']) {
      const refused = await ada.post('/api/auth/update-user', { name })
      expect(refused.status, JSON.stringify(name)).toBe(400)
    }
    expect((await ada.rpc.auth.getSession()).user).toMatchObject({
      name: 'Ada Lovelace',
      image: 'https://example.com/ada.png',
    })
    // Without a session nothing changes.
    const stranger = new Visitor(server.current.origin)
    expect((await stranger.post('/api/auth/update-user', { name: 'Mallory' })).status).toBe(401)
  })

  it('changes the e-mail address only once the new address has confirmed it', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const asked = await ada.post('/api/auth/change-email', {
      newEmail: 'ada@new.example',
      callbackURL: '/app/account',
    })
    expect(asked.status, await asked.clone().text()).toBe(200)
    expect((await ada.rpc.auth.getSession()).user?.email).toBe('ada@example.com')
    const [mail] = (await server.current.headmark.mailbox?.list({ to: 'ada@new.example' })) ?? []
    expect(mail?.subject).toBe('Confirm your new e-mail address for Headmark')
    // Opened in another browser, the link changes the address but signs nobody in there.
    const opener = new Visitor(server.current.origin)
    await opener.fetch(await latestLink(server.current, 'ada@new.example'))
    expect(opener.signedIn).toBe(false)
    expect((await ada.rpc.auth.getSession()).user?.email).toBe('ada@new.example')
    expect((await signedInAgain('ada@new.example')).signedIn).toBe(true)
    const old = await new Visitor(server.current.origin).signIn({
      email: 'ada@example.com',
      password: PASSWORD,
    })
    expect(old.status).toBe(401)
  })
})

describe('password', () => {
  it('changes with the current one, which then no longer works', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const wrong = await ada.post('/api/auth/change-password', {
      currentPassword: 'not my password',
      newPassword: 'a brand new password',
    })
    expect(wrong.status).toBe(400)
    const short = await ada.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'short',
    })
    expect(short.status).toBe(400)
    const changed = await ada.post('/api/auth/change-password', {
      currentPassword: PASSWORD,
      newPassword: 'a brand new password',
      revokeOtherSessions: true,
    })
    expect(changed.status).toBe(200)
    expect(ada.signedIn).toBe(true)
    expect((await ada.rpc.auth.getSession()).user?.email).toBe('ada@example.com')
    expect(
      (
        await new Visitor(server.current.origin).signIn({
          email: 'ada@example.com',
          password: PASSWORD,
        })
      ).status,
    ).toBe(401)
    expect((await signedInAgain('ada@example.com', 'a brand new password')).signedIn).toBe(true)
  })

  it('is reset by a link sent by e-mail, which works once and signs out every session', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const visitor = new Visitor(server.current.origin)
    const asked = await visitor.post('/api/auth/request-password-reset', {
      email: 'ada@example.com',
      redirectTo: '/reset-password',
    })
    expect(asked.status).toBe(200)
    // An unknown address gets the same answer and no e-mail.
    const unknown = await visitor.post('/api/auth/request-password-reset', {
      email: 'nobody@example.com',
      redirectTo: '/reset-password',
    })
    expect(unknown.status).toBe(200)
    expect(await server.current.headmark.mailbox?.list({ to: 'nobody@example.com' })).toHaveLength(
      0,
    )

    const link = await latestLink(server.current, 'ada@example.com')
    expect(link).toContain('/api/auth/reset-password/')
    const opened = await visitor.fetch(link)
    expect(opened.status).toBe(302)
    const target = new URL(opened.headers.get('location') ?? '', server.current.origin)
    expect(target.pathname).toBe('/reset-password')
    const token = target.searchParams.get('token')
    expect(token).toBeTruthy()

    const reset = await visitor.post('/api/auth/reset-password', {
      token,
      newPassword: 'a reset password',
    })
    expect(reset.status).toBe(200)
    // Single use: the same token can not set another password.
    const again = await visitor.post('/api/auth/reset-password', {
      token,
      newPassword: 'an attacker password',
    })
    expect(again.status).toBe(400)
    expect(
      (
        await new Visitor(server.current.origin).signIn({
          email: 'ada@example.com',
          password: 'an attacker password',
        })
      ).status,
    ).toBe(401)
    expect((await signedInAgain('ada@example.com', 'a reset password')).signedIn).toBe(true)
    // The session opened before the reset is over.
    expect((await ada.rpc.auth.getSession()).user).toBeUndefined()
    // A made-up token changes nothing.
    const forged = await visitor.post('/api/auth/reset-password', {
      token: 'x'.repeat(24),
      newPassword: 'another password',
    })
    expect(forged.status).toBe(400)
  })
})

describe('sessions', () => {
  it('lists the person’s own sessions and ends one or all others', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const laptop = await signedInAgain('ada@example.com')
    const phone = await signedInAgain('ada@example.com')
    const bob = await signedUpVisitor(server.current, { name: 'Bob', email: 'bob@example.com' })
    const listed = await sessionsOf(ada)
    expect(listed).toHaveLength(3)
    expect(listed[0]).toMatchObject({ ipAddress: '127.0.0.1' })

    const phoneToken = (
      await phone.fetch('/api/auth/get-session').then(json<{ session: { token: string } }>)
    ).session.token
    // A stranger who somehow holds the token can not end Ada's session.
    const byBob = await bob.post('/api/auth/revoke-session', { token: phoneToken })
    expect((await phone.rpc.auth.getSession()).user?.email).toBe('ada@example.com')
    expect(byBob.status).toBeLessThan(500)
    const anonymous = await new Visitor(server.current.origin).post('/api/auth/revoke-session', {
      token: phoneToken,
    })
    expect(anonymous.status).toBe(401)

    const ended = await ada.post('/api/auth/revoke-session', { token: phoneToken })
    expect(ended.status).toBe(200)
    expect((await phone.rpc.auth.getSession()).user).toBeUndefined()
    expect(await sessionsOf(ada)).toHaveLength(2)

    const others = await ada.post('/api/auth/revoke-other-sessions', {})
    expect(others.status).toBe(200)
    expect((await laptop.rpc.auth.getSession()).user).toBeUndefined()
    expect((await ada.rpc.auth.getSession()).user?.email).toBe('ada@example.com')
    expect(await sessionsOf(ada)).toHaveLength(1)
    // Bob's own session was never touched.
    expect((await bob.rpc.auth.getSession()).user?.email).toBe('bob@example.com')
    expect(await sessionsOf(bob)).toHaveLength(1)
  })
})

describe('deleting an account', () => {
  it('is refused for the sole owner, with the organization intact; allowed once ownership is shared', async () => {
    const { owner, admin, organization } = await organizationCast(server.current)
    const refused = await owner.post('/api/auth/delete-user', { password: PASSWORD })
    expect(refused.status).toBe(400)
    expect((await json<{ code: string }>(refused)).code).toBe('LAST_OWNER')
    expect((await owner.rpc.auth.getOrganization({ organizationSlug: 'acme' })).id).toBe(
      organization.id,
    )
    const wrong = await admin.post('/api/auth/delete-user', { password: 'not the password' })
    expect(wrong.status).toBe(400)
    expect((await admin.rpc.auth.getSession()).user).toBeDefined()
    // Without the password, even from a fresh session: refused.
    const bare = await admin.post('/api/auth/delete-user', {})
    expect(bare.status).toBe(400)
    expect((await json<{ message: string }>(bare)).message).toBe(
      'Enter your password to delete your account.',
    )
    expect((await admin.rpc.auth.getSession()).user).toBeDefined()
    const anonymous = await new Visitor(server.current.origin).post('/api/auth/delete-user', {})
    expect(anonymous.status).toBe(401)
    const left = await admin.post('/api/auth/delete-user', { password: PASSWORD })
    expect(left.status).toBe(200)
    expect((await admin.rpc.auth.getSession()).user).toBeUndefined()
    expect((await owner.rpc.auth.getOrganization({ organizationSlug: 'acme' })).id).toBe(
      organization.id,
    )
  })
})

describe('two-factor sign-in', () => {
  it('asks for a code after the password once enabled; a recovery code works once', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const wrongPassword = await ada.post('/api/auth/two-factor/enable', { password: 'nope nope' })
    expect(wrongPassword.status).toBe(400)
    const enabled = await ada.post('/api/auth/two-factor/enable', { password: PASSWORD })
    expect(enabled.status).toBe(200)
    const { totpURI, backupCodes } = await json<{ totpURI: string; backupCodes: string[] }>(enabled)
    expect(totpURI).toMatch(/^otpauth:\/\/totp\/Headmark:ada%40example\.com\?/)
    expect(backupCodes).toHaveLength(10)
    const key = secretOf(totpURI)

    // Stored encrypted: neither the secret nor a recovery code is readable in the database.
    const [stored] = await server.current.headmark.db.select().from(twoFactor)
    const plainSecret = new URL(totpURI).searchParams.get('secret') ?? ''
    expect(stored?.secret).not.toContain(plainSecret)
    expect(stored?.secret).not.toContain(key.toString())
    for (const code of backupCodes) expect(stored?.backupCodes).not.toContain(code)

    // Not on until a first code is confirmed.
    expect((await signedInAgain('ada@example.com')).signedIn).toBe(true)
    const confirmed = await ada.post('/api/auth/two-factor/verify-totp', { code: totpCode(key) })
    expect(confirmed.status).toBe(200)
    const [row] = await server.current.headmark.db
      .select({ on: user.twoFactorEnabled })
      .from(user)
      .where(eq(user.email, 'ada@example.com'))
    expect(row?.on).toBe(true)

    // Password alone: no session, a second step.
    const phone = new Visitor(server.current.origin)
    const first = await phone.signIn({ email: 'ada@example.com', password: PASSWORD })
    expect(first.status).toBe(200)
    expect(await json(first)).toMatchObject({ twoFactorRedirect: true, twoFactorMethods: ['totp'] })
    expect(phone.signedIn).toBe(false)
    expect((await phone.rpc.auth.getSession()).user).toBeUndefined()
    const wrong = await phone.post('/api/auth/two-factor/verify-totp', {
      code: '000000' === totpCode(key) ? '111111' : '000000',
    })
    expect(wrong.status).toBe(401)
    const second = await phone.post('/api/auth/two-factor/verify-totp', { code: totpCode(key) })
    expect(second.status).toBe(200)
    expect((await phone.rpc.auth.getSession()).user?.email).toBe('ada@example.com')

    // Without the password's step, a code alone opens nothing.
    const stranger = new Visitor(server.current.origin)
    const alone = await stranger.post('/api/auth/two-factor/verify-totp', { code: totpCode(key) })
    expect(alone.status).toBe(401)
    expect(stranger.signedIn).toBe(false)

    // A recovery code instead of the code, once.
    const lost = new Visitor(server.current.origin)
    await lost.signIn({ email: 'ada@example.com', password: PASSWORD })
    const recovered = await lost.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    })
    expect(recovered.status).toBe(200)
    expect((await lost.rpc.auth.getSession()).user?.email).toBe('ada@example.com')
    const reused = new Visitor(server.current.origin)
    await reused.signIn({ email: 'ada@example.com', password: PASSWORD })
    const twice = await reused.post('/api/auth/two-factor/verify-backup-code', {
      code: backupCodes[0],
    })
    expect(twice.status).toBe(401)
    expect((await reused.rpc.auth.getSession()).user).toBeUndefined()

    // A magic link would skip the second step: the address gets a pointer to the sign-in instead.
    const link = await new Visitor(server.current.origin).post('/api/auth/sign-in/magic-link', {
      email: 'ada@example.com',
    })
    expect(link.status).toBe(200)
    const [mail] =
      (await server.current.headmark.mailbox?.list({ to: 'ada@example.com', limit: 1 })) ?? []
    expect(mail?.subject).toBe('Sign in to Headmark with your password and code')
    expect(mail?.text).not.toContain('magic-link')

    // Turning it off takes the password; then the password alone signs in again.
    expect((await ada.post('/api/auth/two-factor/disable', { password: 'nope nope' })).status).toBe(
      400,
    )
    expect((await ada.post('/api/auth/two-factor/disable', { password: PASSWORD })).status).toBe(
      200,
    )
    expect((await signedInAgain('ada@example.com')).signedIn).toBe(true)
  }, 180_000)
  it('makes a new set of recovery codes behind the password; the previous set stops working', async () => {
    const email = 'grace@example.com'
    const grace = await signedUpVisitor(server.current, { name: 'Grace', email })
    const enabled = await grace.post('/api/auth/two-factor/enable', { password: PASSWORD })
    const { totpURI, backupCodes: first } = await json<{ totpURI: string; backupCodes: string[] }>(
      enabled,
    )
    await grace.post('/api/auth/two-factor/verify-totp', { code: totpCode(secretOf(totpURI)) })

    const anonymous = await new Visitor(server.current.origin).post(
      '/api/auth/two-factor/generate-backup-codes',
      { password: PASSWORD },
    )
    expect(anonymous.status).toBe(401)
    const wrong = await grace.post('/api/auth/two-factor/generate-backup-codes', {
      password: 'nope nope',
    })
    expect(wrong.status).toBe(400)
    const made = await grace.post('/api/auth/two-factor/generate-backup-codes', {
      password: PASSWORD,
    })
    expect(made.status).toBe(200)
    const { backupCodes: second } = await json<{ backupCodes: string[] }>(made)
    expect(second).toHaveLength(10)
    expect(second.filter((code) => first.includes(code))).toEqual([])

    const withOld = new Visitor(server.current.origin)
    await withOld.signIn({ email, password: PASSWORD })
    const old = await withOld.post('/api/auth/two-factor/verify-backup-code', { code: first[1] })
    expect(old.status).toBe(401)
    expect((await withOld.rpc.auth.getSession()).user).toBeUndefined()
    const withNew = new Visitor(server.current.origin)
    await withNew.signIn({ email, password: PASSWORD })
    const fresh = await withNew.post('/api/auth/two-factor/verify-backup-code', { code: second[0] })
    expect(fresh.status).toBe(200)
    expect((await withNew.rpc.auth.getSession()).user?.email).toBe(email)
  }, 180_000)
})

describe('passkeys', () => {
  it('registering and listing need a session; nobody lists or deletes another’s', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const anonymous = new Visitor(server.current.origin)
    expect((await anonymous.fetch('/api/auth/passkey/generate-register-options')).status).toBe(401)
    expect((await anonymous.fetch('/api/auth/passkey/list-user-passkeys')).status).toBe(401)
    const options = await ada.fetch('/api/auth/passkey/generate-register-options')
    expect(options.status).toBe(200)
    const body = await json<{ rp: { id: string; name: string }; user: { name: string } }>(options)
    expect(body.rp).toEqual({ id: '127.0.0.1', name: 'Headmark' })
    expect(body.user.name).toBe('ada@example.com')
    expect(await ada.fetch('/api/auth/passkey/list-user-passkeys').then(json)).toEqual([])
    // Deleting a passkey that is not one's own (here: none) changes nothing and says so.
    const deleted = await ada.post('/api/auth/passkey/delete-passkey', { id: 'someone-elses' })
    expect(deleted.status).toBeGreaterThanOrEqual(400)
    expect(deleted.status).toBeLessThan(500)
    // Signing in with a passkey starts without a session: a challenge, then an answer it checks.
    const challenge = await anonymous.fetch('/api/auth/passkey/generate-authenticate-options')
    expect(challenge.status).toBe(200)
    const forged = await anonymous.post('/api/auth/passkey/verify-authentication', {
      response: {
        id: 'AAAA',
        rawId: 'AAAA',
        type: 'public-key',
        response: { clientDataJSON: 'e30', authenticatorData: 'AAAA', signature: 'AAAA' },
        clientExtensionResults: {},
      },
    })
    expect(forged.status).toBeGreaterThanOrEqual(400)
    expect(forged.status).toBeLessThan(500)
    expect(anonymous.signedIn).toBe(false)
  })
})

describe('hostile input', () => {
  it('never makes a 500 on the account endpoints; the address and password stay', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const anonymous = new Visitor(server.current.origin)
    for (const text of hostileTexts()) {
      const label = JSON.stringify(text).slice(0, 40)
      const answers = await Promise.all([
        ada.post('/api/auth/update-user', { name: text }),
        ada.post('/api/auth/update-user', { image: text }),
        ada.post('/api/auth/change-email', { newEmail: text }),
        ada.post('/api/auth/two-factor/verify-totp', { code: text }),
        anonymous.post('/api/auth/request-password-reset', { email: text }),
        anonymous.post('/api/auth/reset-password', { token: text, newPassword: 'a new password' }),
        anonymous.post('/api/auth/two-factor/verify-backup-code', { code: text }),
      ])
      for (const answer of answers) expect(answer.status, label).toBeLessThan(500)
    }
    const { user: after } = await ada.rpc.auth.getSession()
    expect(after?.email).toBe('ada@example.com')
    expect((await signedInAgain('ada@example.com')).signedIn).toBe(true)
  }, 180_000)
})
