import { type ChildProcess, spawn } from 'node:child_process'
import { createServer as createHttpServer, request as httpRequest } from 'node:http'
import { type AddressInfo, connect, createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import { expect, type Page } from '@playwright/test'
import {
  createOrganization,
  createSite,
  editorUrl,
  hydrated,
  mailboxUrl,
  PASSWORD,
  signUpAndVerify,
  test,
  uniqueEmail,
  uniqueSlug,
  url,
} from './helpers.ts'
import { outsideAddress } from './server.ts'

// The production server's edge (server.mjs), probed over real HTTP and in Chromium.

test.describe('headers', () => {
  test('HTML carries a CSP with a nonce, no framing, nosniff, a referrer policy and no-store', async ({
    page,
  }) => {
    const violations: string[] = []
    page.on('console', (message) => {
      if (/Content Security Policy|Refused to/.test(message.text())) violations.push(message.text())
    })
    const response = await page.goto(url('/get-started'))
    const headers = response?.headers() ?? {}
    const csp = headers['content-security-policy'] ?? ''
    const nonce = /'nonce-([^']+)'/.exec(csp)?.[1]
    expect(nonce).toBeTruthy()
    expect(csp).toContain("frame-ancestors 'none'")
    expect(csp).toContain("object-src 'none'")
    expect(headers['x-frame-options']).toBe('DENY')
    expect(headers['x-content-type-options']).toBe('nosniff')
    expect(headers['referrer-policy']).toBe('strict-origin-when-cross-origin')
    expect(headers['cache-control']).toBe('private, no-store')
    // http here: no HSTS.
    expect(headers['strict-transport-security']).toBeUndefined()
    // Every inline script of the page carries the nonce, and the page works (hydrated).
    const html = (await response?.text()) ?? ''
    for (const tag of html.match(/<script\b[^>]*>/g) ?? [])
      expect(tag).toContain(`nonce="${nonce}"`)
    await page.getByRole('tab', { name: 'Sign up' }).click()
    await expect(page.getByRole('button', { name: 'Create account' })).toBeVisible()
    expect(violations).toEqual([])
  })

  test('a page can not be framed, not even by the same origin', async ({ page }) => {
    // A same-origin parent could read the frame if it loaded: a blank frame means it was refused.
    await page.goto(url('/api/rpc/auth/getSession'))
    const blocked = await page.evaluate(async (target) => {
      const frame = document.createElement('iframe')
      frame.src = target
      document.body.append(frame)
      await new Promise((resolve) => frame.addEventListener('load', resolve))
      try {
        return frame.contentDocument?.body?.innerText.includes('Headmark') !== true
      } catch {
        return true
      }
    }, url('/'))
    expect(blocked).toBe(true)
  })

  test('RPC answers are private and never stored', async ({ request }) => {
    const response = await request.get(url('/api/rpc/auth/getSession'))
    expect(response.status()).toBe(200)
    expect(response.headers()['cache-control']).toBe('private, no-store')
    expect(response.headers()['x-content-type-options']).toBe('nosniff')
  })
})

test.describe('compression', () => {
  test('static assets go out precompressed by Accept-Encoding; HTML is compressed on the fly', async ({
    request,
  }) => {
    // The sign-in page loads its entry script at once (reading pages start it after the paint).
    const html = await (await request.get(url('/get-started'))).text()
    const script = /src="(\/assets\/[^"]+\.js)"/.exec(html)?.[1]
    expect(script).toBeTruthy()
    const sizes: Record<string, number> = {}
    for (const encoding of ['br', 'gzip', 'identity']) {
      const response = await fetch(url(script ?? ''), { headers: { 'accept-encoding': encoding } })
      expect(response.headers.get('vary')).toContain('Accept-Encoding')
      expect(response.headers.get('content-encoding')).toBe(
        encoding === 'identity' ? null : encoding,
      )
      sizes[encoding] = Number(response.headers.get('content-length'))
    }
    expect(sizes.br).toBeLessThan(sizes.gzip ?? 0)
    expect(sizes.gzip).toBeLessThan((sizes.identity ?? 0) / 2)

    const page = await fetch(url('/'), { headers: { 'accept-encoding': 'br' } })
    expect(page.headers.get('content-encoding')).toBe('br')
    expect(await page.text()).toContain('<html')
  })
})

test.describe('methods and bodies', () => {
  test('PUT, DELETE and PATCH on /api/rpc and /api/auth get 405, not the HTML shell', async ({
    request,
  }) => {
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      for (const path of ['/api/rpc/auth/getSession', '/api/auth/get-session']) {
        const response = await request.fetch(url(path), { method })
        expect(response.status(), `${method} ${path}`).toBe(405)
        expect(response.headers()['content-type']).toContain('application/json')
        expect(await response.text()).toContain('METHOD_NOT_SUPPORTED')
      }
    }
  })

  test('a body over 1 MiB gets 413 before the framework, declared or streamed', async () => {
    const big = await fetch(url('/api/rpc/auth/getSession'), {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ json: 'x'.repeat(2 * 1024 * 1024) }),
    })
    expect(big.status).toBe(413)
    expect(await big.json()).toMatchObject({
      json: { code: 'PAYLOAD_TOO_LARGE', status: 413 },
    })

    // Chunked, without Content-Length, to a page of the app: counted while it streams. The client
    // is still sending when the 413 goes out, and must be able to read it (the connection is not
    // reset under it): 20 times, since a reset depends on timing.
    const target = new URL(url('/get-started'))
    const once = () =>
      new Promise<string>((resolve) => {
        const socket = connect(Number(target.port), target.hostname)
        let received = ''
        socket.on('data', (data: Buffer) => {
          received += data.toString()
          const match = /^HTTP\/1\.1 (\d+)/.exec(received)
          if (match) {
            resolve(match[1]!)
            socket.destroy()
          }
        })
        socket.on('error', (error: NodeJS.ErrnoException) => resolve(`error ${error.code}`))
        socket.on('close', () => resolve('closed without an answer'))
        socket.write(
          `POST ${target.pathname} HTTP/1.1\r\nHost: ${target.host}\r\nTransfer-Encoding: chunked\r\n\r\n`,
        )
        const chunk = 'x'.repeat(64 * 1024)
        let sent = 0
        const pump = () => {
          while (sent++ < 64) {
            if (socket.destroyed) return
            if (!socket.write(`${chunk.length.toString(16)}\r\n${chunk}\r\n`)) {
              return void socket.once('drain', pump)
            }
          }
          socket.write('0\r\n\r\n')
        }
        pump()
      })
    const statuses: string[] = []
    for (let attempt = 0; attempt < 20; attempt++) statuses.push(await once())
    expect(statuses).toEqual(Array.from({ length: 20 }, () => '413'))
  })
})

test.describe('server rendering', () => {
  test('an error while rendering shows a catalogue message, never SQL', async ({ page }) => {
    await signUpAndVerify(page, uniqueEmail('render'))
    const slug = uniqueSlug('render')
    await createOrganization(page, 'Render', slug)
    await createSite(page, slug, 'Render', 'render.example.com')
    // A page path no page can have (a NUL character): the procedure refuses it, and the page
    // says so in the catalogue's words.
    const response = await page.goto(editorUrl(slug, 'render.example.com', '/a\u0000b'))
    const html = (await response?.text()) ?? ''
    expect(html).toContain('This could not be shown')
    expect(html).not.toMatch(/Failed query|select "|params:/i)
    await hydrated(page)
    // Asked again from the browser once the page has hydrated, it fails the same way.
    await page.getByRole('button', { name: 'Try again' }).click()
    await expect(page.getByText('The input contains a NUL character')).toBeVisible()
    await expect(page.locator('body')).not.toContainText(/Failed query|select "|from "/i)
  })
})

test.describe('before the page has hydrated', () => {
  test('a form sent as plain HTML never puts a password or a message in the address', async ({
    browser,
  }) => {
    // Without JavaScript, as in the moment before a slow page hydrates.
    const context = await browser.newContext({ javaScriptEnabled: false })
    const page = await context.newPage()
    const sent: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest()) sent.push(`${request.method()} ${request.url()}`)
    })
    try {
      await page.goto(url('/get-started'))
      await page.getByLabel('Name').fill('Plain Page')
      await page.getByLabel('E-mail').fill('plain@example.com')
      await page.getByLabel('Password').fill('not-in-the-address')
      await page.getByRole('button', { name: 'Create account' }).click()
      await page.waitForLoadState('load')

      await page.goto(url('/contact'))
      await page.getByLabel('Message').fill('private words')
      await page.getByRole('button', { name: /send/i }).click()
      await page.waitForLoadState('load')

      expect(sent.filter((line) => line.startsWith('POST '))).toHaveLength(2)
      for (const line of sent) {
        expect(line).not.toContain('not-in-the-address')
        expect(line).not.toContain('private')
        expect(line).not.toContain('plain%40example.com')
      }
      expect(page.url()).toBe(url('/contact'))
    } finally {
      await context.close()
    }
  })
})

test.describe('sent before the page has hydrated', () => {
  /** Holds the app's JavaScript back until `release()`: the page is plain HTML until then. */
  async function holdScripts(page: Page) {
    let release = () => {}
    const released = new Promise<void>((resolve) => (release = resolve))
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await released
      await route.continue()
    })
    return release
  }

  test('a contact message is held, then sent through the app once it has hydrated', async ({
    page,
  }) => {
    const navigations: string[] = []
    page.on('request', (request) => {
      if (request.isNavigationRequest()) navigations.push(`${request.method()} ${request.url()}`)
    })
    const release = await holdScripts(page)
    // The held scripts hold the load event back too.
    await page.goto(url('/contact'), { waitUntil: 'domcontentloaded' })
    const message = `Sent before the page could answer ${Date.now()}`
    await page.getByLabel('Name').fill('Early Bird')
    await page.getByLabel('E-mail').fill('early@example.com')
    await page.getByLabel('Message').fill(message)
    await page.getByRole('button', { name: 'Send message' }).click()
    await expect(page.locator('html[data-submit-held]')).toBeAttached()
    await expect(page.locator('html[data-hydrated]')).not.toBeAttached()

    release()
    await expect(page.getByRole('status')).toContainText('your message is on its way')
    expect(navigations).toEqual([`GET ${url('/contact')}`])
    await expect(page.locator('html[data-submit-held]')).not.toBeAttached()

    await page.goto(mailboxUrl())
    await expect(page.getByRole('listitem').filter({ hasText: message })).toContainText(
      'From: Early Bird <early@example.com>',
    )
  })

  test('a sign-in is held, then signs in once the page has hydrated', async ({ page, browser }) => {
    const email = uniqueEmail('early')
    const other = await browser.newPage()
    await signUpAndVerify(other, email, 'Early Riser')
    await other.context().close()

    const release = await holdScripts(page)
    await page.goto(url('/get-started?mode=sign-in'), { waitUntil: 'domcontentloaded' })
    await page.getByLabel('E-mail').fill(email)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.locator('html[data-submit-held]')).toBeAttached()
    release()
    await expect(page).toHaveURL(/\/app\/organizations/)
    await expect(page.getByRole('button', { name: 'Early Riser' })).toBeVisible()
  })
})

test.describe('signing out and in as someone else', () => {
  test('never shows the previous person’s organizations, without a reload', async ({
    page,
    browser,
  }) => {
    const second = uniqueEmail('second')
    const elsewhere = await browser.newPage()
    await signUpAndVerify(elsewhere, second, 'Second Person')
    await elsewhere.close()

    await signUpAndVerify(page, uniqueEmail('first'), 'First Person')
    await expect(page).toHaveURL(/\/app\/organizations\/create$/)
    await page.getByLabel('Name').fill('Firsts Secret Org')
    await expect(page.getByLabel('Slug')).toHaveValue('firsts-secret-org')
    await page.getByRole('button', { name: 'Create organization' }).click()
    await expect(page).toHaveURL(/\/app\/organizations\/firsts-secret-org\/onboarding\/plan$/)
    await page
      .getByRole('navigation', { name: 'Breadcrumb' })
      .getByRole('link', { name: 'Dashboard' })
      .click()
    await expect(page.getByRole('link', { name: 'Firsts Secret Org' })).toBeVisible()

    // Everything from here on happens in the same tab, without loading a page.
    await page.getByRole('button', { name: /First Person/ }).click()
    await page.getByRole('menuitem', { name: 'Sign Out' }).click()
    await expect(page).toHaveURL(url('/'))
    await page
      .getByRole('navigation', { name: 'Main' })
      .getByRole('link', { name: 'Get Started' })
      .click()
    await page.getByRole('tab', { name: 'Sign in' }).click()
    await page.getByLabel('E-mail').fill(second)
    await page.getByLabel('Password').fill(PASSWORD)
    await page.getByRole('button', { name: 'Sign in' }).click()
    await expect(page.getByRole('button', { name: /Second Person/ })).toBeVisible()
    await expect(page).toHaveURL(/\/app\//)
    await expect(page.getByText('Firsts Secret Org')).toHaveCount(0)
  })
})

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0))
    })
  })
}

test.describe('a server of its own', () => {
  let server: ChildProcess
  let output = ''
  let origin = ''

  test.beforeAll(async () => {
    const port = await freePort()
    origin = `http://localhost:${port}`
    server = spawn(process.execPath, ['server.mjs'], {
      cwd: fileURLToPath(new URL('..', import.meta.url)),
      env: {
        PATH: process.env.PATH,
        PORT: String(port),
        DATABASE_URL: 'pglite:memory',
        BETTER_AUTH_URL: origin,
        // Served to other machines too, so that the mailbox's refusal of them can be seen.
        HOST: '0.0.0.0',
      },
    })
    server.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    server.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()))
    await expect.poll(() => output, { timeout: 60_000 }).toContain('listening')
  })

  test.afterAll(async () => {
    server.kill('SIGTERM')
    await new Promise((resolve) => server.once('exit', resolve))
  })

  test('says loudly at start that development features are on', () => {
    expect(output).toContain('DEVELOPMENT FEATURES ARE ON')
  })

  test('the development mailbox answers only this machine, with the key printed at start', async () => {
    const port = new URL(origin).port
    const printed = /(http:\/\/\S+\/dev\/mailbox\?key=([\w-]+))/.exec(output)
    expect(printed, 'the mailbox link with its key, printed at start').toBeTruthy()
    const key = printed?.[2] ?? ''
    const local = await fetch(`${origin}/dev/mailbox?key=${key}`)
    expect(local.status).toBe(200)
    expect(await local.text()).toContain('Development mailbox')
    for (const path of ['/dev/mailbox', '/dev/mailbox?key=', `/dev/mailbox?key=${key}x`]) {
      const refused = await fetch(`${origin}${path}`)
      expect(refused.status, path).toBe(404)
      expect(await refused.text()).not.toContain('Development mailbox')
    }
    const outside = await fetch(`http://${outsideAddress()}:${port}/dev/mailbox?key=${key}`, {
      headers: { 'x-forwarded-for': '127.0.0.1', 'x-headmark-client-address': '127.0.0.1' },
    })
    expect(outside.status).toBe(404)
    expect(await outside.text()).not.toContain('Development mailbox')
  })

  test('a reverse proxy on the same machine, without TRUSTED_PROXIES, does not open the mailbox', async () => {
    // Every visitor through the proxy comes from 127.0.0.1; none of them has the key.
    const proxy = createHttpServer((req, res) => {
      const upstream = httpRequest(
        new URL(req.url ?? '/', origin),
        { method: req.method, headers: { ...req.headers, host: new URL(origin).host } },
        (answer) => {
          res.writeHead(answer.statusCode ?? 502, answer.headers)
          answer.pipe(res)
        },
      )
      req.pipe(upstream)
    })
    await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
    try {
      const proxyPort = (proxy.address() as AddressInfo).port
      const visitor = await fetch(`http://127.0.0.1:${proxyPort}/dev/mailbox`)
      expect(visitor.status).toBe(404)
      expect(await visitor.text()).not.toContain('Development mailbox')
      const forged = await fetch(`http://127.0.0.1:${proxyPort}/dev/mailbox?key=guess`, {
        headers: { 'x-headmark-client-address': '127.0.0.1' },
      })
      expect(forged.status).toBe(404)
    } finally {
      proxy.closeAllConnections()
      await new Promise((resolve) => proxy.close(resolve))
    }
  })

  test('malformed requests log one line each, and text from a request can not forge a line', async () => {
    const before = output.length
    await fetch(`${origin}/api/rpc/organizations/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: '{"json": {"name": "x\n[mailbox] to admin@example.com · http://evil.example/steal"',
    })
    await fetch(`${origin}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify({ email: 'not an address\n[mailbox] forged' }),
    })
    await fetch(`${origin}/api/rpc/auth/getOrganization?data=%7B`)
    for (const [type, body] of [
      ['application/json', '{not json'],
      ['text/plain', 'hello'],
    ]) {
      await fetch(`${origin}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': type ?? '', origin },
        body,
      })
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
    const logged = output.slice(before)
    expect(logged).not.toMatch(/\n\s+at /)
    // better-auth's errors are the server's log lines, not coloured lines of its own.
    expect(logged).not.toContain('[Better Auth]')
    expect(logged).toContain('[auth] 400 BAD_REQUEST: Invalid JSON in request body')
    expect(logged.split('\n').filter((line) => line.startsWith('[mailbox]'))).toEqual([])
  })
})
