import { get as httpGet } from 'node:http'
import {
  auth,
  Client,
  type OAuthClientMetadata,
  type OAuthClientProvider,
  StreamableHTTPClientTransport,
} from '@modelcontextprotocol/client'
import type { TestServer } from './server.ts'
import type { Visitor } from './visitor.ts'

type Stored<T extends keyof OAuthClientProvider> = OAuthClientProvider[T] extends (
  ...args: never[]
) => infer R
  ? Awaited<R>
  : never

/**
 * An MCP client's OAuth state kept in memory, as a desktop agent keeps it on disk: its
 * registration, tokens and PKCE verifier. The authorization URL it would open in a browser is
 * kept for the test to visit as a signed-in person.
 */
export class MemoryOAuthProvider implements OAuthClientProvider {
  readonly redirectUrl = 'http://127.0.0.1:9/callback'
  information: Stored<'clientInformation'> = undefined
  stored: Stored<'tokens'> = undefined
  verifier = ''
  authorizationUrl: URL | undefined

  private readonly name: string
  private readonly scope: string

  constructor(
    name: string,
    scope = 'headmark:read headmark:propose headmark:checks offline_access',
  ) {
    this.name = name
    this.scope = scope
  }

  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirectUrl],
      grant_types: ['authorization_code', 'refresh_token'],
      response_types: ['code'],
      token_endpoint_auth_method: 'none',
      scope: this.scope,
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
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier
  }
  codeVerifier() {
    return this.verifier
  }
}

export interface ConnectChoice {
  organizationId: string
  siteIds?: string[] | null
  scopes?: Array<'read' | 'propose' | 'checks'>
  /** The scopes the client asks for (OAuth names). */
  requestScope?: string
  clientName?: string
}

/** Every HTTP status the MCP endpoint answered, to check that none was a 5xx. */
export const mcpStatuses: number[] = []

const recordingFetch: typeof fetch = async (input, init) => {
  const response = await fetch(input, init)
  if (new URL(input instanceof Request ? input.url : String(input)).pathname === '/api/mcp') {
    mcpStatuses.push(response.status)
  }
  return response
}

/**
 * The OAuth flow an MCP client runs, end to end over HTTP: discovery from the MCP endpoint's
 * 401, dynamic registration, authorization with PKCE (the person's browser is `person`, who
 * consents through agents.consent), token exchange; then an MCP client connected with the token.
 */
export async function connectAgent(
  server: TestServer,
  person: Visitor,
  choice: ConnectChoice,
): Promise<{ client: Client; provider: MemoryOAuthProvider; connectionId: string }> {
  const provider = new MemoryOAuthProvider(
    choice.clientName ?? 'Test Agent',
    choice.requestScope ?? 'headmark:read headmark:propose headmark:checks offline_access',
  )
  const serverUrl = `${server.origin}/api/mcp`
  const started = await auth(provider, { serverUrl, fetchFn: recordingFetch })
  if (started !== 'REDIRECT' || !provider.authorizationUrl) {
    throw new Error(`The authorization did not start: ${started}`)
  }
  const { redirectTo } = await consentThrough(server, person, provider.authorizationUrl, choice)
  const callback = new URL(redirectTo)
  const code = callback.searchParams.get('code')
  if (!code) throw new Error(`The consent gave no code: ${redirectTo}`)
  const finished = await auth(provider, {
    serverUrl,
    authorizationCode: code,
    ...(callback.searchParams.get('iss') ? { iss: callback.searchParams.get('iss')! } : {}),
    fetchFn: recordingFetch,
  })
  if (finished !== 'AUTHORIZED') throw new Error(`The token exchange failed: ${finished}`)
  const client = await mcpClient(server, provider)
  const { connections } = await person.rpc.agents.list()
  const connection = connections.find((c) => c.clientName === (choice.clientName ?? 'Test Agent'))
  if (!connection) throw new Error('The connection is not listed.')
  return { client, provider, connectionId: connection.id }
}

/** The person's browser opening the authorization URL, then their consent. */
export async function consentThrough(
  server: TestServer,
  person: Visitor,
  authorizationUrl: URL,
  choice: ConnectChoice & { accept?: boolean },
): Promise<{ redirectTo: string; oauthQuery: string }> {
  // A browser's navigation (Node's fetch always says sec-fetch-mode: cors, which better-auth
  // rightly answers with JSON): a plain HTTP GET with the person's cookies.
  const cookie = [...person.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  const authorize = await navigate(authorizationUrl, cookie)
  const location = authorize.location
  if (authorize.status !== 302 || !location) {
    throw new Error(`The authorization answered ${authorize.status}: ${authorize.body}`)
  }
  const consentPage = new URL(location, server.origin)
  if (consentPage.pathname !== '/app/connect-agent') {
    throw new Error(`The authorization went to ${consentPage.pathname}, not the consent page.`)
  }
  const oauthQuery = consentPage.search.slice(1)
  const { redirectTo } = await person.rpc.agents.consent({
    oauthQuery,
    accept: choice.accept ?? true,
    organizationId: choice.organizationId,
    siteIds: choice.siteIds ?? null,
    scopes: choice.scopes ?? ['read', 'propose', 'checks'],
  })
  return { redirectTo, oauthQuery }
}

/** A browser's GET navigation: its status, Location and body (redirects are not followed). */
export function navigate(
  url: URL,
  cookie: string,
): Promise<{ status: number; location: string | undefined; body: string }> {
  return new Promise((resolve, reject) => {
    const request = httpGet(
      url,
      {
        headers: {
          cookie,
          accept: 'text/html,application/xhtml+xml',
          'sec-fetch-mode': 'navigate',
          'sec-fetch-site': 'none',
        },
      },
      (response) => {
        let body = ''
        response.setEncoding('utf8')
        response.on('data', (chunk: string) => (body += chunk))
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, location: response.headers.location, body }),
        )
      },
    )
    request.on('error', reject)
  })
}

/** An MCP client connected to the server with the provider's tokens. */
export async function mcpClient(server: TestServer, provider: OAuthClientProvider) {
  const client = new Client({ name: 'headmark-test-agent', version: '1.0.0' })
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${server.origin}/api/mcp`), {
      authProvider: provider,
      fetch: recordingFetch,
    }),
  )
  return client
}

function parsedJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return null
  }
}

/** The text of a tool result, parsed as JSON when it is. */
export function resultOf(result: { content?: unknown; isError?: boolean }): {
  isError: boolean
  text: string
  json: unknown
} {
  const content = (result.content ?? []) as Array<{ type: string; text?: string }>
  const text = content.map((part) => part.text ?? '').join('\n')
  return { isError: result.isError === true, text, json: parsedJson(text) }
}
