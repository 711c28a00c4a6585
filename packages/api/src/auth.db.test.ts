import { describe, expect, it } from 'vitest'
import { useTestServer } from '../test/server.ts'
import { latestLink, signedUpVisitor, Visitor } from '../test/visitor.ts'

const server = useTestServer()

async function errorMessage(response: Response): Promise<string> {
  const body = (await response.json()) as { message?: string }
  return body.message ?? ''
}

describe('sign-up and sign-in over HTTP', () => {
  it('signs a person up, e-mails a verification link, and signs them in when they follow it', async () => {
    const visitor = new Visitor(server.current.origin)
    const signUp = await visitor.signUp({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      password: 'analytical engine',
    })
    expect(signUp.status).toBe(200)
    expect(visitor.signedIn).toBe(false)

    const [mail] = (await server.current.headmark.mailbox?.list({ to: 'ada@example.com' })) ?? []
    expect(mail?.subject).toBe('Confirm your e-mail address for Headmark')
    expect(mail?.text).toContain('Hello Ada Lovelace,')

    const verify = await visitor.fetch(await latestLink(server.current, 'ada@example.com'))
    expect(verify.status).toBe(302)
    expect(verify.headers.get('location')).toBe('/app')
    expect(visitor.signedIn).toBe(true)
    expect(await visitor.rpc.auth.getSession()).toEqual({
      user: expect.objectContaining({ name: 'Ada Lovelace', email: 'ada@example.com' }),
    })
  })

  it('leads the verification link back to the page of the app the person came for', async () => {
    // The app signs up an invitee with their invitation as callbackURL, a path on this site.
    const visitor = new Visitor(server.current.origin)
    const signUp = await visitor.post('/api/auth/sign-up/email', {
      name: 'Ivy Invitee',
      email: 'ivy@example.com',
      password: 'analytical engine',
      callbackURL: '/app/invitations/inv_8f3kQ2',
    })
    expect(signUp.status).toBe(200)

    const verify = await visitor.fetch(await latestLink(server.current, 'ivy@example.com'))
    expect(verify.status).toBe(302)
    expect(verify.headers.get('location')).toBe('/app/invitations/inv_8f3kQ2')
    expect(visitor.signedIn).toBe(true)
  })

  it('refuses an invalid e-mail address with a clear message', async () => {
    const response = await new Visitor(server.current.origin).signUp({
      name: 'Nobody',
      email: 'not-an-email',
      password: 'long enough password',
    })
    expect(response.status).toBe(400)
    expect(await errorMessage(response)).toMatch(/invalid email/i)
  })

  it('refuses a password shorter than 8 characters', async () => {
    const response = await new Visitor(server.current.origin).signUp({
      name: 'Shorty',
      email: 'short@example.com',
      password: 'seven77',
    })
    expect(response.status).toBe(400)
    expect(await errorMessage(response)).toMatch(/password too short/i)
  })

  it('refuses an e-mail address that already has an account', async () => {
    await signedUpVisitor(server.current, { name: 'Grace', email: 'grace@example.com' })
    const response = await new Visitor(server.current.origin).signUp({
      name: 'Grace again',
      email: 'grace@example.com',
      password: 'another password',
    })
    expect(response.status).toBe(422)
    expect(await errorMessage(response)).toMatch(/already exists/i)
  })

  it('refuses a wrong password without saying which part was wrong', async () => {
    await signedUpVisitor(server.current, {
      name: 'Grace',
      email: 'grace@example.com',
      password: 'right password',
    })
    const visitor = new Visitor(server.current.origin)
    const response = await visitor.signIn({
      email: 'grace@example.com',
      password: 'wrong password',
    })
    expect(response.status).toBe(401)
    expect(await errorMessage(response)).toBe('Invalid email or password')
    expect(visitor.signedIn).toBe(false)
  })

  it('sends an unverified person signing in from an invitation a link that leads back to it', async () => {
    const visitor = new Visitor(server.current.origin)
    await visitor.signUp({ name: 'Alan', email: 'alan@example.com', password: 'enigma machine' })
    const back = '/app/invitations/inv_123'
    const refused = await visitor.post('/api/auth/sign-in/email', {
      email: 'alan@example.com',
      password: 'enigma machine',
      callbackURL: back,
    })
    expect(refused.status).toBe(403)
    const link = new URL(await latestLink(server.current, 'alan@example.com'))
    expect(link.pathname).toBe('/api/auth/verify-email')
    expect(link.searchParams.get('callbackURL')).toBe(back)
    // Confirmed, the link signs in and leads there.
    const confirmed = await visitor.fetch(link.href, { redirect: 'manual' })
    expect(confirmed.headers.get('location')).toBe(back)
    expect(visitor.signedIn).toBe(true)

    // Signed in with a callbackURL, the answer asks the client for no page load of its own: the
    // app navigates.
    const again = new Visitor(server.current.origin)
    const signedIn = await again.post('/api/auth/sign-in/email', {
      email: 'alan@example.com',
      password: 'enigma machine',
      callbackURL: back,
    })
    expect(signedIn.status).toBe(200)
    expect(await signedIn.json()).toMatchObject({
      redirect: false,
      user: { email: 'alan@example.com' },
    })
    expect(again.signedIn).toBe(true)
  })

  it('refuses to sign in an unverified person and sends them a fresh verification link', async () => {
    const visitor = new Visitor(server.current.origin)
    await visitor.signUp({ name: 'Alan', email: 'alan@example.com', password: 'enigma machine' })
    const response = await visitor.signIn({ email: 'alan@example.com', password: 'enigma machine' })
    expect(response.status).toBe(403)
    expect(await errorMessage(response)).toMatch(/email not verified/i)
    expect(visitor.signedIn).toBe(false)
    const mails = await server.current.headmark.mailbox?.list({ to: 'alan@example.com' })
    expect(mails).toHaveLength(2)
  })

  it('signs in with password once verified', async () => {
    await signedUpVisitor(server.current, {
      name: 'Grace',
      email: 'grace@example.com',
      password: 'right password',
    })
    const visitor = new Visitor(server.current.origin)
    const response = await visitor.signIn({
      email: 'grace@example.com',
      password: 'right password',
    })
    expect(response.status).toBe(200)
    expect(visitor.signedIn).toBe(true)
  })

  it('signs in with a magic link from the mailbox, creating the account on first use', async () => {
    const visitor = new Visitor(server.current.origin)
    const request = await visitor.post('/api/auth/sign-in/magic-link', {
      email: 'linus@example.com',
      callbackURL: '/app',
    })
    expect(request.status).toBe(200)
    const [mail] = (await server.current.headmark.mailbox?.list({ to: 'linus@example.com' })) ?? []
    expect(mail?.subject).toBe('Your Headmark sign-in link')

    const follow = await visitor.fetch(await latestLink(server.current, 'linus@example.com'))
    expect(follow.status).toBe(302)
    expect(visitor.signedIn).toBe(true)
    const { user } = await visitor.rpc.auth.getSession()
    expect(user?.email).toBe('linus@example.com')
  })

  it('signs out: the session cookie stops working', async () => {
    const visitor = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const cookies = visitor.headers()
    const signOut = await visitor.post('/api/auth/sign-out', {})
    expect(signOut.status).toBe(200)
    const stale = await fetch(`${server.current.origin}/api/auth/get-session`, { headers: cookies })
    expect(await stale.json()).toBeNull()
  })
})

describe('account management over HTTP', () => {
  it('updates the name', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    expect((await ada.post('/api/auth/update-user', { name: 'Ada King' })).status).toBe(200)
    expect((await ada.rpc.auth.getSession()).user?.name).toBe('Ada King')
  })

  it('revokes the other sessions, keeping the current one', async () => {
    await signedUpVisitor(server.current, {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'right password',
    })
    const laptop = new Visitor(server.current.origin)
    const phone = new Visitor(server.current.origin)
    await laptop.signIn({ email: 'ada@example.com', password: 'right password' })
    await phone.signIn({ email: 'ada@example.com', password: 'right password' })

    expect((await laptop.post('/api/auth/revoke-other-sessions', {})).status).toBe(200)
    expect((await laptop.rpc.auth.getSession()).user?.email).toBe('ada@example.com')
    expect(await phone.rpc.auth.getSession()).toEqual({})
  })

  it('deletes the account: the person can no longer sign in', async () => {
    const ada = await signedUpVisitor(server.current, {
      name: 'Ada',
      email: 'ada@example.com',
      password: 'right password',
    })
    const deleted = await ada.post('/api/auth/delete-user', { password: 'right password' })
    expect(deleted.status).toBe(200)
    expect(await ada.rpc.auth.getSession()).toEqual({})
    const again = await new Visitor(server.current.origin).signIn({
      email: 'ada@example.com',
      password: 'right password',
    })
    expect(again.status).toBe(401)
  })
})
