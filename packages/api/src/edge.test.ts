import { describe, expect, it } from 'vitest'
import {
  BodyTooLargeError,
  clientAddress,
  containsNul,
  discardRest,
  isLoopback,
  readBodyWithin,
  securityHeaders,
} from './edge.ts'
import { createLogger, escapeControl } from './log.ts'

describe('clientAddress', () => {
  it('is the socket’s peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddress('203.0.113.9', '1.2.3.4', [])).toBe('203.0.113.9')
    expect(clientAddress('::ffff:203.0.113.9', '1.2.3.4', [])).toBe('203.0.113.9')
  })

  it('reads X-Forwarded-For from the right, through trusted proxies only', () => {
    const proxies = ['10.0.0.2', '10.0.0.3']
    expect(clientAddress('10.0.0.2', '198.51.100.7', proxies)).toBe('198.51.100.7')
    expect(clientAddress('10.0.0.2', 'spoofed, 198.51.100.7, 10.0.0.3', proxies)).toBe(
      '198.51.100.7',
    )
    expect(clientAddress('10.0.0.2', 'not-an-ip', proxies)).toBe('10.0.0.2')
    expect(clientAddress('10.0.0.9', '198.51.100.7', proxies)).toBe('10.0.0.9')
  })

  it('knows loopback addresses', () => {
    expect(['127.0.0.1', '127.8.0.1', '::1', '::ffff:127.0.0.1'].map(isLoopback)).toEqual([
      true,
      true,
      true,
      true,
    ])
    expect(['192.0.2.2', '', undefined, 'fd00::2'].map(isLoopback)).toEqual([
      false,
      false,
      false,
      false,
    ])
  })
})

describe('containsNul', () => {
  it('finds NUL in strings and keys at any depth', () => {
    expect(containsNul({ a: [{ b: 'x\u0000' }] })).toBe(true)
    expect(containsNul({ ['k\u0000']: 1 })).toBe(true)
    expect(containsNul({ a: ['fine', 1, null] })).toBe(false)
  })
})

describe('securityHeaders', () => {
  it('lets an enabled widget load its script, styles, fonts, connections and frames, and nothing else', () => {
    const csp =
      securityHeaders({
        nonce: 'abc',
        https: false,
        thirdParty: ['https://embed.tawk.to', 'wss://*.tawk.to'],
      })['content-security-policy'] ?? ''
    const directive = (name: string) => csp.split('; ').find((d) => d.startsWith(`${name} `))
    expect(directive('script-src')).toBe(
      "script-src 'self' 'nonce-abc' https://embed.tawk.to wss://*.tawk.to",
    )
    expect(directive('frame-src')).toBe('frame-src https://embed.tawk.to wss://*.tawk.to')
    expect(directive('object-src')).toBe("object-src 'none'")
    expect(
      securityHeaders({ nonce: 'abc', https: false })['content-security-policy'],
    ).not.toContain('frame-src')
  })

  it('sets the CSP with the nonce, no framing, and HSTS only on https', () => {
    const headers = securityHeaders({ nonce: 'abc', https: false })
    expect(headers['content-security-policy']).toContain("script-src 'self' 'nonce-abc'")
    expect(headers['content-security-policy']).toContain("frame-ancestors 'none'")
    expect(headers['strict-transport-security']).toBeUndefined()
    expect(securityHeaders({ nonce: 'abc', https: true })['strict-transport-security']).toBe(
      'max-age=31536000; includeSubDomains',
    )
  })
})

describe('the logger', () => {
  it('keeps attacker text on one line: a forged mailbox line stays inside the first', () => {
    const lines: string[] = []
    const log = createLogger({ json: false, write: (line) => lines.push(line) })
    log.info(
      '[mailbox] to a@example.com · Hi\n[mailbox] to admin@example.com · Reset · http://evil.example/steal',
    )
    expect(lines).toHaveLength(1)
    expect(lines[0]?.split('\n')).toHaveLength(1)
    expect(escapeControl('a\u0000b\u001bc\u2028')).toBe('a\\u0000b\\u001bc\\u2028')
  })

  it('writes one JSON object per line in production', () => {
    const lines: string[] = []
    const log = createLogger({ json: true, write: (line) => lines.push(line) })
    log.error('[rpc] a procedure failed', new Error('boom\nsecond line'))
    expect(lines).toHaveLength(1)
    expect(JSON.parse(lines[0] ?? '')).toMatchObject({
      level: 'error',
      message: '[rpc] a procedure failed',
      error: 'Error: boom\nsecond line',
    })
  })
})

/** A body of `chunks` chunks of 1 KiB that records how far it was read and whether it was cancelled. */
function countedBody(chunks: number) {
  const state = { pulled: 0, cancelled: false }
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (state.pulled >= chunks) return controller.close()
      state.pulled += 1
      controller.enqueue(new Uint8Array(1024))
    },
    cancel() {
      state.cancelled = true
    },
  })
  return { stream, state }
}

describe('bodies over the limit', () => {
  it('are refused past the limit, and what is left is read and dropped, not cancelled at once', async () => {
    const { stream, state } = countedBody(64)
    await expect(readBodyWithin(stream, 8 * 1024)).rejects.toBeInstanceOf(BodyTooLargeError)
    await new Promise((resolve) => setTimeout(resolve, 20))
    // All 64 KiB were read (the client could finish sending and read the 413), none was kept.
    expect(state.pulled).toBe(64)
    expect(state.cancelled).toBe(false)
  })

  it('drop at most a number of bytes, then cancel (the connection closes)', async () => {
    const { stream, state } = countedBody(1000)
    await discardRest(stream.getReader(), { bytes: 10 * 1024, ms: 60_000 })
    expect(state.pulled).toBeLessThanOrEqual(12)
    expect(state.cancelled).toBe(true)
  })

  it('drop for at most a while, then cancel', async () => {
    // A client that sends a little and then nothing more.
    let cancelled = false
    const stream = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new Uint8Array(1024))
      },
      cancel() {
        cancelled = true
      },
    })
    await discardRest(stream.getReader(), { bytes: 1024 * 1024, ms: 50 })
    expect(cancelled).toBe(true)
  })
})
