import { signWebhook } from '@headmark/metadata/webhooks'
import { describe, expect, it } from 'vitest'
import { signHeaders } from './deliver.ts'
import { generateWebhookSecret } from './secrets.ts'

describe('signHeaders (node:crypto)', () => {
  it('signs byte for byte what @headmark/metadata signs, with one secret or two', async () => {
    const body = JSON.stringify({ _type: 'metadata_update', path: '/é', metadata: { title: '✓' } })
    const current = generateWebhookSecret()
    const previous = generateWebhookSecret()
    const timestamp = 1_764_000_000_123
    const id = 'msg_abc'
    const theirs = await signWebhook(body, { secret: current, id, timestamp })
    const old = await signWebhook(body, { secret: previous, id, timestamp })
    const one = signHeaders({
      body,
      messageId: id,
      secrets: { current, previous: null },
      legacyBearer: false,
      timestamp,
    })
    expect(one).toMatchObject(theirs)
    const two = signHeaders({
      body,
      messageId: id,
      secrets: { current, previous },
      legacyBearer: true,
      timestamp,
    })
    expect(two['webhook-signature']).toBe(
      `${theirs['webhook-signature']} ${old['webhook-signature']}`,
    )
    expect(two['x-webhook-signature']).toBe(theirs['x-webhook-signature'])
    expect(two.authorization).toBe(`Bearer ${current}`)
    // A secret without the whsec_ prefix is used as it is, as the SDK does.
    const plain = 'not-a-whsec-secret'
    expect(
      signHeaders({
        body,
        messageId: id,
        secrets: { current: plain, previous: null },
        legacyBearer: false,
        timestamp,
      }),
    ).toMatchObject(await signWebhook(body, { secret: plain, id, timestamp }))
  })
})
