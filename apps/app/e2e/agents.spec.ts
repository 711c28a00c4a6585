import { createHash, randomBytes } from 'node:crypto'
import { mkdirSync } from 'node:fs'
import { expect, type Page } from '@playwright/test'
import {
  baseURL,
  hydrated,
  openHydrated,
  organizationWithSite,
  PASSWORD,
  rpc,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

// Connecting an agent (an MCP client) through OAuth: the client registers itself and sends the
// person's browser to the authorization endpoint, which opens the consent screen; the person's
// answer sends the browser back to the client's redirect address with a code or access_denied.

const SHOTS = '/work/shots/mcpui'
/** The client's redirect address: a loopback port nothing listens on; the test catches it. */
const CALLBACK = 'http://127.0.0.1:9/callback'
const SCOPE = 'headmark:read headmark:propose headmark:checks offline_access'

async function shoot(page: Page, name: string): Promise<void> {
  mkdirSync(SHOTS, { recursive: true })
  const size = page.viewportSize() ?? { width: 1280, height: 800 }
  for (const width of [1280, 390]) {
    for (const scheme of ['light', 'dark'] as const) {
      await page.setViewportSize({ width, height: 900 })
      await page.emulateMedia({ colorScheme: scheme })
      await page.screenshot({ path: `${SHOTS}/${name}-${width}-${scheme}.png`, fullPage: true })
    }
  }
  await page.emulateMedia({ colorScheme: null })
  await page.setViewportSize(size)
}

interface Registered {
  clientId: string
  verifier: string
  state: string
  authorizationUrl: string
}

/** An MCP client's first steps: dynamic registration, then the authorization URL with PKCE. */
async function registerClient(page: Page, name: string): Promise<Registered> {
  const response = await page.request.post(url('/api/auth/oauth2/register'), {
    data: {
      client_name: name,
      // A desktop agent: its redirect address is on loopback (RFC 8252).
      application_type: 'native',
      redirect_uris: [CALLBACK],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: SCOPE,
    },
    headers: { origin: baseURL() },
  })
  expect(response.ok(), await response.text()).toBe(true)
  const { client_id: clientId } = (await response.json()) as { client_id: string }
  const verifier = randomBytes(32).toString('base64url')
  const state = randomBytes(16).toString('base64url')
  const query = new URLSearchParams({
    response_type: 'code',
    client_id: clientId,
    redirect_uri: CALLBACK,
    scope: SCOPE,
    state,
    code_challenge: createHash('sha256').update(verifier).digest('base64url'),
    code_challenge_method: 'S256',
    resource: url('/api/mcp'),
    prompt: 'consent',
  })
  return { clientId, verifier, state, authorizationUrl: url(`/api/auth/oauth2/authorize?${query}`) }
}

/** Where the browser was sent back to: the client's redirect address, caught before it loads. */
async function catchCallback(page: Page): Promise<() => Promise<URL>> {
  let resolve!: (target: URL) => void
  const reached = new Promise<URL>((done) => (resolve = done))
  await page.route(`${CALLBACK}**`, async (route) => {
    resolve(new URL(route.request().url()))
    await route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Back in the agent</p>' })
  })
  return () => reached
}

/** The client's token request with the code the consent gave. */
async function exchange(page: Page, client: Registered, code: string) {
  return page.request.post(url('/api/auth/oauth2/token'), {
    form: {
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: client.clientId,
      code_verifier: client.verifier,
      resource: url('/api/mcp'),
    },
  })
}

test('a person connects an agent on the consent screen (organization, chosen sites, scopes), sees it in their account and revokes it', async ({
  page,
}) => {
  test.setTimeout(240_000)
  await signUpAndVerify(page, uniqueEmail('owner'), 'Olga Owner')
  const launchers = await organizationWithSite(page, 'Launchers', 'a.example')
  await rpc(page, 'sites/create', {
    organizationSlug: launchers,
    name: 'B',
    hostname: 'b.example',
  })
  await organizationWithSite(page, 'Archive', 'archive.example')

  const client = await registerClient(page, 'Claude Code')
  const callback = await catchCallback(page)
  await page.goto(client.authorizationUrl)
  await expect(page).toHaveURL(/\/app\/connect-agent\?/)
  await hydrated(page)
  await expect(page.getByRole('heading', { level: 1, name: 'Connect Claude Code' })).toBeVisible()
  await expect(page.getByText('as you, Olga Owner')).toBeVisible()
  await page.getByRole('combobox', { name: /Organization/ }).selectOption({ label: 'Launchers (Owner)' })
  await page.getByRole('radio', { name: /Only the sites I choose/ }).check()
  await page.getByRole('checkbox', { name: 'b.example' }).click()
  await page.getByRole('checkbox', { name: 'Run checks' }).click()
  await shoot(page, 'consent')

  await page.getByRole('button', { name: 'Allow' }).click()
  const back = await callback()
  expect(back.searchParams.get('state')).toBe(client.state)
  const code = back.searchParams.get('code')
  expect(code).toBeTruthy()
  const token = await exchange(page, client, code ?? '')
  expect(token.ok(), await token.text()).toBe(true)
  const granted = ((await token.json()) as { scope?: string }).scope ?? ''
  expect(granted.split(' ')).toEqual(expect.arrayContaining(['headmark:read', 'headmark:propose']))
  expect(granted).not.toContain('headmark:checks')

  await page.unroute(`${CALLBACK}**`)
  await openHydrated(page, '/app/account')
  const section = page.getByRole('region', { name: 'Connected agents' })
  const row = section.getByRole('row', { name: /Claude Code/ })
  await expect(row).toContainText('Launchers')
  await expect(row).toContainText('b.example')
  await expect(row).not.toContainText('a.example')
  await expect(row).toContainText('Propose changes')
  await expect(row).not.toContainText('Run checks')
  await section.scrollIntoViewIfNeeded()
  await shoot(page, 'connections')

  await row.getByRole('button', { name: /Revoke/ }).click()
  const dialog = page.getByRole('dialog', { name: 'Revoke Claude Code?' })
  await expect(dialog).toContainText('its next call is refused')
  await dialog.getByRole('button', { name: 'Revoke access' }).click()
  await expect(page.getByText('Claude Code no longer has access.')).toBeVisible()
  await expect(section.getByRole('heading', { name: 'No agents connected' })).toBeVisible()
  await expect(section.getByText(url('/api/mcp'))).toBeVisible()
  await shoot(page, 'connections-empty')
})

test('Deny sends the agent back with access_denied, and a tampered or unusable request is refused with a message, never a 500', async ({
  page,
}) => {
  await signUpAndVerify(page, uniqueEmail('owner'), 'Dan Denier')
  await organizationWithSite(page, 'Deniers', 'deny.example')
  const client = await registerClient(page, 'Sneaky Agent')
  const callback = await catchCallback(page)
  await page.goto(client.authorizationUrl)
  await hydrated(page)
  const consentUrl = page.url()
  await page.getByRole('button', { name: 'Deny' }).click()
  const back = await callback()
  expect(back.searchParams.get('error')).toBe('access_denied')
  expect(back.searchParams.get('state')).toBe(client.state)
  expect(back.searchParams.get('code')).toBeNull()
  await page.unroute(`${CALLBACK}**`)

  const tampered = new URL(consentUrl)
  tampered.searchParams.set('scope', 'headmark:read headmark:propose headmark:checks openid')
  for (const address of [tampered.toString(), url('/app/connect-agent'), url('/app/connect-agent?client_id=x&sig=y')]) {
    const response = await page.goto(address)
    expect(response?.status()).toBe(404)
    await expect(
      page.getByRole('heading', { name: 'This connection request can not be used' }),
    ).toBeVisible()
    await expect(page.getByText(/start connecting again from your agent/i)).toBeVisible()
  }
  await shoot(page, 'consent-refused')
})

test('a signed-out person is asked to sign in and comes back to the consent screen with the request intact', async ({
  page,
  browser,
}) => {
  const email = uniqueEmail('owner')
  await signUpAndVerify(page, email, 'Sid Signedout')
  await organizationWithSite(page, 'Returners', 'return.example')
  const client = await registerClient(page, 'Returning Agent')

  const fresh = await (await browser.newContext()).newPage()
  await fresh.goto(client.authorizationUrl)
  await expect(fresh).toHaveURL(/\/get-started\?/)
  await hydrated(fresh)
  await fresh.getByRole('tab', { name: 'Sign in' }).click()
  await fresh.getByLabel('E-mail').fill(email)
  await fresh.getByLabel('Password').fill(PASSWORD)
  await fresh.getByRole('button', { name: 'Sign in' }).click()
  await expect(fresh).toHaveURL(/\/app\/connect-agent\?/)
  await expect(
    fresh.getByRole('heading', { level: 1, name: 'Connect Returning Agent' }),
  ).toBeVisible()
  await expect(fresh.getByText('Sid Signedout')).toBeVisible()
})
