import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { invite } from '../test/organization.ts'
import { useTestServer } from '../test/server.ts'
import { signedUpVisitor } from '../test/visitor.ts'
import { limits } from './limits.ts'

const server = useTestServer({ rateLimit: true })
const PASSWORD = 'correct horse battery'

/** A POST from a given loopback address (127.0.0.x), as if from another machine. */
function postFrom(
  localAddress: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; body: { code?: string; message?: string } }> {
  const url = new URL(path, server.current.origin)
  const payload = JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method: 'POST',
        localAddress,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(payload),
          origin: server.current.origin,
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, body: JSON.parse(text || '{}') }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

describe('brute force on sign-in', () => {
  it('30 wrong passwords in a row: refused with 429 after 3, whatever X-Forwarded-For says', async () => {
    await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const statuses: number[] = []
    for (let i = 0; i < 30; i++) {
      const response = await postFrom(
        '127.0.0.1',
        '/api/auth/sign-in/email',
        { email: 'ada@example.com', password: `wrong ${i}` },
        { 'x-forwarded-for': `203.0.113.${i}`, 'x-headmark-client-address': `198.51.100.${i}` },
      )
      statuses.push(response.status)
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
    expect(statuses.slice(3)).toEqual(Array(27).fill(429))
  })

  it('locks the account after 5 wrong passwords from anywhere, and nobody else', async () => {
    await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    await signedUpVisitor(server.current, { name: 'Bob', email: 'bob@example.com' })
    for (let i = 2; i < 2 + limits.failedSignIns.max; i++) {
      const wrong = await postFrom(`127.0.0.${i}`, '/api/auth/sign-in/email', {
        email: 'ada@example.com',
        password: 'not the password',
      })
      expect(wrong.status).toBe(401)
    }
    const right = await postFrom('127.0.0.20', '/api/auth/sign-in/email', {
      email: 'ADA@example.com',
      password: PASSWORD,
    })
    expect(right.status).toBe(429)
    expect(right.body.message).toBe(
      'Too many wrong passwords for this account. Wait 15 minutes, or sign in with a magic link.',
    )
    // Another person, from an address the attacker used, is not locked out.
    const bob = await postFrom('127.0.0.2', '/api/auth/sign-in/email', {
      email: 'bob@example.com',
      password: PASSWORD,
    })
    expect(bob.status).toBe(200)
  })

  it('40 wrong passwords sent at once for one account: at most the limit are checked', async () => {
    await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    await signedUpVisitor(server.current, { name: 'Bob', email: 'bob@example.com' })
    // From 40 addresses, so that only the per-account limit stands between them and the password.
    const answers = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        postFrom(`127.0.3.${i + 1}`, '/api/auth/sign-in/email', {
          email: 'ada@example.com',
          password: `wrong ${i}`,
        }),
      ),
    )
    const statuses = answers.map((answer) => answer.status)
    expect(statuses.filter((status) => status === 401)).toHaveLength(limits.failedSignIns.max)
    expect(statuses.filter((status) => status === 429)).toHaveLength(40 - limits.failedSignIns.max)
    // The account stays locked; another account is not.
    const right = await postFrom('127.0.3.100', '/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: PASSWORD,
    })
    expect(right.status).toBe(429)
    const bob = await postFrom('127.0.3.101', '/api/auth/sign-in/email', {
      email: 'bob@example.com',
      password: PASSWORD,
    })
    expect(bob.status).toBe(200)
  })

  it('a successful sign-in clears the account’s failures', async () => {
    await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < limits.failedSignIns.max - 1; i++) {
        const wrong = await postFrom(`127.0.1.${round * 10 + i + 1}`, '/api/auth/sign-in/email', {
          email: 'ada@example.com',
          password: 'nope nope nope',
        })
        expect(wrong.status).toBe(401)
      }
      const right = await postFrom(`127.0.1.${round * 10 + 9}`, '/api/auth/sign-in/email', {
        email: 'ada@example.com',
        password: PASSWORD,
      })
      expect(right.status).toBe(200)
    }
  })
})

describe('e-mails per address', () => {
  it('sends at most 5 sign-in links an hour to one address, from any number of clients', async () => {
    const statuses: number[] = []
    for (let i = 1; i <= limits.emailsPerAddress.max + 1; i++) {
      const response = await postFrom(`127.0.2.${i}`, '/api/auth/sign-in/magic-link', {
        email: 'victim@example.com',
      })
      statuses.push(response.status)
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429])
    expect(await server.current.headmark.mailbox?.list({ to: 'victim@example.com' })).toHaveLength(
      limits.emailsPerAddress.max,
    )
  })
})

describe('per-user limits', () => {
  it('creating organizations is limited per person and day', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    for (let i = 0; i < limits.organizationsPerUser.max; i++) {
      await ada.rpc.organizations.create({ name: `Org ${i}`, slug: `org-${i}` })
    }
    await expect(
      ada.rpc.organizations.create({ name: 'One more', slug: 'one-more' }),
    ).rejects.toMatchObject({ code: 'TOO_MANY_REQUESTS', status: 429 })
  })

  it('sending invitations is limited per person and day', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const { id } = await ada.rpc.organizations.create({ name: 'Acme', slug: 'acme' })
    for (let i = 0; i < limits.invitationsPerUser.max; i++) {
      await invite(ada, id, `person-${i}@example.com`, 'member')
    }
    const response = await ada.post('/api/auth/organization/invite-member', {
      organizationId: id,
      email: 'one-more@example.com',
      role: 'member',
    })
    expect(response.status).toBe(429)
    expect(((await response.json()) as { message: string }).message).toMatch(
      /^You have sent many invitations today\. Try again in/,
    )
  })

  it('resending one invitation is limited per hour', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    await ada.rpc.organizations.create({ name: 'Acme', slug: 'acme' })
    const target = { organizationSlug: 'acme' }
    const { id } = await ada.rpc.invitations.create({
      ...target,
      email: 'nina@example.com',
      role: 'member',
    })
    for (let i = 0; i < limits.invitationResends.max; i++) {
      await ada.rpc.invitations.resend({ ...target, invitationId: id })
    }
    await expect(ada.rpc.invitations.resend({ ...target, invitationId: id })).rejects.toMatchObject(
      {
        code: 'TOO_MANY_REQUESTS',
        status: 429,
        message: expect.stringMatching(/^This invitation was sent several times in the last hour/),
      },
    )
    const mails = await server.current.headmark.mailbox?.list({ to: 'nina@example.com' })
    expect(mails).toHaveLength(1 + limits.invitationResends.max)
  })
})
