import { createHmac } from 'node:crypto'
import { Webhook } from 'standardwebhooks'
import { describe, expect, it } from 'vitest'
import {
  signWebhook,
  timingSafeEqual,
  verifyWebhook,
  WebhookVerificationError,
  type WebhookVerificationReason,
} from './signature.ts'

const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
const body = JSON.stringify({ _type: 'placeholder' })
const now = 1_790_000_000_123

async function reasonOf(promise: Promise<unknown>): Promise<WebhookVerificationReason | 'none'> {
  try {
    await promise
    return 'none'
  } catch (error) {
    if (!(error instanceof WebhookVerificationError)) throw error
    expect(error.message).toBe(`Webhook verification failed: ${error.reason}`)
    return error.reason
  }
}

describe('signWebhook', () => {
  it('signs <ms timestamp>.<raw body> as sha256=<lowercase hex>', async () => {
    const headers = await signWebhook(body, { secret, timestamp: now })
    const expected = createHmac('sha256', secret).update(`${now}.${body}`).digest('hex')
    expect(headers).toEqual({
      'x-webhook-timestamp': `${now}`,
      'x-webhook-signature': `sha256=${expected}`,
    })
  })

  it('adds the Standard Webhooks headers when given an id', async () => {
    const headers = await signWebhook(body, { secret, timestamp: now, id: 'msg_1' })
    const key = Buffer.from(secret.slice('whsec_'.length), 'base64')
    const expected = createHmac('sha256', key).update(`msg_1.1790000000.${body}`).digest('base64')
    expect(headers['webhook-id']).toBe('msg_1')
    expect(headers['webhook-timestamp']).toBe('1790000000')
    expect(headers['webhook-signature']).toBe(`v1,${expected}`)
  })

  it('signs the exact bytes of a binary body and defaults to the current time', async () => {
    const bytes = new Uint8Array([0xff, 0x00, 0x7b])
    const before = Date.now()
    const headers = await signWebhook(bytes, { secret: 'raw secret' })
    const timestamp = Number(headers['x-webhook-timestamp'])
    expect(timestamp).toBeGreaterThanOrEqual(before)
    const expected = createHmac('sha256', 'raw secret')
      .update(Buffer.concat([Buffer.from(`${timestamp}.`), bytes]))
      .digest('hex')
    expect(headers['x-webhook-signature']).toBe(`sha256=${expected}`)
  })
})

describe('interoperability with the standardwebhooks package', () => {
  it('our signature verifies with theirs', async () => {
    const headers = await signWebhook(body, { secret, id: 'msg_2' })
    const theirs = new Webhook(secret)
    expect(
      theirs.verify(body, {
        'webhook-id': `${headers['webhook-id']}`,
        'webhook-timestamp': `${headers['webhook-timestamp']}`,
        'webhook-signature': `${headers['webhook-signature']}`,
      }),
    ).toEqual({ _type: 'placeholder' })
  })

  it('our signature with a raw secret verifies with theirs in raw format', async () => {
    const headers = await signWebhook(body, { secret: 'not-base64 secret', id: 'msg_3' })
    const theirs = new Webhook('not-base64 secret', { format: 'raw' })
    expect(() => theirs.verify(body, headers as unknown as Record<string, string>)).not.toThrow()
  })

  it('their signature verifies with ours', async () => {
    const timestamp = new Date()
    const signature = new Webhook(secret).sign('msg_4', timestamp, body)
    const verified = await verifyWebhook(
      body,
      {
        'webhook-id': 'msg_4',
        'webhook-timestamp': `${Math.floor(timestamp.getTime() / 1000)}`,
        'webhook-signature': signature,
      },
      { secret },
    )
    expect(verified).toEqual({
      scheme: 'standard',
      id: 'msg_4',
      timestamp: Math.floor(timestamp.getTime() / 1000) * 1000,
    })
  })

  it('a Headmark signature computed with node:crypto verifies with ours', async () => {
    const signature = createHmac('sha256', 'plain').update(`${now}.${body}`).digest('hex')
    const verified = await verifyWebhook(
      body,
      { 'X-Webhook-Timestamp': `${now}`, 'X-Webhook-Signature': `sha256=${signature}` },
      { secret: 'plain', now },
    )
    expect(verified).toEqual({ scheme: 'headmark', timestamp: now })
  })
})

describe('verifyWebhook', () => {
  it('accepts a signature made with any of several secrets (rotation)', async () => {
    const headers = await signWebhook(body, { secret: 'new', timestamp: now, id: 'msg_5' })
    const { 'x-webhook-signature': _, 'x-webhook-timestamp': __, ...standard } = headers
    for (const used of [headers, standard]) {
      expect(
        await reasonOf(verifyWebhook(body, { ...used }, { secret: ['old', 'new'], now })),
      ).toBe('none')
    }
  })

  it('accepts uppercase hex and one of several Standard Webhooks signatures', async () => {
    const headers = await signWebhook(body, { secret, timestamp: now, id: 'msg_6' })
    const upper = {
      'x-webhook-timestamp': headers['x-webhook-timestamp'],
      'x-webhook-signature': headers['x-webhook-signature']
        .toUpperCase()
        .replace('SHA256', 'sha256'),
    }
    expect(await reasonOf(verifyWebhook(body, upper, { secret, now }))).toBe('none')
    const several = {
      'webhook-id': 'msg_6',
      'webhook-timestamp': `${headers['webhook-timestamp']}`,
      'webhook-signature': `v1a,abc v1,AAAA ${headers['webhook-signature']}`,
    }
    expect(await reasonOf(verifyWebhook(body, several, { secret, now }))).toBe('none')
  })

  const sign = (overrides: Record<string, string | undefined> = {}) =>
    signWebhook(body, { secret, timestamp: now, id: 'msg_7' }).then((headers) => {
      const merged: Record<string, string> = {}
      for (const [name, value] of Object.entries({ ...headers, ...overrides })) {
        if (value !== undefined) merged[name] = value
      }
      return merged
    })
  const minutes = (n: number) => n * 60_000

  it.each<
    [string, () => Promise<Record<string, string>>, object, WebhookVerificationReason | 'none']
  >([
    ['a valid Headmark signature', () => sign(), {}, 'none'],
    ['no secret', () => sign(), { secret: [] }, 'no-secret'],
    ['only empty secrets', () => sign(), { secret: ['', ''] }, 'no-secret'],
    ['no headers at all', async () => ({}), {}, 'missing-headers'],
    [
      'a Headmark signature without its timestamp',
      () => sign({ 'x-webhook-timestamp': undefined }),
      {},
      'missing-headers',
    ],
    [
      'a Standard signature without its id',
      () => sign({ 'x-webhook-signature': undefined, 'webhook-id': undefined }),
      {},
      'missing-headers',
    ],
    [
      'a timestamp that is not a number',
      () => sign({ 'x-webhook-timestamp': '12e5' }),
      {},
      'invalid-timestamp',
    ],
    ['a negative timestamp', () => sign({ 'x-webhook-timestamp': '-5' }), {}, 'invalid-timestamp'],
    [
      'a replay 5 minutes and 1 ms later',
      () => sign(),
      { now: now + minutes(5) + 1 },
      'timestamp-too-old',
    ],
    ['a request exactly 5 minutes old', () => sign(), { now: now + minutes(5) }, 'none'],
    [
      'a timestamp from the future',
      () => sign(),
      { now: now - minutes(5) - 1 },
      'timestamp-too-new',
    ],
    [
      'a replay within a wider tolerance',
      () => sign(),
      { now: now + minutes(9), tolerance: 600 },
      'none',
    ],
    ['the wrong secret', () => sign(), { secret: 'whsec_b3RoZXI=' }, 'invalid-signature'],
    [
      'a tampered signature',
      () => sign({ 'x-webhook-signature': 'sha256=00' }),
      {},
      'invalid-signature',
    ],
    [
      'a signature without its prefix',
      async () => {
        const headers = await sign()
        return { ...headers, 'x-webhook-signature': `${headers['x-webhook-signature']?.slice(7)}` }
      },
      {},
      'invalid-signature',
    ],
    [
      'a timestamp changed after signing',
      () => sign({ 'x-webhook-timestamp': `${now + 1}` }),
      {},
      'invalid-signature',
    ],
    [
      'a Standard signature of another id',
      () => sign({ 'x-webhook-signature': undefined, 'webhook-id': 'msg_other' }),
      {},
      'invalid-signature',
    ],
    [
      'an empty Standard signature header',
      () => sign({ 'x-webhook-signature': undefined, 'webhook-signature': undefined }),
      {},
      'invalid-signature',
    ],
  ])('%s → %s', async (_, headers, options, expected) => {
    expect(await reasonOf(verifyWebhook(body, await headers(), { secret, now, ...options }))).toBe(
      expected,
    )
  })

  it('refuses a body changed by one byte', async () => {
    const headers = await sign()
    expect(await reasonOf(verifyWebhook(`${body} `, headers, { secret, now }))).toBe(
      'invalid-signature',
    )
  })

  it('checks the timestamp against the current time by default', async () => {
    const headers = await signWebhook(body, { secret, timestamp: Date.now() - minutes(6) })
    expect(await reasonOf(verifyWebhook(body, headers, { secret }))).toBe('timestamp-too-old')
  })

  it('keeps working when many secrets have been used', async () => {
    for (let i = 0; i < 70; i++) {
      const headers = await signWebhook(body, { secret: `secret-${i}`, timestamp: now })
      expect(await reasonOf(verifyWebhook(body, headers, { secret: `secret-${i}`, now }))).toBe(
        'none',
      )
    }
  })
})

describe('timingSafeEqual', () => {
  it.each([
    ['abc', 'abc', true],
    ['abc', 'abd', false],
    ['abc', 'ab', false],
    ['ab', 'abc', false],
    ['', '', true],
    ['é', 'e', false],
  ])('%j vs %j → %s', (a, b, expected) => {
    expect(timingSafeEqual(a, b)).toBe(expected)
  })
})
