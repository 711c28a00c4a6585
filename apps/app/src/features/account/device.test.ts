import { describe, expect, it } from 'vitest'
import { describeAddress, describeDevice } from './device.ts'

describe('describeDevice', () => {
  it('names the browser and the system of common user agents', () => {
    expect(
      describeDevice(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on macOS')
    expect(
      describeDevice('Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0'),
    ).toBe('Firefox on Linux')
    expect(
      describeDevice(
        'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1',
      ),
    ).toBe('Safari on iPhone')
    expect(
      describeDevice(
        'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.0.0',
      ),
    ).toBe('Edge on Windows')
    expect(
      describeDevice(
        'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
      ),
    ).toBe('Chrome on Linux')
  })

  it('says so when it does not know', () => {
    expect(describeDevice(null)).toBe('Unknown device')
    expect(describeDevice('')).toBe('Unknown device')
    expect(describeDevice('x'.repeat(10_000))).toBe('Unknown device')
    expect(describeDevice('curl/8.5.0')).toBe('curl')
  })
})

describe('describeAddress', () => {
  it('keeps IPv4 and shortens the IPv6 networks better-auth stores', () => {
    expect(describeAddress('203.0.113.7')).toBe('203.0.113.7')
    expect(describeAddress('2001:0db8:0001:0002:0000:0000:0000:0000')).toBe('2001:db8:1:2::/64')
    expect(describeAddress('0000:0000:0000:0000:0000:0000:0000:0000')).toBe('::/64')
    expect(describeAddress('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::1')
    expect(describeAddress(null)).toBe('Unknown')
    expect(describeAddress('not:an:address')).toBe('not:an:address')
  })
})
