import { describe, expect, it } from 'vitest'
import { normalizeHostname } from './hostnames.ts'

const production = { production: true }
const development = { production: false }

describe('normalizeHostname', () => {
  it.each([
    ['acme.com', 'acme.com', false],
    ['https://Acme.COM/x', 'acme.com', true],
    ['HTTP://www.acme.com?x=1#top', 'www.acme.com', true],
    ['  acme.com.  ', 'acme.com', true],
    ['acme.com/pricing', 'acme.com', true],
    ['bücher.de', 'xn--bcher-kva.de', true],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e.com', false],
    ['\u0430pple.com', 'xn--pple-43d.com', true],
    ['a-b.c-d.example', 'a-b.c-d.example', false],
    [`${'a'.repeat(63)}.com`, `${'a'.repeat(63)}.com`, false],
  ])('accepts %j as %j', (input, hostname, changed) => {
    expect(normalizeHostname(input, production)).toEqual({ ok: true, hostname, changed })
  })

  it.each([
    ['', 'Enter the hostname'],
    ['   ', 'Enter the hostname'],
    ['acme .com', 'can not contain spaces'],
    ['acme.com\tx', 'can not contain spaces'],
    ['127.0.0.1', 'not an IP address'],
    ['http://10.0.0.1/', 'not an IP address'],
    ['0x7f.1', 'not an IP address'],
    ['2130706433', 'not an IP address'],
    ['[::1]', 'not an IP address'],
    ['https://[2001:db8::1]:443/', 'not an IP address'],
    ['acme.com:8080', 'Leave out the port'],
    ['https://acme.com:443/', 'Leave out the port'],
    ['acme.com:', 'Leave out the port'],
    ['localhost', 'localhost can not be a site'],
    ['app.localhost', 'localhost can not be a site'],
    ['ftp://acme.com', 'hostname (e.g. acme.com) or its https:// address'],
    ['javascript:alert(1)', 'not a valid hostname'],
    ['user:pw@acme.com', 'without a user name'],
    ['-acme.com', 'does not start or end with a hyphen'],
    ['acme_x.com', 'not a valid hostname'],
    ['<script>.com', 'not a valid hostname'],
    ['acme', 'Enter the full hostname'],
    [`${'a'.repeat(64)}.com`, 'at most 63 characters'],
    [`${'abcdefghi.'.repeat(26)}com`, 'at most 253 characters'],
    ['a'.repeat(1_048_576), 'at most 253 characters'],
    ['a\u0000b.com', 'not a valid hostname'],
  ])('refuses %j with a message', (input, message) => {
    const result = normalizeHostname(input, production)
    expect(result.ok).toBe(false)
    if (!result.ok) expect(result.message).toContain(message)
  })

  it('accepts localhost outside production only', () => {
    expect(normalizeHostname('http://localhost:3000', development)).toMatchObject({ ok: false })
    expect(normalizeHostname('localhost', development)).toEqual({
      ok: true,
      hostname: 'localhost',
      changed: false,
    })
    expect(normalizeHostname('shop.localhost', development)).toMatchObject({ ok: true })
  })

  it('is idempotent: a stored hostname normalises to itself', () => {
    for (const input of ['https://Acme.COM/x', 'bücher.de', '\u0430pple.com', 'www.acme.com.']) {
      const first = normalizeHostname(input, production)
      if (!first.ok) throw new Error(first.message)
      expect(normalizeHostname(first.hostname, production)).toEqual({
        ok: true,
        hostname: first.hostname,
        changed: false,
      })
    }
  })
})
