import { ORPCError } from '@orpc/client'
import { eq } from 'drizzle-orm'
import { beforeAll, describe, expect, it } from 'vitest'
import { useTestServer } from '../test/server.ts'
import { closedPort, type SmtpServer, startSmtpServer } from '../test/smtp-server.ts'
import { Visitor } from '../test/visitor.ts'
import { user } from './db/schema.ts'

// S15: with SMTP_URL pointing at a closed port, sending a magic link answered 500. Every e-mail
// better-auth or a procedure sends now answers 503 with what to do, and works once the mail
// server is back (on the same port).

const MESSAGE = 'Headmark could not send the e-mail right now. Try again in a few minutes.'
let smtpPort = 0
const env: Record<string, string> = {}
beforeAll(async () => {
  smtpPort = await closedPort()
  env.SMTP_URL = `smtp://127.0.0.1:${smtpPort}`
})
const server = useTestServer({ env })

/** Runs `check` with the mail server back on its port; it goes away again afterwards. */
async function withMailServer(check: (smtp: SmtpServer) => Promise<void>) {
  const smtp = await startSmtpServer(smtpPort)
  try {
    await check(smtp)
  } finally {
    await smtp.close()
  }
}

/** An answer in better-auth's error shape that says what to do, and nothing about SMTP. */
async function expectUnavailable(response: Response) {
  expect(response.status).toBe(503)
  const body = await response.json()
  expect(body).toEqual({ code: 'MAIL_UNAVAILABLE', message: MESSAGE })
}

/** Someone with a confirmed account, signed in (no e-mail needed). */
async function confirmedVisitor(email: string): Promise<Visitor> {
  const visitor = new Visitor(server.current.origin)
  await visitor.signUp({ name: 'Ada', email, password: 'correct horse battery' })
  await server.current.headmark.db
    .update(user)
    .set({ emailVerified: true })
    .where(eq(user.email, email))
  const signedIn = await visitor.signIn({ email, password: 'correct horse battery' })
  expect(signedIn.status).toBe(200)
  return visitor
}

describe('when the mail server can not be reached', () => {
  it('a magic link answers 503 with what to do, and is sent once the server is back', async () => {
    const visitor = new Visitor(server.current.origin)
    const ask = () => visitor.post('/api/auth/sign-in/magic-link', { email: 'ada@example.com' })
    await expectUnavailable(await ask())
    await withMailServer(async (smtp) => {
      const answer = await ask()
      expect(answer.status).toBe(200)
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]).toContain('To: ada@example.com')
    })
  })

  it('sign-up and the sign-in of an unconfirmed account answer 503 rather than claim a confirmation was sent', async () => {
    const visitor = new Visitor(server.current.origin)
    const account = { name: 'Bo', email: 'bo@example.com', password: 'correct horse battery' }
    await expectUnavailable(await visitor.signUp(account))
    await expectUnavailable(await visitor.signIn(account))
    await withMailServer(async (smtp) => {
      const answer = await visitor.signIn(account)
      expect(answer.status).toBe(403)
      expect(await answer.json()).toMatchObject({ code: 'EMAIL_NOT_VERIFIED' })
      expect(smtp.received).toHaveLength(1)
      expect(smtp.received[0]).toContain('To: bo@example.com')
    })
  })

  it('an invitation answers 503 through better-auth and SERVICE_UNAVAILABLE through RPC', async () => {
    const owner = await confirmedVisitor('owner@example.com')
    const organization = await owner.rpc.organizations.create({ name: 'Acme', slug: 'acme' })
    await expectUnavailable(
      await owner.post('/api/auth/organization/invite-member', {
        organizationId: organization.id,
        email: 'cy@example.com',
        role: 'member',
      }),
    )
    const failure = await owner.rpc.invitations
      .create({ organizationSlug: 'acme', email: 'di@example.com', role: 'member' })
      .catch((error: unknown) => error)
    expect(failure).toBeInstanceOf(ORPCError)
    expect(failure).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, message: MESSAGE })
    // The same from the in-process client that renders pages.
    const rendering = server.current.headmark.createClient(() => new Headers(owner.headers()))
    const rendered = await rendering.invitations
      .create({ organizationSlug: 'acme', email: 'fy@example.com', role: 'member' })
      .catch((error: unknown) => error)
    expect(rendered).toMatchObject({ code: 'SERVICE_UNAVAILABLE', status: 503, message: MESSAGE })
    await withMailServer(async (smtp) => {
      const invited = await owner.rpc.invitations.create({
        organizationSlug: 'acme',
        email: 'ed@example.com',
        role: 'member',
      })
      expect(invited.email).toBe('ed@example.com')
      expect(smtp.received).toHaveLength(1)
    })
  })
})
