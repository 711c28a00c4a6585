import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { proxyIngest } from '../ingest-proxy.mjs'

/** A real analytics host on loopback that records what reaches it. */
async function analyticsHost() {
  const received: Array<{
    url: string
    bytes: number
    cookie?: string
    headers: http.IncomingHttpHeaders
  }> = []
  const server = http.createServer((req, res) => {
    let bytes = 0
    req.on('data', (chunk: Buffer) => (bytes += chunk.length))
    req.on('end', () => {
      received.push({ url: req.url ?? '', bytes, cookie: req.headers.cookie, headers: req.headers })
      res.writeHead(200, {
        'content-type': 'application/json',
        'set-cookie': 'upstream=1',
        'content-security-policy': 'default-src *',
      })
      res.end('{"status":1}')
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { server, received, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` }
}

const servers: http.Server[] = []
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  }
})

async function setUp(options: Parameters<typeof proxyIngest>[3] = {}) {
  const host = await analyticsHost()
  const proxy = http.createServer(async (req, res) => {
    if (await proxyIngest(req, res, host.url, options)) return
    res.writeHead(404)
    res.end('not ingest')
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  servers.push(host.server, proxy)
  return { host, base: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}` }
}

/** Sends `size` bytes in 64 KiB chunks without declaring a length. */
function streamed(size: number): ReadableStream<Uint8Array> {
  let left = size
  return new ReadableStream({
    pull(controller) {
      if (left <= 0) return controller.close()
      const chunk = new Uint8Array(Math.min(left, 64 * 1024))
      left -= chunk.length
      controller.enqueue(chunk)
    },
  })
}

describe('the /ingest proxy', () => {
  it('forwards path, query and body to the analytics host, without the visitor’s cookies', async () => {
    const { host, base } = await setUp()
    const answer = await fetch(`${base}/ingest/e/?ip=1&ver=1`, {
      method: 'POST',
      headers: { cookie: 'better-auth.session_token=secret' },
      body: 'x'.repeat(1000),
    })
    expect(answer.status).toBe(200)
    expect(answer.headers.get('set-cookie')).toBeNull()
    expect(await answer.text()).toBe('{"status":1}')
    expect(host.received).toMatchObject([{ url: '/e/?ip=1&ver=1', bytes: 1000, cookie: undefined }])
  })

  it('leaves other paths alone', async () => {
    const { host, base } = await setUp()
    expect((await fetch(`${base}/ingestion`)).status).toBe(404)
    expect(host.received).toEqual([])
  })

  it('refuses a body over the limit with 413, declared or streamed, and forwards nothing', async () => {
    const { host, base } = await setUp({ maxBodyBytes: 100 * 1024 })
    const declared = await fetch(`${base}/ingest/e/`, {
      method: 'POST',
      body: new Uint8Array(100 * 1024 + 1),
    })
    expect(declared.status).toBe(413)
    expect(await declared.text()).toBe('An analytics request is at most 102400 bytes.')

    const sent = await fetch(`${base}/ingest/s/`, {
      method: 'POST',
      body: streamed(2 * 1024 * 1024),
      duplex: 'half',
    } as RequestInit)
    expect(sent.status).toBe(413)
    expect(host.received.filter((request) => request.bytes > 100 * 1024)).toEqual([])

    const within = await fetch(`${base}/ingest/e/`, {
      method: 'POST',
      body: new Uint8Array(100 * 1024),
    })
    expect(within.status).toBe(200)
    expect(host.received.at(-1)).toMatchObject({ url: '/e/', bytes: 100 * 1024 })
  })

  it('answers 429 with Retry-After once a client address is over its limit, others still pass', async () => {
    // The limit's shape: seconds to wait for an address, 0 while it may go on (the server
    // counts in the database; here three requests per address).
    const counts = new Map<string, number>()
    const limit = async (address: string) => {
      counts.set(address, (counts.get(address) ?? 0) + 1)
      return (counts.get(address) ?? 0) > 3 ? 2 : 0
    }
    const { host, base } = await setUp({ limit, address: '203.0.113.7' })
    const statuses = []
    for (let i = 0; i < 5; i++) {
      statuses.push((await fetch(`${base}/ingest/e/`, { method: 'POST', body: '{}' })).status)
    }
    expect(statuses).toEqual([200, 200, 200, 429, 429])
    const refused = await fetch(`${base}/ingest/e/`, { method: 'POST', body: '{}' })
    expect(refused.headers.get('retry-after')).toBe('2')
    expect(await refused.text()).toBe(
      'Too many analytics requests from this address; try again in 2 s.',
    )
    expect(host.received).toHaveLength(3)
    const other = await setUp({ limit, address: '198.51.100.1' })
    expect((await fetch(`${other.base}/ingest/e/`, { method: 'POST', body: '{}' })).status).toBe(
      200,
    )
  })

  it('serves every answer with the app’s security headers, the analytics host’s included', async () => {
    const headers = {
      'content-security-policy': "default-src 'none'",
      'x-content-type-options': 'nosniff',
    }
    const { base } = await setUp({ headers, address: '203.0.113.7' })
    const forwarded = await fetch(`${base}/ingest/e/`, { method: 'POST', body: '{}' })
    expect(forwarded.status).toBe(200)
    expect(forwarded.headers.get('content-security-policy')).toBe("default-src 'none'")
    expect(forwarded.headers.get('x-content-type-options')).toBe('nosniff')
    const refused = await fetch(`${base}/ingest/e/`, {
      method: 'POST',
      body: '{}',
      headers: { 'content-length': String(10 * 1024 * 1024) },
    }).catch(() => null)
    if (refused) expect(refused.headers.get('x-content-type-options')).toBe('nosniff')
  })

  it('sends upstream only the edge’s address: no internal header, none of the client’s forwarding claims', async () => {
    const { host, base } = await setUp({ address: '203.0.113.7' })
    await fetch(`${base}/ingest/e/`, {
      method: 'POST',
      body: '{}',
      headers: {
        'x-forwarded-for': '6.6.6.6',
        forwarded: 'for=6.6.6.6',
        'x-real-ip': '6.6.6.6',
        'x-headmark-client-address': '6.6.6.6',
        'x-headmark-csp-nonce': 'abc',
      },
    })
    const sent = host.received.at(-1)?.headers ?? {}
    expect(sent['x-forwarded-for']).toBe('203.0.113.7')
    expect(Object.keys(sent).filter((name) => name.startsWith('x-headmark-'))).toEqual([])
    expect(sent.forwarded).toBeUndefined()
    expect(sent['x-real-ip']).toBeUndefined()
  })
})
