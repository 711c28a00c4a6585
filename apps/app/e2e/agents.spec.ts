import { createHash, randomBytes } from 'node:crypto'
import {
  auth,
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client'
import { expect, type Page } from '@playwright/test'
import {
  addColleague,
  baseURL,
  hydrated,
  openHydrated,
  organizationWithSite,
  PASSWORD,
  rpc,
  shoot,
  signUpAndVerify,
  test,
  uniqueEmail,
  url,
} from './helpers.ts'

// Connecting an agent (an MCP client) through OAuth: the client registers itself and sends the
// person's browser to the authorization endpoint, which opens the consent screen; the person's
// answer sends the browser back to the client's redirect address with a code or access_denied.

/** The client's redirect address: a loopback port nothing listens on; the test catches it. */
const CALLBACK = 'http://127.0.0.1:9/callback'
const SCOPE = 'headmark:read headmark:propose headmark:checks offline_access'

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

/** The client's token request with the code the consent gave (an agent has no cookies). */
async function exchange(client: Registered, code: string) {
  return fetch(url('/api/auth/oauth2/token'), {
    method: 'POST',
    body: new URLSearchParams({
      grant_type: 'authorization_code',
      code,
      redirect_uri: CALLBACK,
      client_id: client.clientId,
      code_verifier: client.verifier,
      resource: url('/api/mcp'),
    }),
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
  await page
    .getByRole('combobox', { name: /Organization/ })
    .selectOption({ label: 'Launchers (Owner)' })
  await page.getByRole('radio', { name: /Only the sites I choose/ }).check()
  await page.getByRole('checkbox', { name: 'b.example' }).click()
  await page.getByRole('checkbox', { name: 'Run checks' }).click()
  await shoot(page, 'consent')

  await page.getByRole('button', { name: 'Allow' }).click()
  const back = await callback()
  expect(back.searchParams.get('state')).toBe(client.state)
  const code = back.searchParams.get('code')
  expect(code).toBeTruthy()
  const token = await exchange(client, code ?? '')
  const answer = await token.text()
  expect(token.ok, answer).toBe(true)
  const granted = (JSON.parse(answer) as { scope?: string }).scope ?? ''
  expect(granted.split(' ')).toEqual(expect.arrayContaining(['headmark:read', 'headmark:propose']))
  expect(granted).not.toContain('headmark:checks')

  await page.unroute(`${CALLBACK}**`)
  await openHydrated(page, '/app/account')
  const section = page.getByRole('region', { name: 'Connected agents', exact: true })
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
  for (const address of [
    tampered.toString(),
    url('/app/connect-agent'),
    url('/app/connect-agent?client_id=x&sig=y'),
  ]) {
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
  await expect(fresh.getByText('as you, Sid Signedout')).toBeVisible()
})

type Stored<T extends keyof OAuthClientProvider> = OAuthClientProvider[T] extends (
  ...args: never[]
) => infer R
  ? Awaited<R>
  : never

/** An MCP client's OAuth state in memory, as a desktop agent keeps it; it "opens" the browser. */
class AgentOAuth implements OAuthClientProvider {
  readonly redirectUrl = CALLBACK
  information: Stored<'clientInformation'> = undefined
  stored: Stored<'tokens'> = undefined
  verifier = ''
  authorizationUrl: URL | undefined
  private readonly name: string
  constructor(name: string) {
    this.name = name
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: SCOPE,
    }
  }
  clientInformation() {
    return this.information
  }
  saveClientInformation(information: NonNullable<Stored<'clientInformation'>>) {
    this.information = information
  }
  tokens() {
    return this.stored
  }
  saveTokens(tokens: NonNullable<Stored<'tokens'>>) {
    this.stored = tokens
  }
  redirectToAuthorization(target: URL) {
    this.authorizationUrl = target
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

/** The text of a tool's answer, parsed as JSON when it is. */
function resultOf(result: { content?: unknown; isError?: unknown }) {
  const text = ((result.content ?? []) as Array<{ text?: string }>)
    .map((part) => part.text ?? '')
    .join('\n')
  let json: unknown = null
  try {
    json = JSON.parse(text)
  } catch {
    // Not JSON: the text is the answer.
  }
  return { isError: result.isError === true, text, json }
}

/**
 * The agent's side of connecting: discovery from /api/mcp, registration, the browser sent to the
 * consent screen (where `consent` answers as the person), the code exchanged for tokens.
 */
async function connectAgent(
  page: Page,
  name: string,
  consent: (page: Page) => Promise<void>,
): Promise<{ client: Client; provider: AgentOAuth }> {
  const provider = new AgentOAuth(name)
  const serverUrl = url('/api/mcp')
  expect(await auth(provider, { serverUrl })).toBe('REDIRECT')
  const callback = await catchCallback(page)
  await page.goto(String(provider.authorizationUrl))
  await expect(page).toHaveURL(/\/app\/connect-agent\?/)
  await hydrated(page)
  await consent(page)
  const back = await callback()
  await page.unroute(`${CALLBACK}**`)
  const code = back.searchParams.get('code')
  expect(code, back.toString()).toBeTruthy()
  const iss = back.searchParams.get('iss')
  expect(
    await auth(provider, { serverUrl, authorizationCode: code ?? '', ...(iss ? { iss } : {}) }),
  ).toBe('AUTHORIZED')
  const client = new Client({ name, version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(serverUrl), { authProvider: provider }),
  )
  return { client, provider }
}

test('an agent connected through the consent screen audits a site and proposes fixes; an admin approves and publishes them in the dashboard and the pages serve them; revoking refuses its next call', async ({
  page,
  browser,
}) => {
  test.setTimeout(300_000)
  await signUpAndVerify(page, uniqueEmail('owner'), 'Olga Owner')
  const hostname = 'localhost'
  const slug = await organizationWithSite(page, 'Fixture Shop', hostname)
  const site = { organizationSlug: slug, siteHostname: hostname }
  for (const path of ['/about', '/shop/product-1']) {
    await rpc(page, 'pages/create', { ...site, path })
  }
  await rpc(page, 'changeRequests/updatePolicy', {
    organizationSlug: slug,
    mode: 'review',
    twoPersonRule: false,
    largeChangePages: 50,
  })
  const admin = await addColleague(browser, page, slug, 'admin', 'Ada Admin')

  const { client } = await connectAgent(page, 'Claude Code', async (consent) => {
    await expect(
      consent.getByRole('heading', { level: 1, name: 'Connect Claude Code' }),
    ).toBeVisible()
    await consent
      .getByRole('combobox', { name: /Organization/ })
      .selectOption({ label: 'Fixture Shop (Owner)' })
    await consent.getByRole('button', { name: 'Allow' }).click()
  })

  const tools = (await client.listTools()).tools.map((tool) => tool.name)
  expect(tools).toEqual(
    expect.arrayContaining(['list_sites', 'list_pages', 'get_page', 'propose_changes']),
  )
  const sites = resultOf(await client.callTool({ name: 'list_sites', arguments: {} }))
  expect(sites.text).toContain(hostname)
  // The audit: the pages that serve no description.
  const missing = resultOf(
    await client.callTool({
      name: 'list_pages',
      arguments: { siteHostname: hostname, missing: 'description' },
    }),
  )
  expect(missing.isError, missing.text).toBe(false)
  expect(missing.text).toContain('/about')
  expect(missing.text).toContain('/shop/product-1')

  const proposed = resultOf(
    await client.callTool({
      name: 'propose_changes',
      arguments: {
        siteHostname: hostname,
        title: 'Describe the shop’s pages',
        explanation: 'Two pages serve no description: search engines pick a snippet themselves.',
        pages: [
          { pagePath: '/about', metadata: { description: 'Who runs the Fixture Shop, and why.' } },
          {
            pagePath: '/shop/product-1',
            metadata: { description: 'Product 1: what it is, what it costs, when it ships.' },
          },
        ],
      },
    }),
  )
  expect(proposed.isError, proposed.text).toBe(false)
  const { changeRequestId } = proposed.json as { changeRequestId: string }
  const { dsn } = await rpc<{ dsn: string }>(page, 'sites/get', site)
  const served = async (path: string) => {
    const answer = await page.request.get(
      url(`/api/openapi/v1/${dsn}/metadata/get-latest?path=${encodeURIComponent(path)}`),
    )
    expect(answer.ok()).toBe(true)
    return ((await answer.json()) as { metadata: { description?: string } }).metadata.description
  }
  // Nothing is published by the agent.
  expect(await served('/about')).toBeUndefined()

  // The admin finds it in the dashboard, opened by the agent for the person, approves, publishes.
  await openHydrated(admin, `/app/organizations/${slug}/change-requests`)
  const row = admin.getByRole('listitem').filter({ hasText: 'Describe the shop’s pages' })
  await expect(row.getByText('Opened by Claude Code for Olga Owner')).toBeVisible()
  await row.getByRole('link', { name: 'Describe the shop’s pages' }).click()
  await expect(admin).toHaveURL(new RegExp(`/change-requests/${changeRequestId}$`))
  await hydrated(admin)
  await expect(admin.getByText('Opened by Claude Code for Olga Owner')).toBeVisible()
  await shoot(admin, 'change-request-by-agent')
  await admin.getByRole('button', { name: 'Approve' }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('Approved')
  await admin.getByRole('button', { name: 'Publish now' }).click()
  await admin.getByRole('dialog').getByRole('button', { name: 'Publish', exact: true }).click()
  await expect(admin.getByRole('heading', { level: 1 })).toContainText('Published')
  expect(await served('/about')).toBe('Who runs the Fixture Shop, and why.')
  expect(await served('/shop/product-1')).toBe(
    'Product 1: what it is, what it costs, when it ships.',
  )

  // The owner's audit log names the agent.
  await openHydrated(page, `/app/organizations/${slug}/audit`)
  const log = page.getByRole('table', { name: 'Audit log entries, newest first' })
  await expect(log.getByRole('row').filter({ hasText: 'Claude Code' }).first()).toBeVisible()
  await shoot(page, 'audit-log-agent')

  // Revoked in the account: the agent's next call is refused at once.
  await openHydrated(page, '/app/account')
  const section = page.getByRole('region', { name: 'Connected agents', exact: true })
  await section
    .getByRole('row', { name: /Claude Code/ })
    .getByRole('button', { name: /Revoke/ })
    .click()
  await page.getByRole('dialog').getByRole('button', { name: 'Revoke access' }).click()
  await expect(page.getByText('Claude Code no longer has access.')).toBeVisible()
  const refused = await client
    .callTool({ name: 'list_sites', arguments: {} })
    .then((result) => resultOf(result))
    .catch((error: unknown) => ({ isError: true, text: String(error), json: null }))
  expect(refused.isError).toBe(true)
  expect(refused.text).not.toContain(hostname)
  await client.close().catch(() => undefined)
})
