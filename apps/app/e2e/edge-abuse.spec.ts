import { request as httpRequest } from 'node:http'
import { expect } from '@playwright/test'
import { PASSWORD, test, uniqueEmail } from './helpers.ts'
import { type AppServer, DEV_MAILBOX_KEY, outsideAddress, startAppServer } from './server.ts'

// The production server (server.mjs, the last build) with its rate limits on, probed as an
// attacker would: from several loopback addresses (127.0.0.x stand for machines), with headers
// that imitate the server's own.

interface Answer {
  status: number
  headers: Record<string, string | string[] | undefined>
  body: string
}

/** One request from `localAddress` (a loopback address standing for a machine). */
function send(
  origin: string,
  localAddress: string,
  path: string,
  {
    method = 'GET',
    body,
    headers = {},
  }: { method?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Answer> {
  const payload =
    body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body)
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      new URL(path, origin),
      {
        method,
        localAddress,
        headers: {
          // The app's own origin (BETTER_AUTH_URL), whichever loopback address is dialled.
          origin: origin.replace('127.0.0.1', 'localhost'),
          ...(payload === undefined
            ? {}
            : {
                'content-type':
                  typeof body === 'string'
                    ? 'application/x-www-form-urlencoded'
                    : 'application/json',
                'content-length': String(Buffer.byteLength(payload)),
              }),
          ...headers,
        },
      },
      (res) => {
        let text = ''
        res.on('data', (chunk: Buffer) => (text += chunk.toString()))
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        )
      },
    )
    req.on('error', reject)
    req.end(payload)
  })
}

const signIn = (origin: string, from: string, email: string, password: string, headers = {}) =>
  send(origin, from, '/api/auth/sign-in/email', {
    method: 'POST',
    body: { email, password },
    headers,
  })

/** Signs an account up and confirms it through the development mailbox. */
async function confirmedAccount(origin: string): Promise<string> {
  const email = uniqueEmail('edge')
  const signUp = await send(origin, '127.0.0.9', '/api/auth/sign-up/email', {
    method: 'POST',
    body: { email, password: PASSWORD, name: 'Ada' },
  })
  expect(signUp.status).toBe(200)
  const mailbox = await send(origin, '127.0.0.1', `/dev/mailbox?key=${DEV_MAILBOX_KEY}`)
  const link = new RegExp(
    `${email.replaceAll('.', '\\.')}[\\s\\S]*?href="([^"]*verify-email[^"]*)"`,
  )
    .exec(mailbox.body)?.[1]
    ?.replaceAll('&amp;', '&')
  expect(link, 'a verification link in the mailbox').toBeTruthy()
  const verified = await send(
    origin,
    '127.0.0.9',
    new URL(link ?? '').pathname + new URL(link ?? '').search,
  )
  expect(verified.status).toBeLessThan(400)
  return email
}

const cspNonce = (answer: Answer) =>
  /'nonce-([^']+)'/.exec(String(answer.headers['content-security-policy'] ?? ''))?.[1]

test.describe('the edge under attack', () => {
  let server: AppServer
  let origin = ''

  test.beforeAll(async () => {
    server = await startAppServer({ RATE_LIMIT: 'on' })
    origin = server.baseURL.replace('localhost', '127.0.0.1')
  })

  test.afterAll(async () => {
    await server.stop()
  })

  test('a stranger who fails sign-in is limited; somebody else still signs in', async () => {
    const email = await confirmedAccount(origin)
    const attacker: number[] = []
    for (let i = 0; i < 4; i++) {
      attacker.push((await signIn(origin, '127.0.0.2', email, `wrong ${i}`)).status)
    }
    expect(attacker).toEqual([401, 401, 401, 429])
    const owner = await signIn(origin, '127.0.0.3', email, PASSWORD)
    expect(owner.status).toBe(200)
    expect(server.output()).not.toContain('single shared per-path bucket')
  })

  test('a client imitating the server’s address header is limited exactly as without it', async () => {
    const email = await confirmedAccount(origin)
    const statuses: number[] = []
    for (let i = 0; i < 6; i++) {
      const answer = await signIn(origin, '127.0.0.4', email, `wrong ${i}`, {
        'x-headmark-client-address': `198.51.100.${i}`,
        'x-forwarded-for': `203.0.113.${i}`,
      })
      statuses.push(answer.status)
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429, 429])
    // Its claims did not put anybody else in its bucket.
    expect((await signIn(origin, '127.0.0.5', email, PASSWORD)).status).toBe(200)
  })

  test('a page’s CSP nonce is the server’s, whatever the request says, on GET and POST', async () => {
    for (const method of ['GET', 'POST']) {
      const answer = await send(origin, '127.0.0.6', '/contact', {
        method,
        ...(method === 'POST' ? { body: 'name=Ada&email=ada%40example.com&message=hello' } : {}),
        headers: { 'x-headmark-csp-nonce': 'attacker-nonce' },
      })
      expect(answer.headers['content-type']).toContain('text/html')
      const nonce = cspNonce(answer)
      expect(nonce).toBeTruthy()
      expect(nonce).not.toBe('attacker-nonce')
      expect(answer.body).not.toContain('attacker-nonce')
      const scripts = answer.body.match(/<script\b[^>]*>/g) ?? []
      expect(scripts.length).toBeGreaterThan(0)
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`)
    }
  })

  test('the contact form counts the edge’s address, not X-Forwarded-For from an untrusted peer', async ({
    page,
  }) => {
    const outcomes: string[] = []
    for (let i = 0; i < 6; i++) {
      await page.setExtraHTTPHeaders({ 'x-forwarded-for': `203.0.113.${i}` })
      await page.goto(`${server.baseURL}/contact`)
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
      await page.getByLabel('Name').fill('Mallory')
      await page.getByLabel('E-mail').fill('mallory@example.com')
      await page.getByLabel('Message').fill(`Message number ${i} from a new "address".`)
      await page.getByRole('button', { name: 'Send message' }).click()
      const answer = page.getByRole('status').or(page.getByRole('alert')).first()
      await expect(answer).toBeVisible()
      outcomes.push((await answer.textContent()) ?? '')
    }
    expect(outcomes.slice(0, 5).every((text) => text.includes('your message is on its way'))).toBe(
      true,
    )
    expect(outcomes[5]).toContain('You have sent several messages in a short time')
  })

  test('with development features on and no HOST, other machines can not connect', async () => {
    expect(server.output()).toContain('this machine only')
    const port = new URL(server.baseURL).port
    const error = await fetch(`http://${outsideAddress()}:${port}/`).then(
      () => null,
      (failure: Error & { cause?: { code?: string } }) => failure.cause?.code ?? failure.message,
    )
    expect(error).toBe('ECONNREFUSED')
    expect((await send(origin, '127.0.0.8', '/')).status).toBe(200)
  })

  test('unknown methods get 405 with Allow, never the HTML shell or a 500', async () => {
    for (const method of ['PROPFIND', 'TRACE', 'PUT', 'DELETE', 'PATCH']) {
      const answer = await send(origin, '127.0.0.8', '/contact', { method })
      expect(answer.status, method).toBe(405)
      expect(answer.headers.allow).toBe('GET, HEAD, POST')
      expect(answer.headers['x-content-type-options']).toBe('nosniff')
      expect(answer.body).not.toContain('<html')
    }
    for (const path of ['/api/rpc/auth/getSession', '/api/auth/get-session']) {
      const answer = await send(origin, '127.0.0.8', path, { method: 'TRACE' })
      expect(answer.status, path).toBe(405)
      expect(answer.body).toContain('METHOD_NOT_SUPPORTED')
    }
  })

  test('a page address no page can have answers 400 or 404, never a server error', async ({
    page,
  }) => {
    const nul = await send(origin, '127.0.0.8', '/app/organizations/a%00b')
    expect(nul.status).toBe(400)
    expect(nul.body).toContain('NUL character')
    // Signed in, a slug no organization can have is a page that does not exist.
    const email = await confirmedAccount(origin)
    await page.goto(`${server.baseURL}/get-started`)
    await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
    const signedIn = await page.request.post(`${server.baseURL}/api/auth/sign-in/email`, {
      data: { email, password: PASSWORD },
      headers: { origin: server.baseURL },
    })
    expect(signedIn.status()).toBe(200)
    for (const slug of ['a'.repeat(300), 'a%00b']) {
      const answer = await page.goto(`${server.baseURL}/app/organizations/${slug}`)
      expect([400, 404], slug.slice(0, 20)).toContain(answer?.status())
    }
  })
})
