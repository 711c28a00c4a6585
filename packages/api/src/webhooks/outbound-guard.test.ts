import { readFileSync } from 'node:fs'
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import { describe, expect, it } from 'vitest'
import { createSender } from './deliver.ts'
import {
  addressRefusal,
  checkWebhookUrl,
  type OutboundPolicy,
  parseCidr,
} from './outbound-guard.ts'

const corpus = JSON.parse(
  readFileSync(new URL('../../test/outbound-targets.json', import.meta.url), 'utf8'),
) as { refuse: string[] }
const production: OutboundPolicy = { allowLoopback: false, requireHttps: true, denyCidrs: [] }
const development: OutboundPolicy = { allowLoopback: false, requireHttps: false, denyCidrs: [] }
const open = { allowLoopback: false, denyCidrs: [] }

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
    ['64:ff9b::a00:1', 'private'],
    ['2002:7f00:1::', 'loopback'],
  ])('refuses %s (%s)', (address, kind) => {
    expect(addressRefusal(address, open)).toContain(kind)
  })

  it('accepts public unicast, and loopback only when allowed', () => {
    expect(addressRefusal('93.184.215.14', open)).toBeNull()
    expect(addressRefusal('2606:4700::1', open)).toBeNull()
    expect(addressRefusal('127.0.0.1', { ...open, allowLoopback: true })).toBeNull()
    expect(addressRefusal('::ffff:127.0.0.1', { ...open, allowLoopback: true })).toBeNull()
    expect(addressRefusal('10.0.0.1', { ...open, allowLoopback: true })).toContain('private')
  })

  // N3: NAT64 (both prefixes), IPv4-compatible, 6to4 and Teredo addresses carry an IPv4 address
  // that a gateway or tunnel may deliver to; site-local and other non-global IPv6 went through as
  // "unicast". `64:ff9b:1::a9fe:a9fe` reached the cloud metadata service through a NAT64 gateway.
  it.each([
    // NAT64, well-known prefix (RFC 6052): judged by the IPv4 address in the last 32 bits.
    ['64:ff9b::a9fe:a9fe', 'NAT64 address for 169.254.169.254, a link-local address'],
    ['64:ff9b::7f00:1', 'NAT64 address for 127.0.0.1, a loopback address'],
    ['64:ff9b::c0a8:101', 'NAT64 address for 192.168.1.1, a private network address'],
    ['64:ff9b::', 'NAT64 address for 0.0.0.0, the unspecified address'],
    // NAT64, local-use prefix (RFC 8215): the operator's own gateway, refused whatever it carries.
    ['64:ff9b:1::a9fe:a9fe', 'local-use NAT64 address for 169.254.169.254, a link-local'],
    ['64:ff9b:1::808:808', 'local-use NAT64 address (64:ff9b:1::/48)'],
    ['64:ff9b:1:a9fe:a9:fe00:808:808', 'local-use NAT64 address'],
    // IPv4-compatible (deprecated): ::a.b.c.d.
    ['::a9fe:a9fe', 'IPv4-compatible address for 169.254.169.254, a link-local address'],
    ['::10.0.0.1', 'IPv4-compatible address for 10.0.0.1, a private network address'],
    ['::8.8.8.8', 'deprecated IPv4-compatible address'],
    ['::808:808', 'deprecated IPv4-compatible address'],
    // IPv4-mapped and IPv4-translated.
    ['::ffff:a9fe:a9fe', '169.254.169.254 is a link-local address'],
    ['::ffff:0:a9fe:a9fe', 'outside the public IPv6 range'],
    // 6to4 (2002::/16): the IPv4 address in bits 16–47.
    ['2002:7f00:0001::1', '6to4 address for 127.0.0.1, a loopback address'],
    ['2002:a9fe:a9fe::1', '6to4 address for 169.254.169.254, a link-local address'],
    ['2002:0a00:0001:1::1', '6to4 address for 10.0.0.1, a private network address'],
    // Teredo (2001::/32): the server in bits 32–63, the client in the last 32 bits, inverted.
    ['2001:0:a9fe:a9fe::f7f7:f7f7', 'Teredo address whose server is 169.254.169.254'],
    ['2001:0:808:808::f5ff:fffe', 'Teredo address whose client is 10.0.0.1'],
    ['2001:0:808:808::80ff:fffe', 'Teredo address whose client is 127.0.0.1'],
    // Site-local (deprecated) and everything else outside 2000::/3.
    ['fec0::1', 'site-local address'],
    ['feff::1', 'site-local address'],
    ['4000::1', 'outside the public IPv6 range'],
    ['100::1', 'outside the public IPv6 range'],
    ['2001:db8::1', 'reserved'],
  ])('refuses %s: %s', (address, words) => {
    expect(addressRefusal(address, open)).toContain(words)
    // Loopback allowed means this machine's own loopback, never one behind a gateway.
    expect(addressRefusal(address, { ...open, allowLoopback: true })).toContain(words)
  })

  it.each([
    '64:ff9b::808:808',
    '64:ff9b::8.8.4.4',
    '2002:0808:0808::1',
    '2002:5db8:d70e:1::1',
    '2001:0:808:808::f7f7:f7f7',
    '::ffff:8.8.8.8',
    '2606:4700::1',
    '2a00:1450:4001:82b::200e',
  ])('accepts %s, which leads to a public address', (address) => {
    expect(addressRefusal(address, open)).toBeNull()
  })
})

describe("the operator's deny list", () => {
  const policy = {
    allowLoopback: true,
    denyCidrs: ['8.8.4.0/24', '2606:4700::/32', '127.0.0.2/32'],
  }

  it.each([
    ['8.8.4.4', '8.8.4.0/24'],
    ['::ffff:8.8.4.4', '8.8.4.0/24'],
    ['64:ff9b::808:404', '8.8.4.0/24'],
    ['2002:808:404::1', '8.8.4.0/24'],
    ['2001:0:808:404::f7f7:f7f7', '8.8.4.0/24'],
    ['2001:0:808:808::f7f7:fbfb', '8.8.4.0/24'],
    ['2606:4700::1', '2606:4700::/32'],
    ['127.0.0.2', '127.0.0.2/32'],
  ])('refuses %s, inside %s', (address, cidr) => {
    const refusal = addressRefusal(address, policy)
    expect(refusal).toContain(cidr)
    expect(refusal).toContain('deny list')
  })

  it('leaves addresses outside it as they were', () => {
    expect(addressRefusal('8.8.8.8', policy)).toBeNull()
    expect(addressRefusal('2606:4800::1', policy)).toBeNull()
    expect(addressRefusal('127.0.0.1', policy)).toBeNull()
    expect(addressRefusal('10.0.0.1', policy)).toContain('private')
  })

  it('applies to names at save and at send, with the reason', async () => {
    const resolver = async () => [{ address: '2606:4700::6810:84e5', family: 6 }]
    const saving = { ...production, denyCidrs: ['2606:4700::/32'] }
    const check = await checkWebhookUrl('https://acme.com/', saving, resolver)
    expect(check).toMatchObject({
      ok: false,
      message: expect.stringMatching(/acme\.com resolves to 2606:4700::6810:84e5.*deny list/),
    })
    const sender = createSender({ policy: { ...development, denyCidrs: ['8.8.4.0/24'] } })
    const result = await sender.post('http://[64:ff9b::808:404]/', '{}', {})
    sender.close()
    expect(result).toMatchObject({ status: null, error: expect.stringContaining('deny list') })
  })
})

describe('parseCidr', () => {
  it.each([
    ['10.0.0.0/8', '10.0.0.0/8'],
    [' 192.168.0.0/16 ', '192.168.0.0/16'],
    ['203.0.113.7', '203.0.113.7/32'],
    ['2001:DB8::/32', '2001:db8::/32'],
    ['::1', '::1/128'],
    ['::ffff:10.0.0.0/104', '10.0.0.0/8'],
  ])('reads %s as %s', (text, cidr) => {
    expect(parseCidr(text)).toBe(cidr)
  })

  it.each([
    '',
    '10.0.0.0/33',
    '10.0.0/8',
    '10.0.0.0/',
    '10.0.0.0/8/8',
    'example.com',
    '::/129',
    '10.0.0.0/-1',
    '0x7f000001/8',
  ])('refuses %j', (text) => {
    expect(parseCidr(text)).toBeNull()
  })
})

describe('the URL check at save', () => {
  it.each(corpus.refuse)('refuses %s', async (raw) => {
    for (const policy of [production, development]) {
      const check = await checkWebhookUrl(raw, policy)
      expect(check.ok).toBe(false)
      if (!check.ok) expect(check.message.length).toBeGreaterThan(10)
    }
  })

  it('accepts any public host, whatever the site is: an API domain, a preview, a function', async () => {
    const resolver = async () => [{ address: '93.184.215.14', family: 4 }]
    for (const raw of [
      'https://api.example.net/hooks/headmark',
      'https://my-app-git-feature.vercel.app/api/webhook',
      'https://abc123.lambda-url.eu-west-1.on.aws/',
    ]) {
      expect(await checkWebhookUrl(raw, production, resolver), raw).toMatchObject({ ok: true })
    }
  })

  it('takes plain http only where loopback is allowed', async () => {
    const resolver = async () => [{ address: '93.184.215.14', family: 4 }]
    const refused = /Use an https:\/\/ URL.*WEBHOOKS_ALLOW_LOOPBACK/
    // Production refuses it before looking anything up…
    const inProduction = await checkWebhookUrl('http://api.example.net/x', production, resolver)
    expect(inProduction).toMatchObject({ ok: false, message: expect.stringContaining('https://') })
    // …and so does any server that may not call loopback.
    const noLoopback = await checkWebhookUrl('http://api.example.net/x', development, resolver)
    expect(noLoopback).toMatchObject({ ok: false, message: expect.stringMatching(refused) })
    const local = { ...development, allowLoopback: true }
    expect(await checkWebhookUrl('http://api.example.net/x', local, resolver)).toMatchObject({
      ok: true,
    })
    expect(await checkWebhookUrl('https://api.example.net/x', development, resolver)).toMatchObject(
      { ok: true },
    )
  })

  it('reaches a receiver on localhost only with loopback allowed', async () => {
    const loopback = async () => [{ address: '127.0.0.1', family: 4 }]
    const local = { ...development, allowLoopback: true }
    expect(await checkWebhookUrl('http://localhost:8787/hook', local, loopback)).toMatchObject({
      ok: true,
    })
    expect(
      await checkWebhookUrl('http://localhost:8787/hook', development, loopback),
    ).toMatchObject({
      ok: false,
      message: expect.stringContaining('127.0.0.1, a loopback address'),
    })
  })

  it('still refuses a public-looking host on a private address, in every policy', async () => {
    const resolver = async () => [{ address: '192.168.1.20', family: 4 }]
    for (const policy of [production, development, { ...development, allowLoopback: true }]) {
      const check = await checkWebhookUrl('https://api.example.net/x', policy, resolver)
      expect(check).toMatchObject({ ok: false, message: expect.stringContaining('192.168.1.20') })
    }
  })

  it('refuses a name that resolves to a private address', async () => {
    const resolver = async () => [
      { address: '93.184.215.14', family: 4 },
      { address: '10.1.2.3', family: 4 },
    ]
    const check = await checkWebhookUrl('https://acme.com/', production, resolver)
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
    const sender = createSender({ policy: { ...development, allowLoopback: true }, resolver })
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
      policy: { ...development, allowLoopback: true },
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
