import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createSender } from './deliver.ts'
import { addressRefusal, checkWebhookUrl } from './outbound-guard.ts'

const corpus = JSON.parse(
  readFileSync(new URL('../../test/outbound-targets.json', import.meta.url), 'utf8'),
) as { refuse: string[] }
const production = { allowLoopback: false, requireHttps: true }
const development = { allowLoopback: false, requireHttps: false }

describe('addressRefusal', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['::1', 'loopback'],
    ['10.0.0.1', 'private'],
    ['169.254.169.254', 'link-local'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:a00:1', 'private'],
    ['fd00::1', 'private'],
    ['ff02::1', 'multicast'],
    ['0.0.0.0', 'unspecified'],
    ['240.0.0.1', 'reserved'],
    ['64:ff9b::a00:1', 'reserved'],
    ['2002:7f00:1::', 'reserved'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(addressRefusal(address, { allowLoopback: false })).toContain(kind)
  })

  it('accepts public unicast, and loopback only when allowed', () => {
    expect(addressRefusal('93.184.215.14', { allowLoopback: false })).toBeNull()
    expect(addressRefusal('2606:4700::1', { allowLoopback: false })).toBeNull()
    expect(addressRefusal('127.0.0.1', { allowLoopback: true })).toBeNull()
    expect(addressRefusal('::ffff:127.0.0.1', { allowLoopback: true })).toBeNull()
    expect(addressRefusal('10.0.0.1', { allowLoopback: true })).toContain('private')
  })
})

describe('the URL check at save', () => {
  it.each(corpus.refuse)('refuses %s even on a site of that very host', async (raw) => {
    const host = URL.canParse(raw) ? new URL(raw).hostname.replace(/^\[|\]$/g, '') : 'example.com'
    for (const policy of [production, development]) {
      const check = await checkWebhookUrl(raw, policy, host || 'example.com')
      expect(check.ok).toBe(false)
      if (!check.ok) expect(check.message.length).toBeGreaterThan(10)
    }
  })

  it('requires the site hostname or a subdomain, and https in production', async () => {
    const resolver = async () => [{ address: '93.184.215.14', family: 4 }]
    const ok = await checkWebhookUrl('https://hooks.acme.com/x', production, 'acme.com', resolver)
    expect(ok.ok).toBe(true)
    const elsewhere = await checkWebhookUrl(
      'https://acme.com.evil.io/x',
      production,
      'acme.com',
      resolver,
    )
    expect(elsewhere).toMatchObject({ ok: false, message: expect.stringContaining('acme.com') })
    const plain = await checkWebhookUrl('http://acme.com/x', production, 'acme.com', resolver)
    expect(plain).toMatchObject({ ok: false, message: expect.stringContaining('https://') })
  })

  it('refuses a name that resolves to a private address', async () => {
    const resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]
    const check = await checkWebhookUrl('https://acme.com/', production, 'acme.com', resolver)
    expect(check).toMatchObject({ ok: false, message: expect.stringContaining('10.1.2.3') })
  })
})

describe('the URL check at send', () => {
  it.each(corpus.refuse)('refuses %s without connecting', async (raw) => {
    const sender = createSender({ policy: development })
    const result = await sender.post(raw, '{}', { 'content-type': 'application/json' })
    sender.close()
    expect(result.status).toBeNull()
    expect(result.error).toBeTruthy()
  })

  it('connects to the checked address and never looks the name up again', async () => {
    const seen: string[] = []
    const receiver = createServer((request, response) => {
      seen.push(`${request.headers.host}`)
      response.end('{"ok":true}')
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const { port } = receiver.address() as AddressInfo
    let lookups = 0
    // A name that answers loopback once, then a private address: rebinding gains nothing.
    const resolver = async () => {
      lookups++
      return [{ address: lookups === 1 ? '127.0.0.1' : '10.0.0.1', family: 4 }]
    }
    const sender = createSender({ policy: { allowLoopback: true, requireHttps: false }, resolver })
    const result = await sender.post(`http://rebind.test:${port}/hook`, '{}', {})
    sender.close()
    receiver.close()
    expect(result).toMatchObject({ status: 200, body: '{"ok":true}', error: null })
    expect(lookups).toBe(1)
    expect(seen).toEqual([`rebind.test:${port}`])
  })

  it('refuses loopback unless allowed, with the reason', async () => {
    const sender = createSender({ policy: development })
    for (const raw of [
      'http://127.0.0.1:9/',
      'http://[::1]:9/',
      'http://localhost:9/',
      'http://[::ffff:127.0.0.1]:9/',
    ]) {
      const result = await sender.post(raw, '{}', {})
      expect(result.error).toMatch(/Refused: .*loopback/)
    }
    sender.close()
  })

  it('does not follow redirects, cuts long answers at 64 KiB and times out', async () => {
    const receiver = createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: 'http://10.0.0.1/' }).end()
      } else if (request.url === '/long') {
        response.end('x'.repeat(200_000))
      } else {
        // Holds the request without answering.
      }
    })
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve))
    const base = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}`
    const sender = createSender({
      policy: { allowLoopback: true, requireHttps: false },
      timeoutMs: 300,
    })
    expect(await sender.post(`${base}/redirect`, '{}', {})).toMatchObject({ status: 302 })
    const long = await sender.post(`${base}/long`, '{}', {})
    expect(long).toMatchObject({ status: 200, truncated: true })
    expect(long.body).toHaveLength(64 * 1024)
    const held = await sender.post(`${base}/held`, '{}', {})
    expect(held).toMatchObject({ status: null, error: expect.stringContaining('timed out') })
    sender.close()
    receiver.closeAllConnections()
    receiver.close()
  })
})
