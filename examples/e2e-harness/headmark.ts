// A running Headmark for the examples' end-to-end tests: its production server on a free port
// with a throw-away in-memory database, and an account that sets up organizations, sites, pages,
// metadata, API keys and webhooks through the same RPC API the dashboard uses. Both examples
// import this file by relative path; what starts an example's own site stays in its `e2e/`.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Metadata } from '@headmark/metadata'
import { freePort } from '../../config/browser-tests.ts'

const appRoot = fileURLToPath(new URL('../../apps/app/', import.meta.url))

export { freePort }

const running = new Set<ChildProcess>()
// A test runner that exits without the tests' own cleanup (a crash, a global timeout) must not
// leave a server behind.
process.once('exit', () => {
  for (const child of running) child.kill('SIGKILL')
})

/** A child process of a test, killed when the test runner exits, with its output kept. */
export interface Process {
  /** Everything it wrote to stdout and stderr so far. */
  output(): string
  /** Its exit code (`null`: killed by a signal), once it exited. */
  exited: Promise<number | null>
  /** Stops it: SIGTERM, then SIGKILL after `graceMs`; resolves once it exited. Safe to call twice. */
  stop(graceMs?: number): Promise<void>
}

/**
 * Runs `node <args>` in `cwd` with `env` over this process's environment. Its output is echoed,
 * prefixed with `name`, when `E2E_SERVER_LOGS` is set.
 */
export function spawnProcess(options: {
  name: string
  cwd: string
  args: string[]
  env: Record<string, string>
}): Process {
  const child = spawn(process.execPath, options.args, {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  running.add(child)
  const exited = new Promise<number | null>((resolve) =>
    child.once('exit', (code) => {
      running.delete(child)
      resolve(code)
    }),
  )
  let output = ''
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (process.env.E2E_SERVER_LOGS) process.stderr.write(`[${options.name}] ${chunk}`)
    })
  }
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }
  return { output: () => output, exited, stop }
}

/**
 * Starts a server as {@link spawnProcess} does and waits until `readyUrl` answers 2xx; throws with
 * its output, having stopped it, if it exits first or `timeoutMs` passes.
 */
export async function startServer(options: {
  name: string
  cwd: string
  args: string[]
  env: Record<string, string>
  readyUrl: string
  timeoutMs?: number
}): Promise<Process> {
  const server = spawnProcess(options)
  let exitCode: number | null | undefined
  void server.exited.then((code) => (exitCode = code))
  const timeoutMs = options.timeoutMs ?? 120_000
  const deadline = Date.now() + timeoutMs
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`${options.name} exited (${exitCode}) while starting:\n${server.output()}`)
    }
    const up = await fetch(options.readyUrl, { signal: AbortSignal.timeout(5000) }).then(
      (response) => response.ok,
      () => false, // not listening yet
    )
    if (up) return server
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  await server.stop()
  throw new Error(
    `${options.name}: no answer at ${options.readyUrl} within ${timeoutMs} ms:\n${server.output()}`,
  )
}

/** A Headmark production server. */
export interface Headmark extends Process {
  /** The dashboard's origin, e.g. `http://localhost:41234`. */
  origin: string
  /** The public metadata API a site's client points at: its `HEADMARK_URL`. */
  metadataApiUrl: string
  /** Creates a verified account, signed in; the e-mail address is a new one unless given. */
  signUp(name?: string, email?: string): Promise<HeadmarkAccount>
}

/**
 * Starts Headmark's production server (`apps/app/server.mjs`, the last `npm run build` or
 * `npm run build:e2e` of `@headmark/app`) on a free port with a fresh in-memory database, rate
 * limits off and webhooks to loopback addresses allowed.
 */
/** The development mailbox's key on the Headmark the examples' tests start. */
export const DEV_MAILBOX_KEY = 'examples-development-mailbox-key'

export async function startHeadmark(env: Record<string, string> = {}): Promise<Headmark> {
  if (!existsSync(`${appRoot}dist/server/server.js`)) {
    throw new Error('Headmark is not built: run `npm run build -w @headmark/app` first.')
  }
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const server = await startServer({
    name: 'headmark',
    cwd: appRoot,
    args: ['server.mjs'],
    env: {
      PORT: String(port),
      DATABASE_URL: 'pglite:memory',
      BETTER_AUTH_URL: origin,
      NODE_ENV: 'development',
      RATE_LIMIT: 'off',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      DEV_MAILBOX_KEY,
      ...env,
    },
    readyUrl: origin,
  })
  let accounts = 0
  return {
    ...server,
    origin,
    metadataApiUrl: `${origin}/api/openapi`,
    signUp: (name = 'Ada Lovelace', email) => {
      accounts += 1
      return signUp(origin, name, email ?? `e2e-${Date.now()}-${accounts}@example.com`)
    },
  }
}

export const PASSWORD = 'correct horse battery staple'

/** A cookie of a signed-in session, in the shape Playwright's `context.addCookies` takes. */
export interface SessionCookie {
  name: string
  value: string
  url: string
}

/** A signed-in account: RPC calls with its session, and the cookies to sign a browser in. */
export interface HeadmarkAccount {
  email: string
  /** The session's cookies: hand them to a browser context to use the dashboard signed in. */
  cookies: SessionCookie[]
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

/** A site's settings as the dashboard changes them. */
export interface SiteSettings {
  name: string
  titleTemplate: string | null
  requireApiKey: boolean
}

export interface HeadmarkSite {
  organizationSlug: string
  hostname: string
  /** The site's public identifier: `HEADMARK_DSN`. */
  dsn: string
  /** Changes the site's settings, e.g. `{ requireApiKey: true }`; resolves with all of them. */
  update(changes: Partial<SiteSettings>): Promise<SiteSettings>
  /** Creates a page (no revision yet). */
  createPage(path: string): Promise<void>
  /**
   * Saves a new revision of a page's metadata (`null`: the site's defaults) over the current one;
   * on a site with locales, of the page's set in `locale` (none: the default locale's).
   */
  saveMetadata(
    path: string | null,
    metadata: Metadata,
    locale?: string,
  ): Promise<{ id: string; number: number }>
  /**
   * Declares the site's locales as its settings screen does: rows of a code and where its pages
   * live (`path-prefix` `/de`, `subdomain` `de`, `domain` `acme.de`), and the default locale.
   */
  updateLocales(
    locales: Array<{ code: string; kind: 'path-prefix' | 'subdomain' | 'domain'; value: string }>,
    defaultLocale: string,
  ): Promise<void>
  /** Creates an API key and returns it in clear (`hm_…`, shown once). */
  createApiKey(name: string): Promise<string>
  /** Adds a webhook (its URL's host must be the site's hostname); returns its id and secret (`whsec_…`). */
  createWebhook(url: string, description?: string): Promise<{ id: string; secret: string }>
  /** The webhook's calls, newest first. */
  webhookCalls(webhookId: string): Promise<WebhookCall[]>
  /** The address of a page's metadata editor in the dashboard (`null`: the site's defaults). */
  editorUrl(path: string | null, locale?: string): string
  /** The address of the site's settings screen in the dashboard. */
  settingsUrl(): string
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

async function expectOk(response: Response, what: string): Promise<Response> {
  if (!response.ok) {
    throw new Error(`${what}: HTTP ${response.status} ${await response.text()}`)
  }
  return response
}

const decodeHtml = (text: string) =>
  text.replaceAll('&amp;', '&').replaceAll('&quot;', '"').replaceAll('&#x27;', "'")

/** The verification link of the newest e-mail to `email` in the development mailbox. */
async function verificationLink(origin: string, email: string): Promise<string> {
  const deadline = Date.now() + 15_000
  while (Date.now() < deadline) {
    // The development mailbox answers loopback requests with its key only.
    const mailbox = `${origin}/dev/mailbox?key=${DEV_MAILBOX_KEY}`
    const html = await (await expectOk(await fetch(mailbox), 'mailbox')).text()
    for (const message of html.split('<li')) {
      if (!message.includes(email)) continue
      const href = /href="([^"]*verify-email[^"]*)"/.exec(message)?.[1]
      if (href) return decodeHtml(href)
    }
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
  throw new Error(`No verification e-mail to ${email} in the development mailbox`)
}

const sessionCookies = (response: Response, url: string): SessionCookie[] =>
  response.headers.getSetCookie().map((header) => {
    const pair = header.split(';', 1)[0] ?? ''
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at).trim(), value: pair.slice(at + 1).trim(), url }
  })

/**
 * Signs up with e-mail and password, confirms the address through the development mailbox (with
 * {@link DEV_MAILBOX_KEY}) and signs in, on the Headmark at `origin`.
 */
export async function signUp(
  origin: string,
  name: string,
  email: string,
): Promise<HeadmarkAccount> {
  const json = { origin, 'content-type': 'application/json' }
  const auth = async (path: string, body: unknown) =>
    expectOk(
      await fetch(`${origin}/api/auth/${path}`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify(body),
      }),
      path,
    )
  await auth('sign-up/email', { name, email, password: PASSWORD })
  const verified = await fetch(await verificationLink(origin, email), { redirect: 'manual' })
  if (verified.status >= 400) throw new Error(`verify-email: HTTP ${verified.status}`)
  const cookies = sessionCookies(await auth('sign-in/email', { email, password: PASSWORD }), origin)
  const cookie = cookies.map(({ name, value }) => `${name}=${value}`).join('; ')

  async function rpc<T>(procedure: string, input: unknown): Promise<T> {
    const response = await fetch(`${origin}/api/rpc/${procedure}`, {
      method: 'POST',
      headers: { ...json, cookie },
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
      update: (changes) => rpc('sites/update', { ...ref, ...changes }),
      createPage: async (path) => {
        await rpc('pages/create', { ...ref, path })
      },
      saveMetadata: async (pagePath, metadata, locale) => {
        const inLocale = locale === undefined ? {} : { locale }
        const current = await rpc<{ revision: { id: string } | null }>('pages/get', {
          ...ref,
          pagePath,
          ...inLocale,
        })
        return rpc('metadataRevisions/save', {
          ...ref,
          pagePath,
          ...inLocale,
          baseRevisionId: current.revision?.id ?? null,
          metadata,
        })
      },
      updateLocales: async (locales, defaultLocale) => {
        await rpc('sites/updateLocales', { ...ref, locales, defaultLocale })
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
      editorUrl: (path, locale) => {
        const query = new URLSearchParams({
          ...(path === null ? {} : { path }),
          ...(locale === undefined ? {} : { locale }),
        }).toString()
        return `${origin}/app/organizations/${organizationSlug}/sites/${hostname}/page${query ? `?${query}` : ''}`
      },
      settingsUrl: () => `${origin}/app/organizations/${organizationSlug}/sites/${hostname}/edit`,
    }
  }

  return {
    email,
    cookies,
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

/** A running Headmark with an account, its organization and a site: see {@link startHeadmarkWithSite}. */
export interface HeadmarkWithSite {
  headmark: Headmark
  account: HeadmarkAccount
  organization: HeadmarkOrganization
  site: HeadmarkSite
}

/**
 * The prologue the examples' tests share: starts Headmark (with `env`), signs up a verified owner,
 * creates an organization on the Starter plan (its slug made unique with the time) and the site,
 * then saves the site's defaults and creates each page with its metadata (`null`: no revision).
 * Stops Headmark again when a step fails.
 */
export async function startHeadmarkWithSite(options: {
  env?: Record<string, string>
  owner?: { name: string; email?: string }
  organization: { name: string; slug: string }
  site: { name: string; hostname: string }
  /** Changes to the site's settings, made before anything is saved (e.g. a title template). */
  settings?: Partial<SiteSettings>
  defaults?: Metadata
  pages?: Record<string, Metadata | null>
}): Promise<HeadmarkWithSite> {
  const headmark = await startHeadmark(options.env)
  try {
    const account = await headmark.signUp(options.owner?.name, options.owner?.email)
    const organization = await account.createOrganization(
      options.organization.name,
      `${options.organization.slug}-${Date.now()}`,
    )
    const site = await organization.createSite(options.site.name, options.site.hostname)
    if (options.settings) await site.update(options.settings)
    if (options.defaults) await site.saveMetadata(null, options.defaults)
    for (const [path, metadata] of Object.entries(options.pages ?? {})) {
      await site.createPage(path)
      if (metadata) await site.saveMetadata(path, metadata)
    }
    return { headmark, account, organization, site }
  } catch (error) {
    await headmark.stop()
    throw error
  }
}
