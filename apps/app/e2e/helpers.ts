import { mkdirSync } from 'node:fs'
import { basename, join } from 'node:path'
import { test as base, type Browser, expect, type Page, type Response } from '@playwright/test'
import { E2E_FIXTURES_ORIGIN } from './fixtures-server.ts'
import { DEV_MAILBOX_KEY, startAppServer } from './server.ts'

/**
 * Playwright's `test`, with the app's production server of this worker: each worker starts one
 * on a free port with a fresh in-memory database, so that workers share no accounts, mailbox or
 * database and run side by side. After each test the browser contexts it opened besides its own
 * page's (colleagues, strangers) are closed: left open, their pages would go on running for the
 * rest of the suite.
 */
export const test = base.extend<{ closeOtherContexts: void }, { appServer: string }>({
  appServer: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads which fixtures a fixture uses from its pattern
    async ({}, use) => {
      const app = await startAppServer({ VITE_ANALYTICS_HOST: `${E2E_FIXTURES_ORIGIN}/capture` })
      process.env.E2E_BASE_URL = app.baseURL
      await use(app.baseURL)
      await app.stop()
    },
    { scope: 'worker', auto: true, timeout: 180_000 },
  ],
  closeOtherContexts: [
    async ({ browser, context }, use) => {
      const before = new Set([...browser.contexts(), context])
      await use()
      for (const opened of browser.contexts()) {
        if (!before.has(opened)) await opened.close()
      }
    },
    { auto: true },
  ],
})

export function baseURL(): string {
  const url = process.env.E2E_BASE_URL
  if (!url) throw new Error('E2E_BASE_URL is not set: run the tests through playwright.config.ts')
  return url
}

/** `path` on the app's server; a whole URL (a link from the mailbox, say) stays as it is. */
export const url = (path: string) => new URL(path, baseURL()).toString()

/** The development mailbox of the server under test, with its key. */
export const mailboxUrl = () => url(`/dev/mailbox?key=${DEV_MAILBOX_KEY}`)

/**
 * Waits until the app has hydrated (`<html data-hydrated>`): before that, a click or a key meets
 * plain HTML. Reading pages (the marketing pages) start the app after their first paint, after
 * the load event; every page hydrates a moment after it loads.
 */
export async function hydrated(page: Page): Promise<void> {
  await page.locator('html[data-hydrated]').waitFor({ state: 'attached' })
}

/**
 * Opens a page of the app (a path, or a whole URL such as a link from the mailbox) and waits until
 * it has hydrated: a click before then meets plain HTML, which a busy machine shows for a while.
 */
export async function openHydrated(page: Page, target: string): Promise<Response | null> {
  const response = await page.goto(url(target))
  await hydrated(page)
  return response
}

let counter = 0
/** A new address for every account the suite creates, so tests never depend on each other. */
export function uniqueEmail(prefix = 'user'): string {
  counter += 1
  return `${prefix}-${Date.now()}-${counter}@example.com`
}

/** A slug no other test uses: `prefix` and the time in base 36. */
export const uniqueSlug = (prefix: string) => `${prefix}-${Date.now().toString(36)}`

export const PASSWORD = 'correct horse battery staple'

/** Finds the newest e-mail to `to` with a link containing `linkPart` in the development mailbox and returns that link. */
export async function linkFromMailbox(page: Page, to: string, linkPart: string): Promise<string> {
  await page.goto(mailboxUrl())
  const message = page
    .getByRole('listitem')
    .filter({ hasText: `To ${to}`, has: page.locator(`a[href*="${linkPart}"]`) })
    .first()
  await expect(message).toBeVisible()
  const href = await message.locator(`a[href*="${linkPart}"]`).first().getAttribute('href')
  if (!href) throw new Error(`No ${linkPart} link in the e-mail to ${to}`)
  return href
}

export async function signUp(page: Page, email: string, name = 'Ada Lovelace'): Promise<void> {
  await openHydrated(page, '/get-started')
  await createAccount(page, email, name)
}

/** On a hydrated /get-started: fills in and sends the Sign up tab, until "Check your inbox". */
async function createAccount(page: Page, email: string, name: string): Promise<void> {
  await page.getByRole('tab', { name: 'Sign up' }).click()
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(PASSWORD)
  await page.getByRole('button', { name: 'Create account' }).click()
  await expect(page.getByText('Check your inbox')).toBeVisible()
}

/** Signs up and confirms the address through the development mailbox: the user is signed in. */
export async function signUpAndVerify(page: Page, email: string, name?: string): Promise<void> {
  await signUp(page, email, name)
  await page.goto(await linkFromMailbox(page, email, 'verify-email'))
  await expect(page).toHaveURL(/\/app\//)
  await hydrated(page)
}

export async function signIn(page: Page, email: string, password = PASSWORD): Promise<void> {
  await openHydrated(page, '/get-started?mode=sign-in')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Password').fill(password)
  await page.getByRole('button', { name: 'Sign in' }).click()
}

/**
 * Opens the signed-in user's menu in the header (its button shows their name). The menu is a
 * chunk of its own: a click before it has taken over opens nothing, so it clicks again.
 */
export async function openUserMenu(page: Page, name: string): Promise<void> {
  await expect(async () => {
    await page
      .getByRole('banner')
      .getByRole('button', { name: new RegExp(name) })
      .click()
    await expect(page.getByRole('menuitem', { name: 'Account' })).toBeVisible({ timeout: 2_000 })
  }).toPass()
}

/** Opens the account screen from the user menu, as a person would. */
export async function openAccount(page: Page, name: string): Promise<void> {
  await openUserMenu(page, name)
  await page.getByRole('menuitem', { name: 'Account' }).click()
  await expect(page).toHaveURL(/\/app\/account$/)
  await expect(page.getByRole('heading', { level: 1, name: 'Account' })).toBeVisible()
  await hydrated(page)
}

/** Signs out by opening /sign-out, which lands on the home page. */
export async function signOut(page: Page): Promise<void> {
  await page.goto(url('/sign-out'))
  await expect(page).toHaveURL(url('/'))
}

/** Signs out from the user menu's Sign Out, as a person would; lands on the home page. */
export async function signOutFromMenu(page: Page, name: string): Promise<void> {
  await openUserMenu(page, name)
  await page.getByRole('menuitem', { name: 'Sign Out' }).click()
  await expect(page).toHaveURL(url('/'))
}

/** The e-mail address of whoever the page's session belongs to; undefined when signed out. */
export async function signedInAs(page: Page): Promise<string | undefined> {
  const response = await page.request.get(url('/api/auth/get-session'))
  const body = (await response.json()) as { user?: { email: string } } | null
  return body?.user?.email
}

/** Calls a procedure over RPC with the page's session, as the app's browser client does. */
export async function rpc<T>(page: Page, path: string, input: unknown): Promise<T> {
  const response = await page.request.post(url(`/api/rpc/${path}`), {
    data: { json: input },
    headers: { origin: new URL(url('/')).origin },
  })
  const body = (await response.json()) as { json: T }
  expect(response.ok(), `${path}: ${JSON.stringify(body)}`).toBe(true)
  return body.json
}

/**
 * Puts the organization on a plan through `billing.subscribe`, as an owner's Choose button does
 * (the onboarding spec chooses through the screens): without one, every screen of the
 * organization sends its people to onboarding/plan. The largest plan, so no quota gets in the way.
 */
export async function choosePlan(
  page: Page,
  organizationSlug: string,
  planId = 'business',
): Promise<void> {
  await rpc(page, 'billing/subscribe', { organizationSlug, planId })
}

/**
 * On the create-organization screen (where a new user lands): creates one, which lands on the
 * plan step of its onboarding, then chooses a plan (through RPC) unless told not to.
 */
export async function createOrganization(
  page: Page,
  name: string,
  slug: string,
  { plan = true }: { plan?: boolean } = {},
): Promise<void> {
  await openHydrated(page, '/app/organizations/create')
  await page.getByLabel('Name').fill(name)
  await page.getByLabel('Slug').fill(slug)
  await page.getByRole('button', { name: 'Create organization' }).click()
  await expect(page).toHaveURL(new RegExp(`/app/organizations/${slug}/onboarding/plan$`))
  if (plan) await choosePlan(page, slug)
}

/**
 * Through RPC, as the app's screens would: a new organization (its slug made from `name`) on a
 * plan, with one site at `hostname`. Returns the organization's slug.
 */
export async function organizationWithSite(
  page: Page,
  name: string,
  hostname: string,
): Promise<string> {
  const slug = uniqueSlug(name.toLowerCase().replace(/[^a-z0-9]+/g, '-'))
  await rpc(page, 'organizations/create', { name, slug })
  await choosePlan(page, slug)
  await rpc(page, 'sites/create', { organizationSlug: slug, name, hostname })
  return slug
}

/** The organization's id, as better-auth's own endpoints want it. */
export async function organizationId(page: Page, slug: string): Promise<string> {
  const organizations = (await (
    await page.request.get(url('/api/auth/organization/list'))
  ).json()) as Array<{ id: string; slug: string }>
  const id = organizations.find((organization) => organization.slug === slug)?.id
  if (!id) throw new Error(`${slug} is not among the organizations of this user`)
  return id
}

/**
 * Invites a new person as `role` through better-auth's endpoint, has them sign up in a browser
 * context of their own and accept (the members spec goes through the screens): returns their page.
 */
export async function addColleague(
  browser: Browser,
  owner: Page,
  slug: string,
  role: 'admin' | 'member',
  name: string,
): Promise<Page> {
  const email = uniqueEmail(role)
  const invited = await owner.request.post(url('/api/auth/organization/invite-member'), {
    data: { email, role, organizationId: await organizationId(owner, slug) },
    headers: { origin: baseURL() },
  })
  expect(invited.ok(), await invited.text()).toBe(true)
  const colleague = await (await browser.newContext()).newPage()
  await signUpAndVerify(colleague, email, name)
  const link = await linkFromMailbox(colleague, email, '/app/invitations/')
  const invitationId = decodeURIComponent(new URL(link).pathname.split('/').at(-1) ?? '')
  const accepted = await colleague.request.post(url('/api/auth/organization/accept-invitation'), {
    data: { invitationId },
    headers: { origin: baseURL() },
  })
  expect(accepted.ok(), await accepted.text()).toBe(true)
  return colleague
}

/**
 * Signed out, opens the invitation's link from its e-mail (which leads to /get-started and keeps
 * the invitation as the place to come back to), signs up, and confirms the address from the
 * mailbox: the invitee is signed in and back on the invitation, which has hydrated.
 */
export async function signUpFromInvitation(
  page: Page,
  invitationLink: string,
  email: string,
  name: string,
): Promise<void> {
  await openInvitationSignedOut(page, invitationLink)
  await createAccount(page, email, name)
  await page.goto(await linkFromMailbox(page, email, 'verify-email'))
  await expect(page).toHaveURL(invitationLink)
  await hydrated(page)
}

/**
 * A signed-out visitor opens an invitation's link: they are asked to sign in on /get-started,
 * which will bring them back to it; returns once that page has hydrated.
 */
export async function openInvitationSignedOut(page: Page, invitationLink: string): Promise<void> {
  await page.goto(invitationLink)
  await expect(page).toHaveURL(/\/get-started\?redirect=/)
  await hydrated(page)
}

/** On the invitation page of `organizationName`: accepts it and sees that they joined. */
export async function acceptInvitation(page: Page, organizationName: string): Promise<void> {
  await expect(
    page.getByRole('heading', { level: 1, name: `Join ${organizationName}` }),
  ).toBeVisible()
  await page.getByRole('button', { name: 'Accept invitation' }).click()
  await expect(page.getByText(`You joined ${organizationName}.`)).toBeVisible()
}

/** A code block (`@headmark/ui` CodeBlock) by its label, e.g. the file name. */
export const codeBlock = (page: Page, label: string) =>
  page.getByRole('figure', { name: label, exact: true })

/** Creates a site from the organization's home and lands on its overview. */
export async function createSite(
  page: Page,
  organizationSlug: string,
  name: string,
  hostname: string,
): Promise<void> {
  await openHydrated(page, `/app/organizations/${organizationSlug}/sites/new`)
  await page.getByRole('textbox', { name: 'Name', exact: true }).fill(name)
  await page.getByLabel('Hostname').fill(hostname)
  await page.getByRole('button', { name: 'Create site' }).click()
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible()
}

/** Creates a page of a site and lands on its metadata editor. */
export async function createPage(
  page: Page,
  organizationSlug: string,
  siteHostname: string,
  path: string,
): Promise<void> {
  await openHydrated(page, `/app/organizations/${organizationSlug}/sites/${siteHostname}/pages/new`)
  await page.getByLabel('Path').fill(path)
  await page.getByRole('button', { name: 'Create page' }).click()
  await expect(page.getByRole('heading', { level: 1, name: path })).toBeVisible()
}

/** The address of a page's metadata editor. */
export function editorUrl(
  organizationSlug: string,
  siteHostname: string,
  path: string | null,
  search: Record<string, string> = {},
): string {
  const params = new URLSearchParams({ ...(path === null ? {} : { path }), ...search })
  const query = params.toString()
  return url(
    `/app/organizations/${organizationSlug}/sites/${siteHostname}/page${query ? `?${query}` : ''}`,
  )
}

/**
 * Where the specs' screenshots go: SHOTS_DIR, or test-results/screens, in a folder named after
 * the spec (`locales` for locales.spec.ts).
 */
export function screensDir(): string {
  const spec = basename(base.info().file).replace(/\.spec\.ts$/, '')
  const dir = join(
    process.env.SHOTS_DIR ?? join(import.meta.dirname, '..', 'test-results', 'screens'),
    spec,
  )
  mkdirSync(dir, { recursive: true })
  return dir
}

/**
 * Screenshots of the whole page at 1280 and 390 px wide (or `widths`), light and dark, named
 * `<name>-<width>-<scheme>.png` in {@link screensDir}; the page's size and scheme are restored.
 */
export async function shoot(page: Page, name: string, widths = [1280, 390]): Promise<void> {
  const dir = screensDir()
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of widths) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: `${dir}/${name}-${width}-${scheme}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: null })
  await page.setViewportSize(size)
}
