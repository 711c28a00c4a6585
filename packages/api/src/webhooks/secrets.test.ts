import { describe, expect, it } from 'vitest'
import { createSecretBox, generateWebhookSecret } from './secrets.ts'

describe('webhook secrets', () => {
  it('are whsec_ + 32 random bytes, sealed so that only the same server secret opens them', () => {
    const secret = generateWebhookSecret()
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/)
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32)
    expect(generateWebhookSecret()).not.toBe(secret)
    const box = createSecretBox('a'.repeat(32))
    const sealed = box.seal(secret)
    expect(sealed).not.toContain(secret.slice(6, 20))
    expect(box.seal(secret)).not.toBe(sealed)
    expect(box.open(sealed)).toBe(secret)
    expect(() => createSecretBox('b'.repeat(32)).open(sealed)).toThrow()
    const [version, iv, ciphertext, tag] = sealed.split('.')
    const flipped = `${version}.${iv}.${ciphertext?.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))}.${tag}`
    expect(() => box.open(flipped)).toThrow()
  })
})
