import { createRouterClient, ORPCError } from '@orpc/server'
import { describe, expect, it, onTestFinished } from 'vitest'
import { organizationCast } from '../test/organization.ts'
import { useTestServer } from '../test/server.ts'
import { signedUpVisitor, Visitor } from '../test/visitor.ts'
import { DEFAULT_MAX_BODY_BYTES, NUL_MESSAGE } from './edge.ts'
import { loadServerEnv } from './env.ts'
import { router } from './router.ts'
import { testDatabaseUrl } from '../test/database.ts'
import { createHeadmark, createInProcessClient } from './headmark.ts'

const server = useTestServer()

const json = { 'content-type': 'application/json' }

async function rpcError(response: Response) {
  return ((await response.json()) as { json: { code: string; status: number; message: string } })
    .json
}

describe('NUL characters', () => {
  it('are refused as BAD_REQUEST in any RPC input, before any query', async () => {
    const { owner } = await organizationCast(server.current)
    const slug = await owner.fetch(
      `/api/rpc/auth/getOrganization?data=${encodeURIComponent(JSON.stringify({ json: { organizationSlug: 'a\u0000b' } }))}`,
    )
    expect(slug.status).toBe(400)
    expect(await rpcError(slug)).toMatchObject({ code: 'BAD_REQUEST', message: NUL_MESSAGE })

    const create = await owner.fetch('/api/rpc/organizations/create', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ json: { name: 'x\u0000', slug: 'nul-name' } }),
    })
    expect(create.status).toBe(400)
    // in a key, too
    const key = await owner.fetch('/api/rpc/organizations/suggestSlug', {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ json: { name: 'x', ['k\u0000']: 1 } }),
    })
    // POST is accepted for read-only procedures: the link falls back to it for long inputs.
    expect(key.status).toBe(400)
    await expect(owner.rpc.organizations.suggestSlug({ name: 'a\u0000' })).rejects.toMatchObject({
      code: 'BAD_REQUEST',
      status: 400,
    })
  })

  it('are refused in-process too (server rendering), with the same error', async () => {
    const { owner } = await organizationCast(server.current)
    const client = server.current.headmark.createClient(() => new Headers(owner.headers()))
    await expect(
      client.auth.getOrganization({ organizationSlug: 'a\u0000b' }),
    ).rejects.toMatchObject({ code: 'BAD_REQUEST', message: NUL_MESSAGE })
  })

  it('are refused in sign-up e-mail addresses and names, with 400 and not 500', async () => {
    const visitor = new Visitor(server.current.origin)
    for (const body of [
      { name: 'Ada', email: 'a\u0000@example.com', password: 'correct horse battery' },
      { name: 'A\u0000da', email: 'ada@example.com', password: 'correct horse battery' },
    ]) {
      const response = await visitor.signUp(body)
      expect(response.status).toBe(400)
      expect(await response.json()).toMatchObject({ code: 'BAD_REQUEST', message: NUL_MESSAGE })
    }
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const rename = await ada.post('/api/auth/update-user', { name: 'Ada\u0000' })
    expect(rename.status).toBe(400)
  })
})

describe('request bodies', () => {
  it('over 1 MiB get 413 in the oRPC error shape on /api/rpc, declared or not', async () => {
    const anonymous = new Visitor(server.current.origin)
    const big = JSON.stringify({ json: { name: 'x'.repeat(DEFAULT_MAX_BODY_BYTES) } })
    const declared = await anonymous.fetch('/api/rpc/organizations/create', {
      method: 'POST',
      headers: json,
      body: big,
    })
    expect(declared.status).toBe(413)
    expect(await rpcError(declared)).toEqual({
      defined: false,
      code: 'PAYLOAD_TOO_LARGE',
      status: 413,
      message: 'The request body is larger than 1 MiB; send less data.',
    })

    // Streamed without Content-Length: counted while it arrives.
    const chunk = new TextEncoder().encode('x'.repeat(64 * 1024))
    let sent = 0
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > 2 * DEFAULT_MAX_BODY_BYTES) return controller.close()
        sent += chunk.byteLength
        controller.enqueue(chunk)
      },
    })
    const streamed = await anonymous.fetch('/api/rpc/auth/getSession', {
      method: 'POST',
      headers: json,
      body: stream,
      duplex: 'half',
    } as RequestInit)
    expect(streamed.status).toBe(413)
    expect((await rpcError(streamed)).code).toBe('PAYLOAD_TOO_LARGE')
  })

  it('over the limit get 413 with a message on /api/auth too; smaller ones pass', async () => {
    const anonymous = new Visitor(server.current.origin)
    const response = await anonymous.post('/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: 'x'.repeat(DEFAULT_MAX_BODY_BYTES),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ code: 'PAYLOAD_TOO_LARGE' })
    const small = await anonymous.post('/api/auth/sign-in/email', {
      email: 'ada@example.com',
      password: 'wrong password, but small',
    })
    expect(small.status).toBe(401)
  })
})

describe('methods', () => {
  it('other than GET and POST get 405 METHOD_NOT_SUPPORTED on /api/rpc and /api/auth', async () => {
    const anonymous = new Visitor(server.current.origin)
    for (const method of ['PUT', 'DELETE', 'PATCH']) {
      const rpc = await anonymous.fetch('/api/rpc/auth/getSession', { method })
      expect(rpc.status).toBe(405)
      expect(rpc.headers.get('allow')).toBe('GET, POST')
      expect(await rpcError(rpc)).toMatchObject({ code: 'METHOD_NOT_SUPPORTED', status: 405 })
      const auth = await anonymous.fetch('/api/auth/get-session', { method })
      expect(auth.status).toBe(405)
      expect(await auth.json()).toMatchObject({ code: 'METHOD_NOT_SUPPORTED' })
    }
  })

  it('GET is refused for procedures that change data', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const data = encodeURIComponent(JSON.stringify({ json: { name: 'X', slug: 'via-get' } }))
    const response = await ada.fetch(`/api/rpc/organizations/create?data=${data}`)
    expect(response.status).toBe(405)
    expect(await rpcError(response)).toMatchObject({
      code: 'METHOD_NOT_SUPPORTED',
      message: 'organizations/create changes data: call it with POST.',
    })
    expect(await ada.rpc.auth.getOrganizations()).toEqual([])
  })
})

describe('cross-site requests', () => {
  it('can not create an organization with the victim’s cookie from a foreign origin', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const form = new FormData()
    form.set('data', JSON.stringify({ json: { name: 'x', slug: 'xxx' } }))
    const attacks: RequestInit[] = [
      { method: 'POST', headers: { origin: 'https://evil.example' }, body: form },
      {
        method: 'POST',
        headers: { ...json, origin: 'https://evil.example' },
        body: JSON.stringify({ json: { name: 'x', slug: 'xxx' } }),
      },
      {
        method: 'POST',
        headers: { ...json, 'sec-fetch-site': 'same-site' },
        body: JSON.stringify({ json: { name: 'x', slug: 'xxx' } }),
      },
    ]
    for (const attack of attacks) {
      const cookie = ada.headers().cookie ?? ''
      const response = await fetch(`${server.current.origin}/api/rpc/organizations/create`, {
        ...attack,
        headers: { ...(attack.headers as Record<string, string>), cookie },
      })
      expect(response.status).toBe(403)
      expect(await rpcError(response)).toMatchObject({ code: 'FORBIDDEN' })
    }
    expect(await ada.rpc.auth.getOrganizations()).toEqual([])

    // A trusted Origin (BETTER_AUTH_URL's, or one of TRUSTED_ORIGINS) decides over Sec-Fetch-Site.
    const trusted = await fetch(`${server.current.origin}/api/rpc/organizations/create`, {
      method: 'POST',
      headers: {
        ...json,
        origin: server.current.origin,
        'sec-fetch-site': 'same-site',
        cookie: ada.headers().cookie ?? '',
      },
      body: JSON.stringify({ json: { name: 'Mine', slug: 'mine' } }),
    })
    expect(trusted.status).toBe(200)
  })

  it('refuses multipart/form-data, form and text bodies from the app’s own origin too', async () => {
    const ada = await signedUpVisitor(server.current, { name: 'Ada', email: 'ada@example.com' })
    const form = new FormData()
    form.set('data', JSON.stringify({ json: { name: 'x', slug: 'xxx' } }))
    const multipart = await ada.fetch('/api/rpc/organizations/create', {
      method: 'POST',
      body: form,
    })
    expect(multipart.status).toBe(415)
    expect(await rpcError(multipart)).toMatchObject({ code: 'UNSUPPORTED_MEDIA_TYPE' })
    const text = await ada.fetch('/api/rpc/organizations/create', {
      method: 'POST',
      headers: { 'content-type': 'text/plain' },
      body: JSON.stringify({ json: { name: 'x', slug: 'xxx' } }),
    })
    expect(text.status).toBe(415)
    // The app's own calls still work.
    expect(await ada.rpc.organizations.create({ name: 'Mine', slug: 'mine' })).toMatchObject({
      slug: 'mine',
    })
  })

  it('refuses a better-auth POST from a foreign origin', async () => {
    const response = await fetch(`${server.current.origin}/api/auth/sign-in/magic-link`, {
      method: 'POST',
      headers: { ...json, 'sec-fetch-site': 'cross-site' },
      body: JSON.stringify({ email: 'ada@example.com' }),
    })
    expect(response.status).toBe(403)
  })
})

describe('the in-process client', () => {
  it('maps unexpected errors to a bare INTERNAL_SERVER_ERROR, without SQL', async () => {
    const { owner } = await organizationCast(server.current)
    const headmark = server.current.headmark
    const context = await headmark.createContext(new Headers(owner.headers()))
    // A database whose queries fail the way a broken query does: with the SQL in the message.
    const db = new Proxy(headmark.db, {
      get: (target, key) =>
        key === 'select'
          ? () => {
              throw new Error('Failed query: select "email" from "user" where "id" = $1')
            }
          : Reflect.get(target, key),
    })
    const raw = createRouterClient(router, { context: { ...context, db } })
    await expect(raw.auth.getOrganizations()).rejects.toThrow('Failed query')

    const client = createInProcessClient(async () => ({ ...context, db }))
    const error = await client.auth.getOrganizations().catch((e: unknown) => e)
    expect(error).toBeInstanceOf(ORPCError)
    expect(error).toMatchObject({ code: 'INTERNAL_SERVER_ERROR', status: 500 })
    expect((error as Error).message).toBe('Internal server error')
    expect((error as Error).cause).toBeUndefined()
  })
})

describe('logs', () => {
  it('give a malformed anonymous request one line, without a stack', async () => {
    const lines: string[] = []
    const origin = 'http://127.0.0.1:9'
    const env = loadServerEnv({
      NODE_ENV: 'test',
      DATABASE_URL: await testDatabaseUrl(),
      BETTER_AUTH_URL: origin,
    })
    const headmark = await createHeadmark(env, { log: (line) => lines.push(line) })
    // The database stays open for the worker's next file: this instance's webhook worker must not.
    onTestFinished(() => headmark.webhooks.stop())
    lines.length = 0
    const requests = [
      new Request(`${origin}/api/rpc/organizations/create`, {
        method: 'POST',
        headers: json,
        body: '{"json": {"name": "x\n[mailbox] to admin · http://evil.example/steal", "slug"',
      }),
      new Request(`${origin}/api/rpc/auth/getOrganization?data=%7B%7D`),
      new Request(`${origin}/api/rpc/organizations/create`, {
        method: 'POST',
        headers: json,
        body: JSON.stringify({ json: { name: '\n[mailbox] forged', slug: 1 } }),
      }),
    ]
    for (const request of requests) {
      const response = await headmark.handleRpc(request)
      expect(response.status).toBeGreaterThanOrEqual(400)
      expect(response.status).toBeLessThan(500)
    }
    const output = lines.join('\n')
    expect(output).not.toMatch(/\n\s+at /)
    expect(output.split('\n').filter((line) => line.startsWith('[mailbox]'))).toEqual([])
    expect(lines.every((line) => !line.includes('\n'))).toBe(true)
  })
})
