import { describe, expect, it, vi } from 'vitest'
import type { MetadataUpdatePayload } from './types.ts'
import {
  createWebhookHandler,
  MAX_WEBHOOK_BODY_BYTES,
  signWebhook,
  type WebhookHandlerOptions,
} from './webhooks.ts'

const secret = 'webhook-secret'
const url = 'https://customer.example/api/headmark'
const update: MetadataUpdatePayload = {
  _type: 'metadata_update',
  path: '/pricing/',
  metadataRevisionId: 'rev_1',
  metadata: { title: 'Pricing' },
  site: { hostname: 'acme.com', dsn: 'dsn_acme' },
  timestamp: '2026-11-21T12:00:00.000Z',
}

async function signed(body: string, headers: Record<string, string> = {}) {
  const signature = await signWebhook(body, { secret })
  return new Request(url, {
    method: 'POST',
    body,
    headers: { 'content-type': 'application/json', ...signature, ...headers },
  })
}
async function call(options: Partial<WebhookHandlerOptions>, request: Request | Promise<Request>) {
  const response = await createWebhookHandler({ secret, ...options })(await request)
  return { status: response.status, body: await response.json() }
}

describe('createWebhookHandler', () => {
  it('runs onEvent for a signed metadata update and invalidates the client cache for its path', async () => {
    const onEvent = vi.fn()
    const client = { invalidate: vi.fn() }
    const result = await call({ onEvent, client }, signed(JSON.stringify(update)))
    expect(result).toEqual({ status: 200, body: { ok: true } })
    expect(client.invalidate).toHaveBeenCalledWith('/pricing/')
    expect(onEvent).toHaveBeenCalledWith(
      update,
      expect.objectContaining({ verification: expect.objectContaining({ scheme: 'headmark' }) }),
    )
  })

  it('invalidates everything when the default metadata (path null) changed', async () => {
    const client = { invalidate: vi.fn() }
    await call({ client }, signed(JSON.stringify({ ...update, path: null })))
    expect(client.invalidate).toHaveBeenCalledWith(null)
  })

  it('answers a ping without touching the cache, and sends back what onEvent returns', async () => {
    const client = { invalidate: vi.fn() }
    const result = await call(
      { client, onEvent: async () => ({ received: 'placeholder' }) },
      signed('{"_type":"placeholder"}'),
    )
    expect(result).toEqual({
      status: 200,
      body: { ok: true, metadata: { received: 'placeholder' } },
    })
    expect(client.invalidate).not.toHaveBeenCalled()
  })

  it('acknowledges a metadata_drift event with 200 and leaves the cache, onEvent and revalidate alone', async () => {
    const client = { invalidate: vi.fn() }
    const onEvent = vi.fn()
    const revalidate = vi.fn()
    const drift = {
      _type: 'metadata_drift',
      site: { hostname: 'acme.com', dsn: 'dsn_acme' },
      checkId: 'check_1',
      started: [{ path: '/pricing', agents: ['X'], findings: ['The title is not Headmark’s.'] }],
      stopped: [],
      timestamp: '2026-11-28T03:00:00.000Z',
    }
    const result = await call({ client, onEvent, revalidate }, signed(JSON.stringify(drift)))
    expect(result).toEqual({ status: 200, body: { ok: true } })
    expect(client.invalidate).not.toHaveBeenCalled()
    expect(onEvent).not.toHaveBeenCalled()
    expect(revalidate).not.toHaveBeenCalled()
  })

  it('accepts Standard Webhooks headers alone', async () => {
    const body = '{"_type":"placeholder"}'
    const {
      'webhook-id': id,
      'webhook-timestamp': ts,
      'webhook-signature': sig,
    } = await signWebhook(body, { secret, id: 'msg_1' })
    const request = new Request(url, {
      method: 'POST',
      body,
      headers: {
        'webhook-id': `${id}`,
        'webhook-timestamp': `${ts}`,
        'webhook-signature': `${sig}`,
      },
    })
    expect((await call({}, request)).status).toBe(200)
  })

  it.each<[string, Partial<WebhookHandlerOptions>, () => Promise<Request>, number, object]>([
    [
      'no signature',
      {},
      async () => new Request(url, { method: 'POST', body: '{}' }),
      401,
      { ok: false, error: 'Unauthorized' },
    ],
    [
      'a wrong signature',
      {},
      () => signed('{}', { 'x-webhook-signature': 'sha256=abc' }),
      401,
      { ok: false, error: 'Unauthorized' },
    ],
    [
      'a bearer secret while legacy mode is off',
      {},
      async () =>
        new Request(url, {
          method: 'POST',
          body: '{"_type":"placeholder"}',
          headers: { authorization: `Bearer ${secret}` },
        }),
      401,
      { ok: false, error: 'Unauthorized' },
    ],
    [
      'a wrong bearer secret in legacy mode',
      { allowLegacyBearer: true },
      async () =>
        new Request(url, {
          method: 'POST',
          body: '{"_type":"placeholder"}',
          headers: { authorization: 'Bearer nope' },
        }),
      401,
      { ok: false, error: 'Unauthorized' },
    ],
    [
      'the bearer secret in legacy mode',
      { allowLegacyBearer: true },
      async () =>
        new Request(url, {
          method: 'POST',
          body: '{"_type":"placeholder"}',
          headers: { authorization: `Bearer ${secret}` },
        }),
      200,
      { ok: true },
    ],
    [
      'a stale timestamp',
      { tolerance: 60 },
      async () => {
        const body = '{"_type":"placeholder"}'
        const headers = await signWebhook(body, { secret, timestamp: Date.now() - 61_000 })
        return new Request(url, { method: 'POST', body, headers: { ...headers } })
      },
      401,
      { ok: false, error: 'Unauthorized' },
    ],
    [
      'no secret configured',
      { secret: undefined },
      () => signed('{}'),
      500,
      { ok: false, error: 'Webhook secret is not configured' },
    ],
    [
      'an empty secret',
      { secret: '' },
      () => signed('{}'),
      500,
      { ok: false, error: 'Webhook secret is not configured' },
    ],
    [
      'a whsec_ secret that is not base64',
      { secret: 'whsec_***' },
      () =>
        signWebhook('{}', { secret: 'x', id: 'msg_1' }).then(
          ({ 'x-webhook-signature': _, ...headers }) =>
            new Request(url, { method: 'POST', body: '{}', headers: { ...headers } }),
        ),
      500,
      { ok: false, error: 'Webhook secret is not configured' },
    ],
    [
      'malformed JSON',
      {},
      () => signed('{"_type":'),
      400,
      { ok: false, error: 'Malformed JSON in request body' },
    ],
    [
      'an empty body',
      {},
      () => signed(''),
      400,
      { ok: false, error: 'Malformed JSON in request body' },
    ],
    [
      'JSON that is not an event',
      {},
      () => signed('[1,2]'),
      400,
      { ok: false, error: 'Malformed JSON in request body' },
    ],
    [
      'JSON null',
      {},
      () => signed('null'),
      400,
      { ok: false, error: 'Malformed JSON in request body' },
    ],
    [
      'a metadata update of the wrong shape',
      {},
      () => signed(JSON.stringify({ ...update, path: 5 })),
      400,
      { ok: false, error: 'Malformed JSON in request body' },
    ],
    [
      'an event type from a newer Headmark',
      {},
      () => signed('{"_type":"site_deleted"}'),
      200,
      { ok: true },
    ],
  ])('answers %s with %i', async (_, options, request, status, body) => {
    const onEvent = vi.fn()
    expect(await call({ onEvent, ...options }, request())).toEqual({ status, body })
    if (status !== 200) expect(onEvent).not.toHaveBeenCalled()
  })

  it.each([
    ['an Error', new Error('database is down'), 'database is down'],
    ['a string', 'plain failure', 'plain failure'],
  ])('answers 500 with the message when onEvent throws %s', async (_, thrown, message) => {
    const result = await call(
      {
        onEvent: () => {
          throw thrown
        },
      },
      signed('{"_type":"placeholder"}'),
    )
    expect(result).toEqual({
      status: 500,
      body: { ok: false, error: 'Failed to run webhook handler', metadata: { message } },
    })
  })

  describe('body size', () => {
    const padded = (size: number) => {
      const prefix = '{"_type":"placeholder","pad":"'
      return `${prefix}${'x'.repeat(size - prefix.length - 2)}"}`
    }
    const streamed = (body: string, headers: Record<string, string>) =>
      new Request(url, {
        method: 'POST',
        headers,
        duplex: 'half',
        body: new ReadableStream({
          start(controller) {
            const bytes = new TextEncoder().encode(body)
            for (let i = 0; i < bytes.length; i += 65_536)
              controller.enqueue(bytes.slice(i, i + 65_536))
            controller.close()
          },
        }),
      } as RequestInit)

    it('accepts exactly 1 MiB', async () => {
      const body = padded(MAX_WEBHOOK_BODY_BYTES)
      expect(
        (await call({}, streamed(body, { ...(await signWebhook(body, { secret })) }))).status,
      ).toBe(200)
    })

    it('refuses 1 MiB + 1 byte with 413, by Content-Length or while streaming', async () => {
      const body = padded(MAX_WEBHOOK_BODY_BYTES + 1)
      const headers = { ...(await signWebhook(body, { secret })) }
      const tooLarge = { status: 413, body: { ok: false, error: 'Payload too large' } }
      expect(await call({}, streamed(body, headers))).toEqual(tooLarge)
      expect(
        await call(
          {},
          new Request(url, {
            method: 'POST',
            body,
            headers: { ...headers, 'content-length': `${body.length}` },
          }),
        ),
      ).toEqual(tooLarge)
    })

    it('treats a request without a body as an empty one', async () => {
      const headers = await signWebhook('', { secret })
      expect(await call({}, new Request(url, { method: 'POST', headers: { ...headers } }))).toEqual(
        {
          status: 400,
          body: { ok: false, error: 'Malformed JSON in request body' },
        },
      )
    })
  })
})

describe('createWebhookHandler: revalidation', () => {
  it('revalidates the changed path and says so in the 200 body', async () => {
    const revalidate = vi.fn()
    const client = { invalidate: vi.fn() }
    const result = await call({ revalidate, client }, signed(JSON.stringify(update)))
    expect(result).toEqual({ status: 200, body: { ok: true, revalidated: '/pricing/' } })
    expect(revalidate).toHaveBeenCalledWith('/pricing/')
    expect(client.invalidate).toHaveBeenCalledWith('/pricing/')
  })

  it('maps the dashboard path to the route path with pathRewrite, and keeps onEvent’s answer', async () => {
    const revalidate = vi.fn(async () => {})
    const result = await call(
      { revalidate, pathRewrite: (path) => `/en${path}`, onEvent: () => ({ seen: true }) },
      signed(JSON.stringify(update)),
    )
    expect(result).toEqual({
      status: 200,
      body: { ok: true, revalidated: '/en/pricing/', metadata: { seen: true } },
    })
    expect(revalidate).toHaveBeenCalledWith('/en/pricing/')
  })

  it('revalidates everything (null) when the default metadata changed, without rewriting', async () => {
    const revalidate = vi.fn()
    const pathRewrite = vi.fn((path: string) => path)
    const result = await call(
      { revalidate, pathRewrite },
      signed(JSON.stringify({ ...update, path: null })),
    )
    expect(result).toEqual({ status: 200, body: { ok: true, revalidated: null } })
    expect(revalidate).toHaveBeenCalledWith(null)
    expect(pathRewrite).not.toHaveBeenCalled()
  })

  it('does not revalidate for a ping', async () => {
    const revalidate = vi.fn()
    expect(await call({ revalidate }, signed('{"_type":"placeholder"}'))).toEqual({
      status: 200,
      body: { ok: true },
    })
    expect(revalidate).not.toHaveBeenCalled()
  })

  it('answers 500 when revalidation throws', async () => {
    const revalidate = () => {
      throw new Error('cache offline')
    }
    expect(await call({ revalidate }, signed(JSON.stringify(update)))).toEqual({
      status: 500,
      body: {
        ok: false,
        error: 'Failed to run webhook handler',
        metadata: { message: 'cache offline' },
      },
    })
  })
})

describe('createWebhookHandler: methods other than POST', () => {
  const handler = createWebhookHandler({ secret })

  it.each(['GET', 'PUT', 'PATCH', 'DELETE'])(
    'answers %s with 405 and Allow: POST',
    async (method) => {
      const response = await handler(
        new Request(url, { method, ...(method === 'GET' ? {} : { body: '{}' }) }),
      )
      expect(response.status).toBe(405)
      expect(response.headers.get('allow')).toBe('POST')
      expect(await response.json()).toEqual({ ok: false, error: 'Method not allowed' })
    },
  )

  it('answers HEAD with 405 and no body, OPTIONS with 204', async () => {
    const head = await handler(new Request(url, { method: 'HEAD' }))
    expect([head.status, head.headers.get('allow'), await head.text()]).toEqual([405, 'POST', ''])
    const options = await handler(new Request(url, { method: 'OPTIONS' }))
    expect([options.status, options.headers.get('allow'), await options.text()]).toEqual([
      204,
      'POST',
      '',
    ])
  })
})
