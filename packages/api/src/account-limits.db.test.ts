import { request } from 'node:http'
import { describe, expect, it } from 'vitest'
import { useTestServer } from '../test/server.ts'
import { secretOf, totpCode } from '../test/totp.ts'
import { signedUpVisitor } from '../test/visitor.ts'
import { limits } from './limits.ts'

const server = useTestServer({ rateLimit: true })
const PASSWORD = 'correct horse battery'

interface Answer {
  status: number
  body: { code?: string; message?: string; twoFactorRedirect?: boolean }
  cookies: string[]
}

/** A request from a given loopback address (127.0.0.x), as if from another machine. */
function from(
  localAddress: string,
  path: string,
  body: unknown,
  cookie = '',
  method = 'POST',
): Promise<Answer> {
  const url = new URL(path, server.current.origin)
  const payload = method === 'POST' ? JSON.stringify(body) : ''
  return new Promise((resolve, reject) => {
    const req = request(
      url,
      {
        method,
        localAddress,
        headers: {
          ...(method === 'POST'
            ? { 'content-type': 'application/json', 'content-length': Buffer.byteLength(payload) }
            : {}),
          origin: server.current.origin,
          ...(cookie ? { cookie } : {}),
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            body: JSON.parse(text || '{}'),
            cookies: (res.headers['set-cookie'] ?? []).map((line) => line.split(';')[0] ?? ''),
          }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

describe('forgotten passwords', () => {
  it('3 requests a minute from one address; another client still gets its link', async () => {
    await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    await signedUpVisitor(server.current, { name: 'Bob', email: 'bob@example.com' })
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await from('127.0.4.1', '/api/auth/request-password-reset', {
        email: `someone-${i}@example.com`,
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429, 429])
    const bob = await from('127.0.4.2', '/api/auth/request-password-reset', {
      email: 'bob@example.com',
    })
    expect(bob.status).toBe(200)
    expect(await server.current.headmark.mailbox?.list({ to: 'bob@example.com' })).toHaveLength(2)
  })

  it('at most 5 e-mails an hour to one account, from any number of addresses', async () => {
    await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    // The sign-up's confirmation was the first e-mail of the hour.
    // The answer is the same whether the address exists, or its e-mails are used up: it tells
    // nobody which addresses have accounts.
    const statuses: number[] = []
    for (let i = 1; i <= limits.emailsPerAddress.max + 2; i++) {
      const answer = await from(`127.0.5.${i}`, '/api/auth/request-password-reset', {
        email: 'ada@example.com',
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual(Array(limits.emailsPerAddress.max + 2).fill(200))
    expect(await server.current.headmark.mailbox?.list({ to: 'ada@example.com' })).toHaveLength(
      limits.emailsPerAddress.max,
    )
  })

  it('guessing reset tokens: 5 a minute from one address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 8; i++) {
      const answer = await from('127.0.6.1', '/api/auth/reset-password', {
        token: `guess-${i}`.padEnd(24, 'x'),
        newPassword: 'a new password',
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([400, 400, 400, 400, 400, 429, 429, 429])
  })
})

describe('two-factor codes', () => {
  it('lock the account’s second step after 5 wrong codes from anywhere; another account still signs in', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const bob = await signedUpVisitor(server.current, { name: 'Bob', email: 'bob@example.com' })
    for (const [visitor, email] of [
      [ada, 'ada@example.com'],
      [bob, 'bob@example.com'],
    ] as const) {
      const enabled = await visitor.post('/api/auth/two-factor/enable', { password: PASSWORD })
      const { totpURI } = (await enabled.json()) as { totpURI: string }
      const confirmed = await visitor.post('/api/auth/two-factor/verify-totp', {
        code: totpCode(secretOf(totpURI)),
      })
      expect(confirmed.status, email).toBe(200)
      keys.set(email, secretOf(totpURI))
    }
    const adaKey = keys.get('ada@example.com') as Buffer
    const right = totpCode(adaKey)
    const wrongCode = right === '123456' ? '654321' : '123456'
    // Each attempt from a new address, with a new password step: only the account's count stops them.
    for (let i = 0; i < limits.failedSignIns.max; i++) {
      const step = await from(`127.0.7.${i + 1}`, '/api/auth/sign-in/email', {
        email: 'ada@example.com',
        password: PASSWORD,
      })
      expect(step.body.twoFactorRedirect).toBe(true)
      const wrong = await from(
        `127.0.7.${i + 1}`,
        '/api/auth/two-factor/verify-totp',
        { code: wrongCode },
        step.cookies.join('; '),
      )
      expect(wrong.status).toBe(401)
    }
    const step = await from('127.0.7.50', '/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: PASSWORD,
    })
    const locked = await from(
      '127.0.7.50',
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(adaKey) },
      step.cookies.join('; '),
    )
    expect(locked.status).toBe(429)
    // Bob, from an address the attacker used, signs in with his code.
    const bobStep = await from('127.0.7.1', '/api/auth/sign-in/email', {
      email: 'bob@example.com',
      password: PASSWORD,
    })
    const bobIn = await from(
      '127.0.7.1',
      '/api/auth/two-factor/verify-totp',
      { code: totpCode(keys.get('bob@example.com') as Buffer) },
      bobStep.cookies.join('; '),
    )
    expect(bobIn.status).toBe(200)
  })

  it('3 attempts in 10 seconds from one address', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await from('127.0.8.1', '/api/auth/two-factor/verify-totp', { code: '123456' })
      statuses.push(answer.status)
    }
    expect(statuses.slice(0, 3)).toEqual([401, 401, 401])
    expect(statuses.slice(3)).toEqual([429, 429, 429])
    const other = await from('127.0.8.2', '/api/auth/two-factor/verify-totp', { code: '123456' })
    expect(other.status).toBe(401)
  })
})

describe('password checks of a signed-in person', () => {
  it('wrong current passwords count against the account, as wrong sign-ins do', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const cookie = ada.headers().cookie ?? ''
    for (let i = 0; i < limits.failedSignIns.max; i++) {
      const wrong = await from(
        `127.0.9.${i + 1}`,
        '/api/auth/change-password',
        { currentPassword: `wrong ${i}`, newPassword: 'a new password' },
        cookie,
      )
      expect(wrong.status).toBe(400)
    }
    const right = await from(
      '127.0.9.50',
      '/api/auth/change-password',
      { currentPassword: PASSWORD, newPassword: 'a new password' },
      cookie,
    )
    expect(right.status).toBe(429)
    const signIn = await from('127.0.9.51', '/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: PASSWORD,
    })
    expect(signIn.status).toBe(429)
  })
})

describe('passkey sign-in', () => {
  it('3 answers in 10 seconds from one address; another address still gets a challenge', async () => {
    const statuses: number[] = []
    for (let i = 0; i < 5; i++) {
      const answer = await from('127.0.10.1', '/api/auth/passkey/verify-authentication', {
        response: { id: 'AAAA', rawId: 'AAAA', type: 'public-key', response: {} },
      })
      statuses.push(answer.status)
    }
    expect(statuses.slice(3)).toEqual([429, 429])
    expect(statuses.slice(0, 3).every((status) => status === 400 || status === 401)).toBe(true)
    const other = await from(
      '127.0.10.2',
      '/api/auth/passkey/generate-authenticate-options',
      {},
      '',
      'GET',
    )
    expect(other.status).toBe(200)
  })
})

const keys = new Map<string, Buffer>()
