// A running Headmark for an example's end-to-end test: the app's production server on a free
// port with a fresh in-memory database, and an account that sets up organizations, sites, pages,
// metadata, webhooks and API keys through the same RPC API the dashboard uses.
import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync } from 'node:fs'
import { createServer } from 'node:net'
import { fileURLToPath } from 'node:url'
import type { Metadata } from '@headmark/metadata'

/** The Headmark app (apps/app) whose production build is started. */
export const headmarkAppRoot = fileURLToPath(new URL('../../../apps/app/', import.meta.url))

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

/** A child process with its output kept, stopped with SIGTERM (SIGKILL after `graceMs`). */
export interface Process {
  output(): string
  /** Stops it; resolves once it exited. Safe to call twice. */
  stop(graceMs?: number): Promise<void>
}

/**
 * Starts `node <script>` in `cwd` and waits until `readyUrl` answers 2xx (or throws with the
 * process's output after `timeoutMs`, having stopped it).
 */
export async function startProcess(options: {
  name: string
  cwd: string
  script: string
  env: Record<string, string>
  readyUrl: string
  timeoutMs?: number
}): Promise<Process> {
  let output = ''
  const child: ChildProcess = spawn(process.execPath, [options.script], {
    cwd: options.cwd,
    env: { ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  for (const stream of [child.stdout, child.stderr]) {
    stream?.on('data', (chunk: Buffer) => {
      output += chunk.toString()
      if (process.env.E2E_SERVER_LOGS) process.stderr.write(`[${options.name}] ${chunk}`)
    })
  }
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()))
  const stop = async (graceMs = 10_000) => {
    if (child.exitCode !== null || child.signalCode !== null) return
    child.kill('SIGTERM')
    const timer = setTimeout(() => child.kill('SIGKILL'), graceMs)
    await exited
    clearTimeout(timer)
  }
  const deadline = Date.now() + (options.timeoutMs ?? 60_000)
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`${options.name} exited with ${child.exitCode} while starting:\n${output}`)
    }
    const up = await fetch(options.readyUrl).then(
      (response) => response.ok,
      () => false,
    )
    if (up) break
    if (Date.now() > deadline) {
      await stop()
      throw new Error(`${options.name} did not answer at ${options.readyUrl}:\n${output}`)
    }
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
  return { output: () => output, stop }
}

/** A Headmark production server. */
export interface Headmark extends Process {
  /** Its origin, e.g. `http://localhost:41234`. */
  origin: string
  /** The public metadata API, what a site's `HEADMARK_URL` is set to. */
  apiUrl: string
}

/**
 * Starts Headmark's production server (`apps/app/server.mjs`, built by
 * `npm run build:e2e -w @headmark/app`) on a free port with an in-memory database, rate limits
 * off and webhooks allowed to call loopback addresses.
 */
export async function startHeadmark(env: Record<string, string> = {}): Promise<Headmark> {
  if (!existsSync(`${headmarkAppRoot}dist/server/server.js`)) {
    throw new Error('Headmark is not built: run `npm run build:e2e -w @headmark/app` first.')
  }
  const port = await freePort()
  const origin = `http://localhost:${port}`
  const server = await startProcess({
    name: 'headmark',
    cwd: headmarkAppRoot,
    script: 'server.mjs',
    env: {
      PORT: String(port),
      DATABASE_URL: 'pglite:memory',
      BETTER_AUTH_URL: origin,
      NODE_ENV: 'development',
      RATE_LIMIT: 'off',
      WEBHOOKS_ALLOW_LOOPBACK: 'true',
      ...env,
    },
    readyUrl: origin,
  })
  return { ...server, origin, apiUrl: `${origin}/api/openapi` }
}

/** A cookie of a signed-in session, in the shape Playwright's `context.addCookies` takes. */
export interface SessionCookie {
  name: string
  value: string
  url: string
}

export interface Organization {
  id: string
  slug: string
}
export interface Site {
  id: string
  hostname: string
  dsn: string
  requireApiKey: boolean
}
export interface Revision {
  id: string
  number: number
}
export interface Webhook {
  id: string
  url: string
  /** `whsec_…`: the receiver's `HEADMARK_WEBHOOK_SECRET`. */
  secret: string
}

/** A signed-in Headmark account. */
export class HeadmarkAccount {
  readonly headmark: Headmark
  readonly email: string
  /** The session's cookies: hand them to a browser context to use the dashboard signed in. */
  readonly cookies: SessionCookie[]

  constructor(headmark: Headmark, email: string, cookies: SessionCookie[]) {
    this.headmark = headmark
    this.email = email
    this.cookies = cookies
  }

  /** Calls an RPC procedure (`organizations/create`, …) as this account; throws on an error. */
  async rpc<T>(procedure: string, input: unknown): Promise<T> {
    const response = await fetch(`${this.headmark.origin}/api/rpc/${procedure}`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        origin: this.headmark.origin,
        cookie: this.cookies.map((c) => `${c.name}=${c.value}`).join('; '),
      },
      body: JSON.stringify({ json: input }),
    })
    const body = (await response.json()) as { json: T }
    if (!response.ok) throw new Error(`${procedure}: ${response.status} ${JSON.stringify(body)}`)
    return body.json
  }

  /** Creates an organization with this account as its owner, on the Starter plan. */
  async createOrganization(name: string, slug: string): Promise<Organization> {
    const organization = await this.rpc<Organization>('organizations/create', { name, slug })
    // The dashboard opens an organization's pages once it has a plan.
    await this.rpc('billing/subscribe', { organizationSlug: slug, planId: 'starter' })
    return organization
  }

  createSite(organization: Organization, name: string, hostname: string): Promise<Site> {
    return this.rpc('sites/create', { organizationSlug: organization.slug, name, hostname })
  }

  /** Changes a site's settings, e.g. `{ requireApiKey: true }`. */
  updateSite(
    organization: Organization,
    site: Site,
    changes: { name?: string; titleTemplate?: string | null; requireApiKey?: boolean },
  ): Promise<Site> {
    return this.rpc('sites/update', {
      organizationSlug: organization.slug,
      siteHostname: site.hostname,
      ...changes,
    })
  }

  async createPage(organization: Organization, site: Site, path: string): Promise<void> {
    await this.rpc('pages/create', {
      organizationSlug: organization.slug,
      siteHostname: site.hostname,
      path,
    })
  }

  /**
   * Saves a new revision of a page's metadata (`path: null` for the site's defaults) over
   * `baseRevisionId` (`null` for the page's first revision).
   */
  saveMetadata(
    organization: Organization,
    site: Site,
    path: string | null,
    metadata: Metadata,
    baseRevisionId: string | null = null,
  ): Promise<Revision> {
    return this.rpc('metadataRevisions/save', {
      organizationSlug: organization.slug,
      siteHostname: site.hostname,
      pagePath: path,
      baseRevisionId,
      metadata,
    })
  }

  /** Adds a webhook to a site; its URL's host must be the site's hostname. */
  createWebhook(organization: Organization, site: Site, url: string): Promise<Webhook> {
    return this.rpc('webhooks/create', {
      organizationSlug: organization.slug,
      siteHostname: site.hostname,
      url,
      description: 'Example site',
    })
  }

  /** Creates an API key of a site and returns it in clear (`hm_…`). */
  async createApiKey(organization: Organization, site: Site, name: string): Promise<string> {
    const { key } = await this.rpc<{ key: string }>('siteApiKeys/create', {
      organizationSlug: organization.slug,
      siteHostname: site.hostname,
      name,
    })
    return key
  }

  /** The address of a page's metadata editor in the dashboard (`path: null`: the defaults). */
  editorUrl(organization: Organization, site: Site, path: string | null): string {
    const query = path === null ? '' : `?${new URLSearchParams({ path })}`
    return `${this.headmark.origin}/app/organizations/${organization.slug}/sites/${site.hostname}/page${query}`
  }
}

export const PASSWORD = 'correct horse battery staple'

const sessionCookies = (response: Response, url: string): SessionCookie[] =>
  response.headers.getSetCookie().map((header) => {
    const pair = header.split(';', 1)[0] ?? ''
    const at = pair.indexOf('=')
    return { name: pair.slice(0, at), value: pair.slice(at + 1), url }
  })

/**
 * Signs up with e-mail and password, confirms the address through the development mailbox and
 * signs in.
 */
export async function signUp(
  headmark: Headmark,
  { name, email }: { name: string; email: string },
): Promise<HeadmarkAccount> {
  const auth = (path: string, body: unknown) =>
    fetch(`${headmark.origin}/api/auth/${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: headmark.origin },
      body: JSON.stringify(body),
    })
  const signedUp = await auth('sign-up/email', { name, email, password: PASSWORD })
  if (!signedUp.ok) throw new Error(`sign-up: ${signedUp.status} ${await signedUp.text()}`)

  // The confirmation e-mail, in the development mailbox (it answers loopback requests only).
  const mailbox = await (await fetch(`${headmark.origin}/dev/mailbox`)).text()
  const message = mailbox.split('<li').find((item) => item.includes(email)) ?? ''
  const link = /href="([^"]*verify-email[^"]*)"/.exec(message)?.[1]?.replaceAll('&amp;', '&')
  if (!link) throw new Error(`No confirmation e-mail to ${email} in the development mailbox`)
  const verified = await fetch(link, { redirect: 'manual' })
  if (verified.status >= 400) throw new Error(`verify-email: ${verified.status}`)

  const signedIn = await auth('sign-in/email', { email, password: PASSWORD })
  if (!signedIn.ok) throw new Error(`sign-in: ${signedIn.status} ${await signedIn.text()}`)
  return new HeadmarkAccount(headmark, email, sessionCookies(signedIn, headmark.origin))
}
