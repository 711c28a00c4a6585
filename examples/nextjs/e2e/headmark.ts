// A running Headmark for an example's end-to-end test: its production server on a free port with
// a throw-away in-memory database, and an account that sets up organizations, sites, pages,
// metadata, API keys and webhooks through the same RPC API the dashboard uses.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Metadata } from '@headmark/metadata'

const appRoot = fileURLToPath(new URL('../../../apps/app/', import.meta.url))

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer()
    probe.once('error', reject)
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address()
      const port = typeof address === 'object' && address ? address.port : 0
      probe.close(() => resolve(port))
    })
  })
}

/** Waits until `url` answers 2xx, the process exits, or `timeoutMs` passes. */
export async function waitUntilUp(
  url: string,
  child: ChildProcess,
  timeoutMs: number,
  output: () => string,
): Promise<void> {
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited (${child.exitCode ?? child.signalCode}):\n${output()}`)
    }
    try {
      const response = await fetch(url, { signal: AbortSignal.timeout(5000) })
      if (response.ok) return
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  throw new Error(`No answer at ${url} within ${timeoutMs} ms:\n${output()}`)
}

/** Stops a child process: SIGTERM, then SIGKILL after `graceMs`. */
export async function stopProcess(child: ChildProcess, graceMs = 10_000): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  child.kill('SIGTERM')
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
  await exited
  clearTimeout(timer)
}

const running = new Set<ChildProcess>()
// A test runner that exits without the tests' own cleanup (a crash, a global timeout) must not
// leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** Tracks a child process so that it is killed when this process exits. */
export function track(child: ChildProcess): ChildProcess {
  running.add(child)
  child.once('exit', () => running.delete(child))
  return child
}

/** Collects a child's stdout and stderr; echoed when `E2E_SERVER_LOGS` is set. */
export function captureOutput(child: ChildProcess): () => string {
  let output = ''
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (process.env.E2E_SERVER_LOGS) process.stderr.write(chunk)
    })
  }
  return () => output
}

export interface Headmark {
  /** The dashboard's origin, e.g. `http://localhost:41234`. */
  baseURL: string
  /** The metadata service a site's client points at: `HEADMARK_URL`. */
  metadataApiUrl: string
  /** Everything the server wrote so far. */
  output(): string
  /** Creates a verified account, signed in. */
  signUp(name?: string): Promise<HeadmarkAccount>
  /** Stops the server (SIGTERM); the database goes with it. */
  stop(): Promise<void>
}

/**
 * Starts Headmark's production server (`apps/app/server.mjs`, the last `npm run build` or
 * `npm run build:e2e` of `@headmark/app`) on a free port with a fresh in-memory database, rate
 * limits off and webhooks to loopback addresses allowed.
 */
export async function startHeadmark(env: Record<string, string> = {}): Promise<Headmark> {
  if (!existsSync(`${appRoot}dist/server/server.js`)) {
    throw new Error('Headmark is not built: run `npm run build:e2e -w @headmark/app` first.')
  }
  const port = await freePort()
  const baseURL = `http://localhost:${port}`
  const child = track(
    spawn(process.execPath, ['server.mjs'], {
      cwd: appRoot,
      env: {
        ...process.env,
        PORT: String(port),
        DATABASE_URL: 'pglite:memory',
        BETTER_AUTH_URL: baseURL,
        NODE_ENV: 'development',
        RATE_LIMIT: 'off',
        WEBHOOKS_ALLOW_LOOPBACK: 'true',
        ...env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    }),
  )
  const output = captureOutput(child)
  try {
    await waitUntilUp(baseURL, child, 120_000, output)
  } catch (error) {
    await stopProcess(child)
    throw error
  }
  let accounts = 0
  return {
    baseURL,
    metadataApiUrl: `${baseURL}/api/openapi`,
    output,
    signUp: (name = 'Ada Lovelace') => {
      accounts += 1
      return signUp(baseURL, name, `e2e-${Date.now()}-${accounts}@example.com`)
    },
    stop: () => stopProcess(child),
  }
}

export const PASSWORD = 'correct horse battery staple'

/** A signed-in account: RPC calls with its session, and the cookies to sign a browser in. */
export interface HeadmarkAccount {
  email: string
  /** The session cookies, in the shape of Playwright's `context.addCookies`. */
  cookies: Array<{ name: string; value: string; url: string }>
  /** Calls an RPC procedure, e.g. `rpc('sites/create', { … })`; throws with the server's message. */
  rpc<T>(procedure: string, input: unknown): Promise<T>
  /** Creates an organization with this account as its owner, on the Starter plan. */
  createOrganization(name: string, slug: string): Promise<HeadmarkOrganization>
}

export interface HeadmarkOrganization {
  slug: string
  /** Adds a site by hostname (`localhost` lets webhooks reach a local example). */
  createSite(name: string, hostname: string): Promise<HeadmarkSite>
}

export interface HeadmarkSite {
  organizationSlug: string
  hostname: string
  /** The site's public identifier: `HEADMARK_DSN`. */
  dsn: string
  /** Creates a page (no revision yet). */
  createPage(path: string): Promise<void>
  /** Saves a new revision of a page's metadata (`null`: the site's defaults) over the current one. */
  saveMetadata(path: string | null, metadata: Metadata): Promise<{ id: string; number: number }>
  /** Whether the public API answers only requests with one of the site's keys. */
  setRequireApiKey(required: boolean): Promise<void>
  /** Creates an API key and returns it in clear (shown once). */
  createApiKey(name: string): Promise<string>
  /** Adds a webhook and returns its id and secret (`whsec_…`). */
  createWebhook(url: string, description?: string): Promise<{ id: string; secret: string }>
  /** The webhook's calls, newest first. */
  webhookCalls(webhookId: string): Promise<WebhookCall[]>
  /** The dashboard's editor of a page (`null`: the site's defaults). */
  editorUrl(path: string | null): string
}

/** One delivery attempt as the webhook's history shows it. */
export interface WebhookCall {
  eventType: string
  status: number | null
  networkError: string | null
  durationMs: number | null
  request: { headers: Record<string, string>; body: string }
  response: { headers: Record<string, string>; body: string } | null
}

class CookieJar {
  private readonly cookies = new Map<string, string>()
  store(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';')
      const at = pair.indexOf('=')
      if (at > 0) this.cookies.set(pair.slice(0, at).trim(), pair.slice(at + 1).trim())
    }
  }
  header(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
  list(): Array<{ name: string; value: string }> {
    return [...this.cookies].map(([name, value]) => ({ name, value }))
  }
}

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) {
    throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`)
  }
  return response
}

const decodeHtml = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")

/** The verification link of the newest e-mail to `email` in the development mailbox. */
async function verificationLink(baseURL: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    const html = await (await expectOk(await fetch(`${baseURL}/dev/mailbox`), 'mailbox')).text()
    for (const message of html.split('<li')) {
      if (!message.includes(email)) continue
      const href = /href="([^"]*verify-email[^"]*)"/.exec(message)?.[1]
      if (href) return decodeHtml(href)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No verification e-mail to ${email} in the development mailbox`)
}

async function signUp(baseURL: string, name: string, email: string): Promise<HeadmarkAccount> {
  const jar = new CookieJar()
  const origin = { origin: baseURL }
  const json = { ...origin, 'content-type': 'application/json' }
  await expectOk(
    await fetch(`${baseURL}/api/auth/sign-up/email`, {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ name, email, password: PASSWORD }),
    }),
    'sign-up',
  )
  const verified = await fetch(await verificationLink(baseURL, email), { redirect: 'manual' })
  if (verified.status >= 400) throw new Error(`verify-email: HTTP ${verified.status}`)
  const signedIn = await fetch(`${baseURL}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: json,
    body: JSON.stringify({ email, password: PASSWORD }),
  })
  jar.store(await expectOk(signedIn, 'sign-in'))

  async function rpc<T>(procedure: string, input: unknown): Promise<T> {
    const response = await fetch(`${baseURL}/api/rpc/${procedure}`, {
      method: 'POST',
      headers: { ...json, cookie: jar.header() },
      body: JSON.stringify({ json: input }),
    })
    const body = (await response.json()) as { json: T }
    if (!response.ok)
      throw new Error(`${procedure}: HTTP ${response.status} ${JSON.stringify(body)}`)
    return body.json
  }

  const site = (organizationSlug: string, hostname: string, dsn: string): HeadmarkSite => {
    const ref = { organizationSlug, siteHostname: hostname }
    return {
      organizationSlug,
      hostname,
      dsn,
      createPage: async (path) => {
        await rpc('pages/create', { ...ref, path })
      },
      saveMetadata: async (pagePath, metadata) => {
        const current = await rpc<{ page: { currentRevisionId: string | null } }>('pages/get', {
          ...ref,
          pagePath,
        })
        return rpc('metadataRevisions/save', {
          ...ref,
          pagePath,
          baseRevisionId: current.page.currentRevisionId,
          metadata,
        })
      },
      setRequireApiKey: async (required) => {
        await rpc('sites/update', { ...ref, requireApiKey: required })
      },
      createApiKey: async (keyName) =>
        (await rpc<{ key: string }>('siteApiKeys/create', { ...ref, name: keyName })).key,
      createWebhook: async (url, description = '') => {
        const created = await rpc<{ id: string; secret: string }>('webhooks/create', {
          ...ref,
          url,
          description,
        })
        return { id: created.id, secret: created.secret }
      },
      webhookCalls: async (webhookId) =>
        (
          await rpc<{ items: WebhookCall[] }>('webhooks/getCalls', {
            organizationSlug,
            webhookId,
          })
        ).items,
      editorUrl: (path) => {
        const query = path === null ? '' : `?${new URLSearchParams({ path })}`
        return `${baseURL}/app/organizations/${organizationSlug}/sites/${hostname}/page${query}`
      },
    }
  }

  return {
    email,
    get cookies() {
      return jar.list().map((cookie) => ({ ...cookie, url: baseURL }))
    },
    rpc,
    createOrganization: async (organizationName, slug) => {
      await rpc('organizations/create', { name: organizationName, slug })
      // The dashboard opens an organization's pages once it has a plan.
      await rpc('billing/subscribe', { organizationSlug: slug, planId: 'starter' })
      return {
        slug,
        createSite: async (siteName, hostname) => {
          const created = await rpc<{ hostname: string; dsn: string }>('sites/create', {
            organizationSlug: slug,
            name: siteName,
            hostname,
          })
          return site(slug, created.hostname, created.dsn)
        },
      }
    },
  }
}
