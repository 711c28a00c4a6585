import { createORPCClient } from '@orpc/client'
import { RPCLink } from '@orpc/client/fetch'
import type { RouterClient } from '@orpc/server'
import { type Router, router } from '../src/router.ts'
import type { TestServer } from './server.ts'

/** The HTTP method a procedure is declared with: read-only ones are GET, the rest POST. */
export function procedureMethod(path: readonly string[]): 'GET' | 'POST' {
  let node: unknown = router
  for (const key of path) node = (node as Record<string, unknown>)[key]
  const method = (node as { '~orpc'?: { route?: { method?: string } } })['~orpc']?.route?.method
  return method === 'GET' ? 'GET' : 'POST'
}

/**
 * Someone using the API over real HTTP, like a browser: keeps cookies, sends its Origin, and
 * calls procedures through oRPC's RPCLink (GET for read-only procedures, as the app does).
 */
export class Visitor {
  readonly origin: string
  readonly cookies = new Map<string, string>()
  /** `METHOD path` of every RPC request, in order. */
  readonly rpcRequests: string[] = []
  readonly rpc: RouterClient<Router>

  constructor(origin: string) {
    this.origin = origin
    this.rpc = createORPCClient(
      new RPCLink({
        url: `${origin}/api/rpc`,
        method: (_options, path) => procedureMethod(path),
        headers: () => this.headers(),
        fetch: async (request, init) => {
          this.rpcRequests.push(`${request.method} ${new URL(request.url).pathname}`)
          const response = await fetch(request, init)
          this.remember(response)
          return response
        },
      }),
    )
  }

  headers(): Record<string, string> {
    const cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    return cookie ? { origin: this.origin, cookie } : { origin: this.origin }
  }

  /** A request to `path` (or a full URL) with this visitor's cookies; redirects are not followed. */
  async fetch(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers)
    for (const [name, value] of Object.entries(this.headers())) headers.set(name, value)
    const response = await fetch(new URL(path, this.origin), {
      ...init,
      headers,
      redirect: 'manual',
    })
    this.remember(response)
    return response
  }

  post(path: string, body: unknown): Promise<Response> {
    return this.fetch(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
  }

  signUp(body: { name: string; email: string; password: string }): Promise<Response> {
    return this.post('/api/auth/sign-up/email', { ...body, callbackURL: '/app' })
  }

  signIn(body: { email: string; password: string }): Promise<Response> {
    return this.post('/api/auth/sign-in/email', body)
  }

  get signedIn(): boolean {
    return [...this.cookies.keys()].some((name) => name.endsWith('session_token'))
  }

  private remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const at = pair.indexOf('=')
      const name = pair.slice(0, at).trim()
      const value = pair.slice(at + 1).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (value === '' || expired) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
}

/** The first link in the newest e-mail to `email`. */
export async function latestLink(server: TestServer, email: string): Promise<string> {
  const [message] = (await server.headmark.mailbox?.list({ to: email, limit: 1 })) ?? []
  const link = message?.text.match(/https?:\/\/\S+/)?.[0]
  if (!link) throw new Error(`No e-mail with a link was sent to ${email}.`)
  return link
}

/** Signs someone up, follows the verification link from the dev mailbox, and returns them signed in. */
export async function signedUpVisitor(
  server: TestServer,
  {
    name,
    email,
    password = 'correct horse battery',
  }: { name: string; email: string; password?: string },
): Promise<Visitor> {
  const visitor = new Visitor(server.origin)
  const signUp = await visitor.signUp({ name, email, password })
  if (!signUp.ok) throw new Error(`Sign-up failed: ${signUp.status} ${await signUp.text()}`)
  const verify = await visitor.fetch(await latestLink(server, email))
  if (!visitor.signedIn) throw new Error(`Verification did not sign in: ${verify.status}`)
  return visitor
}
